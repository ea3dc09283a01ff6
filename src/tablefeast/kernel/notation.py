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

__all__ = ["move_words"]


def move_words(text: object) -> list[str]:
    """The words of a move written in notation: non-empty text, single spaces, no padding.

    Args:
        text: the move as written.

    Raises:
        InvalidActionError: `text` is not text of that form.

    Examples:
        >>> move_words("exchange 9 -1")
        ['exchange', '9', '-1']
        >>> move_words(" pass")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: ' pass': a move is words separated by ...
    """
    if not isinstance(text, str) or not text or text != " ".join(text.split()):
        raise InvalidActionError(f"{text!r}: a move is words separated by single spaces")
    return text.split(" ")
