"""Goofspiel on the tablefeast kernel: a whole game, the complete Ruleset contract, in one file.

Each of 2 to 4 players holds the cards 1 to K (13 by default), and a prize deck of 1 to K is
shuffled. Every turn a prize is turned up, then every player bids a card from hand, face down and
at the same time. The highest bid wins the prize's value; a tie for the highest wins nothing (the
prize is discarded). Bids are discarded. After K turns the highest total wins; a tie shares it.

The module itself is the game: pass it (``sys.modules[__name__]``, or ``import goofspiel``)
wherever tablefeast wants one. docs/tutorial.md walks through it; the ``# --8<--`` comments
mark the excerpts it shows.

    python examples/goofspiel.py
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterable
from functools import cache
from typing import Any

import attrs

import tablefeast
import tablefeast.testing
from tablefeast.kernel import reveal
from tablefeast.kernel.capabilities import Capabilities, MoveHelp
from tablefeast.kernel.chance import CHANCE, Distribution
from tablefeast.kernel.deck import Counts, counts_remove, counts_to_cards
from tablefeast.kernel.effects import Effect, seen
from tablefeast.kernel.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
)
from tablefeast.kernel.limits import shown
from tablefeast.kernel.notation import move_words
from tablefeast.kernel.record import Record, replay
from tablefeast.kernel.ruleset import (
    Ruleset,
    chance_outcomes_of,
    check_move,
    check_turn,
    describe_actors,
    illegal,
)
from tablefeast.kernel.seats import check_actor_seat, check_viewer
from tablefeast.kernel.serialize import register_actions, register_validator
from tablefeast.kernel.tensor import Features
from tablefeast.kernel.values import replace

NAME = "goofspiel"  # what records say; tablefeast.load() does not know it, and need not
DEFAULT_CARDS = 13


# --8<-- [start:config]
def _int_in(low: int, high: int) -> Any:
    """An attrs validator: an int (not a bool) from `low` to `high`, or a ConfigError naming the
    field. The value is quoted with `shown`: whatever it is, the message stays short."""

    def check(_: Any, attribute: Any, value: Any) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ConfigError(
                f"Config.{attribute.name} must be an int from {low} to {high}, got {shown(value)}"
            )

    return check


@attrs.frozen
class Config:
    """The setup: `players` seats, each holding the cards 1 to `cards`, as does the prize deck."""

    players: int = attrs.field(validator=_int_in(2, 4))
    cards: int = attrs.field(default=DEFAULT_CARDS, validator=_int_in(1, 52))


# --8<-- [end:config]
# --8<-- [start:actions]
def _card(_: Any, __: Any, value: int) -> None:
    # Not a card at all is malformed (InvalidActionError); a card the seat lacks is only illegal.
    if type(value) is not int or value < 1:
        raise InvalidActionError(f"{shown(value)} is not a card: cards are 1, 2, 3, ...")


@attrs.frozen
class Bid:
    """A seat commits `card` from its hand, face down, for this turn's prize."""

    card: int = attrs.field(validator=_card)


@attrs.frozen
class RevealPrize:
    """Chance turns up the prize `card`."""

    card: int = attrs.field(validator=_card)


Action = Bid | RevealPrize
register_actions(Action)  # JSON with a tag: {"type": "Bid", "card": 7}


# --8<-- [end:actions]
# --8<-- [start:state]
@attrs.frozen(slots=False)  # dict-backed: kernel.values.replace copies it cheaply
class State:
    """The whole truth. Card c is at index c - 1 of every counts tuple.

    Attributes:
        config: the setup.
        prizes: the prize cards still face down, as counts. Their order is not stored: the next
            prize is drawn when it is revealed, so there is no hidden order to leak.
        prize: the prize turned up this turn, or None while the next one is to be revealed.
        hands: per seat, the cards in hand, as counts. Public (every bid is revealed); a bid
            card stays in hand until the reveal, so the hand does not give the bid away.
        bids: per seat, the card bid face down this turn, or None (kernel.reveal's format).
        points: per seat, the value of the prizes won.
    """

    config: Config
    prizes: Counts
    prize: int | None
    hands: tuple[Counts, ...]
    bids: tuple[int | None, ...]
    points: tuple[int, ...]


def initial_state(config: Config) -> State:
    """Full hands and a full prize deck; chance moves first (the first prize)."""
    full = (1,) * config.cards
    n = config.players
    return State(config, full, None, (full,) * n, reveal.empty(n), (0,) * n)


# --8<-- [end:state]
def _holds(counts: Counts, card: int) -> bool:
    """Whether the pile `counts` holds `card` (a card beyond K is held by nobody)."""
    return 1 <= card <= len(counts) and counts[card - 1] > 0


# --8<-- [start:check_state]
def check_state(state: State) -> list[str]:
    """Every invariant of a real state; `tablefeast.loads` refuses a state that breaks one."""
    n, k = state.config.players, state.config.cards
    if not len(state.hands) == len(state.bids) == len(state.points) == n:
        return [f"hands, bids and points need one entry per seat ({n})"]
    if any(len(c) != k or not set(c) <= {0, 1} for c in (state.prizes, *state.hands)):
        return [f"the prize deck and the hands hold each card 1 to {k} at most once"]
    problems = []
    turns_left = sum(state.prizes) + (state.prize is not None)
    if any(sum(hand) != turns_left for hand in state.hands):
        problems.append(f"every hand must hold {turns_left} cards, one per turn left")
    if state.prize is not None and (not 1 <= state.prize <= k or state.prizes[state.prize - 1]):
        problems.append(f"prize {state.prize} is not a revealed card")
    for seat, bid in enumerate(state.bids):
        if bid is not None and (state.prize is None or not _holds(state.hands[seat], bid)):
            problems.append(f"seat {seat} bid a card it does not hold, or with no prize up")
    if None not in state.bids:
        problems.append("every seat has bid, yet the turn is not resolved")
    awarded = sum(c for c in range(1, k + 1) if not state.prizes[c - 1] and c != state.prize)
    if min(state.points) < 0 or sum(state.points) > awarded:
        problems.append(f"the points exceed the {awarded} awarded so far")
    return problems


register_validator(State, check_state)


# --8<-- [end:check_state]
# --8<-- [start:actors]
def is_terminal(state: State) -> bool:
    """Over once the last prize has been resolved."""
    return state.prize is None and not any(state.prizes)  # GS-5: after K turns


def actors(state: State) -> tuple[int, ...]:
    """Chance while a prize is to be revealed, then every seat that has not bid yet."""
    if state.prize is None:
        return () if is_terminal(state) else (CHANCE,)
    return reveal.pending(tuple(range(state.config.players)), state.bids)


# --8<-- [end:actors]
@cache
def _every(kind: type[Bid] | type[RevealPrize], k: int) -> tuple[Action, ...]:
    """Every bid (or every reveal) of a game of `k` cards, in card order."""
    return tuple(kind(card) for card in range(1, k + 1))


# --8<-- [start:why_not]
def why_not(state: State, player: int, action: object) -> str | None:
    """Why `player` may not take `action` now, or None when it may. The one legality check:
    `legal_actions` and `apply_action` both use it, so they cannot disagree.

    Raises:
        InvalidActionError: not a Goofspiel action, or `player` is not a seat.
    """
    check_move(player, action, state.config.players, (Bid, RevealPrize), "Goofspiel")
    acting = actors(state)
    if player not in acting:
        return describe_actors(acting, "reveal a prize" if acting == (CHANCE,) else "bid")
    if player == CHANCE:
        if not isinstance(action, RevealPrize):
            return "chance reveals a prize now"
        if not _holds(state.prizes, action.card):
            return f"prize {action.card} is not in the prize deck"
        return None
    if not isinstance(action, Bid):
        return "only chance reveals prizes"
    if not _holds(state.hands[player], action.card):
        return f"card {action.card} is not in seat {player}'s hand"
    return None


def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """Every candidate that `why_not` accepts, in ascending card order (for CHANCE: the
    outcomes, in the order `chance_outcomes` lists them)."""
    check_actor_seat(player, state.config.players)
    k = state.config.cards
    candidates = _every(RevealPrize if player == CHANCE else Bid, k)
    return tuple(a for a in candidates if why_not(state, player, a) is None)


# --8<-- [end:why_not]
# --8<-- [start:chance]
def chance_distribution(state: State) -> Distribution[Action]:
    """Uniform over the prizes left: the prize deck's counts (0 or 1) are the integer weights.

    Raises:
        IllegalActionError: the state is not a chance node.
    """
    if actors(state) != (CHANCE,):
        raise IllegalActionError(f"no prize to reveal: {describe_actors(actors(state))}")
    # GS-1: each prize still face down is as likely as any other
    return Distribution(_every(RevealPrize, state.config.cards), state.prizes, sum(state.prizes))


chance_outcomes = chance_outcomes_of(chance_distribution)  # the same node, as exact Fractions


# --8<-- [end:chance]
# --8<-- [start:effects]
@attrs.frozen
class PrizeTurned(Effect):
    """Chance turns up this turn's prize: everybody sees it."""

    card: int


@attrs.frozen
class BidPlaced(Effect):
    """A seat bids face down: everybody sees that it bid, only the seat sees which card."""

    seat: int
    card: int | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else BidPlaced(self.seat, None)


@attrs.frozen
class PrizeAwarded(Effect):
    """Every bid turned up; the single highest bid takes the prize (None: a tie, lost)."""

    bids: tuple[int, ...]
    winner: int | None
    prize: int


# --8<-- [end:effects]
# --8<-- [start:apply]
def apply_action(state: State, player: int, action: Action) -> State:
    """The next state; `state` itself never changes.

    Raises:
        InvalidActionError: malformed (not an action of this game, or not a seat).
        GameOverError, NotYourTurnError, IllegalActionError: as named, with the reason.
    """
    return _apply(state, player, action, None)


def apply_traced(state: State, player: int, action: Action) -> tuple[State, tuple[Effect, ...]]:
    """`apply_action`, and what the move did: the same code runs, noting its effects."""
    trace: list[Effect] = []
    return _apply(state, player, action, trace), tuple(trace)


def _apply(state: State, player: int, action: Action, trace: list[Effect] | None) -> State:
    check_move(player, action, state.config.players, (Bid, RevealPrize), "Goofspiel")
    check_turn(actors(state), player)  # the two special cases, with the kernel's messages
    reason = why_not(state, player, action)
    if reason is not None:
        raise illegal(player, action, reason)  # worded as every game words it
    if isinstance(action, RevealPrize):
        if trace is not None:
            trace.append(PrizeTurned(action.card))
        prizes = counts_remove(state.prizes, action.card - 1)
        return replace(state, prizes=prizes, prize=action.card)
    if trace is not None:
        trace.append(BidPlaced(player, action.card))
    bids = reveal.commit(state.bids, player, action.card)  # GS-2: face down, still in hand
    if None in bids:
        return replace(state, bids=bids)  # hidden in views until the last bid is in
    return _resolve(state, bids, trace)  # type: ignore[arg-type]  # every slot is filled now


def _resolve(state: State, bids: tuple[int, ...], trace: list[Effect] | None) -> State:
    """Every bid is in: the single highest bid wins the prize; all bids are discarded."""
    top = max(bids)
    winner = bids.index(top) if bids.count(top) == 1 else None  # GS-3: a tie loses the prize
    prize = state.prize or 0
    if trace is not None:
        trace.append(PrizeAwarded(bids, winner, prize))
    points = tuple(p + prize * (s == winner) for s, p in enumerate(state.points))
    hands = tuple(counts_remove(h, b - 1) for h, b in zip(state.hands, bids, strict=True))  # GS-4
    n = state.config.players
    return replace(state, prize=None, hands=hands, bids=reveal.empty(n), points=points)


def public_events(config: Config, effects: Iterable[Effect]) -> tuple[str, ...]:
    """What a spectator saw of the effects, in words (they are blanked for a spectator first,
    so a face-down bid is never named)."""
    lines = []
    for effect in seen(effects, None):
        if isinstance(effect, PrizeTurned):
            lines.append(f"prize {effect.card} is turned up")
        elif isinstance(effect, BidPlaced):
            lines.append(f"seat {effect.seat} bids face down")
        elif isinstance(effect, PrizeAwarded):
            bids = ", ".join(f"seat {s} {b}" for s, b in enumerate(effect.bids))
            taken = "nobody" if effect.winner is None else f"seat {effect.winner}"
            lines.append(f"bids: {bids}; {taken} takes prize {effect.prize}")
    return tuple(lines)


# --8<-- [end:apply]
def scores(state: State) -> tuple[int, ...]:
    """The points won so far."""
    return state.points


def winners(state: State) -> frozenset[int]:
    """Once over, every seat with the highest total (empty before)."""
    if not is_terminal(state):
        return frozenset()
    best = max(state.points)
    return frozenset(s for s, p in enumerate(state.points) if p == best)  # GS-5: a tie shares


# --8<-- [start:view]
@attrs.frozen
class View:
    """What one seat (None: a spectator) may know: the state without others' face-down bids."""

    seat: int | None
    config: Config
    my_bid: int | None
    committed: tuple[bool, ...]  # who has bid, never what
    prizes: Counts
    prize: int | None
    hands: tuple[Counts, ...]
    points: tuple[int, ...]
    actors: tuple[int, ...]


def view(state: State, player: int | None) -> View:
    """Exactly what `player` may know."""
    check_viewer(player, state.config.players)
    return View(
        seat=player,
        config=state.config,
        my_bid=None if player is None else state.bids[player],
        committed=reveal.committed_flags(state.bids),
        prizes=state.prizes,
        prize=state.prize,
        hands=state.hands,
        points=state.points,
        actors=actors(state),
    )


def determinize(state: State, player: int | None, rng: random.Random) -> State:
    """A state `player` cannot tell from `state`: each other seat's face-down bid is drawn
    again from that seat's (public) hand. It reads only the view, as search agents need."""
    check_viewer(player, state.config.players)
    bids = tuple(
        bid if bid is None or seat == player else rng.choice(counts_to_cards(hand)) + 1
        for seat, (bid, hand) in enumerate(zip(state.bids, state.hands, strict=True))
    )
    return replace(state, bids=bids)


# --8<-- [end:view]
# --8<-- [start:notation]
_NUMBER = re.compile(r"[1-9][0-9]*")  # plain ASCII digits: the text round trip is exact


def action_to_str(action: Action) -> str:
    """``bid 7`` for a bid, ``prize 5`` for a prize revealed."""
    if isinstance(action, Bid | RevealPrize):
        return f"{'bid' if isinstance(action, Bid) else 'prize'} {action.card}"
    raise InvalidActionError(f"{shown(action)} is not a Goofspiel action")


def action_from_str(state: Any, player: int, text: str) -> Action:
    """Parse the notation (legality is `apply_action`'s business)."""
    words = move_words(text)  # refuses padding, double spaces, empty text, non-strings
    if len(words) == 2 and words[0] in ("bid", "prize") and _NUMBER.fullmatch(words[1]):
        return (Bid if words[0] == "bid" else RevealPrize)(int(words[1]))
    raise InvalidActionError(f"{shown(text)} is not a move: expected 'bid CARD' or 'prize CARD'")


def num_distinct_actions(config: Config | None = None) -> int:
    """K bids, then K prize reveals (the contract: player actions, then chance outcomes)."""
    return 2 * (DEFAULT_CARDS if config is None else config.cards)


def action_to_id(action: Action, config: Config | None = None) -> int:
    """``bid c`` is c - 1, ``prize c`` is K + c - 1 (None: the default K)."""
    k = DEFAULT_CARDS if config is None else config.cards
    if not isinstance(action, Bid | RevealPrize) or action.card > k:
        raise InvalidActionError(f"{shown(action)} has no id in a game of {k} cards")
    return action.card - 1 + (k if isinstance(action, RevealPrize) else 0)


def action_from_id(state: Any, player: int, action_id: int) -> Action:
    """The action with that id under `state`'s config."""
    k = DEFAULT_CARDS if state is None else state.config.cards
    if type(action_id) is not int or not 0 <= action_id < 2 * k:
        raise InvalidActionError(f"action id {shown(action_id)} is not in range(0, {2 * k})")
    return Bid(action_id + 1) if action_id < k else RevealPrize(action_id - k + 1)


# --8<-- [end:notation]
# --8<-- [start:tensor]
@cache
def observation_size(config: Config) -> int:
    """The tensor's length: the same for every view of a game with this config."""
    return len(observation_tensor(view(initial_state(config), None)))


def observation_tensor(seen: View) -> tuple[float, ...]:
    """The view as floats: the viewer (one-hot over n seats and "spectator"), its own bid and the
    prize (each one-hot over K cards and "none"), who has bid (n), the prize deck (K), the hands
    (n x K), the points (n) and who acts (n seats and chance)."""
    n, k = seen.config.players, seen.config.cards
    f = Features()
    f.one_hot(n if seen.seat is None else seen.seat, n + 1)
    f.one_hot(k if seen.my_bid is None else seen.my_bid - 1, k + 1)
    f.flags(seen.committed)
    f.one_hot(k if seen.prize is None else seen.prize - 1, k + 1)
    f.values(seen.prizes)
    for hand in seen.hands:
        f.values(hand)
    f.values(seen.points)
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    return f.tensor()


# --8<-- [end:tensor]
# --8<-- [start:capabilities]
def render(seen: View) -> str:
    """The view as one line of text, for a terminal."""
    points = ", ".join(f"seat {s}: {p}" for s, p in enumerate(seen.points))
    prize = "none yet" if seen.prize is None else seen.prize
    return f"prize {prize} · points {points}"


CAPABILITIES: Capabilities[State, Action, Config, View] = Capabilities(
    title="Goofspiel",
    players=range(2, 5),  # what Config accepts, declared once
    apply_traced=apply_traced,
    public_events=public_events,
    render=render,
    observation_tensor=observation_tensor,
    observation_size=observation_size,
    move_help={"bid": MoveHelp("bid CARD", "bid a card from your hand, face down", "bid 7")},
    # Files beside this module (a game that is a package keeps them in its package):
    rulings="goofspiel_files/rulings.md",  # `tablefeast rules goofspiel`
    renderer="goofspiel_files/renderer.js",  # the browser's table, /games/goofspiel/renderer.js
    stylesheet="goofspiel_files/style.css",  # the renderer's CSS
    view_schema="goofspiel_files/view.schema.json",  # the views' JSON Schema, for clients
)


# --8<-- [end:capabilities]
def main() -> None:
    game: Any = sys.modules[__name__]  # this module is the game
    assert isinstance(game, Ruleset)
    config = Config(players=3)
    states: list[State] = []
    result = tablefeast.play_game(
        game,
        config,
        [tablefeast.RandomAgent()] * config.players,
        seed=7,
        on_move=lambda state, *_: states.append(state),  # every state before a move
    )
    step = config.players + 1  # a turn is a prize, then one bid per seat
    for turn in range(3):
        prize, *bids = (action.card for _, action in result.moves[step * turn : step * (turn + 1)])
        print(f"turn {turn + 1}: prize {prize}, bids {bids}")
    final = result.state
    print("scores:", scores(final), "winners:", sorted(winners(final)))

    # Serialization: a state survives JSON; a tampered one is refused.
    middle = states[len(states) // 2]
    text = tablefeast.dumps(middle)
    assert tablefeast.loads(text, State) == middle
    try:
        tablefeast.loads(text.replace('"points": [', '"points": [9', 1), State)
    except RecordError as e:
        print("tampered state refused:", e)
    else:
        raise AssertionError("a tampered state was accepted")

    # The record replays move by move (tablefeast.replay looks games up by name: use the kernel's).
    record = Record.from_json(result.record.to_json())
    assert replay(game, record) == final
    print(f"record of {len(record.moves)} moves replayed, first {record.moves[:2]}")

    # The whole contract, checked as the library checks its own games, then bad input of
    # every kind (tablefeast.testing.fuzz_game): refused with the library's errors, or sound.
    report = tablefeast.testing.check_game(game, [config], games=3, seed=1)
    print(
        f"the conformance suite passed: {report.games} games, {report.states} states, "
        f"{report.inputs} bad inputs"
    )


if __name__ == "__main__":
    main()
