"""Reading card lists from JSON, for games whose printed lists users may replace.

A card-list file is checked entry by entry, and every problem names the entry (``mice[4] (M05):
...``), so that a person fixing a file by hand knows where to look. Errors are `ValueError`s whose
message starts with the list's name.

Examples:
    >>> fields({"kind": "hat", "count": 2}, "clothing[0]", {"kind": str, "count": int}, "card set")
    ['hat', 2]
    >>> fields({"kind": "hat"}, "clothing[0]", {"kind": str, "count": int}, "card set")
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: card set: clothing[0] has no count
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import parse_json, shown

__all__ = ["fields", "json_list", "mapping", "read_json", "read_text"]


def mapping(
    data: object, entry: str, required: tuple[str, ...], optional: tuple[str, ...], what: str
) -> Mapping[str, Any]:
    """`data` as a JSON object with exactly the `required` keys and some `optional` ones.

    Args:
        data: the parsed JSON value.
        entry: where it is in the file, for messages (``mice[4] (M05)``).
        required: the keys it must have.
        optional: the keys it may also have.
        what: the list's name, which starts every message.

    Examples:
        >>> mapping({"id": "M01", "count": 2}, "mice[0]", ("id",), ("count",), "card set")
        {'id': 'M01', 'count': 2}
        >>> mapping({"id": "M01", "size": 2}, "mice[0]", ("id",), ("count",), "card set")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: card set: mice[0] has unknown fields size
    """
    if not isinstance(data, Mapping):
        raise ConfigError(f"{what}: {entry} must be a JSON object, got {shown(data)}")
    missing = [k for k in required if k not in data]
    if missing:
        raise ConfigError(f"{what}: {entry} has no {', '.join(missing)}")
    extra = sorted(set(data) - set(required) - set(optional))
    if extra:
        raise ConfigError(f"{what}: {entry} has unknown fields {', '.join(extra)}")
    return data


def fields(data: object, entry: str, types: Mapping[str, type], what: str) -> list[Any]:
    """The values of a JSON object's fields, in the order of `types`, each of exactly its type.

    Args:
        data: the parsed JSON value.
        entry: where it is in the file, for messages (``mice[4] (M05)``).
        types: each field's name, mapped to its exact type; the object has exactly these fields.
        what: the list's name, which starts every message.

    Examples:
        >>> types = {"kind": str, "count": int}
        >>> fields({"count": 2, "kind": "hat"}, "clothing[0]", types, "card set")
        ['hat', 2]
        >>> fields({"kind": "hat", "count": "2"}, "clothing[0]", types, "cards")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: cards: clothing[0]: count must be int, got '2'
    """
    values = [mapping(data, entry, tuple(types), (), what)[k] for k in types]
    for (name, wanted), value in zip(types.items(), values, strict=True):
        if type(value) is not wanted:
            raise ConfigError(
                f"{what}: {entry}: {name} must be {wanted.__name__}, got {shown(value)}"
            )
    return values


def json_list(data: object, entry: str, what: str) -> list[Any]:
    """`data` as a JSON list.

    Args:
        data: the parsed JSON value.
        entry: where it is in the file, for messages.
        what: the list's name, which starts every message.

    Examples:
        >>> json_list([1, 2], "mice", "card set")
        [1, 2]
        >>> json_list({"a": 1}, "mice", "card set")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: card set: mice must be a JSON list, got {'a': 1}
    """
    if not isinstance(data, list):
        raise ConfigError(f"{what}: {entry} must be a JSON list, got {shown(data)}")
    return data


def read_text(path: str | Path, what: str) -> str:
    """A file's text, or a `ValueError` saying why it cannot be read.

    Args:
        path: the file to read (UTF-8).
        what: the list's name, which starts the message.

    Examples:
        >>> read_text("/no/such/cards.json", "card set")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: card set: cannot read /no/such/cards.json: ...
    """
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"{what}: cannot read {path}: {e}") from None


def read_json(text: str, what: str) -> Any:
    """Parsed JSON, or a `ValueError` saying it is not JSON.

    Args:
        text: the text to parse.
        what: the list's name, which starts the message.

    Examples:
        >>> read_json('{"mice": []}', "card set")
        {'mice': []}
        >>> read_json("{oops", "card set")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: card set: not valid JSON: ...
    """
    return parse_json(text, what, ConfigError)
