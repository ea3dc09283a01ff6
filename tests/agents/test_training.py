"""Training on the batched core (issue 47): reproducible from a seed, its weights played by
`LearnedAgent`, bad configs refused with the library's error."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")
pytest.importorskip("numpy")

import tablefeast
from tablefeast import RandomAgent, native, play_game
from tablefeast.agents.learned import LearnedAgent
from tablefeast.agents.training import TrainConfig, train
from tablefeast.kernel.errors import ConfigError

needs_core = pytest.mark.skipif(
    not native.available("food_chain"), reason="training runs on the native core"
)


@needs_core
def test_a_run_repeats_from_its_seed_and_its_weights_play() -> None:
    config = TrainConfig("food_chain", updates=2, envs=8, steps=16, seed=3, snapshot_every=1)
    first, again = train(config), train(config)
    layers = (first.weights.columns, first.weights.biases)
    assert layers == (again.weights.columns, again.weights.biases)
    untimed = [(decisions, share) for decisions, _, share in first.curve]  # seconds vary
    assert repr(untimed) == repr([(decisions, share) for decisions, _, share in again.curve])
    other = train(TrainConfig("food_chain", updates=2, envs=8, steps=16, seed=4))
    assert other.weights.columns != first.weights.columns
    fc = tablefeast.load("food_chain")
    agents = [LearnedAgent(first.weights), RandomAgent(), RandomAgent(), RandomAgent()]
    assert fc.is_terminal(play_game(fc, fc.Config(players=4), agents, seed=1).state)
    assert first.weights.buckets == fc.num_distinct_actions(fc.Config(players=4))


@pytest.mark.parametrize(
    "options",
    [
        {"game": "chess"},
        {"game": "schlacht_am_buffet"},
        {"game": "food_chain", "envs": 0},
        {"game": "food_chain", "heuristic_share": 2},
        {"game": "food_chain", "device": "tpu"},
        {"game": "food_chain", "updates": True},
    ],
)
def test_bad_configs_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        TrainConfig(**options)  # type: ignore[arg-type]


@needs_core
def test_the_command_writes_a_weights_file_learned_agent_reads(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tablefeast.agents.learned import Weights
    from tablefeast.agents.training import main

    out = tmp_path / "fc.json"
    assert main(["food_chain", "--updates", "1", "--envs", "8", "--out", str(out)]) == 0
    weights = Weights.from_json(out.read_text())
    assert weights.game == "food_chain" and weights.settings["seed"] == 0
