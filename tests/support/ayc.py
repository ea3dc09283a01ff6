"""All You Can Eat Buffet positions for ruling tests: a round set up by hand, every count kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.games.all_you_can_eat_buffet.components import MOOD_INDEX, MOODS
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.values import replace

CARDS = ayc.DEFAULT_CARDS
T = CARDS.tables


def meals(names: Sequence[str]) -> tuple[int, ...]:
    out = [0] * len(T.names)
    for name in names:
        out[T.index[name]] += 1
    return tuple(out)


def moods(words: Sequence[str]) -> tuple[int, ...]:
    out = [0] * len(MOODS)
    for word in words:
        out[MOOD_INDEX[ayc.Mood(word)]] += 1
    return tuple(out)


def table(
    players: int = 4,
    *,
    line: Sequence[str | tuple[str, int] | tuple[str, int, bool]] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    collections: Mapping[int, Sequence[str]] | None = None,
    drinks: Mapping[int, int] | None = None,
    spices: Mapping[int, int] | None = None,
    secrets: Mapping[int, int] | None = None,
    first: int = 0,
    round: int = 1,
    cake: int | None = None,
    check: bool = True,
    **options: object,
) -> ayc.State:
    """A round about to be played: the `line` (names, or (name, spices[, secret])), the Mood
    `hands` (default: three Hungry each), collections and tokens as given; everything else in
    the decks and supplies. `check=False` allows a position no game reaches (two Spice tokens
    on a Meal, the Birthday Cake tile with nobody's Cake), for rules that must hold anyway."""
    # The First player tile passes every round (AYC-9): the config names round 1's.
    start = (first - round + 1) % players
    config = ayc.Config(players=players, first_player=start, **options)  # type: ignore[arg-type]
    state = ayc.initial_state(config)
    hands = hands or {}
    hand_counts = tuple(moods(hands.get(s, ["hungry"] * 3)) for s in range(players))
    # One Mood card used per round so far (AYC-5): the most plentiful ones left in the deck.
    used_counts = []
    decks_left = []
    for hand in hand_counts:
        deck = [d - h for d, h in zip(config.mood_deck, hand, strict=True)]
        used = [0] * len(MOODS)
        for _ in range(round - 1):
            mood = max(range(len(MOODS)), key=lambda m: deck[m])
            deck[mood] -= 1
            used[mood] += 1
        used_counts.append(tuple(used))
        decks_left.append(tuple(deck))
    decks = tuple(decks_left)
    entries = []
    for given in line:
        name, on_it, *secret = (given, 0) if isinstance(given, str) else given
        entries.append((T.index[name], on_it, bool(secret and secret[0])))
    collected = tuple(meals((collections or {}).get(s, ())) for s in range(players))
    used = [sum(x) for x in zip(*collected, strict=True)]
    for meal, _, _ in entries:
        used[meal] += 1
    deck = tuple(c - u for c, u in zip(T.counts, used, strict=True))
    assert min(deck) >= 0, "more copies of a Meal than the list has"
    drink = tuple((drinks or {}).get(s, 0) for s in range(players))
    spice = tuple((spices or {}).get(s, 0) for s in range(players))
    built = replace(
        state,
        stage="play",
        round=round,
        first=first,
        decks=decks,
        hands=hand_counts,
        used=tuple(used_counts),
        meal_deck=deck,
        line=tuple(entries),
        collections=collected,
        secrets=tuple((secrets or {}).get(s, 0) for s in range(players)),
        drinks=drink,
        spices=spice,
        drink_supply=36 - sum(drink),
        spice_supply=24 - sum(spice) - sum(e[1] for e in entries),
        cake=cake,
        mood_draws=(),
        to_deal=0,
    )
    if check:
        assert ayc.check_state(built) == [], ayc.check_state(built)
    return built


def play(state: ayc.State, choices: Mapping[int, str]) -> ayc.State:
    """Every seat commits (``"hungry"``, ``"hungry slow"``, ``""``): seats not named play the
    first Mood in hand."""
    for seat in range(state.config.players):
        if seat in choices:
            words = choices[seat].split()
        else:
            words = [MOODS[next(m for m, n in enumerate(state.hands[seat]) if n)].value]
        state = ayc.apply_action(state, seat, ayc.Play(tuple(ayc.Mood(w) for w in words)))
    return state


def act(state: ayc.State, seat: int, text: str) -> ayc.State:
    """Apply a move written in notation (seat -1: chance)."""
    return ayc.apply_action(state, seat, ayc.action_from_str(state, seat, text))


def names_of(counts: tuple[int, ...]) -> list[str]:
    return [T.names[i] for i, n in enumerate(counts) for _ in range(n)]


__all__ = ["CARDS", "CHANCE", "T", "act", "meals", "moods", "names_of", "play", "table"]
