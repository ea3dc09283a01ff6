"""The public event log of Food Chain: what everyone at the table saw, in words.

The words are read from a move's effects (`effects`, as `apply_traced` returns them), each as a
spectator may know it: `public_events` blanks what a spectator cannot see before it words
anything, so a committed animal is never named before the reveal (FC-3, FC-11), whoever passes
the effects in.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> _, effects = fc.apply_traced(s, 0, fc.Play(fc.Animal.CAT))
    >>> for line in public_events(s.config, effects):
    ...     print(line)
    round 1 of 3: seat 0 is the Alpha Animal; every player takes their nine animals into hand
    seat 0 plays a card face down
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.food_chain import effects as fx
from tablefeast.games.food_chain.components import ANIMALS, PASSES, Animal
from tablefeast.games.food_chain.config import Config
from tablefeast.kernel.effects import Effect, seen
from tablefeast.kernel.wording import and_list, by_seat, plural

__all__ = ["public_events"]

"""Passes in a round (FC-2)."""
HANDS_TAKEN = "every player takes their nine animals into hand"


def public_events(config: Config, effects: Iterable[Effect]) -> tuple[str, ...]:
    """What every player at the table saw of `effects`, in words: one short English line per
    thing that happened.

    A commitment says only that the seat played a card face down; the reveal lists every
    animal, then come the first predator kind to snatch, each take (the predator, the prey and
    the stack under it), and, when the pass is over, what is secured (and its stars), what goes
    to the centre and which Fleas leave the round (FC-8: one line each for the whole pass), then
    the next pass, or the round's stars and the next round (FC-9), or the final scores and the
    winners (FC-10). A round's start and the hands taken up are one line (FC-2: nothing is
    dealt at random).

    Args:
        config: the game's configuration (its player count).
        effects: the effects of one or more moves, as `apply_traced` gives them.

    Returns:
        The lines, in the order things happened at the table.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> moves = [(0, fc.Play(fc.Animal.BIRD)), (1, fc.Play(fc.Animal.WORM)),
        ...          (2, fc.Play(fc.Animal.CAT)), (0, fc.Take(1)), (2, fc.Take(0))]
        >>> for seat, action in moves:
        ...     s, effects = fc.apply_traced(s, seat, action)
        ...     print("\\n".join(public_events(s.config, effects)))
        round 1 of 3: seat 0 is the Alpha Animal; every player takes their nine animals into hand
        seat 0 plays a card face down
        seat 1 plays a card face down
        seat 2 plays a card face down
        revealed: seat 0 plays bird, seat 1 plays worm, seat 2 plays cat
        the birds snatch: seat 0 takes first
        seat 0's bird takes seat 1's worm
        the cats snatch: seat 2 takes first
        seat 2's cat takes seat 0's bird with a worm under it
        seat 2 secures its cat with a worm and a bird: 6 stars
        pass 2 of 9
    """
    lines: list[str] = []
    # FC-8: the animals going to the centre, and the Fleas leaving, are told in one line each,
    # after the pass's secured animals: gathered until the next effect of another kind.
    centre: list[str] = []
    out: list[str] = []
    previous: Effect | None = None
    for effect in seen(effects, None):
        match effect:
            case fx.GoesToCentre(seat=seat, animal=animal):
                centre.append(f"seat {seat}'s {animal.value}")
            case fx.FleaLeaves(seat=seat):
                out.append(f"seat {seat}'s flea")
            case fx.HandsTaken() if isinstance(previous, fx.RoundBegins):
                lines[-1] += f"; {HANDS_TAKEN}"  # FC-2: the round's start is one line
            case fx.Secured():
                lines += _words(effect, config)
            case _:
                _gathered(lines, centre, out)
                lines += _words(effect, config)
        previous = effect
    _gathered(lines, centre, out)
    return tuple(lines)


def _gathered(lines: list[str], centre: list[str], out: list[str]) -> None:
    """Tell the gathered animals of the centre and Fleas out of the round, then forget them."""
    if centre:
        lines.append("to the centre: " + ", ".join(centre))
        centre.clear()
    if out:
        lines.append("out of the round: " + ", ".join(out))
        out.clear()


def _some(animals: tuple[Animal, ...]) -> str:
    """The animals of a stack, kind by kind: 'a worm', '2 worms and a bird'."""
    parts = []
    for animal in ANIMALS:
        n = animals.count(animal)
        if n:
            parts.append(f"a {animal.value}" if n == 1 else f"{n} {animal.value}s")
    return and_list(parts)


def _words(effect: Effect, config: Config) -> list[str]:
    """The lines of one effect, as a spectator sees it."""
    match effect:
        case fx.RoundBegins(round=number, alpha=alpha):
            return [f"round {number} of {config.players}: seat {alpha} is the Alpha Animal"]
        case fx.HandsTaken():
            return [HANDS_TAKEN]  # only ever apart from its round's start when given alone
        case fx.AnimalPlayed(seat=seat):
            return [f"seat {seat} plays a card face down"]  # FC-3: never which card
        case fx.Revealed(plays=plays):
            return ["revealed: " + ", ".join(f"seat {s} plays {a.value}" for s, a in plays)]
        case fx.SnatchBegins(predator=predator, taker=taker):
            return [f"the {predator.value}s snatch: seat {taker} takes first"]
        case fx.PreyTaken(seat=seat, predator=predator, victim=victim, prey=prey, under=under):
            stack = f" with {_some(under)} under it" if under else ""
            return [f"seat {seat}'s {predator.value} takes seat {victim}'s {prey.value}{stack}"]
        case fx.CentrePreyTaken(seat=seat, predator=predator, prey=prey):
            return [f"seat {seat}'s {predator.value} takes a {prey.value} from the centre"]
        case fx.Secured(seat=seat, animal=animal, stack=stack, stars=stars):
            worth = plural(stars, "star")
            return [f"seat {seat} secures its {animal.value} with {_some(stack)}: {worth}"]
        case fx.PassBegins(pass_number=number):
            return [f"pass {number} of {PASSES}"]
        case fx.RoundScored(round=number, stars=stars, totals=totals, last=last):
            lines = [f"round {number} ends, stars this round: {by_seat(stars)}"]
            return lines if last else [*lines, f"totals: {by_seat(totals)}"]
        case fx.GameOver(scores=scores, winners=won):
            if len(won) == 1:
                verdict = f"seat {won[0]} wins"
            else:
                verdict = f"seats {and_list([str(s) for s in won])} share the win"  # FC-10
            return [f"game over, final scores: {by_seat(scores)}", verdict]
    return []
