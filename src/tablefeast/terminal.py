"""The terminal as a person meets it: a human seat in `tablefeast play`, and rulings as text.

`HumanAgent` shows the seat's view and its legal moves grouped by their first word, reads a
move typed in the game's notation (case and spacing forgiven), and answers ``help`` (with
examples that are moves of this game, legal now where their kind is), ``rules`` and ``quit``;
it tells the person of a move made for them (`HumanAgent.forced`: their only legal move, which
is played without asking). `opening` is what a game's first step tells whatever is played, so
that it can be told before a person is asked. `rules_text` renders a game's rulings (Markdown)
as plain text for a terminal.

Nothing here is a rule: legality and the reasons a move is refused come from the engine.

Examples:
    >>> import io
    >>> import tablefeast.games.food_chain as fc
    >>> state = fc.initial_state(fc.Config(players=3))
    >>> print(moves_text(fc, fc.legal_actions(state, 0), width=80))
    Your moves (`help` explains them, `rules` prints the rulings, `quit` ends the game):
      play: commit an animal from your hand, face down (FC-3):
        play worm, play bird, play cat, play dog, play flea
"""

from __future__ import annotations

import random
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from tablefeast.kernel.capabilities import game_file
from tablefeast.kernel.effects import Effect
from tablefeast.kernel.errors import TablefeastError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.play import Turn
from tablefeast.kernel.ruleset import A, AnyRuleset, C, Ruleset, S, V

__all__ = [
    "HumanAgent",
    "group_moves",
    "moves_text",
    "notation_text",
    "opening",
    "read_move",
    "rules_text",
    "rulings_markdown",
    "terminal_width",
]

EXAMPLES = 12
"""At most this many moves of one group are shown at the prompt (``help`` shows more)."""

HELP_EXAMPLES = 40
"""At most this many moves of one group are listed by ``help``."""


def terminal_width() -> int:
    """The width to print for: the terminal's columns, at most 100 (at least 20).

    Examples:
        >>> 20 <= terminal_width() <= 100
        True
    """
    return max(20, min(shutil.get_terminal_size().columns, 100))


def rulings_markdown(game: Ruleset[S, A, C, V]) -> str:
    """The game's rulings as Markdown: the file it declares (`Capabilities.rulings`), or,
    for a game that declares none, a line saying so.

    Args:
        game: the game module.

    Raises:
        ConfigError: the game declares a file its package lacks.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> rulings_markdown(fc).splitlines()[0]
        '# Food Chain: rulings'
    """
    caps = game.CAPABILITIES
    if caps.rulings is None:
        return f"# {caps.title}: rulings\n\nThis game ships no rulings (`Capabilities.rulings`).\n"
    return game_file(game, caps.rulings).decode("utf-8", errors="replace")


_ITEM = re.compile(r"(\s*)([-*+]|\d+[.)])\s+(.*)")
_HEADING = re.compile(r"(#{1,6})\s+(.*?)\s*#*\s*")
_FENCE = re.compile(r"\s*(```|~~~)")
_LINK = re.compile(r"\[([^\]\n]+)\]\([^)\n]*\)")


def _plain(text: str) -> str:
    """Inline Markdown as plain text: no ``**``, no backticks, links as their text."""
    return _LINK.sub(r"\1", text).replace("**", "").replace("`", "")


def _wrap(text: str, width: int, first: str, rest: str) -> list[str]:
    return textwrap.wrap(
        _plain(text),
        width=width,
        initial_indent=first,
        subsequent_indent=rest,
        break_on_hyphens=False,  # keep ruling ids such as SAB-12 whole
    ) or [first.rstrip()]


def rules_text(markdown: str, width: int) -> str:
    """Markdown rulings as plain text for a terminal `width` columns wide.

    Headings become underlined lines (``=`` under a title, ``-`` under a section); paragraphs
    and list items are wrapped to `width`, a list item with a hanging indent under its marker;
    ``**`` and backticks are removed and a link keeps only its text. No line is longer than
    `width`, except a code block's, which is printed as it is.

    Args:
        markdown: the text, as in a game's ``rulings.md``.
        width: the number of columns (at least 10).

    Returns:
        The text, lines separated by newlines, without a final newline.

    Examples:
        >>> md = "# Rulings\\n\\n- **X-1 [rulebook]** Setup: deal `9` cards to each player;\\n"
        >>> md += "  the rest is the draw pile.\\n"
        >>> print(rules_text(md, 30))
        Rulings
        =======
        <BLANKLINE>
        - X-1 [rulebook] Setup: deal 9
          cards to each player; the
          rest is the draw pile.
    """
    width = max(width, 10)
    out: list[str] = []
    block: list[str] = []  # the lines of the paragraph or list item being read
    first = rest = ""  # its indents

    def flush() -> None:
        if block:
            out.extend(_wrap(" ".join(block), width, first, rest))
            block.clear()

    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            flush()
            fenced = not fenced
            continue
        if fenced:
            out.append(line)
            continue
        if not line.strip():
            flush()
            if out and out[-1]:
                out.append("")
            continue
        heading = _HEADING.fullmatch(line)
        item = _ITEM.fullmatch(line)
        if item and block and len(first) < len(item.group(1)) + 1 < len(first) + 4:
            item = None  # indented less than a nested list needs: a wrapped line ("draws\n  1.")
        if heading:
            flush()
            if out and out[-1]:
                out.append("")
            title = _wrap(heading.group(2), width, "", "")
            out.extend(title)
            rule = "=" if len(heading.group(1)) == 1 else "-"
            out.append(rule * max(len(t) for t in title))
            out.append("")
        elif item:
            flush()
            indent, marker, text = item.groups()
            first = " " * len(indent) + marker + " "
            rest = " " * len(first)
            block.append(text)
        elif block:
            block.append(line.strip())
        else:
            first = rest = ""
            block.append(line.strip())
    flush()
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def group_moves(game: Ruleset[S, A, C, V], legal: Sequence[A]) -> dict[str, list[str]]:
    """The legal moves in notation, grouped by their first word, in the game's order.

    Args:
        game: the game module.
        legal: the seat's legal actions.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> moves = [mg.Pass(), mg.Flip(), mg.Play("tie", "blue")]
        >>> group_moves(mg, moves)
        {'pass': ['pass'], 'flip': ['flip'], 'play': ['play tie/blue']}
    """
    groups: dict[str, list[str]] = {}
    for action in legal:
        text = game.action_to_str(action)
        groups.setdefault(text.split(" ", 1)[0], []).append(text)
    return groups


def _explained(
    game: Ruleset[S, A, C, V], verb: str, moves: Sequence[str], example: bool = True
) -> str | None:
    """The explanation of a group of moves, its `{e}` filled with one of them (or, when the
    moves are listed anyway, `example` False, left out), or None."""
    notation = game.CAPABILITIES.move_help.get(verb)
    if notation is None:
        return None
    if not example:
        return re.sub(r",? e\.g\. `\{e\}`", "", notation.meaning)
    return notation.meaning.replace("{e}", _example(moves, notation.meaning))


def _example(moves: Sequence[str], meaning: str) -> str:
    """The move of `moves` to show as an example: one that `meaning` does not already name
    (FC's ``take`` names `take centre` itself), with two words after the verb if there is one
    ("exchange 9 -1"), else the closest to that, the longest first."""
    fresh = [m for m in moves if f"`{m}`" not in meaning] or list(moves)
    return min(fresh, key=lambda m: (abs(len(m.split()) - 3), -len(m)))


def _listed(moves: Sequence[str], most: int, width: int, indent: str) -> list[str]:
    """The moves, comma-separated, wrapped between moves (never inside one)."""
    glued = [m.replace(" ", _GLUE) for m in moves[:most]]
    if len(moves) > most:
        glued.append(f"...{_GLUE}({len(moves)}{_GLUE}in{_GLUE}all)")
    lines = _wrap_raw(", ".join(glued), width, indent, indent)
    return [line.replace(_GLUE, " ") for line in lines]


_GLUE = "\x00"  # holds a move's words together while the list is wrapped


def moves_text(game: Ruleset[S, A, C, V], legal: Sequence[A], width: int | None = None) -> str:
    """The legal moves for the prompt: grouped by first word, short, with what they mean.

    A group of more than `EXAMPLES` moves (an exchange of Schlacht am Buffet has up to 512) is
    explained, not listed.

    Args:
        game: the game module.
        legal: the seat's legal actions.
        width: the columns to wrap to (None: `terminal_width`).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> print(moves_text(mg, [mg.Pass(), mg.Play("tie", "blue")], width=60))
        Your moves (`help` explains them, `rules` prints the rulings, `quit` ends the game):
          pass: make no claim on the mouse this race (MG-2)
          play: play one clothing card from your hand (MG-2, MG-4):
            play tie/blue
    """
    width = width or terminal_width()
    lines = ["Your moves (`help` explains them, `rules` prints the rulings, `quit` ends the game):"]
    for verb, moves in group_moves(game, legal).items():
        explained = _explained(game, verb, moves)
        if explained is None:
            lines += [f"  {verb}:", *_listed(moves, EXAMPLES, width, "    ")]
        elif len(moves) == 1 and moves[0] == verb:
            lines += _wrap_raw(f"{verb}: {explained}", width, "  ", "    ")
        elif len(moves) > EXAMPLES:
            lines += _wrap_raw(f"{verb} ({len(moves)} choices): {explained}", width, "  ", "    ")
        else:
            explained = _explained(game, verb, moves, example=False)
            lines += _wrap_raw(f"{verb}: {explained}:", width, "  ", "    ")
            lines += _listed(moves, EXAMPLES, width, "    ")
    return "\n".join(lines)


_CODE = re.compile(r"`[^`\n]*`")


def _wrap_raw(text: str, width: int, first: str, rest: str) -> list[str]:
    """`text` wrapped, never inside a move in backticks (`play cat` stays on one line)."""
    glued = _CODE.sub(lambda m: m.group(0).replace(" ", _GLUE), text)
    lines = textwrap.wrap(
        glued, width=width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )
    return [line.replace(_GLUE, " ") for line in lines]


def notation_text(game: Ruleset[S, A, C, V], legal: Sequence[A], width: int | None = None) -> str:
    """The ``help`` answer: every legal move, grouped and explained, and the notation of a
    person's moves in this game, with examples.

    Args:
        game: the game module.
        legal: the seat's legal actions.
        width: the columns to wrap to (None: `terminal_width`).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> text = notation_text(fc, [fc.Play(fc.Animal.CAT)], width=80)
        >>> "play cat" in text and "take SEAT | take centre" in text
        True
    """
    width = width or terminal_width()
    lines = ["Your moves now, by their first word:"]
    for verb, moves in group_moves(game, legal).items():
        explained = _explained(game, verb, moves)
        head = f"{verb} ({len(moves)} {'choice' if len(moves) == 1 else 'choices'})"
        lines += _wrap_raw(head + (f": {explained}" if explained else ""), width, "  ", "    ")
        lines += _listed(moves, HELP_EXAMPLES, width, "    ")
    capabilities = game.CAPABILITIES
    groups = group_moves(game, legal)
    if capabilities.move_help:
        lines += ["", f"How {capabilities.title} moves are written:"]
        for verb, h in capabilities.move_help.items():
            # The example is a move legal now where this kind of move is, else the game's own.
            example = _example(groups[verb], h.meaning) if verb in groups else h.example
            if "{e}" in h.meaning:
                said = h.meaning.replace("{e}", example)
            else:
                said = h.meaning + ("" if example == h.notation else f"; e.g. `{example}`")
            lines += _wrap_raw(f"{h.notation}: {said}", width, "  ", "    ")
    lines += [""]
    typed = _carelessly(groups)
    if typed is not None:
        lines += _wrap_raw(
            f"Words may be typed in any case, with any spacing: `{typed[0]}` reads as "
            f"`{typed[1]}`.",
            width,
            "",
            "  ",
        )
    lines += ["Other commands: `help` (this), `rules` (the rulings), `quit` (end the game)."]
    return "\n".join(lines)


def _carelessly(groups: dict[str, list[str]]) -> tuple[str, str] | None:
    """A legal move as a person may type it (its first word capitalised, two spaces between
    words) and the move, for ``help``; None when there is none to show."""
    moves = [m for ms in groups.values() for m in ms]
    if not moves:
        return None
    chosen = max(moves[:EXAMPLES], key=lambda m: min(len(m.split()), 2))  # one with an argument
    verb, *rest = chosen.split()
    return "  ".join([verb.capitalize(), *rest]), chosen


def opening(game: Ruleset[S, A, C, V], config: C, state: S) -> tuple[Effect, ...]:
    """What the game's first state tells before anyone acts, to tell before a person is asked:
    what the game declares (`Capabilities.opening`; Food Chain: round 1 begins, which no move of
    its own begins, so its first commitment's trace begins with it).

    The effects are the same whatever move is made, so telling them first changes nothing but
    the order; their words are a spectator's (`tell`), so nothing hidden is named.

    Args:
        game: the game module.
        config: its Config.
        state: the game's first state.

    Returns:
        The effects, or ``()`` when the game declares none.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.effects import tell
        >>> config = fc.Config(players=3)
        >>> opened = opening(fc, config, fc.initial_state(config))
        >>> [line.split(":")[0] for line in tell(fc, config, opened)]
        ['round 1 of 3']
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> opening(sab, sab.Config(players=3), sab.initial_state(sab.Config(players=3)))
        ()
    """
    declared = getattr(game.CAPABILITIES, "opening", None)
    return tuple(declared(state)) if declared is not None else ()


def _forms(typed: str) -> list[str]:
    """The forms of a typed move to try, in order: as typed, the first word in lower case,
    everything in lower case (Meal names are case-sensitive, so lower case comes last)."""
    verb, _, rest = typed.partition(" ")
    forms = [typed, f"{verb.lower()} {rest}".rstrip(), typed.lower()]
    return list(dict.fromkeys(forms))


def _own(game: Ruleset[S, A, C, V], action: A) -> bool:
    """Whether `action` is written like a person's move (not like a chance outcome such as
    ``card 7``), as far as this module knows the game's moves."""
    known = game.CAPABILITIES.move_help
    return not known or game.action_to_str(action).split(" ", 1)[0] in known


def _key(text: str) -> tuple[str, tuple[str, ...]]:
    """A typed move, case and word order forgiven after the first word."""
    words = text.lower().split()
    return (words[0], tuple(sorted(words[1:]))) if words else ("", ())


def read_move(
    game: AnyRuleset,
    seat: int,
    text: str,
    legal: Sequence[A],
    sample: Callable[[], object] | None = None,
) -> tuple[A | None, str | None]:
    """Read a person's typed move: ``(action, None)``, or ``(None, why it was refused)``.

    The text is tried as typed (spacing collapsed), then with the first word in lower case,
    then all in lower case; then it is matched against the legal moves' texts, case and the
    order of the words after the first forgiven. A refusal speaks of the person's own moves
    only: a text that is not a move (a chance outcome such as ``card 7`` is none of a person's)
    lists some legal ones; a well-formed one gets the engine's reason (with its ruling), asked
    of a state drawn from the seat's view by `sample`.

    Args:
        game: the game module.
        seat: the person's seat.
        text: what the person typed.
        legal: the seat's legal actions.
        sample: draws a full state consistent with the seat's view (None: no reasons).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> legal = fc.legal_actions(fc.initial_state(fc.Config(players=3)), 0)
        >>> read_move(fc, 0, "  Play   DOG ", legal)
        (Play(animal=<Animal.DOG: 'dog'>), None)
        >>> print(read_move(fc, 0, "eat cake", legal)[1])
        not a move: 'eat cake' is malformed; type `help` for your moves
          some of your moves: play worm, play bird, play cat, play dog, play flea
    """
    typed = " ".join(text.split())
    parsed: A | None = None
    error: str | None = None
    for form in _forms(typed):
        try:
            action = game.action_from_str(None, seat, form)
        except TablefeastError as e:
            error = error or str(e)
            continue
        if action in legal:
            return action, None
        if parsed is None and _own(game, action):
            parsed = action
    by_key: dict[tuple[str, tuple[str, ...]], list[A]] = {}
    for action in legal:
        by_key.setdefault(_key(game.action_to_str(action)), []).append(action)
    matches = by_key.get(_key(typed), [])
    if len(matches) == 1:
        return matches[0], None
    if parsed is not None:
        reason = None
        if sample is not None:
            try:
                reason = game.why_not(sample(), seat, parsed)
            except TablefeastError as e:
                reason = str(e)
        return None, (
            f"illegal now: {shown(typed)}: {reason or 'it is not one of your moves now'}; "
            "type `help` for your moves"
        )
    verbs = group_moves(game, legal)
    own = set(verbs) | set(game.CAPABILITIES.move_help)
    detail = f"{shown(typed)} is malformed"
    # The engine's message helps when the person used one of their own words ("play 99": no
    # such card); its generic "expected ..." lists chance outcomes too, which a person never
    # types, so it is not shown.
    if (
        error
        and typed.split(" ", 1)[0].lower() in own
        and not any(w in error for w in ("expected", "chance", "is not a move"))
    ):
        detail = error
    return None, f"not a move: {detail}; type `help` for your moves\n  some of your moves: " + (
        _some(verbs)
    )


def _some(groups: dict[str, list[str]], most: int = 6) -> str:
    """A few legal moves, taken in turn from each group."""
    picked: list[str] = []
    rows = list(groups.values())
    depth = 0
    while len(picked) < most and any(depth < len(r) for r in rows):
        picked += [r[depth] for r in rows if depth < len(r)][: most - len(picked)]
        depth += 1
    return ", ".join(picked)


def _stdin() -> TextIO:
    return sys.stdin


def _stdout() -> TextIO:
    return sys.stdout


@attrs.define
class HumanAgent:
    """A person at the keyboard: sees their own view, types a move in notation.

    At each decision it prints the seat's view (the game's ``render``) and the legal moves,
    grouped by first word, then reads lines until one is a legal move. ``help`` explains the
    moves and the notation, ``rules`` prints the game's rulings, ``quit`` ends the game
    (`SystemExit`), as does the end of the input.

    In `tablefeast.play_game` it is asked as a search agent (`choose`), so that a refused move
    gets the engine's reason, asked of a state drawn from the seat's view; `act` works from the
    view alone.

    Examples:
        >>> import io, random
        >>> import tablefeast.games.food_chain as fc
        >>> state = fc.initial_state(fc.Config(players=3))
        >>> person = HumanAgent(stdin=io.StringIO("play cat\\n"), stdout=io.StringIO())
        >>> person.act(fc, fc.view(state, 0), fc.legal_actions(state, 0), random.Random(0))
        Play(animal=<Animal.CAT: 'cat'>)
    """

    stdin: TextIO = attrs.field(factory=_stdin)
    stdout: TextIO = attrs.field(factory=_stdout)
    width: int | None = None
    """Columns to wrap to (None: `terminal_width` at each prompt)."""

    def act(self, game: AnyRuleset, view: Any, legal: tuple[A, ...], rng: object) -> A:
        """Show the view and the legal moves; ask until a legal move is typed.

        Args:
            game: the game module.
            view: the seat's view of the game.
            legal: the seat's legal actions, in the game's order.
            rng: unused: the person decides.

        Raises:
            SystemExit: the person typed ``quit``, or the input ended.

        Examples:
            >>> import io, tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> person = HumanAgent(io.StringIO("eat cake\\nPlay  Dog\\n"), io.StringIO())
            >>> person.act(fc, fc.view(s, 0), fc.legal_actions(s, 0), None)  # asks again
            Play(animal=<Animal.DOG: 'dog'>)
        """
        return self._ask(game, view.seat, view, legal, None)

    def choose(self, turn: Turn, rng: random.Random | None) -> object:
        """As `act`, for a `tablefeast.kernel.play.Turn`: a refused move gets the engine's
        reason (``why_not``), asked of a state drawn from the seat's view.

        Args:
            turn: the seat, its view, its legal actions and a sampler of consistent states.
            rng: unused: the person decides.

        Examples:
            >>> import io, random, tablefeast.games.food_chain as fc
            >>> from tablefeast.kernel.play import Turn
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> out = io.StringIO()
            >>> HumanAgent(io.StringIO("take 1\\nplay worm\\n"), out, 100).choose(turn, None)
            Play(animal=<Animal.WORM: 'worm'>)
            >>> print(out.getvalue().splitlines()[-2])
            seat 0> illegal now: 'take 1': every player commits an animal now (FC-3); ...
        """

        def sample() -> object:
            return turn.sample_state(random.Random(0))

        return self._ask(turn.game, turn.seat, turn.view, turn.legal, sample)

    def _ask(
        self,
        game: AnyRuleset,
        seat: int,
        view: object,
        legal: Sequence[A],
        sample: Callable[[], object] | None,
    ) -> A:
        width = self.width or terminal_width()
        render = game.CAPABILITIES.render or repr
        self._say("\n" + render(view))
        self._say(moves_text(game, legal, width))
        while True:
            self._say(f"seat {seat}> ", end="")
            line = self.stdin.readline()
            if not line:
                raise SystemExit("no more input: game abandoned")
            command = " ".join(line.split()).lower()
            if not command:
                continue
            if command in ("help", "?"):
                self._say(notation_text(game, legal, width))
                continue
            if command == "rules":
                try:
                    self._say(rules_text(rulings_markdown(game), width))
                except TablefeastError as e:  # a declared rulings file the package lacks
                    self._say(str(e))
                continue
            if command in ("quit", "exit"):
                raise SystemExit(f"seat {seat} quit: game abandoned")
            action, refusal = read_move(game, seat, line, legal, sample)
            if action is not None:
                return action
            for said in (refusal or "").splitlines():
                indent = " " * (len(said) - len(said.lstrip()))
                self._say("\n".join(_wrap_raw(said, width, "", indent + "  ")))

    def forced(self, game: Ruleset[S, A, C, V], seat: int, action: A) -> None:
        """Tell the person the move their seat made without asking: its only legal move
        (`tablefeast.kernel.play` plays it at once).

        Args:
            game: the game module.
            seat: the person's seat.
            action: the move.

        Examples:
            >>> import io, tablefeast.games.food_chain as fc
            >>> out = io.StringIO()
            >>> HumanAgent(io.StringIO(), out).forced(fc, 1, fc.Play(fc.Animal.DOG))
            >>> print(out.getvalue(), end="")
            You (seat 1) have one move: play dog, played.
        """
        self._say(f"You (seat {seat}) have one move: {game.action_to_str(action)}, played.")

    def _say(self, text: str, end: str = "\n") -> None:
        print(text, end=end, file=self.stdout, flush=True)
