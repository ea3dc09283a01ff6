"""The wire protocol (version 2): JSON text messages over one WebSocket per seat or spectator.

Server to client:

- ``welcome``: once, on connecting: the protocol version, the table, the game, which seat this
  connection plays (None for a spectator), every seat's kind and name, and how to play (the
  game's summary and its moves' help).
- ``update``: after every change, and on ``sync``: this seat's view (or the public view), its
  legal moves in notation, who must act, the number of moves the game has had (``turn``) and
  this seat has made (``played``: it grows when the seat's move is accepted), the public events
  (all of them in the first update of a connection, the new ones after that), whether the game
  is over, and then the scores and winners; how the latest step came out (``result``: public
  words, kept until the next step's result) and, once over, the score sheet (``sheet``: each
  seat's score by the game's scoring parts, and the tie-break that decided). Beside the legal
  moves' notation, each move's action as `tablefeast.dumps` writes it (``actions``); beside
  every line of words (an event, a result line, a sheet's detail and tie-break, a reason), the
  same words with the seats they name by id (``parts``, `seat_parts`), so that a client names
  seats and picks moves without reading English or writing notation.
- ``error``: a refused message, with a code and a reason; the connection stays open.
- ``pong``: the answer to ``ping``.

Client to server: ``{"type": "why", "move": "play 5"}`` (answered by ``{"type": "why", "move":
"play 5", "reason": ...}``: why that move is not legal now, or null; or, for a move the client has
no notation for, ``{"type": "why", "action": {"type": "Play", "card": 5}}``, the action's fields
as `tablefeast.dumps` writes them, answered with the same ``action``), and
``{"type": "move", "move": "play 5"}`` (optionally with ``"turn"``: the
``turn`` of the update the move answers; the move is refused as ``stale`` if the seat's legal
moves have changed since then, so that a move chosen for an old position is never applied to a
new one, while another seat's commitment at the same simultaneous step changes nothing),
``{"type": "sync"}`` and ``{"type": "ping"}``.

Messages are encoded by `encode`: compact JSON (no spaces, UTF-8 as it is), by orjson where it
is installed (the ``server`` extra) and by the standard library's `json` otherwise, the same text
either way. An update is encoded once (`update_text`): the view goes into the message as data, not
as JSON text parsed back, with the fields that are JSON data already (tuples of numbers, text,
bools) left as they are. What is the same for every connection is worked out once: the public
fields of an update (`public_fields`, shared by the table's connections in step), the parts of a
line of words and each legal move's notation and data (kept for the lines and moves that recur).

Every message is built from the seat's view, its legal moves, the actors and the public events
alone, so it is the same whatever the other seats' hidden cards are (the tests check this).

Examples:
    >>> parse_client('{"type": "move", "move": "play 5"}')
    {'type': 'move', 'move': 'play 5'}
    >>> parse_client('{"type": "dance"}')
    Traceback (most recent call last):
    ...
    tablefeast.server.protocol.ProtocolError: unknown message type 'dance': expected move, ...
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import cache, lru_cache
from types import UnionType
from typing import Any, Union, cast, get_args, get_origin

from cattrs.fns import identity

import tablefeast
from tablefeast.kernel.errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    TablefeastError,
)
from tablefeast.kernel.limits import parse_json, shown
from tablefeast.kernel.ruleset import AnyRuleset
from tablefeast.kernel.serialize import converter, loads, unstructure
from tablefeast.server.seats import seat_names
from tablefeast.server.store import StoreError
from tablefeast.server.table import MAX_SEATS, Table
from tablefeast.server.wire import renderer_for

_orjson: Any
try:
    _orjson = importlib.import_module("orjson")
except ImportError:  # pragma: no cover - the server extra brings it
    _orjson = None


__all__ = [
    "CLOSE_BROKEN",
    "CLOSE_BUSY",
    "CLOSE_FORBIDDEN",
    "CLOSE_POLICY",
    "CLOSE_REPLACED",
    "CLOSE_TOO_BIG",
    "MAX_MESSAGE_BYTES",
    "MAX_MESSAGE_CHARS",
    "PROTOCOL_VERSION",
    "SCHEMAS",
    "ProtocolError",
    "encode",
    "error",
    "error_code",
    "games",
    "parse_client",
    "public_fields",
    "seat_parts",
    "update",
    "update_text",
    "welcome",
    "why",
]

PROTOCOL_VERSION = 2
"""The protocol's version, sent in every ``welcome`` and ``update`` (2: names, how to play, the
last step's result and the score sheet were added to version 1's messages)."""
MAX_MESSAGE_CHARS = 4096
"""The longest client message read; a longer one is refused with code ``too_large``."""
MAX_MESSAGE_BYTES = 4 * MAX_MESSAGE_CHARS
"""The largest client frame received (`MAX_MESSAGE_CHARS` of UTF-8 at most): a larger frame
closes the connection (code 1009) when its header announces it, before it is read."""

CLOSE_TOO_BIG = 1009
"""WebSocket close code: a frame over `MAX_MESSAGE_BYTES`."""
CLOSE_POLICY = 1008
"""WebSocket close code: the connection broke a rule (it flooded, or read too slowly)."""
CLOSE_BUSY = 1013
"""WebSocket close code: a connection cap is reached; try again later."""
CLOSE_FORBIDDEN = 4403
"""WebSocket close code: no such table, or the token opens no seat of it."""
CLOSE_REPLACED = 4409
"""WebSocket close code: the seat was opened once more elsewhere (another tab or device) and
this, its oldest connection, made way (`ServerSettings.max_connections_per_seat`)."""
CLOSE_BROKEN = 4410
"""WebSocket close code: the table's stored record does not replay."""


class ProtocolError(TablefeastError):
    """A client message that is not a message of this protocol.

    Attributes:
        code: the error code sent back (``bad_message``, ``unknown_type``, ``too_large``).
    """

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


_CLIENT_FIELDS = {
    "move": {"type", "move", "turn"},
    "why": {"type", "move", "action"},
    "sync": {"type"},
    "ping": {"type"},
}


def parse_client(text: Any) -> dict[str, Any]:
    """A client message, checked: a JSON object of a known type with exactly its fields.

    Args:
        text: the frame's text.

    Raises:
        ProtocolError: anything else (its ``code`` says what).
    """
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text frames")
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError(
            f"a message is at most {MAX_MESSAGE_CHARS} characters, not {len(text)}", "too_large"
        )
    try:
        data = parse_json(text, "the message")
    except TablefeastError as e:
        raise ProtocolError(str(e)) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError('a message is a JSON object with a "type"')
    kind = data["type"]
    if kind not in _CLIENT_FIELDS:
        raise ProtocolError(
            f"unknown message type {shown(kind)}: expected move, why, sync, ping", "unknown_type"
        )
    extra = set(data) - _CLIENT_FIELDS[kind]
    if extra:
        raise ProtocolError(f"{kind} has unknown fields {', '.join(sorted(map(shown, extra)))}")
    if kind == "why" and "action" in data:
        if "move" in data or not isinstance(data["action"], dict):
            raise ProtocolError('a why message names "move" (notation) or "action" (an object)')
    elif kind in ("move", "why"):
        if not isinstance(data.get("move"), str):
            raise ProtocolError(f'a {kind} message needs "move": a move in notation')
        if "turn" in data and type(data["turn"]) is not int:
            raise ProtocolError('"turn" is the number of moves seen, an int')
    return data


def error_code(exc: TablefeastError) -> str:
    """The protocol's code for a refused move.

    Args:
        exc: the library's error.

    Examples:
        >>> error_code(NotYourTurnError("x")), error_code(InvalidActionError("x"))
        ('not_your_turn', 'invalid')
    """
    if isinstance(exc, ProtocolError):
        return exc.code
    if isinstance(exc, StoreError):
        return "unavailable"
    if isinstance(exc, GameOverError):
        return "game_over"
    if isinstance(exc, NotYourTurnError):
        return "not_your_turn"
    if isinstance(exc, IllegalActionError):
        return "illegal"
    if isinstance(exc, InvalidActionError):
        return "invalid"
    return "refused"


def error(code: str, message: str) -> dict[str, Any]:
    """An error message.

    Args:
        code: what kind of refusal (see SCHEMAS).
        message: why, in words.

    Examples:
        >>> error("illegal", "no")
        {'type': 'error', 'code': 'illegal', 'message': 'no'}
    """
    return {"type": "error", "code": code, "message": message}


def games(names: Iterable[str]) -> list[dict[str, Any]]:
    """What the lobby offers for each game, as its capabilities declare it: the title, the
    player counts, the options a person may choose and whether custom cards may be sent (the
    answer of ``GET /api/games``, so that the lobby names no game of its own).

    Args:
        names: the games' names (`tablefeast.names`).

    Examples:
        >>> offered = games(["food_chain", "mausgeflippt"])
        >>> offered[0]["title"], offered[0]["players"], offered[0]["options"]
        ('Food Chain', [3, 6], [])
        >>> offered[1]["options"][1]["choices"][1], offered[1]["custom_cards"]
        (['1/10', 'sometimes (1 in 10)'], 'card set')
    """
    offered = []
    for name in names:
        capabilities = tablefeast.load(name).CAPABILITIES
        counts = capabilities.players
        offered.append(
            {
                "name": name,
                "title": capabilities.title,
                "players": [counts[0], min(counts[-1], MAX_SEATS)],
                "options": [
                    {"key": o.key, "label": o.label, "choices": [list(c) for c in o.choices]}
                    for o in capabilities.table_options
                ],
                "custom_cards": capabilities.custom_cards,
            }
        )
    return offered


def welcome(table: Table, seat: int | None) -> dict[str, Any]:
    """The first message of a connection.

    Args:
        table: the table.
        seat: the connection's seat, or None for a spectator.
    """
    capabilities = table.game.CAPABILITIES
    catalog = capabilities.catalog
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "table": table.row.id,
        "game": table.row.game,
        "title": capabilities.title,
        "renderer": renderer_for(table.row.game),
        "players": table.config.players,
        "seat": seat,
        "seats": list(table.row.seats),
        "names": seat_names(table.row.seats, table.row.options.get("names")),
        "catalog": {} if catalog is None else catalog(table.config),
        "summary": list(capabilities.summary),
        "help": [
            {"notation": h.notation, "meaning": h.meaning.replace("{e}", h.example)}
            for h in capabilities.move_help.values()
        ],
    }


def why(table: Table, seat: int, text: str | None, action: object = None) -> dict[str, Any]:
    """Why `seat` may not make the move written `text` now (None: it may), or the move whose
    action's fields are `action` (as `tablefeast.dumps` writes them; `text` None).

    The answer is the engine's own "why not" (the same check `apply_action` makes), so it speaks
    only of what the seat may know: its own cards and the public table.

    Args:
        table: the table.
        seat: the asking seat.
        text: a move in notation, or None.
        action: with `text` None, the action's fields (parsed JSON, checked here as a record's
            action is: a value of another shape gets the library's reason, nothing more).

    Examples:
        >>> from tablefeast.server.store import SQLiteStore
        >>> t, _ = Table.create(SQLiteStore(":memory:"), "food_chain", 3, {}, ("human",) * 3)
        >>> why(t, 0, "take 1")["reason"]
        'every player commits an animal now (FC-3)'
        >>> why(t, 0, None, {"type": "Take", "seat": 1})["reason"]
        'every player commits an animal now (FC-3)'
    """
    game, state = table.game, table.state
    try:
        if text is None:  # the message was at most MAX_MESSAGE_CHARS long, and so is this
            move = loads(json.dumps(action), game.Action)
        else:
            move = game.action_from_str(state, seat, text)
        reason = game.why_not(state, seat, move)
    except TablefeastError as e:
        reason = str(e)
    parts = None if reason is None else seat_parts(reason, table.config.players)
    asked = {"move": text} if text is not None else {"action": action}
    return {"type": "why", **asked, "reason": reason, "parts": parts}


_SEAT_WORDS = re.compile(
    r"\b(?P<cap>[Ss])eat(?:s (?P<many>\d{1,2}(?:, \d{1,2})* and \d{1,2})|"
    r" (?P<one>\d{1,2})(?P<own>'s)?)\b"
)


def seat_parts(text: str, players: int) -> list[str | dict[str, int]]:
    """`text` as parts: its words, and each seat it names as ``{"seat": N}`` (``"own": true``
    for ``seat N's``, ``"cap": true`` where the words wrote ``Seat``, ``"many": K`` on the
    first of ``seats A, B and C``, whose K seats follow with their separators as words), so
    that a client writes a seat's name, or "your", without reading the words.

    The seats are found where the library's wording names them (`tablefeast.kernel.wording`:
    ``seat N``, ``seats A, B and C``), the only form the games' words use; a number past the
    table's seats is left as words. The parts carry nothing the words do not: joined back
    (`parts_text`), they are the words.

    Args:
        text: public words (an event, a result line, a reason).
        players: the table's number of seats.

    Examples:
        >>> seat_parts("seat 0's bird takes seat 1's worm", 3)
        [{'seat': 0, 'own': True}, ' bird takes ', {'seat': 1, 'own': True}, ' worm']
        >>> seat_parts("Seats 0, 1 and 2 tie; seat 9 is none", 3)[:5]
        [{'seat': 0, 'cap': True, 'many': 3}, ', ', {'seat': 1}, ' and ', {'seat': 2}]
        >>> seat_parts("Seats 0, 1 and 2 tie; seat 9 is none", 3)[5]
        ' tie; seat 9 is none'
    """
    parts: list[str | dict[str, int]] = []
    end = 0
    for match in _SEAT_WORDS.finditer(text):
        many = match["many"]
        seats = [int(n) for n in re.split(r", | and ", many)] if many else [int(match["one"])]
        if any(seat >= players for seat in seats):
            continue
        if match.start() > end:
            parts.append(text[end : match.start()])
        for i, seat in enumerate(seats):
            if i:
                parts.append(" and " if i == len(seats) - 1 else ", ")
            ref: dict[str, int] = {"seat": seat}
            if match["own"]:
                ref["own"] = True
            if i == 0 and match["cap"] == "S":
                ref["cap"] = True
            if i == 0 and len(seats) > 1:
                ref["many"] = len(seats)
            parts.append(ref)
        end = match.end()
    if end < len(text):
        parts.append(text[end:])
    return parts


def parts_text(parts: list[str | dict[str, int]]) -> str:
    """The words `seat_parts` read (its parts joined back), as the server wrote them.

    Args:
        parts: parts from `seat_parts`.

    Examples:
        >>> parts_text(seat_parts("Seats 0 and 2 tie: seat 2's turn, seat 0, seat 1", 3))
        "Seats 0 and 2 tie: seat 2's turn, seat 0, seat 1"
    """
    out: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if isinstance(part, str):
            out.append(part)
            i += 1
            continue
        word = "S" if part.get("cap") else "s"
        many = part.get("many", 1)
        group = parts[i : i + 2 * many - 1]
        numbers = "".join(p if isinstance(p, str) else str(p["seat"]) for p in group)
        own = "'s" if part.get("own") else ""
        out.append(f"{word}eat{'s' if many > 1 else ''} {numbers}{own}")
        i += 2 * many - 1
    return "".join(out)


def encode(message: dict[str, Any]) -> str:
    """A message as the text sent: compact JSON, non-ASCII characters as they are.

    orjson writes it where it is installed (the ``server`` extra), the standard library
    otherwise: the same text either way.

    Args:
        message: the message (JSON-ready data: tuples are written as arrays).

    Examples:
        >>> encode({"type": "error", "code": "illegal", "message": "déjà (SAB-6)"})
        '{"type":"error","code":"illegal","message":"déjà (SAB-6)"}'
    """
    if _orjson is not None:
        try:
            return str(_orjson.dumps(message, option=_orjson.OPT_NON_STR_KEYS).decode())
        except TypeError:  # an int past 64 bits: the standard library writes it
            pass
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def update(table: Table, seat: int | None, since: int) -> dict[str, Any]:
    """What one seat (or a spectator) may know now, with the public events from `since` on.

    Args:
        table: the table.
        seat: the seat, or None for a spectator.
        since: the number of events the connection has already been sent.
    """
    message: dict[str, Any] = json.loads(update_text(table, seat, since))
    return message


def update_text(
    table: Table, seat: int | None, since: int, public: dict[str, object] | None = None
) -> str:
    """`update`, encoded (`encode`): what a connection is sent.

    Args:
        table: the table.
        seat: the seat, or None for a spectator.
        since: the number of events the connection has already been sent.
        public: `public_fields` of the table as it is, for `since`, if the caller has them
            (one for every connection in step: `tablefeast.server.live.LiveTable`).
    """
    return encode(_update(table, seat, since, public))


def public_fields(table: Table, since: int) -> dict[str, object]:
    """The fields of an update that are the same for every seat and spectator (public: the
    moves made, who acts, the events from `since` on, how the last step came out, and once
    the game is over its scores, winners and score sheet).

    Args:
        table: the table.
        since: the number of events the connection has already been sent.
    """
    game, state = table.game, table.state
    over = game.is_terminal(state)
    players = table.config.players
    lines = table.result.lines
    return {
        "turn": len(table.moves),
        "actors": list(game.actors(state)),
        "events": [
            {"n": n, "text": text, "parts": _shared_parts(text, players)}
            for n, text in enumerate(table.events[since:], since)
        ],
        "over": over,
        # Running scores may depend on hidden cards: they are sent once the game is over.
        "scores": list(game.scores(state)) if over else None,
        "winners": sorted(game.winners(state)) if over else None,
        "result": list(lines),
        "result_parts": [_shared_parts(line, players) for line in lines],
        "sheet": _sheet(table) if over else None,
    }


_AS_IS = (int, str, bool, float, type(None))
"""The types whose values a message carries as they are."""


def _as_is(kind: object) -> bool:
    """Whether every value of the annotated type `kind` is JSON data as it is: a number, text,
    a bool or None, or a tuple or an optional of them (the encoder writes a tuple as an array,
    as cattrs would after copying it into a list).

    Examples:
        >>> _as_is(tuple[tuple[int, ...], ...]), _as_is(tuple[int | None, str]), _as_is(list[int])
        (True, True, False)
    """
    if kind in _AS_IS:
        return True
    origin = get_origin(kind)
    if origin is tuple or origin is Union or origin is UnionType:
        return all(arg is Ellipsis or _as_is(arg) for arg in get_args(kind))
    return False


@cache
def _view_data(view_class: type) -> Callable[[object], object]:
    """How the views of `view_class` become the data of a message: as `unstructure` makes them
    (the same hooks: a copy of the library's converter, taken once the game has registered its
    types), but with the fields that are JSON data already (tuples of numbers, text, bools or
    None: most of a view) left as they are instead of copied item by item (cattrs' own
    ``identity``, which its generated code writes inline)."""
    wire = converter.copy()
    wire.register_unstructure_hook_factory(
        lambda kind: kind not in _AS_IS and _as_is(kind), lambda _: identity
    )
    return wire.get_unstructure_hook(view_class)


@lru_cache(maxsize=8192)
def _shared_parts(text: str, players: int) -> list[str | dict[str, int]]:
    """`seat_parts`, worked out once per line of public words and shared by every message
    that carries the line (every connection of every table: the words repeat). The list is
    only ever encoded, never changed."""
    return seat_parts(text, players)


@lru_cache(maxsize=8192)
def _move_forms(game: AnyRuleset, action: object) -> tuple[str, object]:
    """A legal move's notation and its action as data (`unstructure`), worked out once per
    game and action: both depend on the action alone. The data is only ever encoded."""
    return game.action_to_str(action), unstructure(action)


def _view_data_of(view: object) -> object:
    """A view as the data of a message (`_view_data`): what `unstructure` gives, as JSON."""
    return _view_data(cast(Hashable, type(view)))(view)


def _legal_forms(game: AnyRuleset, legal: Sequence[object]) -> tuple[list[str], list[object]]:
    """The ``legal`` and ``actions`` fields of an update, for the legal moves `legal`."""
    try:
        forms = [_move_forms(cast(Hashable, game), action) for action in legal]
    except TypeError:  # an action that cannot be hashed: worked out each time
        forms = [(game.action_to_str(a), unstructure(a)) for a in legal]
    return [text for text, _ in forms], [data for _, data in forms]


def _update(
    table: Table, seat: int | None, since: int, public: dict[str, object] | None
) -> dict[str, object]:
    game, state = table.game, table.state
    shared = public_fields(table, since) if public is None else public
    texts, actions = _legal_forms(game, () if seat is None else game.legal_actions(state, seat))
    return {
        "type": "update",
        "protocol": PROTOCOL_VERSION,
        "table": table.row.id,
        "seat": seat,
        "turn": shared["turn"],
        "played": None if seat is None else table.played(seat),
        "view": _view_data_of(game.view(state, seat)),
        "legal": texts,
        "actions": actions,
        "actors": shared["actors"],
        "events": shared["events"],
        "over": shared["over"],
        "scores": shared["scores"],
        "winners": shared["winners"],
        "result": shared["result"],
        "result_parts": shared["result_parts"],
        "sheet": shared["sheet"],
    }


def _sheet(table: Table) -> dict[str, Any] | None:
    """The finished game's score sheet, as JSON (None where the game declares none)."""
    sheet_of = table.game.CAPABILITIES.score_sheet
    if sheet_of is None:
        return None
    sheet = sheet_of(table.state)
    players = table.config.players
    tie_break = sheet.tie_break
    return {
        "parts": [
            [
                {
                    "label": p.label,
                    "points": p.points,
                    "detail": p.detail,
                    "detail_parts": seat_parts(p.detail, players),
                }
                for p in seat
            ]
            for seat in sheet.parts
        ],
        "tie_break": tie_break,
        "tie_break_parts": None if tie_break is None else seat_parts(tie_break, players),
    }


_STRINGS = {"type": "array", "items": {"type": "string"}}
_INTS = {"type": "array", "items": {"type": "integer"}}
_PARTS = {
    "type": "array",
    "items": {
        "anyOf": [
            {"type": "string"},
            {
                "type": "object",
                "required": ["seat"],
                "properties": {
                    "seat": {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1},
                    "own": {"const": True},
                    "cap": {"const": True},
                    "many": {"type": "integer", "minimum": 2, "maximum": MAX_SEATS},
                },
                "additionalProperties": False,
            },
        ]
    },
}
"""Words with the seats they name by id (`seat_parts`)."""
SCHEMAS: dict[str, dict[str, Any]] = {
    "welcome": {
        "type": "object",
        "required": [
            *("type", "protocol", "table", "game", "title", "players", "seat", "seats"),
            *("catalog", "renderer", "names", "summary", "help"),
        ],
        "properties": {
            "type": {"const": "welcome"},
            "protocol": {"const": PROTOCOL_VERSION},
            "table": {"type": "string"},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "players": {"type": "integer"},
            "seat": {"type": ["integer", "null"]},
            "seats": _STRINGS,
            "catalog": {"type": "object"},
            "renderer": {
                "type": "string",
                "pattern": r"^(/games/[a-z][a-z0-9_]{0,63}/renderer\.js|/js/games/generic\.js)$",
            },
            "names": _STRINGS,
            "summary": _STRINGS,
            "help": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["notation", "meaning"],
                    "properties": {"notation": {"type": "string"}, "meaning": {"type": "string"}},
                    "additionalProperties": False,
                },
            },
        },
        "additionalProperties": False,
    },
    "why": {
        "type": "object",
        "required": ["type", "reason", "parts"],
        "oneOf": [{"required": ["move"]}, {"required": ["action"]}],
        "properties": {
            "type": {"const": "why"},
            "move": {"type": "string"},
            "action": {"type": "object"},
            "reason": {"type": ["string", "null"]},
            "parts": {"anyOf": [_PARTS, {"type": "null"}]},
        },
        "additionalProperties": False,
    },
    "update": {
        "type": "object",
        "required": [
            *("type", "protocol", "table", "seat", "turn", "played", "view", "legal", "actors"),
            *("actions", "events", "over", "scores", "winners", "result", "result_parts", "sheet"),
        ],
        "properties": {
            "type": {"const": "update"},
            "protocol": {"const": PROTOCOL_VERSION},
            "table": {"type": "string"},
            "seat": {"type": ["integer", "null"]},
            "turn": {"type": "integer"},
            "played": {"type": ["integer", "null"]},
            "view": {"type": "object"},
            "legal": _STRINGS,
            "actions": {"type": "array", "items": {"type": "object", "required": ["type"]}},
            "actors": _INTS,
            "events": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["n", "text", "parts"],
                    "properties": {
                        "n": {"type": "integer"},
                        "text": {"type": "string"},
                        "parts": _PARTS,
                    },
                    "additionalProperties": False,
                },
            },
            "over": {"type": "boolean"},
            "scores": {"anyOf": [_INTS, {"type": "null"}]},
            "winners": {"anyOf": [_INTS, {"type": "null"}]},
            "result": _STRINGS,
            "result_parts": {"type": "array", "items": _PARTS},
            "sheet": {
                "anyOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "required": ["parts", "tie_break", "tie_break_parts"],
                        "properties": {
                            "parts": {
                                "type": "array",
                                "items": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": [
                                            *("label", "points", "detail", "detail_parts"),
                                        ],
                                        "properties": {
                                            "label": {"type": "string"},
                                            "points": {"type": "integer"},
                                            "detail": {"type": "string"},
                                            "detail_parts": _PARTS,
                                        },
                                        "additionalProperties": False,
                                    },
                                },
                            },
                            "tie_break": {"type": ["string", "null"]},
                            "tie_break_parts": {"anyOf": [_PARTS, {"type": "null"}]},
                        },
                        "additionalProperties": False,
                    },
                ]
            },
        },
        "additionalProperties": False,
    },
    "error": {
        "type": "object",
        "required": ["type", "code", "message"],
        "properties": {
            "type": {"const": "error"},
            "code": {
                "enum": [
                    *("bad_message", "unknown_type", "too_large", "rate_limited", "spectator"),
                    *("forbidden", "busy", "broken", "unavailable"),
                    *("invalid", "illegal", "not_your_turn", "game_over", "stale", "refused"),
                ]
            },
            "message": {"type": "string"},
        },
        "additionalProperties": False,
    },
    "pong": {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"const": "pong"}},
        "additionalProperties": False,
    },
}
"""JSON Schemas of the server's messages, by type (the docs show them; the tests check every
message against them)."""
