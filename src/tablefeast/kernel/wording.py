"""Plain English shared by the games' event logs and texts: lists, seats, counts.

Examples:
    >>> and_list(["fish", "meat", "cake"]), seats_phrase([0, 2]), plural(3, "card")
    ('fish, meat and cake', 'seats 0 and 2', '3 cards')
    >>> by_seat([4, 0, 7])
    'seat 0 4, seat 1 0, seat 2 7'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["and_list", "by_seat", "plural", "seats_phrase"]


def and_list(parts: Sequence[str]) -> str:
    """`parts` joined as a list in a sentence: commas, and "and" before the last.

    Args:
        parts: the items, in order.

    Returns:
        The list in words; empty for no items.

    Examples:
        >>> and_list([]), and_list(["a"]), and_list(["a", "b"]), and_list(["a", "b", "c"])
        ('', 'a', 'a and b', 'a, b and c')
    """
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
"""The counts a sentence spells out, from zero ("no") to twelve."""


def count_word(n: int) -> str:
    """A count as a sentence spells it: a word up to twelve, else digits.

    Args:
        n: the count, at least 0.

    Examples:
        >>> count_word(9), count_word(0), count_word(40)
        ('nine', 'no', '40')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def seats_phrase(seats: Iterable[int]) -> str:
    """Seats named in a sentence: ``seat 1``, ``seats 0 and 2``, ``seats 0, 1 and 3``.

    Args:
        seats: at least one seat, in the order to name them.

    Raises:
        IndexError: `seats` is empty.

    Examples:
        >>> seats_phrase([1]), seats_phrase((0, 2)), seats_phrase(range(3))
        ('seat 1', 'seats 0 and 2', 'seats 0, 1 and 2')
    """
    names = [str(s) for s in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return f"seats {', '.join(names[:-1])} and {names[-1]}"


def by_seat(values: Iterable[object]) -> str:
    """One value per seat, each after its seat: ``seat 0 12, seat 1 9``.

    Args:
        values: the values of seats 0, 1, ... in order.

    Examples:
        >>> by_seat(["passes", "flips"])
        'seat 0 passes, seat 1 flips'
    """
    return ", ".join(f"seat {s} {v}" for s, v in enumerate(values))


def plural(n: int, word: str) -> str:
    """A count and a word that takes an "s" unless the count is one.

    Args:
        n: the count.
        word: the word in the singular.

    Examples:
        >>> plural(1, "card"), plural(0, "star"), plural(2, "Spice token")
        ('1 card', '0 stars', '2 Spice tokens')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
