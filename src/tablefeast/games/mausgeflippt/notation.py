"""Move notation and the integer action encoding.

Notation: ``pass``, ``play tie/blue`` (kind/colour), ``flip``, ``down tie/blue`` (after a wrong
flip, the card laid face down, MG-17); chance: ``mouse M07``, ``clothing tie/blue``, ``cheese
gouda``, ``fastest 2``, ``fastest 1 3`` (ascending seats; several seats is an unclear tie). The
call made with a flip is display text only (`Config.call`).

Ids depend on the config: its card set (K items, M mice, C cheeses) and its number of players
n: ``pass`` 0, ``flip`` 1, ``play`` 2 to K+1 in card-set order, ``down`` K+2 to 2K+1 likewise,
then the mice (M), the clothing draws (K), the cheeses (C), and the fastest sets (2**n - 1, by
seat bitmask: id = base + mask - 1): the players' decisions first, chance's after. With the
default set and 4 players: 2 + 26 + 26 + 32 + 26 + 3 + 15 = 130.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> s = mg.initial_state(mg.Config(players=4))
    >>> a = action_from_str(s, 0, "play tie/blue")
    >>> a, action_to_str(a), action_from_id(s, 0, action_to_id(a)) == a
    (Play(kind='tie', colour='blue'), 'play tie/blue', True)
    >>> num_distinct_actions(s.config)
    130
"""

from __future__ import annotations

import re
from typing import Protocol

from tablefeast.games.mausgeflippt.actions import (
    Action,
    DrawClothing,
    FaceDown,
    Fastest,
    Flip,
    Pass,
    Play,
    RevealCheese,
    RevealMouse,
)
from tablefeast.games.mausgeflippt.components import DEFAULT_CARDS, Item
from tablefeast.games.mausgeflippt.config import Config
from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.notation import move_words

__all__ = [
    "action_from_id",
    "action_from_str",
    "action_to_id",
    "action_to_str",
    "num_distinct_actions",
]

_SEAT = re.compile(r"[0-5]")
_FORMS = (
    "'pass', 'flip', 'play KIND/COLOUR', 'down KIND/COLOUR', or for chance 'mouse ID', "
    "'clothing KIND/COLOUR', 'cheese NAME', 'fastest SEAT...'"
)


def action_to_str(action: Action) -> str:
    """The action in move notation.

    Args:
        action: an action of this game (or a chance outcome).

    Examples:
        >>> action_to_str(Fastest((0, 2))), action_to_str(RevealMouse("M07"))
        ('fastest 0 2', 'mouse M07')
    """
    cls = type(action)
    if cls is Pass:
        return "pass"
    if cls is Flip:
        return "flip"
    # `type(action) is C`, not `cls`, where the action's fields are read: mypy narrows it.
    if type(action) is Play:
        return f"play {action.kind}/{action.colour}"
    if type(action) is FaceDown:
        return f"down {action.kind}/{action.colour}"
    if type(action) is RevealMouse:
        return f"mouse {action.mouse}"
    if type(action) is DrawClothing:
        return f"clothing {action.kind}/{action.colour}"
    if type(action) is RevealCheese:
        return f"cheese {action.cheese}"
    if type(action) is Fastest:
        return "fastest " + " ".join(map(str, action.seats))
    raise InvalidActionError(f"{shown(action)} is not a Mausgeflippt action")


class WithConfig(Protocol):
    """What the notation reads of a state (or of a view): the config, whose card set names
    the cards."""

    @property
    def config(self) -> Config:
        """The game's configuration."""
        ...


def _cut(word: str) -> str:
    """A word of the user's text, cut short for a message."""
    return word if len(word) <= 40 else word[:37] + "..."


def _item(text: str, word: str, state: WithConfig | None) -> Item:
    kind, slash, colour = word.partition("/")
    if not slash or not kind or not colour or "/" in colour:
        raise InvalidActionError(f"{shown(text)}: an item is written KIND/COLOUR, like tie/blue")
    item = Item(kind, colour)
    if state is not None and item not in state.config.card_set.tables.item_index:
        raise InvalidActionError(
            f"{shown(text)}: {_cut(word)} is not a clothing item of this card set"
        )
    return item


def action_from_str(state: WithConfig | None, player: int, text: str) -> Action:
    """Parse move notation; with a `state`, names are checked against its card set (legality
    is checked by `apply_action`).

    Args:
        state: the state of the game, whose card set the names must be in; None to skip
            that check.
        player: the acting seat, or CHANCE (unused: a move reads the same for every seat).
        text: the move in the game's notation.

    Raises:
        InvalidActionError: the text is not a move of this game.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> action_from_str(None, 0, "fastest 1 3"), action_from_str(None, 0, "mouse M99")
        (Fastest(seats=(1, 3)), RevealMouse(mouse='M99'))
        >>> action_from_str(mg.initial_state(mg.Config(players=3)), 0, "mouse M99")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: 'mouse M99': there is no mouse M99 ...
    """
    verb, *args = move_words(text)
    if not args and verb in ("pass", "flip"):
        return Pass() if verb == "pass" else Flip()
    tables = None if state is None else state.config.card_set.tables
    if len(args) == 1 and verb in ("play", "down", "clothing"):
        item = _item(text, args[0], state)
        return _ITEM_VERBS[verb](item.kind, item.colour)
    if len(args) == 1 and verb == "mouse":
        if tables is not None and args[0] not in tables.mouse_index:
            raise InvalidActionError(
                f"{shown(text)}: there is no mouse {_cut(args[0])} in this card set"
            )
        return RevealMouse(args[0])
    if len(args) == 1 and verb == "cheese":
        if tables is not None and args[0] not in tables.cheese_index:
            raise InvalidActionError(
                f"{shown(text)}: there is no cheese {_cut(args[0])} in this card set"
            )
        return RevealCheese(args[0])
    if args and verb == "fastest":
        if not all(_SEAT.fullmatch(a) for a in args):
            raise InvalidActionError(f"{shown(text)}: fastest takes seat numbers 0 to 5")
        return Fastest(tuple(map(int, args)))
    raise InvalidActionError(f"{shown(text)} is not a move: expected {_FORMS}")


_ITEM_VERBS: dict[str, type[Play] | type[FaceDown] | type[DrawClothing]] = {
    "play": Play,
    "down": FaceDown,
    "clothing": DrawClothing,
}


def _sizes(config: Config) -> tuple[int, int, int]:
    tables = config.card_set.tables
    return len(tables.items), len(tables.mouse_ids), len(tables.cheese_names)


def num_distinct_actions(config: Config) -> int:
    """Size of the integer encoding for this config's card set and number of players.

    Args:
        config: the game's configuration (its card set and player count size the encoding).

    Examples:
        >>> num_distinct_actions(Config(players=2)), num_distinct_actions(Config(players=3))
        (118, 122)
    """
    k, m, c = _sizes(config)
    return 2 + 3 * k + m + c + (1 << config.players) - 1


def action_to_id(action: Action, config: Config | None = None) -> int:
    """The action's integer id under `config` (None: the default card set, any player count).

    Ids of cards depend on the card set, so pass the config when it has a custom one.

    Args:
        action: an action of this game (or a chance outcome).
        config: the game's configuration, whose card set numbers the cards and whose player
            count bounds the seats; None for the default card set and any player count.

    Raises:
        InvalidActionError: not an action of this game, or a name not in the card set.

    Examples:
        >>> action_to_id(Pass()), action_to_id(RevealMouse("M01")), action_to_id(Fastest((0, 1)))
        (0, 54, 117)
        >>> action_to_id(FaceDown("trousers", "blue"))
        28
    """
    cards = DEFAULT_CARDS if config is None else config.card_set
    tables = cards.tables
    k, m, c = len(tables.items), len(tables.mouse_ids), len(tables.cheese_names)
    cls = type(action)
    try:
        if cls is Pass:
            return 0
        if cls is Flip:
            return 1
        # `type(action) is C` where the action itself is read: mypy narrows it.
        if type(action) is Play:
            return 2 + tables.play_index[action]
        if type(action) is FaceDown:
            return 2 + k + tables.face_down_index[action]
        if type(action) is RevealMouse:
            return 2 + 2 * k + tables.mouse_index[action.mouse]
        if type(action) is DrawClothing:
            return 2 + 2 * k + m + tables.draw_index[action]
        if type(action) is RevealCheese:
            return 2 + 3 * k + m + tables.cheese_index[action.cheese]
    except KeyError:
        raise InvalidActionError(
            f"{shown(action)} names a card this card set does not have"
        ) from None
    if type(action) is Fastest:
        seats = action.seats
        if config is None or max(seats) < config.players:
            return 2 + 3 * k + m + c + sum(1 << s for s in seats) - 1
        raise InvalidActionError(f"{shown(action)} names a seat beyond {config.players} players")
    raise InvalidActionError(f"{shown(action)} is not a Mausgeflippt action")


def action_from_id(state: WithConfig | None, player: int, action_id: int) -> Action:
    """The action with this id under `state`'s config (`state` None: the default card set and
    up to 6 players, as `action_to_id` without a config).

    Args:
        state: the state of the game, whose config the ids are under; None for the default
            card set and 6 players.
        player: the acting seat, or CHANCE (unused: ids are the same for every seat).
        action_id: the action's integer id, as `action_to_id` gives it.

    Raises:
        InvalidActionError: the id is outside ``range(num_distinct_actions(config))``.

    Examples:
        >>> action_from_id(None, 0, 1), action_from_id(None, 0, 2)
        (Flip(), Play(kind='trousers', colour='blue'))
        >>> action_from_id(None, 0, 300)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: action id 300 is not in range(0, 178)
    """
    config: Config = _DEFAULT_SIX if state is None else state.config
    total = num_distinct_actions(config)
    if type(action_id) is not int or not 0 <= action_id < total:
        raise InvalidActionError(f"action id {shown(action_id)} is not in range(0, {total})")
    tables = config.card_set.tables
    k, m, c = _sizes(config)
    if action_id < 2:
        return Pass() if action_id == 0 else Flip()
    i = action_id - 2
    if i < k:
        return tables.plays[i]
    i -= k
    if i < k:
        return tables.face_downs[i]
    i -= k
    if i < m:
        return tables.reveal_mice[i]
    i -= m
    if i < k:
        return tables.draws[i]
    i -= k
    if i < c:
        return tables.reveal_cheeses[i]
    mask = i - c + 1
    return Fastest(tuple(s for s in range(config.players) if mask >> s & 1))


_DEFAULT_SIX = Config(players=6)
