"""Which games a generic test runs on: every game (`tablefeast.names()`: the library's and any
plug-in installed), or those that declare what the test reads. A test of a built-in game's own
details names the built-in games (`tablefeast.GAMES`) instead, so that a plug-in game never
breaks the library's tests (issue 48)."""

from __future__ import annotations

import tablefeast


def declaring(*capabilities: str) -> tuple[str, ...]:
    """The games whose `Capabilities` declare every one of `capabilities` (fields that are
    not None, not empty and not False).

    Examples:
        >>> "food_chain" in declaring("score_sheet")
        True
    """
    return tuple(
        name
        for name in tablefeast.names()
        if all(getattr(tablefeast.load(name).CAPABILITIES, c) for c in capabilities)
    )


BUILT_IN = tuple(tablefeast.GAMES)
"""The library's own games, for tests of their own details."""
