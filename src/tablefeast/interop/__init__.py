"""Adapters to other ecosystems: OpenSpiel (`openspiel`) and PettingZoo (`pettingzoo`), each an
optional extra.

Examples:
    >>> import pkgutil, tablefeast.interop
    >>> sorted(module.name for module in pkgutil.iter_modules(tablefeast.interop.__path__))
    ['openspiel', 'pettingzoo']
"""
