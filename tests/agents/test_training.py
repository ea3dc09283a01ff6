"""Training on the batched core (issue 47): reproducible from a seed, its weights played by
`LearnedAgent`, bad configs refused with the library's error."""

from __future__ import annotations

import json
import math

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
        {"game": "food_chain", "envs": 0},
        {"game": "food_chain", "heuristic_share": 2},
        {"game": "food_chain", "device": "tpu"},
        {"game": "food_chain", "updates": True},
        {"game": "food_chain", "against": "grandmaster"},  # a best response's settings
        {"game": "food_chain", "against": 3},
        {"game": "food_chain", "start": 7},
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


@pytest.mark.parametrize(
    "options",
    [
        {"game": "food_chain", "imitation": -1},
        {"game": "food_chain", "imitation": 1.5},
        {"game": "food_chain", "reward": "points"},
        {"game": "schlacht_am_buffet", "imitation": 10},  # its batch factors the exchange
    ],
)
def test_bad_warm_starts_and_rewards_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        TrainConfig(**options)  # type: ignore[arg-type]


def test_the_heuristic_decisions_are_the_heuristics_legal_moves_and_results() -> None:
    import numpy as np

    from tablefeast.agents.training import heuristic_decisions

    observations, masks, ids, results = heuristic_decisions("food_chain", 4, 300, seed=2)
    fc = tablefeast.load("food_chain")
    config = fc.Config(players=4)
    assert observations.shape == (300, fc.CAPABILITIES.observation_size(config))
    assert masks.shape == (300, fc.num_distinct_actions(config))
    assert masks[np.arange(300), ids].all()  # each chosen id is legal
    assert (masks.sum(axis=1) >= 2).all()  # only real choices are kept
    assert set(np.unique(results)) <= {0.0, 1 / 4, 1 / 3, 1 / 2, 1.0}
    again = heuristic_decisions("food_chain", 4, 300, seed=2)
    assert (again[2] == ids).all() and (again[0] == observations).all()


@needs_core
def test_the_warm_start_imitates_the_heuristic() -> None:
    import numpy as np

    from tablefeast.agents.training import heuristic_decisions

    def agreement(weights: object) -> float:
        network = weights  # a Weights: score each held-out decision with it
        agree = 0
        for observation, mask, chosen in zip(observations, masks, ids, strict=True):
            scores = np.array(network.scores(observation.tolist()))  # type: ignore[attr-defined]
            scores[~mask] = -np.inf
            agree += int(np.argmax(scores) == chosen)
        return agree / len(ids)

    observations, masks, ids, _ = heuristic_decisions("food_chain", 4, 400, seed=99)
    base = dict(updates=1, envs=8, steps=1, seed=5)
    cold = train(TrainConfig("food_chain", **base))  # type: ignore[arg-type]
    warm = train(TrainConfig("food_chain", imitation=6000, **base))  # type: ignore[arg-type]
    assert agreement(warm.weights) > agreement(cold.weights) + 0.15


@needs_core
def test_checkpoints_and_the_score_difference_reward() -> None:
    from tablefeast.agents.learned import Weights

    seen: list[dict[str, object]] = []
    config = TrainConfig(
        "food_chain", updates=3, envs=8, steps=16, seed=1, reward="score_difference"
    )
    result = train(config, checkpoint=seen.append, checkpoint_minutes=0.0)
    assert len(seen) == 3  # after every update, at zero minutes apart
    assert all(Weights.from_json(json.dumps(data)).game == "food_chain" for data in seen)
    assert all(0 <= share <= 1 for _, _, share in result.curve if not math.isnan(share))
    assert result.data["dtype"] == "float16"


@needs_core
def test_a_start_that_does_not_fit_is_refused_before_training(tmp_path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "none.json"
    with pytest.raises(ConfigError, match="cannot read"):
        train(TrainConfig("food_chain", updates=1, envs=2, steps=2, start=str(missing)))
    garbage = tmp_path / "bad.json"
    garbage.write_text("{not json")
    with pytest.raises(ConfigError, match="not JSON"):
        train(TrainConfig("food_chain", updates=1, envs=2, steps=2, start=str(garbage)))
    with pytest.raises(ConfigError, match="this run needs"):  # the shipped net is 4 players'
        train(TrainConfig("food_chain", players=3, updates=1, envs=2, steps=2, start="shipped"))


@needs_core
def test_a_best_response_starts_from_the_shipped_policy_and_plays_the_frozen_agent() -> None:
    from tablefeast.agents.learned import shipped_weights

    shipped = shipped_weights("food_chain")
    still = TrainConfig(
        "food_chain", updates=1, envs=2, steps=60, seed=2, against="ismcts:4", start="shipped"
    )
    result = train(attrs_evolve(still, lr=0.0))  # no step: the policy is the shipped one
    assert (result.weights.columns, result.weights.biases) == (shipped.columns, shipped.biases)
    assert result.weights.settings["against"] == "ismcts:4"
    moved = train(attrs_evolve(still, lr=1e-2))
    assert moved.weights.columns != shipped.columns
    assert moved.curve[0][0] == 120  # two envs, 60 steps: the learner's decisions only
    assert 0 <= moved.curve[0][2] <= 1  # a game ended: its share against the frozen agent


@pytest.mark.skipif(
    not native.available("schlacht_am_buffet"), reason="training runs on the native core"
)
def test_schlacht_am_buffet_trains_its_exchange_card_by_card_and_the_agent_plays_it() -> None:
    """SAB-7: the batch chooses the exchange one card at a time (70 adapter ids, the cards chosen
    so far after the tensor); the weights say so, and `LearnedAgent` plays them, exchanges
    included, in whole games on the pure engine."""
    from tablefeast.interop.encoding import encoding_for

    sab = tablefeast.load("schlacht_am_buffet")
    config = sab.Config(players=4)
    result = train(TrainConfig("schlacht_am_buffet", updates=1, envs=8, steps=40, seed=2))
    weights = result.weights
    encoding = encoding_for(sab, config)
    assert weights.factored and result.data["factored"] is True
    assert (weights.inputs, weights.buckets) == (
        sab.CAPABILITIES.observation_size(config) + encoding.extra,
        encoding.size,
    )
    exchanged = 0

    class Counting(LearnedAgent):
        def act(self, game, view, legal, rng):  # type: ignore[no-untyped-def]
            nonlocal exchanged
            exchanged += isinstance(legal[0], sab.Exchange) and len(legal) > 1
            return super().act(game, view, legal, rng)

    for seed in range(3):
        agents = [Counting(weights), RandomAgent(), Counting(weights), RandomAgent()]
        assert sab.is_terminal(play_game(sab, config, agents, seed=seed).state)
    assert exchanged > 0


def attrs_evolve(config: TrainConfig, **changes: object) -> TrainConfig:
    import attrs

    return attrs.evolve(config, **changes)  # type: ignore[arg-type]
