"""Bounds on every input: sizes no real game reaches, and a clear error past them.

Everything the library reads from outside (state JSON, records, card-list files, configs, move
text, network messages) goes through these checks, so that no input can make a function take more
than linear time in its size, exhaust memory, or fail with an error outside the library's classes.

- `parse_json` reads JSON text with a size limit, a nesting limit, bounded integers (Python's own
  int parser is quadratic in the number of digits), no ``NaN`` or ``Infinity``, and no object
  with a key twice (``{"type": "ping", "type": "move"}`` means one thing to one reader and
  another to the next: it is refused, not read as its last key).
- `parse_fraction` reads an exact probability (``"1/10"``, ``"0.1"``) without ever building a huge
  number: ``"1e-100000000"`` is refused at once instead of computing ``10**100000000``.
- `MAX_INT` bounds every integer in a state, config or action read from JSON.

Examples:
    >>> parse_json('{"a": [1, 2]}', "a record")
    {'a': [1, 2]}
    >>> parse_json("[" * 100 + "]" * 100, "a record")
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.RecordError: a record: JSON nested deeper than 32 levels
    >>> parse_fraction("1/10", "Config.tie_probability")
    Fraction(1, 10)
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any, NoReturn, TypeAlias

from tablefeast.kernel.errors import RecordError, TablefeastError

__all__ = [
    "JSON",
    "MAX_DEPTH",
    "MAX_FRACTION_DIGITS",
    "MAX_INT",
    "MAX_INT_DIGITS",
    "MAX_JSON_CHARS",
    "parse_fraction",
    "parse_json",
    "shown",
]

MAX_JSON_CHARS = 8 * 1024 * 1024
"""The longest JSON text read (8 MiB): a record of the longest real game is a few kilobytes."""
MAX_DEPTH = 32
"""The deepest JSON nesting read: a state or card list nests fewer than ten levels."""
MAX_INT_DIGITS = 20
"""The most digits an integer in JSON may have (enough for any 64-bit seed)."""
MAX_INT = 2**53
"""The largest magnitude of an integer in a state, config or action: exact as a float, so that
observation tensors never overflow. Each game bounds its own fields far more tightly."""
MAX_FRACTION_DIGITS = 18
"""The most digits of a probability's numerator or denominator (``"1/10"``, ``"0.125"``)."""

JSON: TypeAlias = (
    "dict[str, JSON] | list[JSON] | tuple[JSON, ...] | str | int | float | bool | None"
)
"""JSON data as Python holds it: what `json.loads` gives and `json.dumps` takes (a tuple writes
as an array). `parse_json` returns Any instead: its callers read the data as they check it."""

_FRACTION = re.compile(r"\s*(\d{1,18})\s*(?:/\s*(\d{1,18}))?\s*|\s*(\d{0,18})\.(\d{1,18})\s*")


def _bounded_int(text: str) -> int:
    digits = len(text) - (text[0] == "-")
    if digits > MAX_INT_DIGITS:
        raise _RefusedError(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > 40:
        raise _RefusedError(f"a number written with {len(text)} characters")
    return float(text)


def _no_constant(name: str) -> NoReturn:
    raise _RefusedError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
    data = dict(pairs)
    if len(data) != len(pairs):  # rare: find the key written twice, to name it
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RefusedError(f"the key {shown(key)} appears twice in one object")
            seen.add(key)
    return data


class _RefusedError(Exception):
    """Raised inside the JSON parser's hooks; turned into the caller's error class."""


def _depth(data: object) -> int:
    # Iterative, so that the check itself cannot overflow the stack.
    deepest = 0
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in value.values())
        elif isinstance(value, list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in value)
    return deepest


def parse_json(text: str | bytes, what: str, error: type[TablefeastError] = RecordError) -> Any:
    """Parsed JSON, within the bounds above, or `error` saying what is wrong.

    Args:
        text: the JSON text.
        what: what is being read, which starts the message ("the record", "card set").
        error: the library error class to raise.

    Raises:
        TablefeastError: of class `error`: not JSON, too long, too deep, or a number out of bounds.

    Examples:
        >>> parse_json("[1, 2.5, null]", "a list")
        [1, 2.5, None]
        >>> parse_json("9" * 5000, "a list")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: a list: an integer of 5000 digits (at most 20)
        >>> parse_json("[NaN]", "a list")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: a list: NaN is not a JSON number
        >>> parse_json('{"type": "ping", "type": "move"}', "a message")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: a message: the key 'type' appears twice in one ...
    """
    if not isinstance(text, str | bytes | bytearray):
        raise error(f"{what}: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise error(f"{what}: {len(text)} characters of JSON (at most {MAX_JSON_CHARS})")
    try:
        data = json.loads(
            text,
            parse_int=_bounded_int,
            parse_float=_bounded_float,
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys,
        )
    except _RefusedError as e:
        raise error(f"{what}: {e}") from None
    except RecursionError:
        raise error(f"{what}: JSON nested deeper than {MAX_DEPTH} levels") from None
    except (ValueError, UnicodeDecodeError, TypeError) as e:
        raise error(f"{what}: not valid JSON: {e}") from None
    if _depth(data) > MAX_DEPTH:
        raise error(f"{what}: JSON nested deeper than {MAX_DEPTH} levels")
    return data


def parse_fraction(value: object, what: str) -> Fraction:
    """An exact probability from an int, a Fraction, or text such as ``"1/10"`` or ``"0.125"``.

    Text is read only in these plain forms, with at most `MAX_FRACTION_DIGITS` digits in each
    part, so that no input builds a huge number (``Fraction("1e-100000000")`` would compute
    ``10**100000000``). The value is not range-checked: the caller knows its range.

    Args:
        value: the probability as given.
        what: the field's name, which starts the message.

    Raises:
        ValueError: the value is not such a number (the caller's field error wraps it).

    Examples:
        >>> parse_fraction("0.125", "p"), parse_fraction(1, "p")
        (Fraction(1, 8), Fraction(1, 1))
        >>> parse_fraction("1e-100000000", "p")
        Traceback (most recent call last):
        ...
        ValueError: p must be an exact fraction such as "1/10" or "0.1", got '1e-100000000'
    """
    if isinstance(value, Fraction):
        fraction = value
    elif type(value) is int:
        fraction = Fraction(value)
    elif isinstance(value, str) and len(value) <= 64 and (match := _FRACTION.fullmatch(value)):
        whole, denominator, integral, decimals = match.groups()
        if whole is not None:
            if denominator is not None and int(denominator) == 0:
                raise ValueError(f"{what} has a zero denominator: {value!r}")
            fraction = Fraction(int(whole), int(denominator or 1))
        else:
            fraction = Fraction(int(integral or "0") * 10 ** len(decimals) + int(decimals))
            fraction /= 10 ** len(decimals)
    else:
        raise ValueError(f'{what} must be an exact fraction such as "1/10" or "0.1", got {value!r}')
    limit = 10**MAX_FRACTION_DIGITS
    if abs(fraction.numerator) > limit or fraction.denominator > limit:
        raise ValueError(f"{what} has more than {MAX_FRACTION_DIGITS} digits: {value!r}")
    return fraction


def shown(value: object, width: int = 40) -> str:
    """`repr(value)` for an error message: short, and never failing.

    Messages quote what the caller gave, and a caller may give anything: an int of 5,000 digits
    (whose repr raises ValueError), a huge list, an object whose repr fails. This is the one
    safe way to quote it.

    Args:
        value: whatever the caller passed.
        width: the most characters to show.

    Examples:
        >>> shown(10**5000)
        'an int of about 5001 digits'
        >>> shown("x" * 100, width=10)
        "'xxxxxx..."
        >>> shown([1, 2])
        '[1, 2]'
    """
    if type(value) is int and value.bit_length() > 64:
        return f"an int of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # any repr may fail; the message must not
        return f"a {type(value).__name__}"
    return text if len(text) <= width else text[: width - 3] + "..."
