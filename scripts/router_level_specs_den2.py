"""Python Den, part two (episodes 15–17, ids 95–124): for loops, functions with parameters and
lists. Python only: each level's `python_solution` is the program a child might write after
reading the lesson (CPython runs it against the simulator; the generator counts its blocks as the
engine would), and its nested `solution` drives the same route, so the generator can check it is
the shortest. The algorithm score is off, as in the original's Python-only levels. The levels
themselves are in one module per episode. Read by scripts/router_levels.py.
"""

import router_den_for
import router_den_functions
import router_den_lists

FIRST_ID = 95
EPISODES = [
    (15, "For loops", "Count with for and range, use the loop's number, and walk through a list of moves."),
    (16, "Functions with parameters", "Give your functions numbers and words to work with, and get answers back."),
    (17, "Lists", "Keep turns, stops and distances in lists: read them, grow them and print them."),
]
LEVELS = router_den_for.LEVELS + router_den_functions.LEVELS + router_den_lists.LEVELS
