"""What the Python Den's level modules share: the two lines every program starts with, a map drawn
from the drive a program makes, and a `level()` that numbers an episode's levels from its first id.
"""

from router_levels import Spec
from router_map_draw import draw, trace_python

START = "from van import Van\n\nmy_van = Van()\n\n"

# The road-following choice, indented for the inside of a loop.
FOLLOW_PY = """
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
"""


def py(body: str) -> str:
    """A whole program: the two lines every Python level starts with, then the child's code."""
    return START + body.strip("\n") + "\n"


def episode_levels(first_id: int):
    """A list of an episode's levels and the `level(**fields)` that adds one: Python only, the
    algorithm score off (as the original does on Python-only levels), ids from `first_id`."""
    levels: list[Spec] = []

    def level(**kwargs):
        levels.append(Spec(id=str(first_id + len(levels)), python=True, algorithm=False, **kwargs))

    return levels, level


def road(depot, heading, body, houses=(), extra=(), scenery=0, decor=None, cows=None):
    """The map a program drives on an open field (so it fits by construction), plus side roads
    and scenery; the last square is the house unless `houses` says otherwise."""
    path = trace_python(depot, heading, py(body), houses)
    return draw([path, *extra], houses=list(houses) or [path[-1]], scenery=scenery, decor=decor, cows=cows)


def moves_on(path) -> int:
    """Squares the van drives on a path: the depot and the square it starts on don't count."""
    return len(path) - 2
