"""Adapters to other ecosystems: OpenSpiel (`openspiel`, and its turn-based form with an agent that
searches with OpenSpiel's ISMCTS, `openspiel_turns`) and PettingZoo (`pettingzoo`), each an
optional extra; `encoding` is what they share (no extra): how they number each game's actions,
Schlacht am Buffet's exchange factored into small decisions, and write its observations.

Examples:
    >>> import pkgutil, tablefeast.interop
    >>> sorted(module.name for module in pkgutil.iter_modules(tablefeast.interop.__path__))
    ['encoding', 'openspiel', 'openspiel_turns', 'pettingzoo']
"""
