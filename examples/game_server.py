"""A hidden-information game server loop: the server holds the true state, and each client gets
only its own view (as JSON, as it would go over a network) and sends back a move in notation.

It plays a game of All You Can Eat Buffet with three clients, and on every message checks that
nothing leaks: a client's message is the same whatever the other players' hidden cards are
(the server redraws them with `determinize` and compares). One client is clumsy and sometimes
sends a malformed or illegal move (``dance``, ``take 99``): the server refuses that move, tells
that client why, and asks it again; the game and the other clients carry on untouched.

    python examples/game_server.py
"""

from __future__ import annotations

import json
import random
from typing import Any

import tablefeast
from tablefeast import CHANCE

ayc = tablefeast.load("all_you_can_eat_buffet")


class Client:
    """A remote player: it sees JSON views and answers with a move in notation."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def on_turn(self, view_json: str, legal_moves: list[str]) -> str:
        view = json.loads(view_json)
        assert view["seat"] == self.seat  # it only ever receives its own view
        return legal_moves[self.rng.randrange(len(legal_moves))]

    def on_error(self, message: str) -> None:
        """The server refused this client's last move; it will be asked again."""


class ClumsyClient(Client):
    """A client that now and then sends a move that is malformed or not legal."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.refusals: list[str] = []

    def on_turn(self, view_json: str, legal_moves: list[str]) -> str:
        if self.rng.random() < 0.3:
            return self.rng.choice(["dance", "take 99", "play hungry hungry hungry", ""])
        return super().on_turn(view_json, legal_moves)

    def on_error(self, message: str) -> None:
        self.refusals.append(message)


MAX_TRIES = 5
"""Refused moves a client may send in a row before the server plays for it."""


def ask_for_move(state: Any, seat: int, client: Client, view: str, moves: list[str]) -> Any:
    """The client's move, checked; a refused one is answered with the reason and asked again.

    Only that client hears of it: the state is unchanged (a failed move changes nothing) and
    the other clients are not involved. After `MAX_TRIES` refusals the server plays the first
    legal move for the seat, so that one client cannot stall the table.
    """
    for _ in range(MAX_TRIES):
        text = client.on_turn(view, moves)
        try:
            action = ayc.action_from_str(state, seat, text)
            ayc.apply_action(state, seat, action)  # checked, not kept: the caller applies it
        except tablefeast.TablefeastError as e:
            client.on_error(f"{type(e).__name__}: {e}")
            continue
        return action
    return ayc.legal_actions(state, seat)[0]


def message_for(state: Any, seat: int) -> tuple[str, list[str]]:
    """What the server sends one seat: its view, and its legal moves in notation."""
    view = tablefeast.dumps(ayc.view(state, seat))
    moves = [ayc.action_to_str(a) for a in ayc.legal_actions(state, seat)]
    return view, moves


def main() -> None:
    config = ayc.Config(players=3)
    clumsy = ClumsyClient(1, seed=1)
    clients = [Client(0, seed=0), clumsy, Client(2, seed=2)]
    state = ayc.initial_state(config)
    dealer = random.Random(7)  # the server's own source of chance
    checks = messages = 0
    while not ayc.is_terminal(state):
        seat = ayc.actors(state)[0]
        if seat == CHANCE:
            state = ayc.apply_action(state, CHANCE, ayc.chance_distribution(state).sample(dealer))
            continue
        view, moves = message_for(state, seat)
        # Nothing leaks: redraw what this seat cannot see, and the message must not change.
        other = ayc.determinize(state, seat, random.Random(messages))
        assert message_for(other, seat) == (view, moves)
        checks += other != state
        action = ask_for_move(state, seat, clients[seat], view, moves)
        state = ayc.apply_action(state, seat, action)
        messages += 1
    print(f"{messages} messages sent; {checks} of them checked against redrawn hidden cards")
    print("scores:", ayc.scores(state), "winners:", sorted(ayc.winners(state)))
    print(f"{len(clumsy.refusals)} bad moves refused and asked again, e.g. {clumsy.refusals[0]}")
    print("each client saw only its own view: nothing leaked")


if __name__ == "__main__":
    main()
