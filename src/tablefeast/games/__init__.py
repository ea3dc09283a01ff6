"""One package per game, each with the same shape (see `tablefeast.kernel.ruleset.Ruleset`).

Examples:
    >>> import tablefeast
    >>> all(isinstance(tablefeast.load(name), tablefeast.Ruleset) for name in tablefeast.names())
    True
"""
