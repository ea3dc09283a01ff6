"""Play Food Chain between random agents and show each round's Alpha and the final scores.

python examples/play_food_chain.py
"""

from __future__ import annotations

import tablefeast
from tablefeast import RandomAgent, play_game


def main() -> None:
    fc = tablefeast.load("food_chain")
    config = fc.Config(players=5, first_alpha=2)
    alphas: list[int] = []

    def note_alpha(state: object, seat: int, action: object) -> None:
        alpha = state.alpha  # type: ignore[attr-defined]
        if not alphas or alphas[-1] != alpha:
            alphas.append(alpha)

    result = play_game(fc, config, [RandomAgent()] * 5, seed=7, on_move=note_alpha)
    print("Alpha by round:", alphas)  # every player is Alpha once (FC-1)
    print("takes made:", sum(1 for _, text in result.record.moves if text.startswith("take")))
    print(fc.render(fc.view(result.state, None)))
    print("winners:", sorted(fc.winners(result.state)))


if __name__ == "__main__":
    main()
