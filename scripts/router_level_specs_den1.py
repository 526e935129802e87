"""Python Den, part one (episodes 12–14, ids 65–94): counting with while, choosing inside a loop,
and loops that stop by themselves. Python only: `python_solution` is the program a child might
write after reading the lesson (CPython runs it against the simulator; the generator counts its
blocks as the engine would). The algorithm score is off, as in the original's Python-only levels.
Every map, lesson and hint here is original to Tessera. Read by scripts/router_levels.py.
"""

from router_levels import Spec
from router_map_draw import draw, scatter, trace_python, walk  # noqa: F401

FIRST_ID = 65
EPISODES = [
    (12, "Counting with while", "Keep count in a variable and let while stop the loop at the right number."),
    (13, "Choosing inside a loop", "Use if, elif and else inside a loop: lights, cows, corners and parcels."),
    (14, "Loops that stop by themselves", "Drive until you arrive, or until the road runs out, and break out when you are done."),
]
LEVELS: list[Spec] = []


def level(**kwargs):
    LEVELS.append(Spec(id=str(FIRST_ID + len(LEVELS)), python=True, algorithm=False, **kwargs))


START = "from van import Van\n\nmy_van = Van()\n\n"


def py(body: str) -> str:
    """A whole program: the two lines every Python level starts with, then the child's code."""
    return START + body.strip("\n") + "\n"


def road(depot, heading, body, houses=(), extra=(), scenery=0, decor=None, cows=None, end_house=True):
    """The map a program drives on an open field, with side roads and scenery added."""
    path = trace_python(depot, heading, py(body), houses)
    return draw([path, *extra], houses=list(houses) or ([path[-1]] if end_house else []),
                scenery=scenery, decor=decor, cows=cows)


# =============================================================================================
# Episode 12: Counting with while
# =============================================================================================

S65 = """
count = 0
while count < 5:
    my_van.move_forwards()
    count += 1
"""
level(episode=12, name="Count to five", theme="grass", character="van",
      lesson="Welcome to the Python Den! A while loop can count: count starts at 0, and each time round the van moves and count += 1 adds one. When count < 5 is no longer true, the loop stops.",
      hint="The house is 5 squares ahead. Set count = 0, then while count < 5: move forwards and add 1 to count.",
      map=road((3, 0), "N", S65, extra=[walk((3, 3), "E3"), walk((3, 5), "W2")], scenery=65),
      python_solution=py(S65))

S66 = """
steps = 0
while steps < 5:
    my_van.turn_left()
    my_van.turn_right()
    steps += 1
"""
level(episode=12, name="Staircase", theme="snow", character="scooter",
      lesson="Each step of these stairs is a left turn then a right turn. Count the steps in a variable, and keep going while steps < 5. Don't forget steps += 1, or the loop never stops!",
      hint="steps = 0, then while steps < 5: turn left, turn right, steps += 1.",
      map=road((1, 0), "E", S66, scenery=66),
      python_solution=py(S66))

S67 = """
count = 0
while count < 7:
    my_van.move_forwards()
    count += 1
    print("Squares driven:", count)
my_van.turn_right()
my_van.move_forwards()
"""
level(episode=12, name="Watch it count", theme="city", character="robot",
      lesson="print() writes in the console under your code. Put print(\"Squares driven:\", count) inside your loop and watch the number go up as the van drives.",
      hint="Count 7 squares with a while loop and print count each time. After the loop, turn right and move forwards once.",
      map=road((1, 6), "E", S67, extra=[walk((5, 6), "S3")], scenery=67),
      python_solution=py(S67))

S68 = """
moves_left = 6
while moves_left > 0:
    my_van.move_forwards()
    moves_left -= 1
my_van.turn_right()
moves_left = 4
while moves_left > 0:
    my_van.move_forwards()
    moves_left -= 1
"""
level(episode=12, name="Countdown", theme="farm", character="tractor",
      lesson="Count down instead of up: start moves_left at 6, take one away with moves_left -= 1, and keep going while moves_left > 0. Then give it a new number for the next stretch.",
      hint="6 squares down, turn right, then 4 squares along. Two countdown loops, each with its own starting number.",
      map=road((8, 7), "S", S68, extra=[walk((8, 3), "E1"), walk((5, 0), "N2")], scenery=68),
      python_solution=py(S68))

S69 = """
squares = 0
while squares < 6:
    my_van.move_forwards()
    my_van.move_forwards()
    my_van.deliver()
    squares += 2
"""
level(episode=12, name="Count in twos", theme="grass", character="van",
      lesson="A counter can jump by more than one. There is a house every second square: drive two squares, deliver, and add 2 to squares. Stop when squares reaches 6.",
      hint="squares = 0. While squares < 6: move forwards twice, deliver, squares += 2.",
      map=road((5, 0), "N", S69, houses=[(5, 3), (5, 5), (5, 7)], extra=[walk((5, 4), "W3"), walk((5, 6), "E2")],
               scenery=69),
      python_solution=py(S69))

S70 = """
sides = 0
while sides < 3:
    steps = 0
    while steps < 4:
        my_van.move_forwards()
        steps += 1
    my_van.turn_right()
    sides += 1
"""
level(episode=12, name="Loop in a loop", theme="snow", character="scooter",
      lesson="A while loop can sit inside another. The outer loop counts sides, the inner one counts steps. Set steps = 0 inside the outer loop, so the count starts again on each side.",
      hint="3 sides, each 4 squares long with a right turn at the end. Outer loop: while sides < 3. Inner loop: while steps < 4.",
      map=road((1, 2), "N", S70, extra=[walk((1, 5), "W1"), walk((6, 4), "E3")], scenery=70),
      python_solution=py(S70))

S71 = """
size = 1
while size <= 5:
    steps = 0
    while steps < size:
        my_van.move_forwards()
        steps += 1
    my_van.turn_right()
    size += 1
"""
level(episode=12, name="Growing spiral", theme="city", character="robot",
      lesson="The inner loop can use the outer loop's counter. Here size goes 1, 2, 3, 4, 5, and the inner loop drives size squares, so every side of the spiral is one longer than the last.",
      hint="size = 1. While size <= 5: set steps = 0 and drive while steps < size, then turn right and add 1 to size.",
      map=road((5, 4), "W", S71, extra=[walk((7, 3), "E2")], scenery=71),
      python_solution=py(S71))

S72 = """
parcels = 0
while parcels < 3:
    my_van.move_forwards()
    my_van.turn_right()
    my_van.turn_left()
    my_van.deliver()
    parcels += 1
    print("Parcels delivered:", parcels)
"""
level(episode=12, name="Parcel tally", theme="snow", character="van",
      lesson="Counters are good for keeping score. Count each parcel as you deliver it, and print the tally so you can see it in the console: Parcels delivered: 1, 2, 3.",
      hint="Each house is one forwards, a right turn and a left turn further on. While parcels < 3: drive there, deliver, add 1 and print.",
      map=road((1, 0), "N", S72, houses=[(2, 3), (3, 5), (4, 7)], extra=[walk((2, 4), "W2"), walk((3, 6), "E3")],
               scenery=72),
      python_solution=py(S72))

S73 = """
length = 2
while length <= 6:
    steps = 0
    while steps < length:
        my_van.move_forwards()
        steps += 1
    my_van.turn_left()
    length += 2
"""
level(episode=12, name="Longer and longer", theme="farm", character="tractor",
      lesson="Each stretch of this farm track is 2 squares longer than the one before: 2, then 4, then 6. Let length count in twos, and use it as the inner loop's target.",
      hint="length = 2. While length <= 6: drive length squares with an inner loop, turn left, then length += 2.",
      map=road((6, 1), "E", S73, extra=[walk((9, 4), "W2")], scenery=73),
      python_solution=py(S73))

S74 = """
moves = 0
parcels = 0
while parcels < 3:
    my_van.turn_left()
    moves += 1
    steps = 0
    while steps < 3:
        my_van.move_forwards()
        steps += 1
        moves += 1
    my_van.deliver()
    parcels += 1
print("Delivered", parcels, "parcels in", moves, "moves")
"""
level(episode=12, name="Keeping count", theme="grass", character="scooter",
      lesson="Two counters at once: parcels stops the outer loop, and moves adds up every turn and every square. print() both at the end to see how your trip went.",
      hint="Each house is a left turn and 3 squares away. Outer loop: while parcels < 3. Inner loop: 3 squares. Add 1 to moves for every turn and every move.",
      map=road((4, 7), "W", S74, houses=[(3, 3), (7, 3), (7, 7)], extra=[walk((5, 3), "S2"), walk((3, 5), "W2")],
               scenery=74),
      python_solution=py(S74))


# =============================================================================================
# Episode 13: Choosing inside a loop
# =============================================================================================

def moves_on(path) -> int:
    """Squares the van drives on a path: the depot and the square it starts on don't count."""
    return len(path) - 2


P75 = walk((0, 7), "E6 S5 W4 N2")  # right-hand corners only
N75 = moves_on(P75)
S75 = f"""
moves = 0
while moves < {N75}:
    if my_van.is_road_forward():
        my_van.move_forwards()
    else:
        my_van.turn_right()
    moves += 1
"""
level(episode=13, name="Straight on or turn?", theme="grass", character="van",
      lesson=f"Put an if inside a loop and the van can decide afresh each time round. This road is {N75} squares long and every corner turns right: if there is road ahead, move forwards; else turn right.",
      hint=f"while moves < {N75}: if my_van.is_road_forward(): move forwards, else: turn right. Add 1 to moves every time round.",
      map=draw([P75, walk((3, 2), "S2"), walk((6, 4), "E2")], houses=[P75[-1]], scenery=75),
      python_solution=py(S75))

P76 = walk((9, 1), "W3 N2 W2 S1 W3 N5 E2")
N76 = moves_on(P76)
S76 = f"""
moves = 0
while moves < {N76}:
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
    moves += 1
"""
level(episode=13, name="Left or right?", theme="snow", character="scooter",
      lesson="elif means 'else, if'. Python tries each test in order and runs the first one that is True: road ahead? Else road to the left? Else it must be right.",
      hint=f"The road is {N76} squares long. Inside while moves < {N76}: if road forward, move; elif road left, turn left; else turn right. Then moves += 1.",
      map=draw([P76, walk((4, 3), "E1")], houses=[P76[-1]], scenery=76),
      python_solution=py(S76))

P77 = walk((0, 3), "E9")
S77 = """
moves = 0
while moves < 8:
    if my_van.at_red_traffic_light():
        my_van.wait()
    else:
        my_van.move_forwards()
        moves += 1
"""
level(episode=13, name="Red means wait", theme="city", character="robot",
      lesson="Two traffic lights on a straight street. If the light is red, wait; else drive on. Only count a square when you really move, so put moves += 1 inside the else.",
      hint="while moves < 8: if my_van.at_red_traffic_light(): wait. else: move forwards and add 1 to moves.",
      lights=[((2, 3), "E", "RED", 0, 3, 3), ((6, 3), "E", "GREEN", 0, 2, 3)],
      map=draw([P77, walk((4, 3), "N3"), walk((7, 3), "S2")], houses=[(9, 3)], scenery=77),
      python_solution=py(S77))

P78 = walk((1, 0), "N5 E6 S3")
N78 = moves_on(P78)
S78 = f"""
moves = 0
while moves < {N78}:
    if my_van.is_animal_crossing():
        my_van.sound_horn()
    elif my_van.is_road_forward():
        my_van.move_forwards()
        moves += 1
    else:
        my_van.turn_right()
        moves += 1
"""
level(episode=13, name="Moo!", theme="farm", character="tractor",
      lesson="Cows wander onto the road. If a cow is in the way, sound the horn and it walks off; otherwise keep driving. A horn isn't a move, so don't count it.",
      hint=f"{N78} moves in all. Check for a cow first: if my_van.is_animal_crossing(): sound the horn. elif road forward: move. else: turn right.",
      map=draw([P78, walk((3, 5), "N2")], houses=[P78[-1]], cows={(1, 3): "w", (4, 5): "n", (7, 4): "w"}, scenery=78),
      python_solution=py(S78))

P79 = walk((0, 1), "E3 N3 E4 S2 E2")
S79 = """
parcels = 0
while parcels < 3:
    if my_van.at_destination():
        my_van.deliver()
        parcels += 1
        print("Parcel", parcels, "delivered")
    elif my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
"""
level(episode=13, name="Parcels on the way", theme="city", character="van",
      lesson="This time count parcels, not squares. At a house, deliver and add 1 to parcels; anywhere else, follow the road. The loop ends as soon as the third parcel is in.",
      hint="while parcels < 3: if my_van.at_destination(): deliver, parcels += 1. elif road forward … elif road left … else turn right.",
      map=draw([P79, walk((5, 4), "N2")], houses=[(3, 2), (6, 4), (9, 2)], scenery=79),
      python_solution=py(S79))

P80 = walk((0, 0), "E4 N3 W2 N3 E6 S2")
N80 = moves_on(P80)
S80 = f"""
moves = 0
waits = 0
while moves < {N80}:
    if my_van.at_red_traffic_light():
        my_van.wait()
        waits += 1
    else:
        if my_van.is_road_forward():
            my_van.move_forwards()
        elif my_van.is_road_left():
            my_van.turn_left()
        else:
            my_van.turn_right()
        moves += 1
print("I waited", waits, "times at red lights")
"""
level(episode=13, name="Lights and corners", theme="city", character="robot",
      lesson="Lights AND corners: check the light first. If it's red, wait and count the wait; else follow the road and count the move. An if can sit inside an else, too.",
      hint=f"{N80} moves. if red: wait, waits += 1. else: if road forward … elif road left … else turn right, then moves += 1. Print waits at the end.",
      lights=[((3, 0), "E", "RED", 2, 3, 2), ((3, 3), "W", "RED", 0, 2, 3), ((4, 6), "E", "RED", 0, 2, 2)],
      map=draw([P80, walk((4, 3), "E3"), walk((2, 5), "W2")], houses=[P80[-1]], scenery=80),
      python_solution=py(S80))

P81 = walk((9, 7), "W2 S2 W3 S2 E2 S3 W5")
N81 = moves_on(P81)
S81 = f"""
moves = 0
lefts = 0
rights = 0
while moves < {N81}:
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
        lefts += 1
    else:
        my_van.turn_right()
        rights += 1
    moves += 1
print("Left turns:", lefts)
print("Right turns:", rights)
"""
level(episode=13, name="Count the turns", theme="snow", character="scooter",
      lesson="Keep a counter for each kind of turn. Add 1 to lefts in the left branch and to rights in the right branch, then print both. Did the van turn the way you guessed?",
      hint=f"{N81} moves. Three counters: moves, lefts and rights, all 0 to start. Print lefts and rights after the loop.",
      map=draw([P81, walk((5, 5), "N2"), walk((6, 1), "E2")], houses=[P81[-1]], scenery=81),
      python_solution=py(S81))

P82 = walk((0, 2), "E3 N4 E3 S5 E2")
N82 = moves_on(P82)
S82 = f"""
moves = 0
while moves < {N82}:
    if my_van.is_animal_crossing():
        my_van.sound_horn()
    elif my_van.is_road_forward():
        my_van.move_forwards()
        moves += 1
    elif my_van.is_road_left():
        my_van.turn_left()
        moves += 1
    else:
        my_van.turn_right()
        moves += 1
"""
level(episode=13, name="Cows round the bend", theme="farm", character="tractor",
      lesson="The cows are standing right on the corners! Ask about cows before anything else: the first test that is True wins, so the order of your if and elif lines matters.",
      hint=f"{N82} moves. if cow: horn. elif road forward: move. elif road left: turn left. else: turn right. Only the moves add 1.",
      map=draw([P82, walk((3, 4), "W2"), walk((6, 3), "E1")], houses=[P82[-1]],
               cows={(3, 2): "n", (3, 6): "w", (6, 6): "n", (6, 1): "w"}, scenery=82),
      python_solution=py(S82))

P83 = walk((0, 4), "E2 S3 E4 N5 E2")
N83 = moves_on(P83)
S83 = f"""
moves = 0
while moves < {N83}:
    if my_van.at_traffic_light("RED"):
        my_van.wait()
    elif my_van.is_road("FORWARD"):
        my_van.move_forwards()
        moves += 1
    elif my_van.is_road("LEFT"):
        my_van.turn_left()
        moves += 1
    else:
        my_van.turn_right()
        moves += 1
"""
level(episode=13, name="Ask with words", theme="grass", character="van",
      lesson="Some questions take a word in quotes: my_van.is_road(\"LEFT\") and my_van.at_traffic_light(\"RED\"). They mean the same as is_road_left() and at_red_traffic_light(). Try them!",
      hint=f"{N83} moves. if my_van.at_traffic_light(\"RED\"): wait. elif my_van.is_road(\"FORWARD\"): move. elif my_van.is_road(\"LEFT\"): turn left. else: turn right.",
      lights=[((4, 1), "E", "RED", 0, 2, 3), ((6, 3), "N", "RED", 0, 3, 2)],
      map=draw([P83, walk((2, 2), "W2"), walk((6, 4), "W2")], houses=[P83[-1]], scenery=83),
      python_solution=py(S83))

P84 = walk((9, 0), "N2 W4 N3 W3 N2 E5")
S84 = """
parcels = 0
while parcels < 3:
    if my_van.at_red_traffic_light():
        my_van.wait()
    elif my_van.at_destination():
        my_van.deliver()
        parcels += 1
        print("Delivered parcel", parcels)
    elif my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
print("All done!")
"""
level(episode=13, name="Busy day", theme="city", character="robot",
      lesson="Everything at once: lights, corners and three houses. Lights first, then houses, then the road. Count the parcels so the loop knows when the work is done.",
      hint="while parcels < 3: if red: wait. elif at the house: deliver, parcels += 1. elif road forward: move. elif road left: turn left. else: turn right.",
      lights=[((7, 2), "W", "RED", 0, 2, 3), ((2, 5), "N", "GREEN", 0, 2, 2)],
      map=draw([P84, walk((7, 2), "S2"), walk((2, 6), "W2")], houses=[(5, 3), (2, 6), (7, 7)], scenery=84),
      python_solution=py(S84))
