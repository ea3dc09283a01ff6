"""One move's story, read from its effects: the words and the designer's labels.

`words_of` and `labels_of` apply a move with the game's traced transition and read its words
(`public_events`) or labels (`situations`) from the effects, so a test names a move once.
"""

from __future__ import annotations

from typing import Any

from tablefeast.kernel.effects import label, tell, trace
from tablefeast.kernel.ruleset import AnyRuleset


def words_of(game: AnyRuleset, before: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The public words of `seat`'s `action` in `before`."""
    return tell(game, before.config, trace(game, before, seat, action)[1])


def labels_of(game: AnyRuleset, before: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The special situations of `seat`'s `action` in `before`."""
    return label(game, trace(game, before, seat, action)[1])
