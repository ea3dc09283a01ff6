"""The views and All You Can Eat Buffet's scoring as first written, kept as the definitions the
fast ones must match.

`view` of every game and AYC's `score_table` and `scores` were rewritten for speed (issue 19):
memos of the public inputs the scores depend on, loops in C, a scoring plan per Meal list. These
are the originals, word for word but for their names and imports (and Mausgeflippt's new fields
of issue 28, written the plain way too); `test_view_speed_paths` checks that the fast ones give
exactly the same values on many random states.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tablefeast.games.all_you_can_eat_buffet.rules as ayc_rules
import tablefeast.games.food_chain.rules as fc_rules
import tablefeast.games.mausgeflippt.rules as mg_rules
import tablefeast.games.schlacht_am_buffet.rules as sab_rules
from tablefeast.games.all_you_can_eat_buffet.components import CardLists
from tablefeast.games.all_you_can_eat_buffet.scoring import (
    CAKE_TILE,
    MILK_SPICE_LIMIT,
    SPICE_LIMIT,
    VEGETABLE_BONUS,
    Score,
    fruit_points,
)
from tablefeast.games.all_you_can_eat_buffet.view import View as AycView
from tablefeast.games.food_chain.view import View as FcView
from tablefeast.games.mausgeflippt.view import View as MgView
from tablefeast.games.schlacht_am_buffet.components import hand_values
from tablefeast.games.schlacht_am_buffet.view import View as SabView
from tablefeast.kernel import reveal
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.values import replace

__all__ = ["VIEWS", "old_score_table", "old_scores"]


def sab_view(state: Any, player: int | None) -> SabView:
    """The original `schlacht_am_buffet.view.view`."""
    check_viewer(player, state.config.players)
    own = player is not None
    return SabView(
        seat=player,
        config=state.config,
        hand=hand_values(state.hands[player]) if own else None,  # type: ignore[index]
        my_commitment=state.commitments[player] if own else None,  # type: ignore[index]
        hand_sizes=tuple(sum(h) for h in state.hands),
        committed=reveal.committed_flags(state.commitments),
        draw_pile_size=sum(state.draw_pile),
        discard=state.discard,
        supply=state.supply,
        buffet=state.buffet,
        plates_won=state.plates_won,
        positions=state.positions,
        racing=state.racing,
        start_player=state.start_player,
        round=state.round,
        part=state.part,
        exchanger=state.exchanger,
        pending_draws=state.pending_draws,
        to_reveal=state.to_reveal,
        game_over=state.game_over,
        actors=sab_rules.actors(state),
        scores=sab_rules.scores(state),
    )


def _sees_hand(config: Any, viewer: int | None, seat: int) -> bool:
    return seat == viewer or seat in config.young_seats  # MG-15: young hands lie face up


def mg_view(state: Any, player: int | None) -> MgView:
    """The original `mausgeflippt.view.view`."""
    config = state.config
    check_viewer(player, config.players)
    seats = range(config.players)
    everyone_committed = None not in state.commitments
    return MgView(
        seat=player,
        config=config,
        hands=tuple(state.hands[s] if _sees_hand(config, player, s) else None for s in seats),
        hand_sizes=tuple(map(sum, state.hands)),
        clothing_pile_size=sum(state.clothing_pile),
        discard=state.discard,
        face_up=state.face_up,
        face_down=tuple(state.face_down[s] if s == player else None for s in seats),
        face_down_counts=tuple(map(sum, state.face_down)),
        placing=tuple(state.placing[s] if _sees_hand(config, player, s) else None for s in seats),
        placing_counts=tuple(map(sum, state.placing)),
        placers=state.placers,
        placing_mouse=state.placing_mouse,
        mice_unseen=state.mice.unseen,
        mice_bottom=state.mice.bottom,
        open_mouse=state.open_mouse,
        caught=state.caught,
        cheese_pile=state.cheese_pile,
        open_cheese=state.open_cheese,
        cheeses=state.cheeses,
        turner=state.turner,
        my_commitment=None if player is None else state.commitments[player],
        committed=reveal.committed_flags(state.commitments),
        revealed=tuple(
            -3 if code is not None and code >= 0 and s != player else code
            for s, code in enumerate(state.commitments)
        )
        if everyone_committed
        else None,
        landed=state.landed,
        mouse_awards=state.mouse_awards,
        cheese_awards=state.cheese_awards,
        pending_draws=state.pending_draws,
        cheese_to_turn=state.cheese_to_turn,
        idle=state.idle,
        game_over=state.game_over,
        actors=mg_rules.actors(state),
        scores=mg_rules.scores(state),
    )


def fc_view(state: Any, player: int | None) -> FcView:
    """The original `food_chain.view.view`."""
    check_viewer(player, state.config.players)
    return FcView(
        seat=player,
        config=state.config,
        my_commitment=None if player is None else state.commitments[player],
        committed=reveal.committed_flags(state.commitments),
        round=state.round,
        alpha=state.alpha,
        pass_number=state.pass_number,
        hands=state.hands,
        played=state.played,
        stacks=state.stacks,
        taken=state.taken,
        snatching=state.snatching,
        taker=state.taker,
        centre=state.centre,
        piles=state.piles,
        fleas_out=state.fleas_out,
        totals=state.totals,
        rounds=state.rounds,
        game_over=state.game_over,
        actors=fc_rules.actors(state),
        scores=fc_rules.scores(state),
    )


def ayc_view(state: Any, player: int | None) -> AycView:
    """The original `all_you_can_eat_buffet.view.view`, with the original scores."""
    check_viewer(player, state.config.players)
    over = state.stage == "over"
    return AycView(
        seat=player,
        config=state.config,
        stage=state.stage,
        round=state.round,
        first=state.first,
        my_hand=None if player is None else state.hands[player],
        my_deck=None if player is None else state.decks[player],
        hand_sizes=tuple(map(sum, state.hands)),
        deck_sizes=tuple(map(sum, state.decks)),
        used=state.used,
        my_commitment=None if player is None else state.commitments[player],
        committed=tuple(None if c is None else len(c) for c in state.commitments),
        revealed=state.revealed,
        unseen_meals=state.meal_deck,
        line=state.line,
        collections=state.collections,
        secrets=state.secrets,
        discard=state.discard,
        drinks=state.drinks,
        spices=state.spices,
        drink_supply=state.drink_supply,
        spice_supply=state.spice_supply,
        cake=state.cake,
        mood_draws=state.mood_draws,
        to_deal=state.to_deal,
        reveals=state.reveals,
        queue=state.queue,
        secret_reveals=state.secret_reveals,
        my_tomatoes=None if player is None else state.tomatoes[player],
        tomatoes_decided=reveal.committed_flags(state.tomatoes),
        actors=ayc_rules.actors(state),
        scores=old_scores(state) if over else _hidden_tomato_scores(state, player),
    )


def _hidden_tomato_scores(state: Any, player: int | None) -> tuple[int, ...]:
    # Running scores must not reveal another seat's Tomato decision before the end.
    if all(t is None for s, t in enumerate(state.tomatoes) if s != player):
        return old_scores(state)
    own = state.tomatoes[player] if player is not None else None
    masked = tuple(own if s == player else None for s in range(state.config.players))
    return old_scores(replace(state, tomatoes=masked))


VIEWS = {
    "schlacht_am_buffet": sab_view,
    "mausgeflippt": mg_view,
    "food_chain": fc_view,
    "all_you_can_eat_buffet": ayc_view,
}
"""The original view function of each game, by name."""


# ---------------------------------------------------------------- AYC's scoring


def _fruit_kind(name: str) -> str:
    # AYC-20: "Rum Banana" is a Banana (the rulebook's one pair of names of one kind).
    return name.removeprefix("Rum ")


def old_score_table(
    cards: CardLists,
    collections: Sequence[Counts],
    *,
    drinks: Sequence[int],
    spices: Sequence[int],
    cake: int | None,
    tomatoes_as_vegetables: Sequence[int | None],
) -> tuple[Score, ...]:
    """The original `all_you_can_eat_buffet.scoring.score_table`."""
    t = cards.tables
    sets = t.of_set

    def count(collection: Counts, set_name: str) -> int:
        return sum(collection[i] for i in sets[set_name])

    tomatoes = [count(c, "tomato") for c in collections]
    as_veg = [v or 0 for v in tomatoes_as_vegetables]
    as_fruit = [
        h - v if v is not None else 0 for h, v in zip(tomatoes, tomatoes_as_vegetables, strict=True)
    ]
    fish = [count(c, "fish") for c in collections]
    vegetables = [count(c, "vegetables") + v for c, v in zip(collections, as_veg, strict=True)]
    most_fish, most_veg = max(fish), max(vegetables)
    meat_values = [t.points[i] for i in sets["meat"]]
    lowest_meat = min(meat_values) if meat_values else None
    special = {"garlic", "cake", "meat", "fish", "vegetables"}
    scored = []
    for seat, c in enumerate(collections):

        def points(set_name: str, col: Counts = c) -> int:
            return sum(col[i] * t.points[i] for i in sets[set_name])

        has = {s: count(c, s) > 0 for s in ("lemon", "milk", "parsley", "ketchup")}
        limit = MILK_SPICE_LIMIT if has["milk"] else SPICE_LIMIT  # AYC-11 (issue 28): a cap
        meat = points("meat")
        if has["ketchup"]:  # Sausage (the lowest Meat) scores 5
            meat += sum(
                c[i] * (5 - t.points[i]) for i in sets["meat"] if t.points[i] == lowest_meat
            )
        kinds: dict[str, int] = {}
        for i in sets["fruits"]:
            kinds[_fruit_kind(t.names[i])] = kinds.get(_fruit_kind(t.names[i]), 0) + c[i]
        kinds["Tomato"] = as_fruit[seat]  # AYC-20: a Tomato is a Fruit kind of its own
        scored.append(
            Score(
                drinks=drinks[seat] * (2 if has["lemon"] else 1),
                spices=(
                    min(spices[seat], limit)
                    if has["milk"]
                    else (spices[seat] if spices[seat] <= limit else 0)
                ),
                garlic=count(c, "garlic") * 2 if has["parsley"] else points("garlic"),
                cakes=points("cake"),
                cake_tile=CAKE_TILE if cake == seat else 0,
                meat=meat,
                fish=0 if fish[seat] == most_fish else points("fish"),
                vegetables=points("vegetables"),
                vegetable_bonus=VEGETABLE_BONUS if vegetables[seat] == most_veg > 0 else 0,
                fruits=fruit_points(tuple(sorted(kinds.values()))),
                other=sum(points(s) for s in sets if s not in special),
            )
        )
    return tuple(scored)


def old_total(score: Score) -> int:
    """The original `Score.total`: the sum of every field."""
    import attrs

    return sum(attrs.astuple(score))


def old_scores(state: Any) -> tuple[int, ...]:
    """The original `all_you_can_eat_buffet.scoring.scores`."""
    table = old_score_table(
        state.config.card_lists,
        state.collections,
        drinks=state.drinks,
        spices=state.spices,
        cake=state.cake,
        tomatoes_as_vegetables=state.tomatoes,
    )
    return tuple(old_total(s) for s in table)
