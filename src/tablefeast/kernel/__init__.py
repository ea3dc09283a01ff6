"""The shared kernel: everything the four games have in common, and nothing game-specific.

- `ruleset`: the Ruleset contract and generic helpers (`apply_joint`, `check_turn`, ...).
- `chance`: `CHANCE` and exact distributions.
- `deck`: piles and multisets of cards.
- `reveal`: simultaneous commit / reveal bookkeeping.
- `seats`: seat arithmetic.
- `errors`: the exception hierarchy.
- `limits`: bounds on every input (JSON size and depth, integers, probabilities) and safe quoting.
- `serialize`: JSON via cattrs.
- `record`: game records and replay.
- `play`: the seeded driver, the random agent, and the `Turn` search agents get.
- `values`: fast functional updates of dict-backed frozen states.
- `notation`: helpers shared by the move notations.
- `carddata`: the checked reading of card-list JSON files.
- `tensor`: building fixed-size observation tensors from views.
- `wording`: plain English the event logs and texts share ("seats 0 and 2", "3 cards").

Examples:
    >>> from tablefeast.kernel import chance, deck
    >>> pile = deck.Pile.of_counts((1, 3))
    >>> chance.counts_distribution(("a", "b"), pile.unseen).probability("b")
    Fraction(3, 4)
"""
