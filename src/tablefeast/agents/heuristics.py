"""One simple heuristic agent per game, each a documented strategy that reads only its view.

`HeuristicAgent` plays whichever game it is given. The strategies:

- **Schlacht am Buffet**: commit the highest card in hand (a mouse that stays in the race gets
  a better plate); in an exchange, discard every card below 3.
- **Mausgeflippt**: never claim a protected mouse; play an item the mouse wears if the hand has
  one; otherwise flip (when allowed); else pass. It never makes a wrong claim.
- **Food Chain**: commit a predator when its prey lies in the centre (a sure catch), the one
  with the most such prey and the fewest opponents holding its own predator; otherwise wait
  with the weakest animal (Worms first); when snatching, take the biggest stack on offer.
- **All You Can Eat Buffet**: commit the Moods in the order Boor, Very Hungry, Trickster,
  Hungry, Jealous, Slow (two best when two are needed); when choosing Meals, take (or swap to
  the front, or steal) what raises the own score the most, scored by `score_table`.

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> mg = tablefeast.load("mausgeflippt")
    >>> result = play_game(mg, mg.Config(players=2), [HeuristicAgent(), RandomAgent()], seed=1)
    >>> mg.is_terminal(result.state)
    True
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from tablefeast.kernel.ruleset import Ruleset

__all__ = ["HeuristicAgent"]


def _schlacht_am_buffet(view: Any, legal: tuple[Any, ...]) -> Any:
    from tablefeast.games.schlacht_am_buffet import Exchange, Play

    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return max(plays, key=lambda a: a.card)
    low = tuple(sorted((card for card in view.hand if card < 3), reverse=True))
    wanted = Exchange(low)
    return wanted if wanted in legal else Exchange(())


def _mausgeflippt(view: Any, legal: tuple[Any, ...]) -> Any:
    from tablefeast.games.mausgeflippt import Flip, Pass

    tables = view.config.card_set.tables
    mouse = view.open_mouse
    hand = view.hands[view.seat]
    if mouse is None or hand is None or tables.mouse_cheese[mouse] == view.open_cheese:
        return Pass()
    worn = [i for i, n in enumerate(hand) if n and tables.wears[mouse] >> i & 1]
    if worn:
        return tables.plays[worn[0]]
    return Flip() if Flip() in legal else Pass()


def _food_chain(view: Any, legal: tuple[Any, ...]) -> Any:
    from tablefeast.games.food_chain import ANIMALS, Play, Take

    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:  # snatching: the biggest stack on offer
        return max(legal, key=lambda t: len(view.stacks[t.seat]) if isinstance(t, Take) else 0)
    others = [hand for seat, hand in enumerate(view.hands) if seat != view.seat]
    best, best_value = None, 0.0
    for play in plays:
        kind = ANIMALS.index(play.animal)
        if kind == 0 or not view.centre[kind - 1]:
            continue  # a Worm takes nothing; a predator waits for prey lying in the centre
        danger = sum(1 for hand in others if kind + 1 < 5 and hand[kind + 1])
        value = view.centre[kind - 1] - 0.3 * danger
        if value > best_value:
            best, best_value = play, value
    if best is not None:
        return best
    return min(plays, key=lambda p: ANIMALS.index(p.animal))  # wait with the weakest


_MOOD_ORDER = ("boor", "very-hungry", "trickster", "hungry", "jealous", "slow")


def _all_you_can_eat_buffet(view: Any, legal: tuple[Any, ...]) -> Any:
    from tablefeast.games.all_you_can_eat_buffet import Play, Steal, Swap, Take, score_table

    if isinstance(legal[0], Play):

        def rank(play: Any) -> list[int]:
            return sorted(_MOOD_ORDER.index(m.value) for m in play.moods)

        return min(legal, key=rank)
    lists = view.config.card_lists
    seat = view.seat

    def my_score(collections: list[tuple[int, ...]]) -> int:
        scores = score_table(
            lists,
            collections,
            drinks=view.drinks,
            spices=view.spices,
            cake=view.cake,
            tomatoes_as_vegetables=[None] * len(collections),
        )
        return int(scores[seat].total)

    def gain(choice: Any) -> int:
        collections = list(view.collections)
        mine = list(collections[seat])
        if isinstance(choice, Take):
            for position in choice.positions:
                mine[view.line[position - 1][0]] += 1
        elif isinstance(choice, Swap):
            mine[view.line[choice.second - 1][0]] += 1  # what comes to the front
        elif isinstance(choice, Steal):
            meal = lists.tables.index[choice.meal]
            mine[meal] += 1
            theirs = list(collections[choice.seat])
            theirs[meal] -= 1
            collections[choice.seat] = tuple(theirs)
        else:
            return 0
        collections[seat] = tuple(mine)
        return my_score(collections)

    return max(legal, key=gain)


_STRATEGIES = {
    "schlacht_am_buffet": _schlacht_am_buffet,
    "mausgeflippt": _mausgeflippt,
    "food_chain": _food_chain,
    "all_you_can_eat_buffet": _all_you_can_eat_buffet,
}


@attrs.frozen
class HeuristicAgent:
    """The documented heuristic strategy of whichever game it plays (see the module docs).

    Examples:
        >>> import random
        >>> import tablefeast.games.food_chain as fc
        >>> state = fc.initial_state(fc.Config(players=3))
        >>> legal = fc.legal_actions(state, 0)
        >>> HeuristicAgent().act(fc, fc.view(state, 0), legal, random.Random(0))  # wait: a Worm
        Play(animal=<Animal.WORM: 'worm'>)"""

    def act(self, game: Ruleset, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """The strategy's choice among `legal` (a legal action, always).

        Args:
            game: the game module (the strategy is chosen by its `NAME`).
            view: the acting seat's view (all it may know).
            legal: its legal actions, in the game's order.
            rng: picks a random legal action should the strategy's choice not be legal.

        Examples:
            >>> import tablefeast.games.schlacht_am_buffet as sab
            >>> from tablefeast import RandomAgent, play_game
            >>> s = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, max_moves=32).state
            >>> sab.view(s, 0).hand
            (-1, 2, 3, 4, 4, 5, 5, 8, 9)
            >>> HeuristicAgent().act(sab, sab.view(s, 0), sab.legal_actions(s, 0), random.Random(0))
            Play(card=9)
        """
        name: str = game.NAME
        choice = _STRATEGIES[name](view, legal)
        return choice if choice in legal else legal[rng.randrange(len(legal))]
