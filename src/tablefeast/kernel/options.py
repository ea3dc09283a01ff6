"""Game options written as text (``edition=fr``, ``stars=[1,1,1,1,1]``), as people type them.

The command line's ``-o KEY=VALUE``, the server's table options and any other text front end read
options here, so that they all accept the same forms and refuse the same mistakes with the same
`ConfigError`: a value is JSON when it is JSON (``3``, ``[0,2]``, ``{"meals": ...}``), plain text
otherwise (``fr``, ``1/10``); JSON is read within the library's bounds (`kernel.limits`). An
unknown key is named together with the keys the game knows.

Examples:
    >>> import tablefeast
    >>> sab = tablefeast.load("schlacht_am_buffet")
    >>> config_from_options(sab, 4, {"edition": "fr"})
    Config(players=4, edition='fr', start_player=0)
    >>> config_from_options(sab, 4, {"edtion": "fr"})
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: unknown option 'edtion' of schlacht_am_buffet; ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import parse_json, shown
from tablefeast.kernel.ruleset import A, AnyRuleset, C, Ruleset, S, V

__all__ = ["config_from_options", "option_keys", "option_value"]


def option_value(key: str, text: str) -> Any:
    """An option's value from its text: JSON when it is JSON, plain text otherwise.

    Args:
        key: the option's name, for messages.
        text: the value as typed.

    Raises:
        ConfigError: the text is JSON but out of the library's bounds (too deep, too long, an
            integer of too many digits).

    Examples:
        >>> option_value("players", "4"), option_value("edition", "fr")
        (4, 'fr')
        >>> option_value("young_seats", "[0, 2]"), option_value("tie_probability", "1/10")
        ([0, 2], '1/10')
    """
    if not isinstance(text, str):
        raise ConfigError(f"option {shown(key)}: a value is text, got {shown(text)}")
    try:
        return parse_json(text, f"option {shown(key)}", ConfigError)
    except ConfigError as e:
        if "not valid JSON" in str(e):
            return text  # plain text: the Config decides whether it fits
        raise


def option_keys(game: AnyRuleset) -> tuple[str, ...]:
    """The option names of a game's Config (``players`` included).

    Args:
        game: the game module.

    Examples:
        >>> import tablefeast
        >>> option_keys(tablefeast.load("food_chain"))
        ('players', 'first_alpha', 'stars')
    """
    return tuple(field.name for field in attrs.fields(game.Config))


def config_from_options(
    game: Ruleset[S, A, C, V], players: int, options: Mapping[str, object]
) -> C:
    """The game's Config for `players` and options (values already read, as `option_value` does).

    Args:
        game: the game module.
        players: the number of players.
        options: the other Config fields by name.

    Raises:
        ConfigError: an unknown option (named with the known ones), or a value the Config refuses.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> config_from_options(fc, 3, {"stars": [1, 1, 1, 1, 1]}).stars
        (1, 1, 1, 1, 1)
    """
    keys = option_keys(game)
    for key in options:
        if key not in keys or key == "players":
            known = ", ".join(k for k in keys if k != "players")
            raise ConfigError(f"unknown option {shown(key)} of {game.NAME}; options: {known}")
    try:
        make: Callable[..., C] = game.Config  # every Config takes its fields by keyword
        return make(players=players, **options)
    except ConfigError:
        raise
    except (TypeError, ValueError) as e:  # a Config should raise ConfigError; be sure anyway
        raise ConfigError(str(e)) from None
