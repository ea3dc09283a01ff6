"""One simple heuristic agent per game, each a documented strategy that reads only its view.

`HeuristicAgent` plays whichever game it is given. Each strategy *ranks* the legal moves, best
first. In a simultaneous commitment a fixed choice is easy to read and exploit, so there the agent
**mixes**: it plays the first-ranked move with probability 0.6, else the second with 0.6 of the
rest, and so on down the first three moves (weights 0.6, 0.24 and 0.16), drawn with the agent's
own seeded generator. Sequential choices, and Mausgeflippt's race (where the cards decide which
claim is right and a mixed choice would only add mistakes), take the first-ranked move.
`HeuristicAgent(mixed=False)` always takes it. The rankings:

- **Schlacht am Buffet**: the cards in hand from the highest (a mouse that stays in the race gets
  a better plate); in an exchange, discard every card below 3.
- **Mausgeflippt**: never claim a protected mouse; play an item the mouse wears if the hand has
  one; otherwise flip (when allowed); else pass. It never makes a wrong claim.
- **Food Chain**: first the predators whose prey lies in the centre (a sure catch), the one with
  the most such prey and the fewest opponents holding its own predator first; then waiting with
  the weakest animals (Worms first); when snatching, the biggest stack on offer.
- **All You Can Eat Buffet**: the Moods in the order Boor, Very Hungry, Trickster, Hungry,
  Jealous, Slow (pairs by their two ranks when two are needed); when choosing Meals, take (or
  swap to the front, or steal) what raises the own score the most, scored by `score_table`.

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
from tablefeast.kernel.values import FrozenDict

__all__ = ["MIX", "HeuristicAgent", "heuristic_move", "ranked_moves"]


def _schlacht_am_buffet(view: Any, legal: tuple[Any, ...]) -> tuple[list[Any], bool]:
    from tablefeast.games.schlacht_am_buffet import Exchange, Play

    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return sorted(plays, key=lambda a: -a.card), True
    low = tuple(sorted((card for card in view.hand if card < 3), reverse=True))
    return [Exchange(low), Exchange(())], False


def _mausgeflippt(view: Any, legal: tuple[Any, ...]) -> tuple[list[Any], bool]:
    from tablefeast.games.mausgeflippt import FaceDown, Flip, Pass

    if isinstance(legal[0], FaceDown):  # MG-17: hidden either way; mixed, so others cannot tell
        return list(legal), True
    tables = view.config.card_set.tables
    mouse = view.open_mouse
    hand = view.hands[view.seat]
    if mouse is None or hand is None or tables.mouse_cheese[mouse] == view.open_cheese:
        return [Pass()], False
    worn = [i for i, n in enumerate(hand) if n and tables.wears[mouse] >> i & 1]
    if worn:
        return [tables.plays[worn[0]]], False
    return [Flip(), Pass()], False


def _food_chain(view: Any, legal: tuple[Any, ...]) -> tuple[list[Any], bool]:
    from tablefeast.games.food_chain import ANIMALS, Play, Take

    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:  # snatching: the biggest stack on offer
        takes = sorted(legal, key=lambda t: -len(view.stacks[t.seat]) if isinstance(t, Take) else 0)
        return takes, False
    others = [hand for seat, hand in enumerate(view.hands) if seat != view.seat]
    catches: list[tuple[float, Any]] = []
    for play in plays:
        kind = ANIMALS.index(play.animal)
        if kind == 0 or not view.centre[kind - 1]:
            continue  # a Worm takes nothing; a predator waits for prey lying in the centre
        danger = sum(1 for hand in others if kind + 1 < 5 and hand[kind + 1])
        value = view.centre[kind - 1] - 0.3 * danger
        if value > 0:
            catches.append((-value, play))
    catches.sort(key=lambda pair: pair[0])
    catching = {play for _, play in catches}
    waits = sorted(
        (p for p in plays if p not in catching),
        key=lambda p: ANIMALS.index(p.animal),  # wait with the weakest
    )
    return [play for _, play in catches] + waits, True


_MOOD_ORDER = ("boor", "very-hungry", "trickster", "hungry", "jealous", "slow")


def _all_you_can_eat_buffet(view: Any, legal: tuple[Any, ...]) -> tuple[list[Any], bool]:
    from tablefeast.games.all_you_can_eat_buffet import Play, Steal, Swap, Take, score_table

    if isinstance(legal[0], Play):

        def rank(play: Any) -> list[int]:
            return sorted(_MOOD_ORDER.index(m.value) for m in play.moods)

        return sorted(legal, key=rank), True
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

    return sorted(legal, key=lambda choice: -gain(choice)), False


_STRATEGIES = FrozenDict(
    {
        "schlacht_am_buffet": _schlacht_am_buffet,
        "mausgeflippt": _mausgeflippt,
        "food_chain": _food_chain,
        "all_you_can_eat_buffet": _all_you_can_eat_buffet,
    }
)


PLAYOUT_BY_GAME: FrozenDict[str, str] = FrozenDict(
    {
        "schlacht_am_buffet": "random",
        "mausgeflippt": "heuristic",
        "food_chain": "random",
        "all_you_can_eat_buffet": "random",
    }
)
"""The playout policy that searched best in each game (measured against random and heuristic
players, see the agents docs): in Mausgeflippt random claims are mostly wrong and drown the signal,
so playouts follow the heuristic; elsewhere random playouts were as strong or stronger, and cheaper.
"""
MIX = (0.6, 0.24, 0.16)
"""The mixed policy's weights for the first three moves of a ranking (best first)."""


def ranked_moves(game: Ruleset, view: Any, legal: tuple[Any, ...]) -> tuple[list[Any], bool]:
    """The heuristic's ranking of `legal`, best first, and whether the decision is a
    simultaneous commitment (where the mixed policy draws among the first three). A game without
    a strategy here (another package's) keeps its own order of the legal moves.

    Args:
        game: the game module (the strategy is chosen by its `NAME`).
        view: the acting seat's view.
        legal: its legal actions.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> ranking, simultaneous = ranked_moves(fc, fc.view(s, 0), fc.legal_actions(s, 0))
        >>> [fc.action_to_str(a) for a in ranking[:3]], simultaneous
        (['play worm', 'play bird', 'play cat'], True)
    """
    strategy = _STRATEGIES.get(game.NAME)
    if strategy is None:
        return list(legal), False
    ranking, simultaneous = strategy(view, legal)
    allowed = set(legal)
    return [move for move in ranking if move in allowed], simultaneous


def heuristic_move(
    game: Ruleset, view: Any, legal: tuple[Any, ...], rng: random.Random, mixed: bool = True
) -> Any:
    """The heuristic's move: the first of `ranked_moves`, or in a simultaneous commitment (when
    `mixed`) one of the first three drawn with the weights `MIX`. Always one of `legal`.

    Args:
        game: the game module.
        view: the acting seat's view.
        legal: its legal actions.
        rng: draws the mixed choice (and a random move, should the ranking hold none).
        mixed: mix in simultaneous commitments.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> view, legal = fc.view(s, 0), fc.legal_actions(s, 0)
        >>> sorted({fc.action_to_str(heuristic_move(fc, view, legal, random.Random(i)))
        ...         for i in range(40)})
        ['play bird', 'play cat', 'play worm']
    """
    ranking, simultaneous = ranked_moves(game, view, legal)
    if not ranking:
        return legal[rng.randrange(len(legal))]
    if mixed and simultaneous and len(ranking) > 1:
        firsts = ranking[: len(MIX)]
        weights = MIX[: len(firsts)]
        point = rng.random() * sum(weights)
        for move, weight in zip(firsts, weights, strict=True):
            point -= weight
            if point < 0:
                return move
        return firsts[-1]
    return ranking[0]


@attrs.frozen
class HeuristicAgent:
    """The documented heuristic strategy of whichever game it plays (see the module docs).

    Attributes:
        mixed: draw among the three best-ranked moves in simultaneous commitments (weights
            0.6, 0.24, 0.16); False plays the best-ranked move always.

    Examples:
        >>> import random
        >>> import tablefeast.games.food_chain as fc
        >>> state = fc.initial_state(fc.Config(players=3))
        >>> legal = fc.legal_actions(state, 0)
        >>> HeuristicAgent(mixed=False).act(fc, fc.view(state, 0), legal, random.Random(0))
        Play(animal=<Animal.WORM: 'worm'>)"""

    mixed: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))

    def act(self, game: Ruleset, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """The strategy's choice among `legal` (a legal action, always).

        Args:
            game: the game module (the strategy is chosen by its `NAME`).
            view: the acting seat's view (all it may know).
            legal: its legal actions, in the game's order.
            rng: the agent's generator: draws the mixed choice.

        Examples:
            >>> import tablefeast.games.schlacht_am_buffet as sab
            >>> from tablefeast import RandomAgent, play_game
            >>> s = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, max_moves=32).state
            >>> sab.view(s, 0).hand
            (-1, 2, 3, 4, 4, 5, 5, 8, 9)
            >>> agent = HeuristicAgent()
            >>> [agent.act(sab, sab.view(s, 0), sab.legal_actions(s, 0), random.Random(i)).card
            ...  for i in range(8)]
            [5, 9, 5, 9, 9, 8, 8, 9]
        """
        return heuristic_move(game, view, legal, rng, self.mixed)
