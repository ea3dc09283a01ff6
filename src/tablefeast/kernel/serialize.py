"""JSON serialization of configs, states, actions and views (cattrs).

`dumps` turns any of the library's attrs values into JSON text; `loads(text, cls)` turns it back and
refuses anything that is not a sound value of `cls`: malformed JSON, wrong shapes, unknown fields
and, for game states, any broken invariant (cards not conserved, seats out of range). All of those
raise `RecordError`; nothing else escapes.

Action unions are tagged: ``{"type": "Play", "card": 5}``. Exact probabilities (`Fraction`) are
written as text: ``"1/10"``.

Examples:
    >>> import tablefeast
    >>> from tablefeast.games.schlacht_am_buffet import Action, Play
    >>> tablefeast.dumps(Play(5))
    '{"card": 5, "type": "Play"}'
    >>> tablefeast.loads('{"type": "Play", "card": 5}', Action)
    Play(card=5)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar, get_args, get_origin

import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from tablefeast.kernel.errors import RecordError
from tablefeast.kernel.limits import JSON, MAX_INT, parse_fraction, parse_json

__all__ = [
    "converter",
    "dumps",
    "loads",
    "register_actions",
    "register_twin",
    "register_validator",
    "structure",
    "unstructure",
]

T = TypeVar("T")
U = TypeVar("U")

converter = make_converter(forbid_extra_keys=True)
"""The one cattrs converter every game registers its types with."""

_validators: dict[type, Callable[[Any], list[str]]] = {}  # each takes its own class's values
_action_unions: dict[type, object] = {}  # an action class: its game's union (a type form)
_twins: dict[type, tuple[type, Callable[[Any], Any]]] = {}  # a class: its twin, and back from it


def _unstructure_frozenset(value: frozenset[object]) -> list[JSON]:
    # Sets have no order; sort the JSON forms so that equal values give equal text.
    items = [converter.unstructure(v) for v in value]
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


converter.register_unstructure_hook(frozenset, _unstructure_frozenset)


def _exactly(kind: type) -> Callable[[object, object], object]:
    # JSON has exact types: refuse 5.7 or true for an int and 4 for a str, where the default
    # hooks would quietly coerce them (int(5.7) == 5, int(True) == 1).
    def structure(value: object, _: object) -> object:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {json.dumps(value)[:40]}")
        return value

    return structure


def _structure_int(value: object, _: object) -> int:
    # Exactly an int, and a bounded one: no field of any game comes near MAX_INT (limits).
    if type(value) is not int:
        raise TypeError(f"expected int, got {json.dumps(value)[:40]}")
    if not -MAX_INT <= value <= MAX_INT:
        raise ValueError(f"the integer {str(value)[:12]}... is out of bounds (at most 2**53)")
    return value


converter.register_structure_hook(int, _structure_int)


def _is_array_type(cls: object) -> bool:
    # The types that JSON writes as an array: tuples, lists and sets of something.
    return get_origin(cls) in (tuple, list, frozenset, set)


def _structure_array_factory(cls: type) -> Callable[[object, object], object]:
    # cattrs builds a tuple, list or set from any iterable: "" would be an empty tuple of seats
    # and "01" two one-character strings. JSON has arrays: anything else is refused.
    origin, args = get_origin(cls), get_args(cls)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        items = homogenous_tuple_structure_factory(cls, converter)
    elif origin is tuple:
        items = converter.gen_structure_hetero_tuple(cls)
    elif origin is list:
        items = list_structure_factory(cls, converter)
    else:
        items = converter._structure_frozenset if origin is frozenset else converter._structure_set

    def structure(value: object, type_: object) -> object:
        if type(value) is not list:  # a ValueError: its words are kept in the message
            raise ValueError(f"expected an array, got {json.dumps(value)[:40]}")
        return items(value, type_)

    return structure


converter.register_structure_hook_factory(_is_array_type, _structure_array_factory)
for _kind in (str, bool):
    converter.register_structure_hook(_kind, _exactly(_kind))


def _structure_fraction(value: object, _: object) -> Fraction:
    # Exact probabilities travel as text ("1/10"): JSON numbers would be floats.
    if type(value) not in (int, str):
        raise TypeError(f'expected an exact fraction such as "1/10", got {json.dumps(value)[:40]}')
    return parse_fraction(value, "a probability")


converter.register_unstructure_hook(Fraction, str)
converter.register_structure_hook(Fraction, _structure_fraction)


def register_actions(union: object) -> None:
    """Register a game's action union as a tagged union (tag ``"type"`` = class name).

    Args:
        union: the game's ``Action`` union of attrs classes.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> register_actions(sab.Action)  # done once, when the game package is imported
        >>> dumps(sab.DrawCard(3))
        '{"card": 3, "type": "DrawCard"}'
    """
    configure_tagged_union(union, converter, tag_name="type")
    for cls in get_args(union):
        _action_unions[cls] = union


def register_validator(cls: type[T], check: Callable[[T], list[str]]) -> None:
    """After structuring a `cls`, run `check`; a non-empty list of problems refuses the value.

    Args:
        cls: the class to check, such as a game's ``State``.
        check: returns the problems of a value, as messages (empty when it is sound).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> register_validator(sab.State, sab.check_state)  # done once, on importing the game
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> loads(dumps(s).replace("[10, 10", "[9, 10", 1), sab.State)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: impossible (tampered?) state: mouse cards are not ...
    """
    _validators[cls] = check


def register_twin(
    cls: type[T], twin: type[U], to_twin: Callable[[T], U], from_twin: Callable[[U], T]
) -> None:
    """Serialize `cls` as another class, its twin: `dumps` writes a `cls` value as it writes
    ``to_twin(value)``, and `loads(text, cls)` loads a `twin`, refused exactly as
    ``loads(text, twin)`` refuses one, and returns ``from_twin`` of it (a native core's state is
    stored as its pure engine's, `tablefeast.native`; the kernel knows neither).

    Args:
        cls: the class to serialize.
        twin: the class whose JSON form it shares.
        to_twin: the `twin` value equal to a `cls` value.
        from_twin: the `cls` value equal to a `twin` value (it may refuse one with RecordError).

    Examples:
        >>> from fractions import Fraction
        >>> class Odds(Fraction): ...
        >>> register_twin(Odds, Fraction, Fraction, Odds)
        >>> dumps(Odds(1, 3)), loads('"1/3"', Odds)
        ('"1/3"', Odds(1, 3))
    """
    converter.register_unstructure_hook(cls, lambda value: converter.unstructure(to_twin(value)))
    converter.register_structure_hook(
        cls, lambda data, _: from_twin(_checked(structure(data, twin)))
    )
    _twins[cls] = (twin, from_twin)


def dumps(obj: object) -> str:
    """JSON text of a config, state, action or view.

    Args:
        obj: the value to write.

    Raises:
        TypeError: `obj` is not a value this library can serialize.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> dumps(sab.Config(players=3))
        '{"players": 3, "edition": "en", "start_player": 0}'
    """
    return json.dumps(unstructure(obj))


def unstructure(obj: object) -> JSON:
    """The JSON-ready data `dumps` writes (dicts, lists or tuples, strings, numbers, None), for a
    caller that puts the value inside a larger message and encodes that once.

    Args:
        obj: the value.

    Examples:
        >>> from tablefeast.games.schlacht_am_buffet import Play
        >>> unstructure(Play(5))
        {'card': 5, 'type': 'Play'}
    """
    union = _action_unions.get(type(obj))
    data: JSON = (
        converter.unstructure(obj, unstructure_as=union) if union else converter.unstructure(obj)
    )
    return data


def _as_registered_union(cls: object) -> object:
    # A single action class loads through its game's tagged union (the text carries the tag).
    return _action_unions.get(cls, cls) if isinstance(cls, type) else cls


def _describe(exc: BaseException, type_: type | None) -> str:
    # Our validators explain themselves (ValueError naming the field); keep their words.
    if isinstance(exc, ValueError) and not isinstance(exc, cattrs.BaseValidationError):
        return str(exc)
    return format_exception(exc, type_)


def structure(data: object, cls: type[T] | Any) -> T:  # Any: a type form (an action union)
    """Structure already-parsed JSON data as a `cls`.

    Args:
        data: the parsed JSON data.
        cls: the type to build (a class, or an action union).

    Raises:
        RecordError: the data is not a valid `cls` (the message lists what is wrong).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> structure({"players": 5}, sab.Config)
        Config(players=5, edition='en', start_player=0)
        >>> structure({"players": 5, "colour": "red"}, sab.Config)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: not a valid Config: extra fields found (colour) @ $
    """
    try:
        value: T = converter.structure(data, cls)
    except cattrs.BaseValidationError as e:
        problems = cattrs.transform_error(e, format_exception=_describe)
        detail = "; ".join(p[:200] for p in problems[:5])  # a bounded message, whatever the input
        if len(problems) > 5:
            detail += f"; and {len(problems) - 5} more"
        raise RecordError(f"not a valid {getattr(cls, '__name__', cls)}: {detail}") from None
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as e:
        raise RecordError(f"not a valid {getattr(cls, '__name__', cls)}: {str(e)[:200]}") from None
    return value


def loads(text: str | bytes, cls: type[T] | Any) -> T:
    """The value of type `cls` that `text` holds.

    Args:
        text: the JSON text, as `dumps` writes it.
        cls: the type to build (a class, or an action union).

    Raises:
        RecordError: the text is not JSON, not a `cls`, or describes an impossible state.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> loads('{"players": 4}', sab.Config)
        Config(players=4, edition='en', start_player=0)
        >>> loads('{"players": 4', sab.Config)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: the JSON text: not valid JSON: ...
    """
    data = parse_json(text, "the JSON text")
    twin = _twins.get(cls) if isinstance(cls, type) else None
    if twin is not None:  # stored as its twin: loaded, and refused, as one
        stored_as, from_twin = twin
        twin_value: T = from_twin(_loaded(data, stored_as))  # `register_twin` made it a `cls`
        return twin_value
    value: T = _loaded(data, cls)
    return value


def _loaded(data: object, cls: type[T] | Any) -> T:
    # `loads` of parsed JSON: structured, of the class asked for, and checked.
    value: T = structure(data, _as_registered_union(cls))
    if isinstance(cls, type) and not isinstance(value, cls):
        raise RecordError(f"not a {cls.__name__}: {type(value).__name__}")
    return _checked(value)


def _checked(value: T) -> T:
    # The value, if its class's validator finds no problem.
    check = _validators.get(type(value))
    if check is not None:
        problems = check(value)
        if problems:
            what = "state" if type(value).__name__ == "State" else type(value).__name__
            raise RecordError(f"impossible (tampered?) {what}: " + "; ".join(problems))
    return value
