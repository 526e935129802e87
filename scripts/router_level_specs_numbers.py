"""Episode 11 "Numbers and variables" (Blockly, ids 57–64): a variable that counts, counting down,
changing by more than one, arithmetic, and variables shared with procedures. Every map, lesson
and hint here is original to Tessera. Read by scripts/router_levels.py.
"""

from router_levels import Spec
from router_level_specs import F, L, R, W, D, H, rep, until, while_, if_, call, fwd, FOLLOW  # noqa: F401
from router_map_draw import draw, scatter, trace, walk

FIRST_ID = 57
EPISODES = [(11, "Numbers and variables", "Let the van count: variables that go up, go down and do sums.")]
LEVELS: list[Spec] = []


def level(**kwargs):
    LEVELS.append(Spec(id=str(FIRST_ID + len(LEVELS)), **kwargs))


# Program pieces for numbers: set/change a variable, read it, compare, do a sum.
def set_(name, value):
    return ("set", name, value)


def change(name, by):
    return ("change", name, by)


def var(name):
    return ("var", name)


def cmp(a, op, b):
    return ("cmp", {"=": "EQ", "!=": "NEQ", "<": "LT", "<=": "LTE", ">": "GT", ">=": "GTE"}[op], a, b)


def arith(a, op, b):
    return ("arith", {"+": "ADD", "-": "MINUS", "*": "MULTIPLY", "/": "DIVIDE", "**": "POWER"}[op], a, b)


level(episode=11, name="Counting squares", theme="grass", character="van",
      lesson="A variable is a box with a name that holds a number. Set count to 0, then change it by 1 each time the van moves. Repeat until count = 8 stops the loop at just the right moment.",
      hint="Set count to 0. Repeat until count = 8: Move forwards, then change count by 1.",
      map=draw([walk((0, 5), "E9")], houses=[(9, 5)],
               decor=scatter("T 1,7 t 4,6 b 7,7 T 2,2 p 5,2 t 8,1 b 0,0")),
      solution=[set_("count", 0), until(cmp(var("count"), "=", 8), F, change("count", 1))])

level(episode=11, name="Countdown", theme="snow", character="scooter",
      lesson="Variables can count down too. Set n to 6, and change n by -1 after every move. Repeat while n > 0 keeps going until n reaches 0. Then set n again for the next road.",
      hint="Set n to 6, repeat while n > 0: forwards, change n by -1. Turn right. Set n to 3 and count down again.",
      limits={"move_forwards": 2},
      map=draw([[(0, 6)] + [(x, 6) for x in range(1, 8)] + [(7, y) for y in range(5, 1, -1)], [(7, 4), (8, 4), (9, 4)]],
               houses=[(7, 2)], scenery=58),
      solution=[set_("n", 6), while_(cmp(var("n"), ">", 0), F, change("n", -1)), R,
                set_("n", 3), while_(cmp(var("n"), ">", 0), F, change("n", -1))])

level(episode=11, name="Two at a time", theme="farm", character="tractor",
      lesson="Change a variable by any number you like. There is a house every two squares: count the squares in twos, and stop when the count reaches 8.",
      hint="Set squares to 0. Repeat until squares = 8: forwards, forwards, deliver, then change squares by 2.",
      limits={"move_forwards": 2, "deliver": 1},
      map=draw([walk((0, 3), "E9"), walk((4, 3), "S2 W2"), walk((6, 3), "N3")],
               houses=[(3, 3), (5, 3), (7, 3), (9, 3)], scenery=59),
      solution=[set_("squares", 0), until(cmp(var("squares"), "=", 8), F, F, D, change("squares", 2))])

SPIRAL = [set_("n", 1), rep(5, rep(var("n"), F), L, change("n", 1))]
level(episode=11, name="Growing spiral", theme="city", character="robot",
      lesson="A repeat block can take a variable instead of a number: repeat n times. Each side of this spiral is one square longer than the last, so change n by 1 after every side.",
      hint="Set n to 1. Repeat 5 times: repeat n times move forwards, turn left, change n by 1.",
      limits={"controls_repeat": 2, "move_forwards": 1, "turn_left": 1},
      map=draw([trace((4, 3), "E", SPIRAL)], houses=[(8, 2)], scenery=60),
      solution=SPIRAL)

DOUBLE = [set_("n", 1), rep(3, rep(var("n"), F), L, set_("n", arith(var("n"), "*", 2)))]
level(episode=11, name="Double it", theme="grass", character="van",
      lesson="Variables can do sums. Each stretch of this road is twice as long as the one before: 1, then 2, then 4. Set n to n × 2 after each stretch.",
      hint="Set n to 1. Repeat 3 times: repeat n times move forwards, turn left, then set n to n × 2 (a sum block with n and 2).",
      limits={"controls_repeat": 2, "move_forwards": 1},
      map=draw([trace((5, 2), "E", DOUBLE), walk((7, 3), "E2"), walk((4, 5), "N2")], houses=[(2, 4)], scenery=61),
      solution=DOUBLE)

SHRINK = [set_("n", 6), while_(cmp(var("n"), ">", 0), rep(var("n"), F), R, change("n", -1))]
level(episode=11, name="Shrinking spiral", theme="snow", character="tractor",
      lesson="This spiral gets tighter: every side is one square shorter. Start n at 6, take 1 away after each side, and keep going while n > 0.",
      hint="Set n to 6. Repeat while n > 0: repeat n times move forwards, turn right, change n by -1.",
      limits={"controls_repeat": 1, "move_forwards": 1, "turn_right": 1},
      map=draw([trace((0, 7), "E", SHRINK)], houses=[(4, 3)], scenery=62),
      solution=SHRINK)

ZIGZAG = ([set_("n", 3), call("drive"), L, set_("n", 4), call("drive"), R, set_("n", 2), call("drive"), R,
           set_("n", 4), call("drive")], {"drive": [rep(var("n"), F)]})
level(episode=11, name="How far?", theme="farm", character="scooter",
      lesson="A procedure can use a variable too. Define drive to move forwards n times. Before each call, set n to how far that stretch goes.",
      hint="drive: repeat n times move forwards. Then: set n to 3, call drive, turn left, set n to 4, call drive, turn right, and so on.",
      limits={"controls_repeat": 1, "move_forwards": 1},
      map=draw([trace((0, 1), "E", ZIGZAG), walk((2, 1), "S1"), walk((4, 3), "W2")], houses=[(7, 1)], scenery=63),
      solution=ZIGZAG)

level(episode=11, name="Parcel counter", theme="city", character="robot",
      lesson="The road goes on past the last house, so 'at the house' alone can't tell you when to stop. Count your deliveries, and stop when you have made 3.",
      hint="Set parcels to 0. Repeat until parcels = 3: if at the house, deliver and change parcels by 1; else if road forwards, move forwards; else if road left, turn left; else turn right.",
      limits={"deliver": 1},
      map=draw([walk((0, 1), "E3 N4 E3 S3 E3 N3")], houses=[(3, 3), (5, 5), (8, 2)], scenery=64),
      solution=[set_("parcels", 0),
                until(cmp(var("parcels"), "=", 3),
                      if_(("dest", [D, change("parcels", 1)]), ("fwd", [F]), ("left", [L]), otherwise=[R]))])
