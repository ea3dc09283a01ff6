"""Fast functional updates of the frozen, dict-backed attrs classes that hold game states.

Game states change on every decision, so building the next one must be cheap. A state class is
declared ``@attrs.frozen(slots=False)``; `replace` copies its instance dictionary and overrides some
entries, which costs about as much as building a small object, whatever the number of fields.

Examples:
    >>> import attrs
    >>> @attrs.frozen(slots=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> replace(Point(1, 2), y=5)
    Point(x=1, y=5)
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["from_fields", "replace"]

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen dict-backed attrs instance `obj` with some fields changed.

    Unlike `attrs.evolve` it runs no validators and no ``__init__``: callers pass only field names
    of `obj`'s class and values of the right types (tests check every state the rules build).

    Args:
        obj: the instance to copy.
        **changes: new values, by field name.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> replace(s, round=2).round, s.round
        (2, 1)
    """
    new = _new(type(obj))
    _set(new, "__dict__", obj.__dict__ | changes)
    return new


def from_fields(cls: type[T], fields: dict[str, Any]) -> T:
    """An instance of the dict-backed attrs class `cls` holding exactly `fields`.

    The hottest transitions build the next state as ``fields = state.__dict__.copy()``, then a
    few assignments, then `from_fields`: cheaper than `replace` with keyword arguments.

    Args:
        cls: the class to instantiate.
        fields: its instance dictionary, used as is (not copied).

    Examples:
        >>> import attrs
        >>> @attrs.frozen(slots=False)
        ... class Point:
        ...     x: int
        ...     y: int
        >>> fields = Point(1, 2).__dict__.copy()
        >>> fields["x"] = 7
        >>> from_fields(Point, fields)
        Point(x=7, y=2)
    """
    new = _new(cls)
    _set(new, "__dict__", fields)
    return new
