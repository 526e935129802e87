"""Python Den, part one (episodes 12–14, ids 65–94): counting with while, choosing inside a loop,
and loops that stop by themselves. Python only: each level's `python_solution` is the program a
child might write after reading the lesson (CPython runs it against the simulator; the generator
counts its blocks as the engine would). The algorithm score is off, as in the original's
Python-only levels. The levels themselves are in one module per episode. Read by
scripts/router_levels.py.
"""

import router_den_choosing
import router_den_counting
import router_den_stopping

FIRST_ID = 65
EPISODES = [
    (12, "Counting with while", "Keep count in a variable and let while stop the loop at the right number."),
    (13, "Choosing inside a loop", "Use if, elif and else inside a loop: lights, cows, corners and parcels."),
    (14, "Loops that stop by themselves", "Drive until you arrive, or until the road runs out, and break out when you are done."),
]
LEVELS = router_den_counting.LEVELS + router_den_choosing.LEVELS + router_den_stopping.LEVELS
