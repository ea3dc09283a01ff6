"""The observation tensor: a fixed-size numeric encoding of a `View` (for learning code and the
OpenSpiel and PettingZoo adapters). It reads only the view, so it hides what the view hides.

Layout, for n players (in order): the viewer (one-hot over n seats and the spectator), the
viewer's hand (11 counts, -1..9) and commitment (one-hot over the 11 values and "none"), hand
sizes (n), who has committed (n), the draw pile size, the discard pile (11 counts), the face-down
plates (36 flags by rank), the buffet (36 flags), each seat's plates won (n x 36 flags), the
positions (n), who races (n), the start player (one-hot n), round, part, the exchanger (one-hot
n + none), draws owed, plates to reveal, game over, who acts (n seats + chance) and the running
scores (n).

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> config = sab.Config(players=4)
    >>> len(observation_tensor(sab.view(sab.initial_state(config), 0))) == observation_size(config)
    True
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.schlacht_am_buffet.components import NUM_CARD_TYPES, PLATES, Plate
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.games.schlacht_am_buffet.state import initial_state
from tablefeast.games.schlacht_am_buffet.view import View, view
from tablefeast.kernel.deck import counts_from_cards
from tablefeast.kernel.tensor import actor_flags, one_hot_rows, public_floats

__all__ = ["observation_size", "observation_tensor"]

_COMMITMENTS = one_hot_rows(12)  # the 11 card values, then "none"
_PLATE_SLOTS = len(PLATES)


@cache
def observation_size(config: Config) -> int:
    """Length of the tensor for this config (the same for every view: a test checks it).

    Args:
        config: the game's configuration.
    """
    return len(observation_tensor(view(initial_state(config), None)))


def observation_tensor(seen: View) -> tuple[float, ...]:
    """The view as a flat tuple of floats (see the module docs for the layout).

    Args:
        seen: the view to encode.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> t = observation_tensor(sab.view(sab.initial_state(sab.Config(players=3)), None))
        >>> len(t), t[:4]
        (250, (0.0, 0.0, 0.0, 1.0))
    """
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` would give, several times faster (the adapters encode a view per step).
    n = seen.config.players
    seats, seats_or_none = one_hot_rows(n), one_hot_rows(n + 1)
    out: list[float] = []
    out += seats_or_none[n if seen.seat is None else seen.seat]
    out += map(float, counts_from_cards((card + 1 for card in seen.hand or ()), NUM_CARD_TYPES))
    out += _COMMITMENTS[11 if seen.my_commitment is None else seen.my_commitment + 1]
    out += map(float, seen.hand_sizes)
    out += [1.0 if x else 0.0 for x in seen.committed]
    out.append(float(seen.draw_pile_size))
    out += public_floats(seen.discard)
    out += public_floats(seen.supply)
    out += _plates(seen.buffet, seen.plates_won)
    out += map(float, seen.positions)
    part = [0.0] * n
    for seat in seen.racing:
        part[seat] = 1.0
    out += part
    out += seats[seen.start_player]
    out += (float(seen.round), float(seen.part))
    out += seats_or_none[n if seen.exchanger is None else seen.exchanger]
    out += (float(len(seen.pending_draws)), float(seen.to_reveal))
    out.append(1.0 if seen.game_over else 0.0)
    out += actor_flags(seen.actors, n)
    out += map(float, seen.scores)
    return tuple(out)


# The plates part by the buffet and plates won it encodes, both public: the same tuples are
# carried from state to state until a plate is revealed or won, so they are found by identity
# (each entry holds its tuples, so their ids are not reused while it lives).
_PLATES_PARTS: dict[tuple[int, int], tuple[object, object, tuple[float, ...]]] = {}
_PLATES_PARTS_SIZE = 1024


def _plates(buffet: tuple[Plate, ...], won: tuple[tuple[Plate, ...], ...]) -> tuple[float, ...]:
    key = (id(buffet), id(won))
    hit = _PLATES_PARTS.get(key)
    if hit is not None and hit[0] is buffet and hit[1] is won:
        return hit[2]
    out: list[float] = []
    for plates in (buffet, *won):
        part = [0.0] * _PLATE_SLOTS
        for plate in plates:
            part[plate.rank] = 1.0
        out += part
    if len(_PLATES_PARTS) >= _PLATES_PARTS_SIZE:
        _PLATES_PARTS.clear()
    encoded = tuple(out)
    _PLATES_PARTS[key] = (buffet, won, encoded)
    return encoded
