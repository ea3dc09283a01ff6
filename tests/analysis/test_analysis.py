"""tablefeast.analysis: the facts of scripted games, the figures against hand-computed values,
comparisons, JSON, the HTML report and the `analyze` command."""

from __future__ import annotations

import io
import itertools
import json
import math
import random
import types
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import attrs
import pytest

import tablefeast
from tablefeast import CHANCE, ConfigError, RecordError
from tablefeast.agents.simulate import GameOutcome, simulate
from tablefeast.analysis import (
    Analysis,
    Branching,
    Comparison,
    Figure,
    GameFacts,
    Stat,
    analyze,
    compare,
    difference,
    move_keys,
)
from tablefeast.analysis.compare import variant_labels
from tablefeast.analysis.facts import decision_kind
from tablefeast.analysis.figures import build_figures
from tablefeast.analysis.report import report_html
from tablefeast.cli import main


class FirstLegal:
    """Always the first legal move: in Food Chain (no chance) every game is the same."""

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return legal[0]


class SeatBiased:
    """Seat 0 plays its first legal move, every other seat its last: in Food Chain with the
    default stars seat 0 always wins, with ``stars=[5, 0, 0, 0, 0]`` seat 1 always does."""

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return legal[0] if view.seat == 0 else legal[-1]


def direct_facts(name: str, players: int) -> dict[str, Any]:
    """The facts of one game of first-legal agents, from a loop written out here."""
    game = tablefeast.load(name)
    state = game.initial_state(game.Config(players=players))
    decisions, chance, options, keys = (
        0,
        0,
        Counter[str](),
        [Counter[str]() for _ in range(players)],
    )
    leaders = []
    while True:
        scores = game.scores(state)
        top = [s for s in range(players) if scores[s] == max(scores)]
        leaders.append(top[0] if len(top) == 1 else None)
        acting = game.actors(state)
        if not acting:
            break
        seat = acting[0]
        if seat == CHANCE:
            chance += 1
            action = game.chance_outcomes(state)[0][0]
        else:
            decisions += 1
            legal = game.legal_actions(state, seat)
            kinds = []
            for action in legal:
                if type(action).__name__ not in kinds:
                    kinds.append(type(action).__name__)
            options["/".join(kinds)] += len(legal)
            action = legal[0]
            words = game.action_to_str(action).split()
            keys[seat][" ".join(words[:2])] += 1  # Food Chain's moves have one or two words
        state = game.apply_action(state, seat, action)
    strict = [leader for leader in leaders if leader is not None]
    changes = sum(a != b for a, b in itertools.pairwise(strict))
    return {
        "decisions": decisions,
        "chance": chance,
        "options": dict(options),
        "keys": [dict(k) for k in keys],
        "lead_changes": changes,
        "rounds": state.round,
        "scores": game.scores(state),
    }


def test_the_facts_of_scripted_games_are_those_of_a_loop_written_out() -> None:
    analysis = analyze("food_chain", players=3, agents=[FirstLegal], games=3, workers=1)
    expected = direct_facts("food_chain", 3)
    assert expected["rounds"] == 3  # FC-1: as many rounds as players
    assert expected["chance"] == 0 and expected["scores"] == (54, 54, 54)
    for i, facts in enumerate(analysis.games):
        assert facts.outcome.seed == f"0/{i}" and facts.outcome.winners == (0, 1, 2)
        assert facts.decisions == expected["decisions"] == facts.outcome.moves
        assert facts.chance == 0 and facts.rounds == 3
        assert {b.kind: b.options for b in facts.branching} == expected["options"]
        assert [dict(seat) for seat in facts.moves] == expected["keys"]
        assert facts.lead_changes == expected["lead_changes"] == 0  # every seat alike: all tied
    # By hand: three equal seats share every win; the margin has no game (all won).
    seats = analysis.figure("win_share_by_seat")
    assert seats is not None and [s.value for s in seats.stats] == pytest.approx([1 / 3] * 3)
    margin = analysis.figure("winning_margin")
    assert margin is not None and margin.counts == ()
    assert margin.stat("shared wins") == Stat.share("shared wins", 3, 3)
    rounds = analysis.figure("length_rounds")
    assert rounds is not None and rounds.counts == ((3, 3),)


def test_a_game_with_chance_counts_chance_events_and_lead_changes_as_a_loop_does() -> None:
    game = tablefeast.load("schlacht_am_buffet")
    analysis = analyze("schlacht_am_buffet", players=3, agents=[FirstLegal], games=1, workers=1)
    facts = analysis.games[0]
    # The same game, replayed from its record, with the leader followed state by state.
    result = simulate("schlacht_am_buffet", 3, [FirstLegal], 1, workers=1, keep_records=True)
    record = result.games[0].record
    assert record is not None and len(record) == facts.outcome.moves
    assert facts.chance == sum(seat == CHANCE for seat, _ in record)
    assert facts.decisions == sum(seat != CHANCE for seat, _ in record)
    assert (
        facts.rounds
        == tablefeast.replay(tablefeast.Record("schlacht_am_buffet", result.config, record)).round
    )
    state, leader, changes = game.initial_state(game.Config(players=3)), None, 0
    for seat, text in record:
        state = game.apply_action(state, seat, game.action_from_str(state, seat, text))
        scores = game.scores(state)
        top = [s for s in range(3) if scores[s] == max(scores)]
        if len(top) == 1:
            changes += leader is not None and top[0] != leader
            leader = top[0]
    assert facts.lead_changes == changes


def facts_of(  # noqa: PLR0917 - a hand-made game, field by field
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    decisions: int,
    chance: int,
    rounds: int,
    lead: int,
    branching: tuple[Branching, ...],
    moves: tuple[tuple[tuple[str, int], ...], ...],
    situations: tuple[tuple[str, int], ...] = (),
    holdings: tuple[tuple[tuple[str, int], ...], ...] = (),
) -> GameFacts:
    outcome = GameOutcome(0, ("a",) * len(scores), scores, winners, decisions + chance)
    return GameFacts(
        outcome, decisions, chance, rounds, lead, branching, moves, situations, holdings
    )


def test_figures_of_two_hand_made_games_are_the_values_computed_by_hand() -> None:
    games = [
        facts_of(
            (5, 3), (0,), 4, 1, 2, 1,
            (Branching("Play", 4, 10, 26, 0, 3),),
            ((("play 1", 2), ("play 2", 1)), (("play 1", 1),)),
            (("X-1 tie", 2),),
        ),
        facts_of(
            (4, 4), (0, 1), 6, 0, 3, 0,
            (Branching("Play", 6, 6, 6, 6, 1),),
            ((("play 2", 3),), (("play 1", 2),)),
        ),
    ]  # fmt: skip
    figures = {f.name: f for f in build_figures(games, 2, ("X-1 tie", "X-2 other"))}
    assert list(figures) == [
        "win_share_by_seat",
        "length_decisions",
        "length_rounds",
        "branching",
        "scores",
        "winning_margin",
        "lead_changes",
        "situations",
        "moves",
        "holdings",
    ]
    seats = figures["win_share_by_seat"]
    assert [s.value for s in seats.stats] == [0.75, 0.25]  # 1 + 1/2 and 0 + 1/2, of 2 games
    assert seats.reference == 0.5
    decisions = figures["length_decisions"]
    assert decisions.counts == ((4, 1), (6, 1))
    assert decisions.stat("decisions") == Stat("decisions", "mean", 5.0, *_normal(5, 2**0.5, 2))
    assert decisions.stat("chance events").value == 0.5  # type: ignore[union-attr]
    assert figures["length_rounds"].counts == ((2, 1), (3, 1))
    branching = figures["branching"]
    play = branching.stat("Play")
    assert play is not None and play.n == 10 and play.value == 1.6
    assert play.sd == pytest.approx(math.sqrt((32 - 16 * 16 / 10) / 9))
    assert branching.rows == (("Play", "5.0", "1.60", "3", "60%"),)
    scores = figures["scores"]
    assert scores.counts == ((3, 1), (4, 2), (5, 1))
    means = {s.label: s.value for s in scores.stats}
    assert means == {"all seats": 4.0, "seat 0": 4.5, "seat 1": 3.5, "winner": 4.5}
    margin = figures["winning_margin"]
    assert margin.counts == ((2, 1),)  # 5 - 3; the shared game has no margin
    assert margin.stat("shared wins").value == 0.5  # type: ignore[union-attr]
    lead = figures["lead_changes"]
    assert lead.stat("lead changes").value == 0.5  # type: ignore[union-attr]
    assert lead.stat("games with a lead change").value == 0.5  # type: ignore[union-attr]
    situations = figures["situations"]
    assert [(s.label, s.value) for s in situations.stats] == [("X-1 tie", 0.5), ("X-2 other", 0)]
    assert situations.rows == (("X-1 tie", "50%", "1.00"), ("X-2 other", "0%", "0.00"))
    moves = figures["moves"]
    # play 1: (w, c) = (1, 2), (0, 1), (1/2, 2): (2 + 0 + 1) / 5; play 2: (1, 1), (1/2, 3): 2.5 / 4
    assert [(s.label, s.value, s.n) for s in moves.stats] == [
        ("play 1", 0.6, 3),
        ("play 2", 0.625, 2),
    ]
    assert moves.rows == (
        ("play 1", "75%", "1.50", "1.00"),
        ("play 2", "50%", "1.25", "0.75"),
    )


def _normal(mean: float, sd: float, n: int) -> tuple[float, float, int, float]:
    half = 1.959963984540054 * sd / math.sqrt(n)
    return mean - half, mean + half, n, sd


def test_a_game_without_situations_says_so() -> None:
    games = [facts_of((1, 0), (0,), 1, 0, 1, 0, (), ((), ()))]
    situations = {f.name: f for f in build_figures(games, 2, None)}["situations"]
    assert situations.stats == () and "no special situations" in situations.note
    named_none = {f.name: f for f in build_figures(games, 2, ())}["situations"]
    assert named_none.stats == () and "names no special situations" in named_none.note


def _wilson(successes: float, n: int) -> tuple[float, float]:
    """Wilson's score interval (95%), from its formula."""
    z, p = 1.959963984540054, successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_the_holdings_figure_of_hand_made_games_is_computed_independently() -> None:
    games = [
        facts_of(
            (9, 2, 1), (0,), 1, 0, 1, 0, (), ((), (), ()),
            holdings=((("cake", 2),), (("garlic", 1),), ()),
        ),
        facts_of(
            (4, 4, 0), (0, 1), 1, 0, 1, 0, (), ((), (), ()),
            holdings=((("garlic", 3),), (("cake", 1), ("garlic", 1)), (("cake", 1),)),
        ),
        facts_of((1, 0, 0), (0,), 1, 0, 1, 0, (), ((), (), ())),  # no holdings: left out
    ]  # fmt: skip
    labels = ("cake", "garlic", "tile")
    figure = {f.name: f for f in build_figures(games, 3, None, labels)}["holdings"]
    # Independently: every seat-game of the games with holdings, as (win share, counts).
    seat_games = []
    for f in games[:2]:
        for seat in range(3):
            share = 1 / len(f.outcome.winners) if seat in f.outcome.winners else 0.0
            seat_games.append((share, dict(f.holdings[seat])))
    assert [w for w, _ in seat_games] == [1, 0, 0, 0.5, 0.5, 0]
    expected = []
    for label in labels:
        held = [w for w, counts in seat_games if counts.get(label, 0) > 0]
        none = [w for w, counts in seat_games if counts.get(label, 0) == 0]
        if held and none:
            for group, which in ((held, "1 or more"), (none, "none")):
                expected.append((f"{label}: {which}", sum(group) / len(group), len(group)))
    assert [(s.label, s.value, s.n) for s in figure.stats] == expected
    # By hand: cake is held by seat 0 of game 1 (won) and seats 1 and 2 of game 2 (1/2, 0);
    # not by seats 1 and 2 of game 1 (0, 0) and seat 0 of game 2 (1/2).
    assert expected == [
        ("cake: 1 or more", 0.5, 3),
        ("cake: none", 1 / 6, 3),
        ("garlic: 1 or more", 1 / 3, 3),
        ("garlic: none", 1 / 3, 3),
    ]
    for stat in figure.stats:  # nobody held a tile: no bars for it, only a row
        assert stat.kind == "share" and (stat.low, stat.high) == pytest.approx(
            _wilson(stat.value * stat.n, stat.n)
        )
    assert figure.reference == pytest.approx(1 / 3)
    # Means held: weighted by the win share (winners) and by the rest of it (the others).
    wins = sum(w for w, _ in seat_games)
    assert wins == 2
    means = {
        label: (
            sum(w * c.get(label, 0) for w, c in seat_games) / wins,
            sum((1 - w) * c.get(label, 0) for w, c in seat_games) / (6 - wins),
        )
        for label in labels
    }
    assert means == {"cake": (1.25, 0.375), "garlic": (1.0, 0.75), "tile": (0.0, 0.0)}

    def share(group: list[float]) -> str:
        low, high = _wilson(sum(group), len(group))
        return f"{100 * sum(group) / len(group):.0f}% ({100 * low:.0f}% to {100 * high:.0f}%)"

    for row, label in zip(figure.rows, labels, strict=True):
        held = [w for w, counts in seat_games if counts.get(label, 0) > 0]
        none = [w for w, counts in seat_games if counts.get(label, 0) == 0]
        assert row == (
            label,
            f"{100 * len(held) / 6:.0f}%",
            share(held) if held else "-",
            share(none) if none else "-",
            f"{means[label][0]:.2f}",
            f"{means[label][1]:.2f}",
        )
    assert figure.rows[2][:4] == ("tile", "0%", "-", "33% (10% to 70%)")
    # A game without holdings() says so; one with them but never asked shows its labels.
    bare = {f.name: f for f in build_figures(games[2:], 3, None)}["holdings"]
    assert bare.stats == () and "no holdings" in bare.note
    unlisted = {f.name: f for f in build_figures(games, 3, None)}["holdings"]
    assert [row[0] for row in unlisted.rows] == ["cake", "garlic"]


def test_the_facts_hold_what_the_game_says_at_the_end() -> None:
    game = tablefeast.load("schlacht_am_buffet")
    analysis = analyze("schlacht_am_buffet", players=3, agents=[FirstLegal], games=1, workers=1)
    result = simulate("schlacht_am_buffet", 3, [FirstLegal], 1, workers=1, keep_records=True)
    record = result.games[0].record
    assert record is not None
    end = tablefeast.replay(tablefeast.Record("schlacht_am_buffet", result.config, record))
    held = game.holdings(end)
    assert analysis.games[0].holdings == tuple(
        tuple((label, n) for label, n in seat.items() if n) for seat in held
    )
    assert analysis.holdings == tuple(held[0])  # every label, in the game's order


def test_a_game_without_holdings_still_works(monkeypatch: pytest.MonkeyPatch) -> None:
    fc = tablefeast.load("food_chain")
    bare = types.ModuleType("bare_food_chain", fc.__doc__)
    for key in dir(fc):
        if not key.startswith("__") and key != "holdings":
            setattr(bare, key, getattr(fc, key))
    bare.CAPABILITIES = attrs.evolve(fc.CAPABILITIES, holdings=None)  # type: ignore[attr-defined]
    load = tablefeast.load
    monkeypatch.setattr(tablefeast, "load", lambda name: bare if name == fc.NAME else load(name))
    analysis = analyze("food_chain", players=3, games=2, workers=1)
    assert analysis.holdings is None and all(f.holdings == () for f in analysis.games)
    holdings = analysis.figure("holdings")
    assert holdings is not None and holdings.stats == () and "no holdings" in holdings.note
    check_page(analysis.to_html())


def test_seat_shares_sum_to_one_and_the_games_are_simulates() -> None:
    args = ("all_you_can_eat_buffet", 4, ["heuristic", "random"] * 2, 8)
    analysis = analyze(args[0], args[1], agents=args[2], games=args[3], seed=3, workers=1)
    result = simulate(*args, seed=3, workers=1)
    assert tuple(f.outcome for f in analysis.games) == result.games  # the very same games
    for facts in analysis.games:
        assert sum(facts.win_share(s) for s in range(4)) == pytest.approx(1)
    seats = analysis.figure("win_share_by_seat")
    assert seats is not None and sum(s.value for s in seats.stats) == pytest.approx(1)
    agents = analysis.figure("win_share_by_agent")
    assert agents is not None and [s.label for s in agents.stats] == ["heuristic", "random"]
    assert [s.value for s in agents.stats] == pytest.approx(
        [row.win_share for row in result.by_agent()]
    )


def test_results_do_not_depend_on_the_executor() -> None:
    agents = ["heuristic", "random", "random"]
    serial = analyze("mausgeflippt", 3, agents=agents, games=4, workers=1)
    with ThreadPoolExecutor(2) as pool:
        assert analyze("mausgeflippt", 3, agents=agents, games=4, executor=pool) == serial
    assert analyze("mausgeflippt", 3, agents=agents, games=4, workers=2) == serial  # a pool
    assert serial.figure("length_rounds") is None  # Mausgeflippt's state has no round


def test_move_keys_and_decision_kinds() -> None:
    assert move_keys("play 9") == ("play 9",)
    assert move_keys("take centre") == ("take centre",)
    assert move_keys("exchange") == ("exchange",)
    assert move_keys("play hungry hungry") == ("play hungry",)
    assert move_keys("steal 3 Rum Banana") == ("steal 3", "steal Rum Banana")
    fc = tablefeast.load("food_chain")
    assert decision_kind((fc.Take(1), fc.TakeFromCentre(), fc.Take(2))) == "Take/TakeFromCentre"


def test_newcombes_interval_and_the_normal_difference() -> None:
    # Newcombe (1998), example (a): 56/70 against 48/80, method 10: 0.0524 to 0.3339 (95%).
    d, low, high = difference(Stat.share("x", 48, 80), Stat.share("x", 56, 70), z=1.959963984540054)
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)
    a, b = Stat.mean("m", [1, 2, 3]), Stat.mean("m", [2, 3, 4])
    d, low, high = difference(a, b)
    assert d == 1 and high - d == pytest.approx(2.5758293035489 * math.sqrt(2 / 3))
    with pytest.raises(ValueError, match="cannot compare"):
        difference(a, Stat.share("m", 1, 2))


def test_comparison_marks_a_difference_made_to_be_clear_and_nothing_else() -> None:
    variants = [{"players": 3}, {"players": 3, "stars": [5, 0, 0, 0, 0]}]
    comparison = compare("food_chain", variants, agents=[SeatBiased], games=6, workers=1)
    assert comparison.labels == ("stars=[3,2,1,3,0]", "stars=[5,0,0,0,0]")
    seats = [f.stats for f in comparison.figure("win_share_by_seat") if f is not None]
    assert [s.value for s in seats[0]] == [1, 0, 0] and [s.value for s in seats[1]] == [0, 1, 0]
    clear = {(d.figure, d.label) for d in comparison.clear()}
    assert ("win_share_by_seat", "seat 0") in clear and ("win_share_by_seat", "seat 1") in clear
    assert ("win_share_by_seat", "seat 2") not in clear  # never won in either
    # The same variant twice: the same games, no difference at all, nothing marked.
    same = compare("food_chain", [{}, {}], players=3, agents=["random"], games=6, workers=1)
    assert same.clear() == () and all(d.difference == 0 for d in same.differences)
    assert same.variants[0].games == same.variants[1].games
    assert "◆" not in same.to_html()
    page = comparison.to_html()
    assert "◆ seat 0" in page and "◆ seat 2" not in page
    # The same games, another winner: the seat holding the Dog no longer wins (FC-8 piles).
    dogs = ("holdings", "dogs (last round): 1 or more")
    assert dogs in clear and "◆ dogs (last round): 1 or more" in page
    assert '<tr class="clear"><td>dogs (last round)</td>' in page  # its row in the table
    held = [f for f in comparison.figure("holdings") if f is not None]
    assert [f.stat(dogs[1]).value for f in held] == [1.0, 0.0]  # type: ignore[union-attr]


def test_different_player_counts_compare_win_shares_against_their_fair_shares() -> None:
    variants = [{"players": 3}, {"players": 4}]
    comparison = compare("food_chain", variants, agents=[FirstLegal], games=4, workers=1)
    wanted = ("win_share_by_seat", "seat 0")
    seat0 = next(d for d in comparison.differences if (d.figure, d.label) == wanted)
    # 1/3 and 1/4 are each the fair share: no difference once measured against it.
    assert seat0.relative and seat0.difference == pytest.approx(0) and not seat0.clear


def test_json_round_trips_exactly() -> None:
    analysis = analyze("all_you_can_eat_buffet", 3, games=3, seed="x", workers=1)
    assert Analysis.from_json(analysis.to_json()) == analysis
    assert analysis.holdings is not None and all(f.holdings for f in analysis.games)
    comparison = compare("food_chain", [{}, {"first_alpha": 1}], players=3, games=2, workers=1)
    again = Comparison.from_json(comparison.to_json())
    assert again == comparison and again.to_html() == comparison.to_html()
    for figure in analysis.figures:
        assert Figure.from_json(figure.to_json()) == figure
    with pytest.raises(RecordError, match="not a Analysis"):
        Analysis.from_json('{"game": "food_chain"}')
    with pytest.raises(RecordError, match="not valid JSON"):
        Comparison.from_json("{")
    with pytest.raises(RecordError, match="nested deeper"):
        Figure.from_json("[" * 50 + "]" * 50)


class Page(HTMLParser):
    """Checks that every tag is closed in order, and collects what could reach outside."""

    VOID = frozenset({"meta", "br", "hr", "img", "link", "input", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.tags: Counter[str] = Counter()
        self.links: list[tuple[str, str]] = []
        self.style = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        self.links += [(name, value or "") for name, value in attrs if name in ("src", "href")]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        self.links += [(name, value or "") for name, value in attrs if name in ("src", "href")]

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1] == "style":
            self.style += data


def check_page(page: str) -> Page:
    parser = Page()
    parser.feed(page)
    parser.close()
    assert parser.open == [], f"unclosed: {parser.open}"
    assert "http://" not in page and "https://" not in page
    assert all(name == "href" and value.startswith("#") for name, value in parser.links)
    assert not parser.tags["script"] and not parser.tags["link"] and not parser.tags["img"]
    assert "url(" not in parser.style and "@import" not in parser.style
    return parser


def test_the_report_is_well_formed_self_contained_and_escapes_what_it_shows() -> None:
    analysis = analyze("all_you_can_eat_buffet", 4, agents=["heuristic"], games=4, workers=1)
    page = check_page(analysis.to_html())
    assert page.tags["svg"] >= 8 and page.tags["section"] == len(analysis.figures) + 1
    for figure in analysis.figures:
        assert f'id="{figure.name}"' in analysis.to_html() and figure.how_to_read[:30] in (
            analysis.to_html().replace("&#x27;", "'")
        )
    # A hostile label (a custom card list may name a Meal anything) is shown, never run.
    evil = '<script>alert("x")</script>'
    figure = analysis.figures[0]
    stat = attrs.evolve(figure.stats[0], label=evil)
    hostile = attrs.evolve(
        analysis, figures=(attrs.evolve(figure, stats=(stat,), title=evil), *analysis.figures[1:])
    )
    text = hostile.to_html()
    check_page(text)
    assert evil not in text and "&lt;script&gt;" in text
    comparison = compare("food_chain", [{}, {"players": 4}], players=3, games=3, workers=1)
    check_page(comparison.to_html())
    check_page(report_html([analysis], ["x"]))


def test_variant_labels_name_what_differs() -> None:
    assert variant_labels([{"players": 3, "a": 1}, {"players": 4, "a": 1}]) == (
        "players=3",
        "players=4",
    )
    long = [{"cards": "x" * 40 + "1"}, {"cards": "x" * 40 + "2"}]
    assert variant_labels(long) == (
        "1: cards=" + "x" * 21 + "...",
        "2: cards=" + "x" * 21 + "...",
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: analyze("chess"), "unknown game"),
        (lambda: analyze("food_chain", options={"colour": 1}), "unknown option 'colour'"),
        (lambda: analyze("food_chain", options={"stars": 5}), "Config.stars"),
        (lambda: analyze("food_chain", options=[1]), "options must be a mapping"),
        (lambda: analyze("food_chain", players=9), "Config.players"),
        (lambda: analyze("food_chain", agents=["wizard"]), "unknown agent 'wizard'"),
        (lambda: analyze("food_chain", agents=[]), "non-empty list"),
        (lambda: analyze("food_chain", agents=[3]), "a name or a factory"),
        (lambda: analyze("food_chain", 3, agents=["random"] * 2), "need 1 or 3 agents"),
        (lambda: analyze("food_chain", games=0), "games must be"),
        (lambda: analyze("food_chain", games=True), "games must be"),
        (lambda: analyze("food_chain", games=10**9), "games must be"),
        (lambda: analyze("food_chain", workers=0), "workers must be"),
        (lambda: analyze("food_chain", seed=1.5), "seed must be"),
        (lambda: compare("food_chain", [{}]), "2 to 16 variants"),
        (lambda: compare("food_chain", {"players": 3}), "a list of option mappings"),
        (lambda: compare("food_chain", [{}, {"players": 7}]), "Config.players"),
        (lambda: compare("food_chain", [{}, {1: 2}]), "an option's name is text"),
        (
            lambda: compare("food_chain", [{}, {"players": 3}], agents=["random"] * 4),
            "need 1 or 3 agents",
        ),
    ],
)
def test_bad_input_is_a_config_error_before_any_game(call: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        call()


def test_the_command_writes_a_report_and_its_json(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    out = io.StringIO()
    argv = ["analyze", "food_chain", "--players", "3", "--games", "4", "--workers", "1"]
    assert main([*argv, "--compare", "players=4", "--report", str(report)], out=out) == 0
    text = out.getvalue()
    assert f"Report written to {report}" in text and "- With players=3, " in text
    check_page(report.read_text(encoding="utf-8"))
    comparison = Comparison.from_json((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert comparison.labels == ("players=3", "players=4")
    assert [len(v.games) for v in comparison.variants] == [4, 4]
    figures = tmp_path / "figures.json"
    out = io.StringIO()
    options = ["-o", "stars=[1,1,1,1,1]", "--agents", "heuristic,random,random"]
    assert main([*argv, *options, "--report", str(report), "--json", str(figures)], out=out) == 0
    analysis = Analysis.from_json(figures.read_text(encoding="utf-8"))
    assert analysis.config["stars"] == [1, 1, 1, 1, 1] and analysis.figure("win_share_by_agent")
    assert json.loads(figures.read_text(encoding="utf-8"))["game"] == "food_chain"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--agents", "wizard"], "unknown agent 'wizard'"),
        (["-o", "colour=red"], "unknown option 'colour'"),
        (["--compare", "stars=9"], "Config.stars"),
        (["--games", "0"], "games must be"),
        (["--workers", "0"], "workers must be"),
    ],
)
def test_the_command_refuses_bad_input_before_playing(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    report = tmp_path / "r.html"
    with pytest.raises(SystemExit, match=message):
        main(["analyze", "food_chain", "--players", "3", "--report", str(report), *extra])
    assert not report.exists()
    with pytest.raises(SystemExit, match="no such directory"):
        main(["analyze", "food_chain", "--report", str(tmp_path / "none" / "r.html")])
