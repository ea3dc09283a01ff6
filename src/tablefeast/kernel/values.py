"""Fast functional updates of the frozen, dict-backed attrs classes that hold game states.

Game states change on every decision, so building the next one must be cheap. A state class is
declared ``@attrs.frozen(slots=False)``; `replace` copies its instance dictionary and overrides some
entries, which costs about as much as building a small object, whatever the number of fields.

Example:
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

__all__ = ["replace"]

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen dict-backed attrs instance `obj` with some fields changed.

    Unlike `attrs.evolve` it runs no validators and no ``__init__``: callers pass only field names
    of `obj`'s class and values of the right types (tests check every state the rules build).
    """
    fields = obj.__dict__.copy()
    fields.update(changes)
    new = _new(type(obj))
    _set(new, "__dict__", fields)
    return new
