"""A hidden-information game server loop: the server holds the true state, and each client gets
only its own view (as JSON, as it would go over a network) and sends back a move in notation.

It plays a game of All You Can Eat Buffet with three clients, and on every message checks that
nothing leaks: a client's message is the same whatever the other players' hidden cards are
(the server redraws them with `determinize` and compares).

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


def message_for(state: Any, seat: int) -> tuple[str, list[str]]:
    """What the server sends one seat: its view, and its legal moves in notation."""
    view = tablefeast.dumps(ayc.view(state, seat))
    moves = [ayc.action_to_str(a) for a in ayc.legal_actions(state, seat)]
    return view, moves


def main() -> None:
    config = ayc.Config(players=3)
    clients = [Client(seat, seed=seat) for seat in range(3)]
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
        text = clients[seat].on_turn(view, moves)
        state = ayc.apply_action(state, seat, ayc.action_from_str(state, seat, text))  # checked
        messages += 1
    print(f"{messages} messages sent; {checks} of them checked against redrawn hidden cards")
    print("scores:", ayc.scores(state), "winners:", sorted(ayc.winners(state)))
    print("each client saw only its own view: nothing leaked")


if __name__ == "__main__":
    main()
