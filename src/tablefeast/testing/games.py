"""Random games, checked after every move: the conformance suite's main part (`check_game`).

Examples:
    >>> import tablefeast
    >>> fc = tablefeast.load("food_chain")
    >>> final, report = check_random_game(fc, fc.Config(players=3), seed=1)
    >>> fc.is_terminal(final), report.games, report.compared > 0
    (True, 1, True)
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterable, Sequence

import attrs

import tablefeast
from tablefeast.kernel.capabilities import Capabilities, game_file, game_module
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import Effect, seen, tell, trace
from tablefeast.kernel.errors import ConfigError, IllegalActionError, TablefeastError
from tablefeast.kernel.record import Record, record_of, replay
from tablefeast.kernel.ruleset import A, C, ConfiguredState, Ruleset, S, V, apply_joint
from tablefeast.kernel.schema import json_schema
from tablefeast.testing.contract import ConformanceError, check_state, expect
from tablefeast.testing.fuzz import fuzz_game

__all__ = [
    "Report",
    "check_capabilities",
    "check_effects",
    "check_game",
    "check_random_game",
]


@attrs.frozen
class Report:
    """What `check_game` checked.

    Attributes:
        games: random games played to their end (or to the move limit).
        states: states checked.
        deep: states that got the costlier checks too (round trips, views, determinization).
        resampled: whether some determinization changed a state (hidden information found).
        compared: pairs of different states that a seat cannot tell apart (after two moves of
            another actor that its view does not show) whose determinizations from one seed
            were compared: they must be the same.
        inputs: bad inputs tried (`tablefeast.testing.fuzz_game`).
    """

    games: int
    states: int
    deep: int
    resampled: bool
    compared: int = 0
    inputs: int = 0


# ---------------------------------------------------------------- one decision


def _round_trips(
    game: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState, seat: int, action: A
) -> None:
    """Notation, integer id, JSON and the shared "why not" check agree on a legal action."""
    text = game.action_to_str(action)
    expect(game.action_from_str(state, seat, text) == action, f"notation round trip of {text!r}")
    action_id = game.action_to_id(action, state.config)
    expect(0 <= action_id < game.num_distinct_actions(state.config), f"id of {text!r} in range")
    expect(game.action_from_id(state, seat, action_id) == action, f"id round trip of {text!r}")
    expect(game.why_not(state, seat, action) is None, f"{text!r} is legal yet has a why-not")
    loaded = tablefeast.loads(tablefeast.dumps(action), game.Action)
    expect(loaded == action, f"JSON round trip of {text!r}")


def _legality_agrees(
    game: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState, candidates: Iterable[A]
) -> None:
    """`apply_action` accepts exactly the listed actions, and says why it refuses the others."""
    for seat in (*range(state.config.players), CHANCE):
        legal = set(game.legal_actions(state, seat))
        for action in candidates:
            reason = game.why_not(state, seat, action)
            expect(
                (reason is None) == (action in legal),
                f"why_not({seat}, {action!r}) says {reason!r}, yet legal_actions "
                + ("lists it" if action in legal else "does not list it"),
            )
            try:
                game.apply_action(state, seat, action)
            except IllegalActionError as e:
                expect(action not in legal, f"legal {action!r} of {seat} was refused: {e}")
                expect(str(e), "an illegal action's error says why")
            else:
                expect(action in legal, f"{action!r} by {seat} was applied, yet is not legal")


def _views(
    game: Ruleset[ConfiguredState, A, C, V],
    state: ConfiguredState,
    rng: random.Random,
    invariants: Callable[[ConfiguredState], None],
) -> bool:
    """Determinization keeps each viewer's view, tensor and actors, and reads only the view;
    returns whether some determinization changed the state."""
    changed = False
    observe = game.CAPABILITIES.observation_tensor
    for seat in (*range(state.config.players), None):
        sampled = game.determinize(state, seat, rng)
        invariants(sampled)  # a determinized state is a real state
        check_state(game, sampled)
        view = game.view(state, seat)
        expect(game.view(sampled, seat) == view, f"the view of {seat} leaks")
        expect(game.actors(sampled) == game.actors(state), "determinize changed the actors")
        if game.CAPABILITIES.public_views:
            _public_views(game, state, sampled, seat)
        if observe is not None:
            size = game.CAPABILITIES.observation_size
            tensor = observe(view)
            expect(size is None or len(tensor) == size(state.config), "tensor size")
            expect(all(isinstance(x, float) for x in tensor), "a tensor holds floats")
            expect(observe(game.view(sampled, seat)) == tensor, f"the tensor of {seat} leaks")
        seed = rng.getrandbits(32)
        again = game.determinize(sampled, seat, random.Random(seed))
        original = game.determinize(state, seat, random.Random(seed))
        expect(again == original, f"determinize for {seat} reads more than the view")
        changed = changed or sampled != state
    return changed


def _alike_resampled(
    game: Ruleset[ConfiguredState, A, C, V],
    state: ConfiguredState,
    seat: int,
    action: A,
    *,
    after: ConfiguredState,
    alternatives: Sequence[A],
    seed: int,
) -> int:
    """`determinize` reads only the view, checked on two states that really differ: `after`
    (`action` by `seat` made in `state`) and the state another move of `seat` gives, where a
    viewer cannot tell the two apart (chance's outcome, or a commitment, hidden from it). From
    one seed, `determinize` must give that viewer the same state from both; so it cannot keep
    what the view hides as it is (the other seats' true cards or bids), since the two states
    differ there. Comparing a state with one determinized from it would not tell: a
    determinize that changes nothing gives the state itself twice. Returns the number of pairs
    compared (one per viewer at most)."""
    views = {v: game.view(after, v) for v in (*range(after.config.players), None) if v != seat}
    who = "chance" if seat == CHANCE else f"seat {seat}"
    compared = 0
    for other in alternatives:
        if not views:
            break
        twin = game.apply_action(state, seat, other)
        if twin == after:
            continue
        for viewer in [v for v, view in views.items() if game.view(twin, v) == view]:
            del views[viewer]
            compared += 1
            first = game.determinize(after, viewer, random.Random(seed))
            second = game.determinize(twin, viewer, random.Random(seed))
            expect(
                first == second,
                f"determinize for {viewer} reads more than the view: the states after "
                f"{game.action_to_str(action)!r} and after {game.action_to_str(other)!r} by "
                f"{who}, which {viewer} cannot tell apart, give two different states from one "
                "seed (it keeps something the view hides as it is, where it must draw it again)",
            )
    return compared


def _public_views(game: Ruleset[S, A, C, V], state: S, sampled: S, seat: int | None) -> None:
    """With ``public_views``, every seat about to act has the view it has in any state drawn
    from another seat's view: the table may show it to all (`tablefeast.kernel.play.Observer`)."""
    commitments = getattr(state, "commitments", None)
    for actor in game.actors(state):
        if actor == CHANCE or (commitments is not None and commitments[actor] is not None):
            continue
        expect(
            game.view(sampled, actor) == game.view(state, actor),
            f"public_views, yet the view of {actor} is not public to {seat}",
        )


def _commit_order(game: Ruleset[S, A, C, V], state: S, rng: random.Random) -> None:
    """At a simultaneous step, every order of the same commitments gives the same state."""
    acting = game.actors(state)
    if len(acting) < 2:
        return
    choice: dict[int, A] = {}
    for seat in acting:
        legal = game.legal_actions(state, seat)
        choice[seat] = legal[rng.randrange(len(legal))]
    order = list(acting)
    rng.shuffle(order)
    steps = [state]
    for seat in order:
        steps.append(game.apply_action(steps[-1], seat, choice[seat]))
    expect(steps[-1] == apply_joint(game, state, choice), "the commitments' order matters")
    _withdraw(game, state, order[0], steps[1])


def _withdraw(game: Ruleset[S, A, C, V], state: S, seat: int, after: S) -> None:
    """A declared `withdraw` takes a commitment back exactly, before the step is revealed:
    `after` is `state` with `seat`'s commitment made, the others' still to come."""
    withdraw = game.CAPABILITIES.withdraw
    if withdraw is None or not set(game.actors(state)) - {seat} <= set(game.actors(after)):
        return  # nothing to take back, or the commitment resolved the step
    expect(
        withdraw(after, seat) == state,
        f"withdraw({seat}) does not restore the state before its commitment",
    )


# ---------------------------------------------------------------- effects and capabilities


def check_effects(
    game: Ruleset[ConfiguredState, A, C, V],
    state: ConfiguredState,
    seat: int,
    action: A,
    after: ConfiguredState,
    *,
    alternatives: Sequence[A] = (),
) -> tuple[Effect, ...]:
    """The traced transition of one move: the same state as `apply_action` (`after`), the same
    effects every time, effects that say who may see them, words that depend only on what a
    spectator sees, and declared labels. Returns the effects.

    With `alternatives` (other legal moves of the same actor), effects also hide what views
    hide: where another hidden move (chance's, or a commitment while others still commit)
    leaves a viewer the same view and the same kinds of effects, the viewer sees the same
    effects (`seen`); so a card dealt into a hand, or a bid, is not shown to the others through
    its effect.

    Args:
        game: the game module.
        state: the state the move is made in.
        seat: the moving seat, or CHANCE.
        action: the move.
        after: ``apply_action(state, seat, action)``.
        alternatives: other legal moves of `seat` in `state`, to compare with.

    Raises:
        ConformanceError: a promise is broken.
    """
    traced, effects = trace(game, state, seat, action)
    expect(traced == after, f"the traced transition of {action!r} gives another state")
    expect(trace(game, state, seat, action)[1] == effects, "effects are deterministic")
    expect(all(isinstance(e, Effect) for e in effects), "effects are Effect instances")
    for viewer in (*range(state.config.players), None):
        shown = seen(effects, viewer)
        expect(all(isinstance(e, Effect) for e in shown), "a seen effect is an Effect")
        expect(seen(shown, viewer) == shown, f"seeing the effects twice shows {viewer} more")
    words = tell(game, state.config, effects)
    expect(isinstance(words, tuple) and all(isinstance(w, str) and w for w in words), "words")
    public = tell(game, state.config, seen(effects, None))
    expect(words == public, f"the words leak: {words} from what a spectator sees as {public}")
    capabilities = game.CAPABILITIES
    if alternatives:
        _hidden_alike(
            game, state, seat, action, after=after, effects=effects, alternatives=alternatives
        )
    if capabilities.situations is not None:
        labels = capabilities.situations(effects)
        unknown = set(labels) - set(capabilities.situation_labels)
        expect(not unknown, f"labels not in situation_labels: {sorted(unknown)}")
    return effects


def _hidden_alike(
    game: Ruleset[ConfiguredState, A, C, V],
    state: ConfiguredState,
    seat: int,
    action: A,
    *,
    after: ConfiguredState,
    effects: tuple[Effect, ...],
    alternatives: Sequence[A],
) -> None:
    """A viewer who cannot tell two hidden moves apart by its view sees the same effects of
    both. Hidden moves are chance's, and a seat's commitment at a simultaneous step that still
    waits for others (a public move, or the last commitment, may show things for a moment that
    no view keeps: a swap before the line is discarded). Compared where the effects are of the
    same kinds, in the same order."""
    acting = game.actors(state)
    if seat != CHANCE:
        waiting = tuple(a for a in acting if a != seat)
        if len(acting) < 2 or game.actors(after) != waiting:
            return
    kinds = [type(e) for e in effects]
    viewers = [v for v in (*range(state.config.players), None) if v != seat]
    for other in alternatives:
        if other == action:
            continue
        after2, effects2 = trace(game, state, seat, other)
        if [type(e) for e in effects2] != kinds or game.actors(after2) != game.actors(after):
            continue
        for viewer in viewers:
            if game.view(after2, viewer) != game.view(after, viewer):
                continue
            expect(
                seen(effects2, viewer) == seen(effects, viewer),
                f"the effects show {viewer} what its view hides: {seen(effects, viewer)} and "
                f"{seen(effects2, viewer)} after {action!r} and {other!r}, which it cannot tell "
                "apart",
            )


def check_capabilities(game: Ruleset[S, A, C, V], configs: Sequence[C] = ()) -> None:
    """The game's declaration: the contract's functions are there, ``CAPABILITIES`` is a
    `Capabilities`, and `Config` accepts exactly the declared player counts.

    Args:
        game: the game module.
        configs: configs to check the per-config capabilities with (catalog, tensor size).

    Raises:
        ConformanceError: a promise is broken.
    """
    missing = [name for name in _CONTRACT if not hasattr(game, name)]
    expect(not missing, f"{getattr(game, '__name__', game)} lacks {', '.join(missing)}")
    expect(isinstance(game, Ruleset), f"{game!r} lacks functions of the Ruleset contract")
    capabilities = game.CAPABILITIES
    expect(isinstance(capabilities, Capabilities), "CAPABILITIES must be a Capabilities")
    players = capabilities.players
    expect(len(players) > 0 and players.step == 1, "players is a range of player counts")
    make: Callable[..., C] = game.Config  # every Config takes its fields by keyword
    for count in (players[0] - 1, *players, players[-1] + 1):
        try:
            make(players=count)
            accepted = True
        except ConfigError:
            accepted = False
        except Exception as e:  # a refusal must be the library's ConfigError
            raise ConformanceError(
                f"Config(players={count}) raised {type(e).__name__}, not ConfigError: {e}"
            ) from e
        verdict = "accepts" if accepted else "refuses"
        expect(accepted == (count in players), f"Config {verdict} {count} players: {players}")
    for config in configs:
        if capabilities.catalog is not None:
            json.dumps(capabilities.catalog(config))  # the catalog is JSON data
        if capabilities.observation_size is not None:
            expect(capabilities.observation_size(config) > 0, "an observation has a size")
    check_files(game)


FILES = ("rulings", "weights", "renderer", "stylesheet", "view_schema")
"""The `Capabilities` fields that name files of the game's package."""


def check_files(game: Ruleset[S, A, C, V]) -> None:
    """Every file the game declares is in its package and is what the field says: UTF-8 text
    (rulings, renderer, stylesheet), a JSON object naming the game (weights), or the JSON
    Schema of the game's views exactly as generated from its View class (`view_schema`, so a
    renamed field cannot leave a stale schema for the browser); a declared native core names a
    module of the game's package (built or not).

    Args:
        game: the game module.

    Raises:
        ConformanceError: a declared file is missing or is not what it should be.
    """
    capabilities = game.CAPABILITIES
    for field in FILES:
        name = getattr(capabilities, field, None)
        if name is None:
            continue
        try:
            data = game_file(game, name)
            text = data.decode("utf-8")
        except (ConfigError, UnicodeDecodeError) as e:
            raise ConformanceError(f"Capabilities.{field} = {name!r}: {e}") from e
        expect(text.strip() != "", f"Capabilities.{field} = {name!r} is empty")
        if field == "weights":
            try:
                weights = json.loads(text)
            except ValueError as e:
                raise ConformanceError(f"Capabilities.weights = {name!r} is not JSON") from e
            expect(
                isinstance(weights, dict) and weights.get("game") == game.NAME,
                f"Capabilities.weights = {name!r} is not a weights file of {game.NAME}",
            )
        if field == "view_schema":
            make: Callable[..., C] = game.Config  # every Config takes its fields by keyword
            config = make(players=capabilities.players[0])
            generated = json_schema(type(game.view(game.initial_state(config), None)))
            try:
                kept = json.loads(text)
            except ValueError:
                kept = None  # not JSON: not the schema either
            expect(
                kept == generated,
                f"Capabilities.view_schema = {name!r} is not the schema of {game.NAME}'s views "
                "(write it again from the View class: tablefeast.kernel.schema.json_schema)",
            )
    core = getattr(capabilities, "core", None)
    if core is not None:
        try:
            module = importlib.import_module(game_module(game, core))
        except ImportError:
            return  # declared, not built in this install: the pure engine plays
        missing = [name for name in _CORE if not hasattr(module, name)]
        expect(not missing, f"the native core {module.__name__} lacks {', '.join(missing)}")


_CORE = ("State", "initial_state", "to_pure", "from_pure", "actors", "legal_actions")
"""What `tablefeast.native` needs of a compiled core, at the least."""


_CONTRACT = tuple(
    sorted(
        {name for name in dir(Ruleset) if not name.startswith("_")} | set(Ruleset.__annotations__)
    )
)
"""The names every game module defines (the `Ruleset` protocol's members)."""


def _declared(game: Ruleset[S, A, C, V], state: S, seat: int, legal: tuple[A, ...]) -> None:
    """What the capabilities say of one decision: strategy, move help, render."""
    capabilities = game.CAPABILITIES
    view = game.view(state, seat)
    if capabilities.strategy is not None:
        ranking, simultaneous = capabilities.strategy(view, legal)
        expect(isinstance(simultaneous, bool), "the strategy says whether to mix, as a bool")
        expect(set(ranking) <= set(legal), "the strategy ranks legal moves only")
    if capabilities.move_help:
        for action in legal:
            verb = game.action_to_str(action).split(" ", 1)[0]
            expect(verb in capabilities.move_help, f"no move help for {verb!r} moves")
    if capabilities.render is not None:
        expect(isinstance(capabilities.render(view), str), "render gives text")


# ---------------------------------------------------------------- whole games


def check_random_game(
    game: Ruleset[ConfiguredState, A, C, V],
    config: C,
    seed: int | str,
    *,
    invariants: Callable[[ConfiguredState], None] | None = None,
    deep_every: int = 7,
    max_state_growth: float = 3.0,
    max_moves: int = 100_000,
) -> tuple[ConfiguredState, Report]:
    """Play one seeded random game from `config`, checking everything after every move.

    The costlier checks (every legal action's round trips, JSON, determinization, the legality
    sample) run on every `deep_every`-th state and on the first 60.

    Args:
        game: the game module.
        config: the game's configuration.
        seed: seeds the game's random choices and the checks' samples.
        invariants: the game's own invariants (conservation of cards, running scores), called
            on every state; they raise on a broken one.
        deep_every: how often the costlier checks run.
        max_state_growth: a state's JSON never exceeds this multiple of the initial state's
            (a state holds no history).
        max_moves: a game longer than this fails (it should end).

    Returns:
        The final state, and what was checked.

    Raises:
        ConformanceError: a promise is broken.
    """
    invariants = invariants or (lambda _: None)
    rng = random.Random(seed)
    state = game.initial_state(config)
    initial_size = len(tablefeast.dumps(state))
    moves: list[tuple[int, A]] = []
    met: dict[A, None] = {}  # actions met so far: candidates for the legality check
    states = deep_count = compared = 0
    resampled = False
    checking: tuple[int, A] | None = None  # the move being checked, until it is made
    try:
        while True:
            invariants(state)
            check_state(game, state)
            states += 1
            deep = len(moves) % deep_every == 0 or len(moves) < 60
            if deep:
                deep_count += 1
                text = tablefeast.dumps(state)
                expect(tablefeast.loads(text, type(state)) == state, "the state's JSON round trip")
                expect(len(text) <= max_state_growth * initial_size, "the state keeps history")
                for viewer in (0, None):
                    view = game.view(state, viewer)
                    expect(
                        tablefeast.loads(tablefeast.dumps(view), type(view)) == view, "view JSON"
                    )
                resampled = _views(game, state, rng, invariants) or resampled
                _commit_order(game, state, rng)
            acting = game.actors(state)
            if not acting:
                break
            expect(len(moves) < max_moves, f"the game did not end within {max_moves} moves")
            seat = acting[rng.randrange(len(acting))]
            legal = game.legal_actions(state, seat)
            if deep:
                for action in legal[:40]:
                    _round_trips(game, state, seat, action)
                met.update(dict.fromkeys(legal[:20]))
                pool = list(met)
                _legality_agrees(game, state, rng.sample(pool, min(len(pool), 25)))
                if seat != CHANCE:
                    _declared(game, state, seat, legal)
            if seat == CHANCE:
                action = game.chance_distribution(state).sample(rng)
            else:
                action = legal[rng.randrange(len(legal))]
            checking = (seat, action)
            after = game.apply_action(state, seat, action)
            if deep:
                expect(tablefeast.dumps(state) == text, "apply_action changed its input")
                others = [a for a in legal[:12] if a != action]
                check_effects(game, state, seat, action, after, alternatives=others)
                compared += _alike_resampled(
                    game, state, seat, action, after=after, alternatives=others[:6], seed=len(moves)
                )
            moves.append((seat, action))
            checking = None
            state = after
        record = record_of(game, config, moves)
        reloaded = Record.from_json(record.to_json())
        expect(reloaded == record, "the record's JSON round trip")
        expect(replay(game, reloaded) == state, "replaying the record gives another final state")
    except (TablefeastError, AssertionError) as e:
        # Where it broke: the game, the moves made before, the move being checked.
        said = f"{e}" if isinstance(e, ConformanceError) else f"{type(e).__name__}: {e}"
        last = "; ".join(f"{seat}: {game.action_to_str(a)}" for seat, a in moves[-3:])
        where = f"after move {len(moves)} of the random game {seed!r} from {config!r}"
        if last:
            where += f"; the last moves: {last}"
        if checking is not None:
            where += f"; checking {checking[0]}: {game.action_to_str(checking[1])}"
        raise ConformanceError(f"{said} ({where})") from (
            None if isinstance(e, ConformanceError) else e
        )
    return state, Report(1, states, deep_count, resampled, compared)


def check_game(
    game: Ruleset[ConfiguredState, A, C, V],
    configs: Sequence[C] | None = None,
    *,
    games: int = 2,
    seed: int | str = 0,
    invariants: Callable[[ConfiguredState], None] | None = None,
    hidden_information: bool = True,
    deep_every: int = 7,
    bad_inputs: int = 20,
) -> Report:
    """Check the whole contract against `game`: its capabilities, then `games` seeded random
    games from each config (`check_random_game`), every one played to its end, then
    `bad_inputs` bad inputs of each kind (`tablefeast.testing.fuzz_game`).

    Args:
        game: the game module (a `Ruleset`).
        configs: the configs to play (None: the smallest and the largest player count, with
            the default options).
        games: random games per config.
        seed: seeds everything; the same seed checks the same games.
        invariants: the game's own invariants, called on every state (they raise on a broken
            one).
        hidden_information: whether the game hides something. Then some determinization must
            resample something, and the games must meet two states that a seat cannot tell
            apart (after two moves of another actor that its view does not show), whose
            determinizations for that seat from one seed must be the same: so `determinize`
            cannot keep what the view hides as it is.
        deep_every: how often the costlier checks run (see `check_random_game`).
        bad_inputs: bad inputs of each kind to try (0: none).

    Returns:
        What was checked.

    Raises:
        ConformanceError: a promise is broken.

    Examples:
        >>> import tablefeast
        >>> sab = tablefeast.load("schlacht_am_buffet")
        >>> report = check_game(sab, [sab.Config(players=3)], games=1, deep_every=50)
        >>> report.resampled, report.compared > 0, report.inputs > 100
        (True, True, True)
    """
    check_capabilities(game)
    if configs is None:
        players = game.CAPABILITIES.players
        make: Callable[..., C] = game.Config  # every Config takes its fields by keyword
        configs = [make(players=players[0]), make(players=players[-1])]
    check_capabilities(game, configs)
    total = Report(0, 0, 0, False)
    for index, config in enumerate(configs):
        for number in range(games):
            final, report = check_random_game(
                game,
                config,
                f"{seed}/{index}/{number}",
                invariants=invariants,
                deep_every=deep_every,
            )
            expect(game.is_terminal(final), "a random game plays to its end")
            total = Report(
                total.games + 1,
                total.states + report.states,
                total.deep + report.deep,
                total.resampled or report.resampled,
                total.compared + report.compared,
            )
    if hidden_information:
        expect(total.resampled, "determinize never resampled anything in the games played")
        expect(
            total.compared,
            "the games met no two states that a seat cannot tell apart, so determinize could "
            "not be checked against a state that really differs (pass hidden_information=False "
            "for a game that hides nothing)",
        )
    inputs = fuzz_game(game, configs, seed=seed, examples=bad_inputs) if bad_inputs else 0
    return attrs.evolve(total, inputs=inputs)
