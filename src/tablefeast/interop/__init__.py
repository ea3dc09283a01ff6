"""Adapters to other ecosystems: OpenSpiel (`openspiel`, and its turn-based form with an agent that
searches with OpenSpiel's ISMCTS, `openspiel_turns`), PettingZoo (`pettingzoo`) and Gymnasium
(`gymnasium`, on `vector`: many games stepped together, in the native core where it is built,
`vector_native`), each an optional extra; `encoding` is what they share (no extra): how they
number each game's actions, Schlacht am Buffet's exchange factored into small decisions, and
write its observations; `core_encoding` the same on a native core (ids, masks, moves and
tensors from the core, where it is built).

Examples:
    >>> import pkgutil, tablefeast.interop
    >>> names = sorted(m.name for m in pkgutil.iter_modules(tablefeast.interop.__path__))
    >>> " ".join(names)
    'core_encoding encoding gymnasium openspiel openspiel_turns pettingzoo vector vector_native'
"""
