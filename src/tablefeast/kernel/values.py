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

from collections.abc import Callable
from typing import NoReturn, Self, TypeVar

__all__ = ["FrozenDict", "dict_setter", "from_fields", "replace"]

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(dict[K, V]):
    """A read-only dict, for rule tables shared between games (card indexes, points tables).

    Reads are a plain dict's (at C speed, on the rules' hot paths); every method that would change
    it raises `TypeError`, so that no code holding a view can change the rules of a game. Unlike
    `types.MappingProxyType` it pickles (configs travel to worker processes in simulations) and
    compares equal to a dict with the same items.

    Examples:
        >>> points = FrozenDict({"Steak": 3})
        >>> points["Steak"], points == {"Steak": 3}
        (3, True)
        >>> points["Steak"] = 99
        Traceback (most recent call last):
        ...
        TypeError: a rule table is read-only
        >>> import pickle
        >>> pickle.loads(pickle.dumps(points))
        FrozenDict({'Steak': 3})
    """

    __slots__ = ()

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a rule table is read-only")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[type[Self], tuple[dict[K, V]]]:
        return (type(self), (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))


_new = object.__new__
_set = object.__setattr__


def combine(obj: object) -> None:
    """Give the dict-backed instance `obj` a combined instance dictionary (call it from
    ``__attrs_post_init__``).

    An instance built by its ``__init__`` keeps its attributes in a *split* dictionary, whose keys
    are shared with the class; on CPython 3.11 a read of such an attribute is not specialised and
    costs about ten times a read from a combined one. States are read far more often than they are
    built, and `replace` and `from_fields` copy the dictionary they get, so one combined dictionary
    at construction makes every later state combined too.

    Args:
        obj: a freshly built instance of a ``slots=False`` attrs class.

    Examples:
        >>> import attrs
        >>> @attrs.frozen(slots=False)
        ... class Point:
        ...     x: int
        ...     def __attrs_post_init__(self) -> None:
        ...         combine(self)
        >>> Point(3).x
        3
    """
    _set(obj, "__dict__", dict(obj.__dict__))


def replace(obj: T, **changes: object) -> T:
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


def from_fields(cls: type[T], fields: dict[str, object]) -> T:
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


def dict_setter(cls: type) -> Callable[[object, dict[str, object]], None]:
    """The C-level setter of the instance dictionary of the dict-backed attrs class `cls`.

    With ``object.__new__`` it is `from_fields` written out: ``new = object.__new__(cls)`` then
    ``setter(new, fields)``. The rules' hottest transitions (a card drawn, a card committed) build
    their next state this way, one Python call fewer per decision (about 2% of one).

    Args:
        cls: a ``slots=False`` attrs class.

    Examples:
        >>> import attrs
        >>> @attrs.frozen(slots=False)
        ... class Point:
        ...     x: int
        >>> point = object.__new__(Point)
        >>> dict_setter(Point)(point, {"x": 4})
        >>> point
        Point(x=4)
    """
    descriptor = next(k.__dict__["__dict__"] for k in cls.__mro__ if "__dict__" in k.__dict__)
    setter: Callable[[object, dict[str, object]], None] = descriptor.__set__
    return setter
