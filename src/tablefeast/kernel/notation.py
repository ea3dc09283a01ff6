"""Helpers shared by the games' move notations.

Examples:
    >>> move_words("take 2 3")
    ['take', '2', '3']
    >>> move_words("take  2")
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.InvalidActionError: 'take  2': a move is words separated by single \
spaces
"""

from __future__ import annotations

from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown

__all__ = ["MAX_MOVE_CHARS", "move_words"]

MAX_MOVE_CHARS = 200
"""The longest move text read: the longest real move (a five-card exchange, a Meal's name) is
well under a hundred characters, and no number in a move has more than a few digits."""


def move_words(text: object) -> list[str]:
    """The words of a move written in notation: non-empty text, single spaces, no padding.

    Args:
        text: the move as written.

    Raises:
        InvalidActionError: `text` is not text of that form.

    Examples:
        >>> move_words("exchange 9 -1")
        ['exchange', '9', '-1']
        >>> move_words("play " + "9" * 5000)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: 'play 99999...: a move is at most 200 ...
        >>> move_words(" pass")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: ' pass': a move is words separated by ...
    """
    if not isinstance(text, str) or not text or text != " ".join(text.split()):
        raise InvalidActionError(f"{shown(text)}: a move is words separated by single spaces")
    if len(text) > MAX_MOVE_CHARS:
        raise InvalidActionError(
            f"{shown(text)}: a move is at most {MAX_MOVE_CHARS} characters, not {len(text)}"
        )
    return text.split(" ")
