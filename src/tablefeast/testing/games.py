"""The conformance suite: every promise of the `Ruleset` contract, checked against any game.

The library's four games pass it in their own tests, and so must a game of another package (the
tutorial's Goofspiel does): like pgx's ``api_test`` and OpenSpiel's ``random_sim_test``, it plays
seeded random games and checks, after every move,

- the contract at the state: actors ascending, distinct and ``()`` exactly when the game is
  over; legal actions distinct, deterministic and empty for a seat that does not act; chance
  outcomes exact `Fraction`\\ s that sum to 1, in the order of the legal outcomes; scores per
  seat; winners only at the end; a declared score sheet that adds up to the scores, with a
  tie-break exactly when the finished game's top score is tied;
- every legal action's round trips: notation, integer id, JSON, and the shared "why not" check
  (None for a legal action);
- that `apply_action` and `legal_actions` agree on a sample of actions met so far (an illegal
  one raises `IllegalActionError`, saying why), and that `apply_action` never changes its input;
- views and determinization: a determinized state has the same view, the same observation
  tensor and the same actors, is itself a sound state, and depends only on the view; the state
  and a view survive JSON; a state keeps no history;
- at a simultaneous step, that the order of the commitments does not matter;
- the traced transition: the same next state as `apply_action`; effects that say who may see
  them (seeing them twice sees no more); words that depend only on what a spectator sees;
  labels among the declared ones;
- the declared capabilities: the player counts `Config` accepts, the strategy's ranking of
  legal moves, move help for every first word of a seat's moves, renders, catalogs, holdings;
- at the end, that the game's record replays to the same final state.

A failed check raises `ConformanceError` (an `AssertionError` too) saying which promise broke,
where. Only the game's own functions and the seeded generator are used: nothing else is needed.

Examples:
    >>> import tablefeast
    >>> report = check_game(tablefeast.load("food_chain"), games=1, seed=3)
    >>> report.games, report.states > 50  # one game with 3 players, one with 6
    (2, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import attrs

import tablefeast
from tablefeast.kernel.capabilities import Capabilities
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import Effect, seen, tell, trace
from tablefeast.kernel.errors import IllegalActionError, TablefeastError
from tablefeast.kernel.record import Record, record_of, replay
from tablefeast.kernel.ruleset import AnyRuleset, Ruleset, apply_joint

__all__ = [
    "ConformanceError",
    "Report",
    "check_capabilities",
    "check_effects",
    "check_game",
    "check_random_game",
    "check_state",
]


class ConformanceError(TablefeastError, AssertionError):
    """A game broke a promise of the contract; the message says which, and where."""


def _expect(condition: object, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


@attrs.frozen
class Report:
    """What `check_game` checked.

    Attributes:
        games: random games played to their end (or to the move limit).
        states: states checked.
        deep: states that got the costlier checks too (round trips, views, determinization).
        resampled: whether some determinization changed a state (hidden information found).
    """

    games: int
    states: int
    deep: int
    resampled: bool


# ---------------------------------------------------------------- one state


def check_state(game: AnyRuleset, state: Any) -> None:
    """The contract at one state: actors, legal actions, chance, scores, winners.

    Args:
        game: the game module.
        state: a state of that game.

    Raises:
        ConformanceError: a promise is broken.
    """
    players = state.config.players
    acting = game.actors(state)
    _expect(list(acting) == sorted(set(acting)), f"actors {acting} are not ascending and distinct")
    _expect((acting == ()) == game.is_terminal(state), "actors must be () exactly when over")
    _expect(len(game.scores(state)) == players, "scores needs one entry per seat")
    won = game.winners(state)
    if game.is_terminal(state):
        _expect(won and set(won) <= set(range(players)), f"a finished game has winners: {won}")
    else:
        _expect(won == frozenset(), "no winners before the end")
    for seat in range(players):
        if seat not in acting:
            _expect(game.legal_actions(state, seat) == (), f"seat {seat} does not act")
    _score_sheet(game, state)
    if acting == (CHANCE,):
        outcomes = game.chance_outcomes(state)
        _expect(outcomes, "a chance node has outcomes")
        _expect(sum(p for _, p in outcomes) == 1, "chance probabilities sum to exactly 1")
        _expect(all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), "exact and positive")
        _expect(
            tuple(a for a, _ in outcomes) == game.legal_actions(state, CHANCE),
            "chance outcomes are the legal outcomes, in the same order",
        )
        _expect(len({a for a, _ in outcomes}) == len(outcomes), "chance outcomes are distinct")
        return
    for seat in acting:
        legal = game.legal_actions(state, seat)
        _expect(legal, f"acting seat {seat} has a legal action")
        _expect(len(set(legal)) == len(legal), f"the legal actions of {seat} are distinct")
        _expect(game.legal_actions(state, seat) == legal, "legal actions are deterministic")


def _score_sheet(game: AnyRuleset, state: Any) -> None:
    """The declared score sheet adds up to the scores; it names a tie-break exactly when the
    game is over with more than one seat on the highest score."""
    sheet_of = getattr(game, "CAPABILITIES", None) and game.CAPABILITIES.score_sheet
    if sheet_of is None:
        return
    sheet = sheet_of(state)
    scores = tuple(game.scores(state))
    problems = sheet.problems(scores)
    _expect(not problems, f"the score sheet disagrees with the scores: {problems}")
    tied = game.is_terminal(state) and scores.count(max(scores)) > 1
    _expect(
        (sheet.tie_break is not None) == tied,
        f"a tie-break is named exactly when the finished game's top score is tied: {sheet}",
    )


def _round_trips(game: AnyRuleset, state: Any, seat: int, action: Any) -> None:
    """Notation, integer id, JSON and the shared "why not" check agree on a legal action."""
    text = game.action_to_str(action)
    _expect(game.action_from_str(state, seat, text) == action, f"notation round trip of {text!r}")
    action_id = game.action_to_id(action, state.config)
    _expect(0 <= action_id < game.num_distinct_actions(state.config), f"id of {text!r} in range")
    _expect(game.action_from_id(state, seat, action_id) == action, f"id round trip of {text!r}")
    _expect(game.why_not(state, seat, action) is None, f"{text!r} is legal yet has a why-not")
    loaded = tablefeast.loads(tablefeast.dumps(action), game.Action)
    _expect(loaded == action, f"JSON round trip of {text!r}")


def _legality_agrees(game: AnyRuleset, state: Any, candidates: Iterable[Any]) -> None:
    """`apply_action` accepts exactly the listed actions, and says why it refuses the others."""
    for seat in (*range(state.config.players), CHANCE):
        legal = set(game.legal_actions(state, seat))
        for action in candidates:
            reason = game.why_not(state, seat, action)
            _expect(
                (reason is None) == (action in legal),
                f"why_not({seat}, {action!r}) says {reason!r}, yet legal_actions "
                + ("lists it" if action in legal else "does not list it"),
            )
            try:
                game.apply_action(state, seat, action)
            except IllegalActionError as e:
                _expect(action not in legal, f"legal {action!r} of {seat} was refused: {e}")
                _expect(str(e), "an illegal action's error says why")
            else:
                _expect(action in legal, f"{action!r} by {seat} was applied, yet is not legal")


def _views(
    game: AnyRuleset, state: Any, rng: random.Random, invariants: Callable[[Any], None]
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
        _expect(game.view(sampled, seat) == view, f"the view of {seat} leaks")
        _expect(game.actors(sampled) == game.actors(state), "determinize changed the actors")
        if game.CAPABILITIES.public_views:
            _public_views(game, state, sampled, seat)
        if observe is not None:
            size = game.CAPABILITIES.observation_size
            tensor = observe(view)
            _expect(size is None or len(tensor) == size(state.config), "tensor size")
            _expect(all(isinstance(x, float) for x in tensor), "a tensor holds floats")
            _expect(observe(game.view(sampled, seat)) == tensor, f"the tensor of {seat} leaks")
        seed = rng.getrandbits(32)
        again = game.determinize(sampled, seat, random.Random(seed))
        original = game.determinize(state, seat, random.Random(seed))
        _expect(again == original, f"determinize for {seat} reads more than the view")
        changed = changed or sampled != state
    return changed


def _public_views(game: AnyRuleset, state: Any, sampled: Any, seat: int | None) -> None:
    """With ``public_views``, every seat about to act has the view it has in any state drawn
    from another seat's view: the table may show it to all (`tablefeast.kernel.play.Observer`)."""
    commitments = getattr(state, "commitments", None)
    for actor in game.actors(state):
        if actor == CHANCE or (commitments is not None and commitments[actor] is not None):
            continue
        _expect(
            game.view(sampled, actor) == game.view(state, actor),
            f"public_views, yet the view of {actor} is not public to {seat}",
        )


def _commit_order(game: AnyRuleset, state: Any, rng: random.Random) -> None:
    """At a simultaneous step, every order of the same commitments gives the same state."""
    acting = game.actors(state)
    if len(acting) < 2:
        return
    choice = {}
    for seat in acting:
        legal = game.legal_actions(state, seat)
        choice[seat] = legal[rng.randrange(len(legal))]
    order = list(acting)
    rng.shuffle(order)
    steps = [state]
    for seat in order:
        steps.append(game.apply_action(steps[-1], seat, choice[seat]))
    _expect(steps[-1] == apply_joint(game, state, choice), "the commitments' order matters")
    _withdraw(game, state, order[0], steps[1])


def _withdraw(game: AnyRuleset, state: Any, seat: int, after: Any) -> None:
    """A declared `withdraw` takes a commitment back exactly, before the step is revealed:
    `after` is `state` with `seat`'s commitment made, the others' still to come."""
    withdraw = game.CAPABILITIES.withdraw
    if withdraw is None or not set(game.actors(state)) - {seat} <= set(game.actors(after)):
        return  # nothing to take back, or the commitment resolved the step
    _expect(
        withdraw(after, seat) == state,
        f"withdraw({seat}) does not restore the state before its commitment",
    )


# ---------------------------------------------------------------- effects and capabilities


def check_effects(
    game: AnyRuleset,
    state: Any,
    seat: int,
    action: Any,
    after: Any,
    *,
    alternatives: Sequence[Any] = (),
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
    _expect(traced == after, f"the traced transition of {action!r} gives another state")
    _expect(trace(game, state, seat, action)[1] == effects, "effects are deterministic")
    _expect(all(isinstance(e, Effect) for e in effects), "effects are Effect instances")
    for viewer in (*range(state.config.players), None):
        shown = seen(effects, viewer)
        _expect(all(isinstance(e, Effect) for e in shown), "a seen effect is an Effect")
        _expect(seen(shown, viewer) == shown, f"seeing the effects twice shows {viewer} more")
    words = tell(game, state.config, effects)
    _expect(isinstance(words, tuple) and all(isinstance(w, str) and w for w in words), "words")
    public = tell(game, state.config, seen(effects, None))
    _expect(words == public, f"the words leak: {words} from what a spectator sees as {public}")
    capabilities = game.CAPABILITIES
    if alternatives:
        _hidden_alike(
            game, state, seat, action, after=after, effects=effects, alternatives=alternatives
        )
    if capabilities.situations is not None:
        labels = capabilities.situations(effects)
        unknown = set(labels) - set(capabilities.situation_labels)
        _expect(not unknown, f"labels not in situation_labels: {sorted(unknown)}")
    return effects


def _hidden_alike(
    game: AnyRuleset,
    state: Any,
    seat: int,
    action: Any,
    *,
    after: Any,
    effects: tuple[Effect, ...],
    alternatives: Sequence[Any],
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
            _expect(
                seen(effects2, viewer) == seen(effects, viewer),
                f"the effects show {viewer} what its view hides: {seen(effects, viewer)} and "
                f"{seen(effects2, viewer)} after {action!r} and {other!r}, which it cannot tell "
                "apart",
            )


def check_capabilities(game: AnyRuleset, configs: Sequence[Any] = ()) -> None:
    """The game's declaration: the contract's functions are there, ``CAPABILITIES`` is a
    `Capabilities`, and `Config` accepts exactly the declared player counts.

    Args:
        game: the game module.
        configs: configs to check the per-config capabilities with (catalog, tensor size).

    Raises:
        ConformanceError: a promise is broken.
    """
    missing = [name for name in _CONTRACT if not hasattr(game, name)]
    _expect(not missing, f"{getattr(game, '__name__', game)} lacks {', '.join(missing)}")
    _expect(isinstance(game, Ruleset), f"{game!r} lacks functions of the Ruleset contract")
    capabilities = game.CAPABILITIES
    _expect(isinstance(capabilities, Capabilities), "CAPABILITIES must be a Capabilities")
    players = capabilities.players
    _expect(len(players) > 0 and players.step == 1, "players is a range of player counts")
    for count in (players[0] - 1, *players, players[-1] + 1):
        try:
            game.Config(players=count)
            accepted = True
        except (TypeError, ValueError):
            accepted = False
        verdict = "accepts" if accepted else "refuses"
        _expect(accepted == (count in players), f"Config {verdict} {count} players: {players}")
    for config in configs:
        if capabilities.catalog is not None:
            json.dumps(capabilities.catalog(config))  # the catalog is JSON data
        if capabilities.observation_size is not None:
            _expect(capabilities.observation_size(config) > 0, "an observation has a size")


_CONTRACT = tuple(
    sorted(
        {name for name in dir(Ruleset) if not name.startswith("_")} | set(Ruleset.__annotations__)
    )
)
"""The names every game module defines (the `Ruleset` protocol's members)."""


def _declared(game: AnyRuleset, state: Any, seat: int, legal: tuple[Any, ...]) -> None:
    """What the capabilities say of one decision: strategy, move help, render."""
    capabilities = game.CAPABILITIES
    view = game.view(state, seat)
    if capabilities.strategy is not None:
        ranking, simultaneous = capabilities.strategy(view, legal)
        _expect(isinstance(simultaneous, bool), "the strategy says whether to mix, as a bool")
        _expect(set(ranking) <= set(legal), "the strategy ranks legal moves only")
    if capabilities.move_help:
        for action in legal:
            verb = game.action_to_str(action).split(" ", 1)[0]
            _expect(verb in capabilities.move_help, f"no move help for {verb!r} moves")
    if capabilities.render is not None:
        _expect(isinstance(capabilities.render(view), str), "render gives text")


# ---------------------------------------------------------------- whole games


def check_random_game(
    game: AnyRuleset,
    config: Any,
    seed: int | str,
    *,
    invariants: Callable[[Any], None] | None = None,
    deep_every: int = 7,
    max_state_growth: float = 3.0,
    max_moves: int = 100_000,
) -> tuple[Any, Report]:
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
    moves: list[tuple[int, Any]] = []
    met: dict[Any, None] = {}  # actions met so far: candidates for the legality check
    states = deep_count = 0
    resampled = False
    checking: tuple[int, Any] | None = None  # the move being checked, until it is made
    try:
        while True:
            invariants(state)
            check_state(game, state)
            states += 1
            deep = len(moves) % deep_every == 0 or len(moves) < 60
            if deep:
                deep_count += 1
                text = tablefeast.dumps(state)
                _expect(tablefeast.loads(text, type(state)) == state, "the state's JSON round trip")
                _expect(len(text) <= max_state_growth * initial_size, "the state keeps history")
                for viewer in (0, None):
                    view = game.view(state, viewer)
                    _expect(
                        tablefeast.loads(tablefeast.dumps(view), type(view)) == view, "view JSON"
                    )
                resampled = _views(game, state, rng, invariants) or resampled
                _commit_order(game, state, rng)
            acting = game.actors(state)
            if not acting:
                break
            _expect(len(moves) < max_moves, f"the game did not end within {max_moves} moves")
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
                _expect(tablefeast.dumps(state) == text, "apply_action changed its input")
                others = [a for a in legal[:12] if a != action]
                check_effects(game, state, seat, action, after, alternatives=others)
            moves.append((seat, action))
            checking = None
            state = after
        record = record_of(game, config, moves)
        reloaded = Record.from_json(record.to_json())
        _expect(reloaded == record, "the record's JSON round trip")
        _expect(replay(game, reloaded) == state, "replaying the record gives another final state")
    except (TablefeastError, AssertionError) as e:
        # Where it broke: the game, the moves made before, the move being checked.
        shown = f"{e}" if isinstance(e, ConformanceError) else f"{type(e).__name__}: {e}"
        last = "; ".join(f"{seat}: {game.action_to_str(a)}" for seat, a in moves[-3:])
        where = f"after move {len(moves)} of the random game {seed!r} from {config!r}"
        if last:
            where += f"; the last moves: {last}"
        if checking is not None:
            where += f"; checking {checking[0]}: {game.action_to_str(checking[1])}"
        raise ConformanceError(f"{shown} ({where})") from (
            None if isinstance(e, ConformanceError) else e
        )
    return state, Report(1, states, deep_count, resampled)


def check_game(
    game: AnyRuleset,
    configs: Sequence[Any] | None = None,
    *,
    games: int = 2,
    seed: int | str = 0,
    invariants: Callable[[Any], None] | None = None,
    hidden_information: bool = True,
    deep_every: int = 7,
) -> Report:
    """Check the whole contract against `game`: its capabilities, then `games` seeded random
    games from each config (`check_random_game`), every one played to its end.

    Args:
        game: the game module (a `Ruleset`).
        configs: the configs to play (None: the smallest and the largest player count, with
            the default options).
        games: random games per config.
        seed: seeds everything; the same seed checks the same games.
        invariants: the game's own invariants, called on every state (they raise on a broken
            one).
        hidden_information: whether the game hides something (then some determinization must
            resample something in the games played).
        deep_every: how often the costlier checks run (see `check_random_game`).

    Returns:
        What was checked.

    Raises:
        ConformanceError: a promise is broken.

    Examples:
        >>> import tablefeast
        >>> sab = tablefeast.load("schlacht_am_buffet")
        >>> check_game(sab, [sab.Config(players=3)], games=1, deep_every=50).resampled
        True
    """
    check_capabilities(game)
    if configs is None:
        players = game.CAPABILITIES.players
        configs = [game.Config(players=players[0]), game.Config(players=players[-1])]
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
            _expect(game.is_terminal(final), "a random game plays to its end")
            total = Report(
                total.games + 1,
                total.states + report.states,
                total.deep + report.deep,
                total.resampled or report.resampled,
            )
    if hidden_information:
        _expect(total.resampled, "determinize never resampled anything in the games played")
    return total
