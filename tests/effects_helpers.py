"""One move's story, read from its effects: the words and the designer's labels.

`words_of` and `labels_of` apply a move with the game's `apply_traced` and read its words
(`public_events`) or labels (`situations`) from the effects, so a test names a move once.
"""

from __future__ import annotations

from typing import Any


def words_of(game: Any, before: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The public words of `seat`'s `action` in `before`."""
    if not hasattr(game, "apply_traced"):  # a game not yet told by effects (transitional)
        return tuple(
            game.public_events(before, seat, action, game.apply_action(before, seat, action))
        )
    _, effects = game.apply_traced(before, seat, action)
    return tuple(game.public_events(before.config, effects))


def labels_of(game: Any, before: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The special situations of `seat`'s `action` in `before`."""
    if not hasattr(game, "apply_traced"):  # a game not yet told by effects (transitional)
        return tuple(game.situations(before, seat, action, game.apply_action(before, seat, action)))
    _, effects = game.apply_traced(before, seat, action)
    return tuple(game.situations(effects))
