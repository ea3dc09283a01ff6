"""Adapters to other ecosystems: OpenSpiel (`openspiel`) and PettingZoo (`pettingzoo`), each an
optional extra."""
