"""Schlacht am Buffet positions for ruling tests, with every card and plate accounted for."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.games.schlacht_am_buffet.components import Kind, Plate
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import counts_from_cards, counts_sub
from tablefeast.kernel.values import replace
from tests.support.walk import random_states


def start(players: int, seed: int) -> sab.State:
    """The first state of the random game `seed`: the English edition for even seeds, French for
    odd ones."""
    return sab.initial_state(sab.Config(players=players, edition=("en", "fr")[seed % 2]))


def random_game(players: int, seed: int) -> list[sab.State]:
    """Every state of a random game from `start`, sampled with `random.Random(seed)`."""
    return random_states(sab, start(players, seed), random.Random(seed))


def plate(text: str) -> Plate:
    """``"pizza 4"`` -> Plate(4, PIZZA)."""
    kind, value = text.split()
    return Plate(int(value), Kind(kind))


def cards(values: Iterable[int]) -> tuple[int, ...]:
    return counts_from_cards((v + 1 for v in values), 11)


def table(
    players: int = 4,
    *,
    hands: Mapping[int, Iterable[int]] | None = None,
    buffet: Iterable[str] = (),
    plates_won: Mapping[int, Iterable[str]] | None = None,
    positions: Iterable[int] | None = None,
    racing: Iterable[int] | None = None,
    discard: Iterable[int] = (),
    draw_pile: Iterable[int] | None = None,
    edition: str = "en",
    start_player: int = 0,
    check: bool = True,
    **fields: object,
) -> sab.State:
    """A consistent mid-game state: unlisted hands hold nothing; every card not placed is in the
    draw pile (or, with `draw_pile`, exactly those cards and the rest in the discard pile).

    With ``check=False`` the state is not checked: only for tests of a pure function of some
    fields (scores of plates won), whose positions the rules could never reach as a whole."""
    config = sab.Config(players=players, edition=edition, start_player=start_player)
    state = sab.initial_state(config)
    hand_counts = tuple(cards((hands or {}).get(s, ())) for s in range(players))
    discard_counts = cards(discard)
    pile = state.draw_pile
    for counts in (*hand_counts, discard_counts):
        pile = counts_sub(pile, counts)
    commitments = fields.get("commitments", (None,) * players)
    for c in commitments:  # type: ignore[attr-defined]
        if c is not None:
            pile = counts_sub(pile, cards([c]))
    if draw_pile is not None:
        wanted = cards(draw_pile)
        leftover = counts_sub(pile, wanted)
        discard_counts = tuple(a + b for a, b in zip(discard_counts, leftover, strict=True))
        pile = wanted
    buffet_plates = tuple(sorted((plate(p) for p in buffet), key=lambda p: p.rank))
    won = tuple(tuple(plate(p) for p in (plates_won or {}).get(s, ())) for s in range(players))
    supply = list(state.supply)
    for p in (*buffet_plates, *(p for w in won for p in w)):
        supply[p.rank] = 0
    built = replace(
        state,
        hands=hand_counts,
        draw_pile=pile,
        discard=discard_counts,
        buffet=buffet_plates,
        plates_won=won,
        supply=tuple(supply),
        positions=tuple(positions) if positions is not None else (0,) * players,
        racing=tuple(racing) if racing is not None else tuple(range(players)),
        **{"pending_draws": (), "to_reveal": 0, **fields},
    )
    problems = sab.check_state(built) if check else []
    assert not problems, problems
    return built


def commit_all(state: sab.State, plays: Mapping[int, int]) -> sab.State:
    """Every listed seat commits its card (ascending seat order)."""
    for seat in sorted(plays):
        state = sab.apply_action(state, seat, sab.Play(plays[seat]))
    return state


def run_chance(state: sab.State, rng: random.Random | None = None) -> sab.State:
    """Resolve chance nodes until a seat must act (or the game ends)."""
    rng = rng or random.Random(0)
    while sab.actors(state) == (CHANCE,):
        state = sab.apply_action(state, CHANCE, sab.chance_distribution(state).sample(rng))
    return state


def duel(hands: dict[int, list[int]], **fields: object) -> sab.State:
    """A 4-player round down to its duel: seats 1 and 3 race for the cheese 5 (SAB-9)."""
    fields.setdefault("start_player", 1)  # SAB-8: the tile is with a mouse still racing
    return table(
        4,
        hands=hands,
        racing=(1, 3),
        positions=(0, 3, 0, 3),
        buffet=["cheese 5"],
        plates_won={0: ["salad -1"], 2: ["salami 3"]},
        exchange_open=False,
        **fields,  # type: ignore[arg-type]
    )
