"""The `tablefeast` command: list, play, simulate, analyze, replay, rules and serve.

Exit status: 0 on success; 1 for a bad record or move (the message quotes it) or a bad game,
config or agent name; 2 for a command line argparse cannot read.

Examples:
    >>> import io
    >>> out = io.StringIO()
    >>> main(["play", "food_chain", "--players", "3", "--seed", "1"], out=out)
    0
    >>> end = out.getvalue().split("Final scores: ", 1)[1].splitlines()
    >>> end[:2]
    ['seat 0: 67, seat 1: 52, seat 2: 35', 'Winners: seat 0']
    >>> for line in end[3:5]:
    ...     print(line)  # then the score sheet: how each score came about
    The score sheet:
      seat 0: 67 = Round 1 +12, Round 2 +26, Round 3 +29 (4 worms, 2 birds, 4 cats, 3 dogs, 1 flea)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TextIO

import tablefeast
from tablefeast.agents import make_agent
from tablefeast.agents.simulate import SimulationResult, simulate
from tablefeast.kernel.carddata import read_text
from tablefeast.kernel.effects import Effect, tell
from tablefeast.kernel.errors import ConfigError, RecordError
from tablefeast.kernel.limits import parse_json
from tablefeast.kernel.options import config_from_options, option_value
from tablefeast.kernel.play import play_game
from tablefeast.kernel.record import Record, iter_traced, replay
from tablefeast.kernel.ruleset import A, AnyRuleset, C, Ruleset, S, V
from tablefeast.terminal import (
    HumanAgent,
    opening,
    rules_text,
    rulings_markdown,
    terminal_width,
)

__all__ = ["HumanAgent", "main"]


LEGEND = (
    "Moves in notation are shown in [brackets] (-v): 'seat N: MOVE' for a player, "
    "'chance: OUTCOME' for a card drawn, a plate or mouse turned, who was fastest."
)


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key, value


def _option_value(key: str, value: str) -> object:
    """An option's value: the JSON file it names after an ``@`` (``@cards.json``), otherwise as
    `kernel.options.option_value` reads it (JSON when it is JSON, plain text otherwise)."""
    if value.startswith("@"):
        what = f"option {key}"
        return parse_json(read_text(value[1:], what), what, ConfigError)
    return option_value(key, value)


def _options(args: argparse.Namespace) -> dict[str, object]:
    """The ``-o KEY=VALUE`` options of a command, values read by `_option_value`."""
    return {key: _option_value(key, value) for key, value in args.option}


def _run_arguments(command: argparse.ArgumentParser, games: int, option_help: str) -> None:
    """The arguments of a run of many games (simulate, analyze)."""
    command.add_argument("game", help="the game's name (see: tablefeast list)")
    command.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    command.add_argument(
        "--games", type=int, default=games, help=f"games to play (default {games})"
    )
    command.add_argument(
        "--agents",
        default="random",
        help="comma-separated, one per seat or one for all: easy, medium, hard, random, heuristic, "
        "greedy, ismcts[:N]",
    )
    command.add_argument(
        "--workers", type=int, help="processes (default: one per CPU; 1: this process alone)"
    )
    command.add_argument("--seed", default="0", help="seed of the whole run (default 0)")
    _option_argument(command, f"{option_help}, e.g. -o edition=fr, -o cards=@my_cards.json")


def _option_argument(command: argparse.ArgumentParser, help_text: str) -> None:
    """``-o KEY=VALUE``, repeatable: a Config option."""
    command.add_argument(
        "-o",
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=help_text,
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tablefeast", description="Exact rules engines for food-themed tabletop games."
    )
    parser.add_argument(
        "--version", action="version", version=f"tablefeast {version('tablefeast')}"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games")
    play = sub.add_parser("play", help="play a game with agents (and people), printing it")
    play.add_argument("game", help="the game's name (see: tablefeast list)")
    play.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    play.add_argument(
        "--seed", type=int, default=0, help="seed of chance and of the agents (default 0)"
    )
    play.add_argument(
        "--agents",
        default="random",
        help="comma-separated, one per seat or one for all: human, easy, medium, hard, random, "
        "heuristic, greedy, ismcts[:N]",
    )
    _option_argument(
        play, "a Config option, e.g. -o edition=fr, -o young_seats=[1], -o cards=@my_cards.json"
    )
    play.add_argument("--record", type=Path, help="write the game record (JSON) here")
    level = play.add_mutually_exclusive_group()
    level.add_argument(
        "-v", "--verbose", action="store_true", help="also print every move in notation"
    )
    level.add_argument("-q", "--quiet", action="store_true", help="print only the result")
    sim = sub.add_parser("simulate", help="play many games and tabulate who wins")
    _run_arguments(sim, games=100, option_help="a Config option, as for play")
    sim.add_argument(
        "--out",
        type=Path,
        help="write every game (its seed and record, to replay it) and the summaries as JSON",
    )
    sim.add_argument("--plot", type=Path, help="plot the win shares (needs matplotlib)")
    analyze = sub.add_parser(
        "analyze",
        help="play many games and write a designer's report (one HTML page, and its JSON)",
    )
    _run_arguments(analyze, games=200, option_help="a Config option (of the base variant)")
    analyze.add_argument(
        "--compare",
        type=_option,
        nargs="+",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a variant to compare with the base: the base options with these changed "
        "(players=N too); repeat for more variants, e.g. --compare edition=fr",
    )
    analyze.add_argument(
        "--report", type=Path, required=True, help="write the report (self-contained HTML) here"
    )
    analyze.add_argument(
        "--json", type=Path, help="write every figure as JSON here (default: next to the report)"
    )
    replay = sub.add_parser("replay", help="check a game record move by move")
    replay.add_argument("file", type=Path, help="the record (JSON), as play --record writes it")
    replay.add_argument(
        "--show", action="store_true", help="tell the game move by move, in words, as play does"
    )
    replay.add_argument(
        "--seat",
        type=int,
        help="with --show: from this seat's point of view (its own moves and final view too)",
    )
    rules = sub.add_parser("rules", help="print a game's rulings")
    rules.add_argument("game", help="the game's name (see: tablefeast list)")
    serve = sub.add_parser("serve", help="run the multiplayer game server (extra: server)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (loopback)")
    serve.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    serve.add_argument(
        "--db",
        default="tablefeast.db",
        help="SQLite database file (default ./tablefeast.db), or a PostgreSQL URL "
        "(postgresql://user@host/dbname: several processes may serve the same tables)",
    )
    serve.add_argument(
        "--config", metavar="FILE", help="server settings in TOML: limits, hosts, origins, agents"
    )
    serve.add_argument(
        "--create-key",
        metavar="KEY",
        help="a key that creating a table needs (default: $TABLEFEAST_CREATE_KEY, else none)",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        help="a host name the server answers to (besides localhost and IP addresses); repeat",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        metavar="ORIGIN",
        help="another site (https://games.example) whose pages may use the server; repeat",
    )
    serve.add_argument(
        "--proxy",
        metavar="ADDRESS",
        help="a trusted reverse proxy's address: its X-Forwarded-For names the client",
    )
    return parser


def _load(name: str) -> AnyRuleset:
    try:
        return tablefeast.load(name)
    except ValueError as e:
        raise SystemExit(f"tablefeast: error: {e}") from None


def _cmd_list(out: TextIO) -> int:
    for name in tablefeast.names():
        doc = (_load(name).__doc__ or "").strip().splitlines()
        print(f"{name:24} {doc[0] if doc else ''}", file=out)
    return 0


def _cmd_rules(name: str, out: TextIO) -> int:
    game = _load(name)
    try:
        markdown = rulings_markdown(game)
    except ConfigError as e:  # a game that declares a rulings file it lacks
        raise SystemExit(f"tablefeast: error: {e}") from None
    print(rules_text(markdown, terminal_width()), file=out)
    return 0


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    game = _load(args.game)
    try:
        options = _options(args)
        config = config_from_options(game, args.players, options)
    except (TypeError, ValueError) as e:
        raise SystemExit(f"tablefeast: error: bad config: {e}") from None
    names = args.agents.split(",")
    if len(names) == 1:
        names *= config.players
    if len(names) != config.players:
        raise SystemExit(
            f"tablefeast: error: --agents names {len(names)} agents for {config.players} seats: "
            f"give one for every seat, or one for all"
        )
    try:  # an unknown name is named, with the agents there are (make_agent says which)
        agents = [HumanAgent(stdout=out) if n == "human" else make_agent(n) for n in names]
    except ValueError as e:
        raise SystemExit(f"tablefeast: error: {e}; or human for a person") from None
    people = [seat for seat, agent in enumerate(agents) if isinstance(agent, HumanAgent)]
    own_words = game.CAPABILITIES.public_events is not None
    if args.verbose and not args.quiet:
        print(LEGEND, file=out)
    # What the first step tells whatever is played (Food Chain's round 1) is told before the
    # first seat is asked, not after its move.
    opened = opening(game, config, game.initial_state(config)) if own_words else ()
    if not args.quiet:
        for line in tell(game, config, opened):
            print(line, file=out)
    first_step = True

    def show(
        before: object, seat: int, action: object, __: object, effects: tuple[Effect, ...]
    ) -> None:
        # Default: what a person at the table saw, in words (the deal summarised, hidden cards
        # never named, so a person seated here sees the others' public moves too). -v adds
        # every move in notation, chance included; -q prints only the result (and a person
        # still hears of the moves made for them).
        nonlocal first_step
        if first_step and opened and effects[: len(opened)] == opened:
            effects = effects[len(opened) :]  # told already
        first_step = False
        if seat in people and len(game.legal_actions(before, seat)) == 1:
            agents[seat].forced(game, seat, action)  # played without asking: say so
        if args.quiet:
            return
        if args.verbose:
            who = "chance" if seat == tablefeast.CHANCE else f"seat {seat}"
            if not people or (seat == tablefeast.CHANCE and not own_words):
                print(f"  [{who}: {game.action_to_str(action)}]", file=out)
        if own_words:
            for line in tell(game, config, effects):
                print(line, file=out)

    quiet = args.quiet and not people
    result = play_game(game, config, agents, seed=args.seed, on_step=None if quiet else show)
    _print_end(game, result.state, people, args.quiet, out)
    if args.record is not None:
        args.record.write_text(result.record.to_json(), encoding="utf-8")
        print(f"Record written to {args.record}", file=out)
    return 0


def _print_end(
    game: Ruleset[S, A, C, V], final: S, people: Sequence[int], quiet: bool, out: TextIO
) -> None:
    """The end of a game played: "Game over", the final table (from the person's chair when
    one person played), then the final scores and the winners, the people's seats marked, and
    the game's score sheet (each score part by part, and the tie-break that decided)."""

    def seat(s: int) -> str:
        return f"seat {s} (you)" if s in people else f"seat {s}"

    render = game.CAPABILITIES.render
    if not quiet:
        print("\nGame over.", file=out)
        if render is not None:
            chair = people[0] if len(people) == 1 else None
            print(render(game.view(final, chair)), file=out)
    scores = game.scores(final)
    print(f"\nFinal scores: {', '.join(f'{seat(s)}: {v}' for s, v in enumerate(scores))}", file=out)
    print(f"Winners: {', '.join(seat(s) for s in sorted(game.winners(final)))}", file=out)
    sheet_of = game.CAPABILITIES.score_sheet
    if sheet_of is not None and not quiet:  # how each score came about, part by part
        print("\nThe score sheet:", file=out)
        for line in sheet_of(final).lines():
            print(f"  {line}", file=out)


def _cmd_replay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    path = args.file
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"tablefeast: error: cannot read {path}: {e}", file=err)
        return 1
    try:
        record = Record.from_json(text)
        game = tablefeast.load(record.game)  # ConfigError: a record of an unknown game
        # With --show, each move is applied once, traced; else replayed plainly.
        steps = list(iter_traced(game, record)) if args.show else []
        final = steps[-1][3] if steps else replay(game, record)
    except (RecordError, ConfigError) as e:
        print(f"tablefeast: error: {path}: {e}", file=err)
        return 1
    if args.show:
        seat = args.seat
        if seat is not None and not 0 <= seat < final.config.players:
            players = final.config.players
            print(f"tablefeast: error: --seat {seat}: seats are 0 to {players - 1}", file=err)
            return 1
        own_words = game.CAPABILITIES.public_events is not None
        for _, mover, action, _after, effects in steps:
            if seat is not None and mover == seat:
                print(f"  [you, seat {seat}: {game.action_to_str(action)}]", file=out)
            for line in tell(game, final.config, effects) if own_words else ():
                print(line, file=out)
        render = game.CAPABILITIES.render
        if render is not None:
            print("\n" + render(game.view(final, seat)), file=out)
    print(f"{len(record.moves)} moves of {record.game}, every one legal.", file=out)
    scores = game.scores(final)
    print(f"Scores: {', '.join(f'seat {s}: {v}' for s, v in enumerate(scores))}", file=out)
    if game.is_terminal(final):
        print(f"Winners: {', '.join(f'seat {s}' for s in sorted(game.winners(final)))}", file=out)
    else:
        print("The game is not finished.", file=out)
    return 0


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    try:
        from tablefeast.server import ServeError, ServerSettings, exposure_warning, serve
    except ImportError:
        raise SystemExit(
            'tablefeast: error: the server needs its extra: pip install "tablefeast[server]"'
        ) from None
    given: dict[str, Any] = {}
    key = args.create_key or os.environ.get("TABLEFEAST_CREATE_KEY") or None
    if key is not None:
        given["create_key"] = key
    if args.allow_host:
        given["allowed_hosts"] = args.allow_host
    if args.allow_origin:
        given["allowed_origins"] = args.allow_origin
    try:
        settings = (
            ServerSettings.from_toml(args.config, **given)
            if args.config
            else ServerSettings.from_mapping(given)
        )
    except ConfigError as e:
        raise SystemExit(f"tablefeast: error: {e}") from None
    try:  # the banner says the server is up: a taken port or a bad database says so instead
        _check_serve(args.host, args.port, args.db, settings.db_timeout)
    except ServeError as e:
        raise SystemExit(f"tablefeast: error: {e}") from None
    warning = exposure_warning(args.host, settings)
    if warning:
        print(warning, file=sys.stderr)
    from tablefeast.server.store import shown_db

    where = shown_db(args.db)
    print(f"tablefeast server on http://{args.host}:{args.port} (database {where})", file=out)
    out.flush()
    try:
        serve(args.host, args.port, args.db, settings=settings, proxy=args.proxy)
    except ServeError as e:  # taken in the moment between the check and the start
        raise SystemExit(f"tablefeast: error: {e}") from None
    return 0


def _check_serve(host: str, port: int, db: str, timeout: float) -> None:
    """Whether the server can start: the port is free and the database usable (it is opened
    and closed again; `serve` opens it for good). Checked before anything is printed.

    Raises:
        ServeError: the port is taken, the address cannot be listened on, or the database
            cannot be opened, written or read (the reason in one line).
    """
    from tablefeast.server import ServeError, check_port
    from tablefeast.server.store import StoreError, open_store

    check_port(host, port)
    try:
        open_store(db, timeout=timeout).close()
    except StoreError as e:
        raise ServeError(str(e)) from None


class _Progress(Protocol):
    """What a run reads and calls of a tqdm progress bar."""

    n: int

    def update(self, n: int) -> object:
        """Advance by `n` games."""

    def close(self) -> None:
        """Take the bar off the screen."""


def _progress_bar(total: int) -> _Progress | None:
    """A tqdm progress bar on stderr when tqdm is installed (extra ``simulate``), else None
    and a one-line hint (call it once a run)."""
    try:
        from tqdm import tqdm
    except ImportError:
        print("(install tablefeast[simulate] for a progress bar)", file=sys.stderr)
        return None
    bar: _Progress = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
    return bar


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    game = _load(args.game)
    try:  # check everything before the games start
        options = _options(args)
        config_from_options(game, args.players, options)
        for spec in args.agents.split(","):
            make_agent(spec)
        if args.workers is not None and args.workers < 1:
            raise ValueError(f"--workers must be at least 1, got {args.workers}")
    except (TypeError, ValueError) as e:
        raise SystemExit(f"tablefeast: error: {e}") from None
    if args.plot is not None:
        _pyplot()
    bar = _progress_bar(args.games)

    def progress(done: int) -> None:
        if bar is not None:
            bar.update(done - bar.n)

    try:
        result = simulate(
            args.game,
            args.players,
            args.agents.split(","),
            args.games,
            seed=args.seed,
            options=options,
            workers=args.workers,
            progress=progress,
            keep_records=args.out is not None,
        )
    except (TypeError, ValueError) as e:
        raise SystemExit(f"tablefeast: error: {e}") from None
    finally:
        if bar is not None:
            bar.close()
    print(result.table(), file=out)
    if args.out is not None:
        args.out.write_text(result.to_json(), encoding="utf-8")
        print(f"\nResults written to {args.out}", file=out)
    if args.plot is not None:
        plot_win_shares(result, args.plot)
        print(f"Plot written to {args.plot}", file=out)
    return 0


def _cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    from tablefeast.analysis import analyze, compare

    _load(args.game)
    json_path = args.json or args.report.with_suffix(".json")
    if json_path == args.report:
        json_path = args.report.with_name(args.report.name + ".json")
    for path in (args.report, json_path):  # before the games, not after
        if not path.parent.is_dir():
            raise SystemExit(f"tablefeast: error: {path}: no such directory {path.parent}")
    bar = None
    begun = False

    def progress(done: int) -> None:
        nonlocal bar, begun
        if not begun:  # the games have begun: every argument was accepted
            begun = True  # once: without tqdm, the hint is printed once, not once a game
            bar = _progress_bar(args.games * (1 + len(args.compare)))
        if bar is not None:
            bar.update(done - bar.n)

    common: dict[str, Any] = {
        "agents": args.agents.split(","),
        "games": args.games,
        "seed": args.seed,
        "workers": args.workers,
        "progress": progress,
    }
    try:
        base = _options(args)
        if args.compare:
            variants = [base] + [
                {**base, **{key: _option_value(key, value) for key, value in pairs}}
                for pairs in args.compare
            ]
            result: Any = compare(args.game, variants, players=args.players, **common)
        else:
            result = analyze(args.game, players=args.players, options=base, **common)
    except ValueError as e:
        raise SystemExit(f"tablefeast: error: {e}") from None
    finally:
        if bar is not None:
            bar.close()
    try:
        args.report.write_text(result.to_html(), encoding="utf-8")
        json_path.write_text(result.to_json(), encoding="utf-8")
    except OSError as e:
        raise SystemExit(f"tablefeast: error: cannot write the report: {e}") from None
    from tablefeast.analysis.report import findings

    if args.compare:
        lines = findings(result.variants, result.labels, result.differences)
    else:
        lines = findings([result], [""])
    for line in lines:
        print(f"- {line}", file=out)
    print(f"\nReport written to {args.report}\nFigures written to {json_path}", file=out)
    return 0


def _pyplot() -> ModuleType:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit(
            "tablefeast: error: --plot needs matplotlib (pip install tablefeast[simulate])"
        ) from None
    return plt


def plot_win_shares(result: SimulationResult, path: Path) -> None:
    """A bar chart of each agent's win share with its 95% interval (needs matplotlib).

    Raises:
        SystemExit: matplotlib is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit(
            "tablefeast: error: --plot needs matplotlib (tablefeast[simulate])"
        ) from None
    rows = result.by_agent()
    figure, axes = plt.subplots(figsize=(6, 3.5))
    shares = [r.win_share for r in rows]
    errors = [[r.win_share - r.low for r in rows], [r.high - r.win_share for r in rows]]
    axes.bar([r.agent for r in rows], shares, yerr=errors, capsize=6, color="#d98c2b")
    axes.axhline(1 / len(result.agents), color="grey", linestyle="--", label="fair share")
    axes.set_ylabel("win share")
    axes.set_title(f"{result.game}: {len(result.games)} games, {len(result.agents)} players")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status.

    Args:
        argv: the arguments, without the program name (None: ``sys.argv[1:]``).
        out: where to print (None: standard output).

    Examples:
        >>> import io
        >>> out = io.StringIO()
        >>> main(["list"], out=out), out.getvalue().split()[0]
        (0, 'schlacht_am_buffet')
    """
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    try:
        return _run(args, out)
    except KeyboardInterrupt:  # Ctrl-C: one line, the conventional status, no traceback
        print("\ntablefeast: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `tablefeast play ... | head`: the reader has all it wanted
        # Point stdout at devnull so that Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "list":
        return _cmd_list(out)
    if args.command == "rules":
        return _cmd_rules(args.game, out)
    if args.command == "play":
        return _cmd_play(args, out)
    if args.command == "simulate":
        return _cmd_simulate(args, out)
    if args.command == "analyze":
        return _cmd_analyze(args, out)
    if args.command == "serve":
        return _cmd_serve(args, out)
    return _cmd_replay(args, out, sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
