"""Piles of cards: a multiset of unseen cards on top of a known, ordered bottom.

Cards are small integers (indices into a game's card universe), and a multiset of cards is a
*counts tuple*: ``counts[i]`` copies of card ``i``. A face-down pile whose order nobody knows is
exactly such a multiset; drawing from it is a chance event whose outcomes are the card types with
probability proportional to their counts. Cards put *under* a pile after it was shuffled are
public and ordered (Mausgeflippt's mice); they are drawn, in order, once the unseen part is empty.

Examples:
    >>> p = Pile.of_counts((2, 1))
    >>> p.size, p.draw_distribution_weights()
    (3, (2, 1))
    >>> p.remove_unseen(0).put_under(1)
    Pile(unseen=(1, 1), bottom=(1,))
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = [
    "Counts",
    "Pile",
    "counts_add",
    "counts_from_cards",
    "counts_put",
    "counts_remove",
    "counts_sub",
    "counts_to_cards",
    "is_sub_multiset",
]

Counts = tuple[int, ...]
"""A multiset of cards: ``counts[i]`` copies of card ``i``."""


def counts_remove(counts: Counts, card: int, n: int = 1) -> Counts:
    """`counts` with `n` copies of `card` taken out (the caller has checked there are enough).

    Args:
        counts: the multiset.
        card: the card's index.
        n: how many copies to take out.

    Examples:
        >>> counts_remove((2, 1), 0)
        (1, 1)
    """
    changed = list(counts)  # copy-change-freeze: the cheapest way to change one entry
    changed[card] -= n
    return tuple(changed)


def counts_put(counts: Counts, card: int, n: int = 1) -> Counts:
    """`counts` with `n` more copies of `card`.

    Args:
        counts: the multiset.
        card: the card's index.
        n: how many copies to add.

    Examples:
        >>> counts_put((2, 1), 1, 2)
        (2, 3)
    """
    changed = list(counts)
    changed[card] += n
    return tuple(changed)


def counts_add(a: Counts, b: Counts) -> Counts:
    """The multiset union (sum) of two counts tuples of the same universe.

    Args:
        a: one multiset.
        b: the other.

    Examples:
        >>> counts_add((1, 0), (0, 2))
        (1, 2)
    """
    return tuple(x + y for x, y in zip(a, b, strict=True))


def counts_sub(a: Counts, b: Counts) -> Counts:
    """`a` minus `b` (the caller has checked that `b` is a sub-multiset of `a`).

    Args:
        a: the multiset to take from.
        b: the multiset taken out.

    Examples:
        >>> counts_sub((2, 1), (1, 1))
        (1, 0)
    """
    return tuple(x - y for x, y in zip(a, b, strict=True))


def is_sub_multiset(small: Counts, big: Counts) -> bool:
    """True when every card of `small` is in `big` at least as often.

    Args:
        small: the multiset that should fit.
        big: the multiset it should fit in.

    Examples:
        >>> is_sub_multiset((1, 0), (2, 1)), is_sub_multiset((0, 2), (2, 1))
        (True, False)
    """
    return all(x <= y for x, y in zip(small, big, strict=True))


def counts_from_cards(cards: Iterable[int], universe_size: int) -> Counts:
    """Counts of a sequence of card indices.

    Args:
        cards: card indices, repeats allowed.
        universe_size: how many card types there are (the length of the result).

    Examples:
        >>> counts_from_cards([2, 0, 2], 3)
        (1, 0, 2)
    """
    c = [0] * universe_size
    for card in cards:
        c[card] += 1
    return tuple(c)


def counts_to_cards(counts: Counts) -> tuple[int, ...]:
    """The card indices of a multiset, ascending.

    Args:
        counts: the multiset.

    Examples:
        >>> counts_to_cards((1, 0, 2))
        (0, 2, 2)
    """
    return tuple(i for i, n in enumerate(counts) for _ in range(n))


@attrs.frozen
class Pile:
    """A face-down pile: an unseen multiset drawn first, then a public ordered bottom.

    Attributes:
        unseen: counts of the cards whose order nobody knows (drawn first).
        bottom: cards put under the pile since, in the order they will be drawn.

    Examples:
        >>> p = Pile(unseen=(0, 0), bottom=(1, 0))
        >>> p.next_is_known(), p.draw_known()
        (True, (1, Pile(unseen=(0, 0), bottom=(0,))))
        >>> Pile.of_counts((1, 2)).shuffled_in((1, 0))
        Pile(unseen=(2, 2), bottom=())
    """

    unseen: Counts
    bottom: tuple[int, ...] = ()

    @classmethod
    def of_counts(cls, counts: Counts) -> Pile:
        """A freshly shuffled pile holding `counts`.

        Args:
            counts: how many cards of each type the pile holds.

        Examples:
            >>> Pile.of_counts([2, 0, 1])
            Pile(unseen=(2, 0, 1), bottom=())
        """
        return cls(tuple(counts))

    @property
    def size(self) -> int:
        """How many cards the pile holds.

        Examples:
            >>> Pile((2, 1), (0,)).size
            4
        """
        return sum(self.unseen) + len(self.bottom)

    @property
    def unseen_size(self) -> int:
        """How many cards of the unseen part are left.

        Examples:
            >>> Pile((2, 1), (0,)).unseen_size
            3
        """
        return sum(self.unseen)

    def next_is_known(self) -> bool:
        """True when the next draw is not a chance event (unseen part empty, bottom not).

        Examples:
            >>> Pile((0, 0), (1,)).next_is_known(), Pile((1, 0), (1,)).next_is_known()
            (True, False)
        """
        return not any(self.unseen) and bool(self.bottom)

    def draw_distribution_weights(self) -> Counts:
        """Weights of the next draw from the unseen part: the counts themselves.

        Examples:
            >>> Pile((2, 1), (0,)).draw_distribution_weights()
            (2, 1)
        """
        return self.unseen

    def remove_unseen(self, card: int) -> Pile:
        """The pile after `card` was drawn from its unseen part (the chance outcome).

        Args:
            card: the card drawn (the chance outcome), one the unseen part holds.

        Examples:
            >>> Pile((2, 1)).remove_unseen(1)
            Pile(unseen=(2, 0), bottom=())
        """
        return Pile(counts_remove(self.unseen, card), self.bottom)

    def draw_known(self) -> tuple[int, Pile]:
        """Take the top card of the known bottom (only when `next_is_known()`).

        Examples:
            >>> Pile((0, 0, 0), (2,)).draw_known()
            (2, Pile(unseen=(0, 0, 0), bottom=()))
        """
        return self.bottom[0], Pile(self.unseen, self.bottom[1:])

    def put_under(self, card: int) -> Pile:
        """The pile with `card` put face down underneath, where everyone saw it go.

        Args:
            card: the card put under the pile.

        Examples:
            >>> Pile((1, 1)).put_under(0).put_under(1)
            Pile(unseen=(1, 1), bottom=(0, 1))
        """
        return Pile(self.unseen, (*self.bottom, card))

    def shuffled_in(self, counts: Counts) -> Pile:
        """The pile with `counts` shuffled into it: everything becomes unseen again.

        Args:
            counts: the cards shuffled in, as counts over the pile's card types.

        Examples:
            >>> Pile((1, 0), (1,)).shuffled_in((0, 2))
            Pile(unseen=(1, 3), bottom=())
        """
        merged = counts_add(self.unseen, counts)
        for card in self.bottom:
            merged = counts_remove(merged, card, -1)
        return Pile(merged)
