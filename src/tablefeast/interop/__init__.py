"""Adapters to other ecosystems: OpenSpiel (`openspiel`, and its turn-based form with an agent that
searches with OpenSpiel's ISMCTS, `openspiel_turns`) and PettingZoo (`pettingzoo`), each an
optional extra.

Examples:
    >>> import pkgutil, tablefeast.interop
    >>> sorted(module.name for module in pkgutil.iter_modules(tablefeast.interop.__path__))
    ['openspiel', 'openspiel_turns', 'pettingzoo']
"""
