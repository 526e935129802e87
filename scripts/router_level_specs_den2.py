"""Python Den, part two: for loops, functions with parameters and lists (episodes 15–17).

Read with scripts/router_levels.py (map format, simulator, writer). Every level here is Python
only: `python_solution` is the program a child might write after reading the lesson (CPython runs
it against the simulator), and the nested `solution` gives the same route, so the generator can
check it is the shortest, and the toolbox. The algorithm score is off, as in the original's
Python-only levels. Every map, lesson and hint here is original to Tessera.
"""

from router_levels import Spec
from router_level_specs import F, L, R, W, D, H, rep, until, while_, if_, call, fwd, FOLLOW

FIRST_ID = 95

EPISODES = [
    (15, "For loops", "Count with for and range, use the loop's number, and walk through a list of moves."),
    (16, "Functions with parameters", "Give your functions numbers and words to work with, and get answers back."),
    (17, "Lists", "Keep turns, stops and distances in lists: read them, grow them and print them."),
]

LEVELS: list[Spec] = []


def level(**kwargs):
    LEVELS.append(Spec(id=str(FIRST_ID + len(LEVELS)), python=True, algorithm=False, **kwargs))


# Every Python solution starts the same way.
START = "from van import Van\n\nmy_van = Van()\n\n"

# =============================================================================================
# Episode 15: For loops
# =============================================================================================

level(episode=15, name="Count to seven", theme="grass", character="van",
      lesson="A for loop counts for you. 'for i in range(7):' runs the indented lines 7 times, and i holds 0, 1, 2 … 6 as it goes. Put print(i) inside and watch the console count!",
      hint="Seven squares straight ahead: one for loop with my_van.move_forwards() inside. Then turn left and move forwards once more.",
      map="""
. . . . . . . T . .

. . T . . . . . H .
                |
. . . . . . . . o .
                |
D-o-o-o-o-o-o-o-o .
        |
. . . . o . . . . .
        |
. . . b o . t . . .

. b . . . . . . . p

. . . . . . . . . .
""",
      solution=[rep(7, F), L, F],
      python_solution=START + """\
for i in range(7):
    print(i)
    my_van.move_forwards()
my_van.turn_left()
my_van.move_forwards()
""")

level(episode=15, name="Up the stairs", theme="snow", character="scooter",
      lesson="A loop can repeat more than one line. Find the piece of road that repeats, write it once, and indent every line of it under 'for step in range(…):'.",
      hint="Each stair is: turn left, turn right, move forwards. Count the stairs up to the house: there are 4.",
      map="""
. . . . . . . . . .

. . . t . . . . . .

. T . . . t . . . .

. . . . . . . o-o-H
              |
b . . . . o-o-o . .
          |
. . . o-o-o . . t .
      |
. o-o-o . . T . . .
  |
D-o . . . . . . . .
""",
      solution=[rep(4, L, R, F)],
      python_solution=START + """\
for step in range(4):
    my_van.turn_left()
    my_van.turn_right()
    my_van.move_forwards()
print("Top of the stairs!")
""")

level(episode=15, name="Numbered parcels", theme="farm", character="tractor",
      lesson="range(1, 5) counts 1, 2, 3, 4: it starts at the first number and stops just before the second. Just right for numbering parcels!",
      hint="Every house is two squares further on. In 'for parcel in range(1, 5):' move forwards twice, deliver, then print which parcel that was.",
      map="""
. . . . . . . . . .

. t . . . . . . p .

. . . b . . . . . .

. T . . . . o-o . .
              |
. . . . b . . o . .
              |
. . . . . . . o . .
              |
D-o-o-H-o-H-o-H-o-H

. . . . . . . . . .
""",
      solution=[rep(4, F, F, D)],
      python_solution=START + """\
for parcel in range(1, 5):
    my_van.move_forwards()
    my_van.move_forwards()
    my_van.deliver()
    print("Parcel", parcel, "delivered")
""")

level(episode=15, name="Spiral out", theme="city", character="robot",
      lesson="A loop's number can drive another loop! Inside 'for side in range(1, 6):' write 'for i in range(side):' and each side of the road is one square longer than the last.",
      hint="Each side: move forwards side times, then turn left. The sides are 1, 2, 3, 4 and 5 squares long.",
      map="""
. . . . . . . . . T

. o-o-o-o-o . . . .
  |       |
. o . . . o . . . .
  |       |
. o . . . o . . . .
  |       |
. o . D-o-o . . . .
  |
. o . . . . . H . .
  |           |
. o-o-o-o-o-o-o . .

t . . . . . . . . b
""",
      solution=fwd(1) + [L] + fwd(2) + [L] + fwd(3) + [L] + fwd(4) + [L] + fwd(5) + [L],
      python_solution=START + """\
for side in range(1, 6):
    for i in range(side):
        my_van.move_forwards()
    my_van.turn_left()
    print("Side", side, "done")
""")

level(episode=15, name="Curling in", theme="snow", character="van",
      lesson="You can do sums with the loop's number. In 'for i in range(6 - side):' the count shrinks as side grows: 6, 5, 4, 3, 2. Just right for a road that curls inwards.",
      hint="for side in range(5): move forwards 6 - side times, then turn right.",
      map="""
. . . . . . . . . .

. D-o-o-o-o-o-o-o .
                |
. . . . . . . . o .
                |
. . . o-o-o-o . o .
      |     |   |
t . . o . p H . o t
      |         |
. . . o . . . . o .
      |         |
. . . o . . . . o .
      |         |
T . . o-o-o-o-o-o .
""",
      solution=fwd(6) + [R] + fwd(5) + [R] + fwd(4) + [R] + fwd(3) + [R] + fwd(2) + [R],
      python_solution=START + """\
for side in range(5):
    for i in range(6 - side):
        my_van.move_forwards()
    my_van.turn_right()
""")

level(episode=15, name="Follow the list", theme="grass", character="scooter",
      lesson="A for loop can walk through a list, too. In 'for move in moves:' the name move holds the first word of the list, then the next, and so on. Use if to turn each word into a move.",
      hint="Write the route as words: forward, right, forward… Then in the loop: if move == \"forward\", move forwards; elif move == \"left\", turn left; else turn right.",
      map="""
. . . . . . . T . .

D-o-o-o-o-o . . . .
    |
. . o . . . . . . .
    |
. . o . . . . . . .
    |
T . o-o-o-o-o-o . .
    |     |
. . o . . o . . . .
    |     |
. . o . . o-o-H t .

b . . . . . . . . .
""",
      solution=[F, R, F, F, L, F, F, R, F, L, F],
      python_solution=START + """\
moves = ["forward", "right", "forward", "forward", "left", "forward", "forward", "right", "forward", "left", "forward"]

for move in moves:
    if move == "forward":
        my_van.move_forwards()
    elif move == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()
""")

level(episode=15, name="Turn on cue", theme="farm", character="tractor",
      lesson="Use the loop's number in an if. 'if square == 4:' is true only on the fourth time round. Two equals signs ask \"is it the same?\"; one equals sign gives a name a value.",
      hint="for square in range(1, 11): turn left when square == 4, turn right when square == 8, and move forwards every other time.",
      map="""
. . . . . . . . t .

. . . . o . . . . .
        |
. p . . o-o-o-H . .
        |
. . . . o . . . . .
        |
. . b . o . . . . .
        |
. . . . o . . . T .
        |
D-o-o-o-o-o-o . . .

. . . . . . . . . .
""",
      solution=[F, F, F, L, F, F, F, R, F, F],
      python_solution=START + """\
for square in range(1, 11):
    if square == 4:
        my_van.turn_left()
    elif square == 8:
        my_van.turn_right()
    else:
        my_van.move_forwards()
""")

level(episode=15, name="Three towers", theme="city", character="robot",
      lesson="Loops can go inside loops. The outer loop builds each tower; small 'for i in range(2):' loops inside drive up and down its sides. The indents show which loop each line belongs to.",
      hint="One tower: turn left, forwards twice, turn right twice, forwards twice, turn left. Do that for 3 towers, then move forwards once more.",
      map="""
. . . . . . . . . .

t . . . . b . . . T

. . . . . . . . . .

. o-o o-o o-o . . .
  | | | | | |
. o o o o o o . . .
  | | | | | |
. o o o o o o . . .
  | | | | | |
D-o o-o o-o o-o-H .

. . . . . . . . . .
""",
      solution=[rep(3, L, rep(2, F), R, R, rep(2, F), L), F],
      python_solution=START + """\
for tower in range(3):
    my_van.turn_left()
    for i in range(2):
        my_van.move_forwards()
    my_van.turn_right()
    my_van.turn_right()
    for i in range(2):
        my_van.move_forwards()
    my_van.turn_left()
    print("Tower", tower + 1, "done")
my_van.move_forwards()
""")

level(episode=15, name="Three stops", theme="grass", character="tractor",
      lesson="A while loop fits inside a for loop. 'for house in range(3):' goes round once for each parcel, and the while loop inside drives on until the van reaches the next house.",
      hint="In the for loop: while not my_van.at_destination(), follow the road (forwards, else left, else right). After the while loop, deliver.",
      map="""
. . . . . o-o-o-o-D
          |
. T . . . o . . . .
          |
. . . . . o-o-o-H .
                |
. . b . . . . . o .
                |
. . . o-o-H-o-o-o .
      |
. . . o . . . . . .
      |
H-o-o-o . . . p . .

. . . . . . . . . T
""",
      solution=[rep(3, until("dest", FOLLOW), D)],
      python_solution=START + """\
for house in range(3):
    while not my_van.at_destination():
        if my_van.is_road_forward():
            my_van.move_forwards()
        elif my_van.is_road_left():
            my_van.turn_left()
        else:
            my_van.turn_right()
    my_van.deliver()
    print("Parcel", house + 1, "delivered")
""")

level(episode=15, name="Break free", theme="city", character="robot",
      lesson="break jumps straight out of a loop. 'for move in range(30):' allows plenty of moves; as soon as the van is at the house, print how many moves it took and break.",
      hint="First thing in the loop: if my_van.at_destination(), print and break. Otherwise follow the road: forwards, else left, else right.",
      map="""
. . . . . . . . . t

. T . o-o-o-o . . .
      | |   |
. . . o o . o . . .
      | |   |
. . o o o . o-o-o .
    | |       | |
o-o-o-o . . . o o .
|               |
o . . . . . . . o .
|               |
o . . . . p . . H .
|
D . . . . . b . . .
""",
      solution=[until("dest", FOLLOW)],
      python_solution=START + """\
for move in range(30):
    if my_van.at_destination():
        print("Home after", move, "moves")
        break
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
""")


# =============================================================================================
# Episode 16: Functions with parameters
# =============================================================================================

level(episode=16, name="Any distance", theme="snow", character="van",
      lesson="A function can take a parameter: a name in its brackets that gets a value when you call it. 'def forwards(n):' drives any distance: forwards(3) makes n 3, forwards(4) makes n 4.",
      hint="Define forwards(n) with a for loop inside. Then: forwards(3), turn right, forwards(4), turn left, forwards(2), turn right, forwards(1).",
      map="""
D-o-o-o-o-o-o . . .
        |
. . . . o . . . . .
        |
. . . . o . . . . .
        |
. o-o-o-o . . o . .
        |     |
b . . . o . . o . .
        |     |
. . . . o-o-o-o . .
              |
. T . . . . . o . .
              |
. . . t . . . H . p
""",
      solution=fwd(3) + [R] + fwd(4) + [L] + fwd(2) + [R] + fwd(1),
      python_solution=START + """\
def forwards(n):
    for i in range(n):
        my_van.move_forwards()

forwards(3)
my_van.turn_right()
forwards(4)
my_van.turn_left()
forwards(2)
my_van.turn_right()
forwards(1)
""")

level(episode=16, name="Turn by name", theme="farm", character="scooter",
      lesson="A parameter can hold words, too. In 'def turn(way):' check 'if way == \"left\":' and turn left, else turn right. Now turn(\"left\") and turn(\"right\") share one function.",
      hint="Write forwards(n) and turn(way). The trip: forwards 2, left, forwards 3, right, forwards 2, left, forwards 4, left, forwards 1.",
      map="""
. . o . . . . t . .
    |
o-o-o-o-o-o . . . .
|         |
o . . . . o b . . .
|         |
H . . . . o . . . o
          |       |
. . . . . o-o-o-o-o
          |       |
. . . . . o . . . o
                  |
. . . b . . . . . o
                  |
T . . . . . . . . D
""",
      solution=fwd(2) + [L] + fwd(3) + [R] + fwd(2) + [L] + fwd(4) + [L] + fwd(1),
      python_solution=START + """\
def forwards(n):
    for i in range(n):
        my_van.move_forwards()

def turn(way):
    if way == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()

forwards(2)
turn("left")
forwards(3)
turn("right")
forwards(2)
turn("left")
forwards(4)
turn("left")
forwards(1)
""")

level(episode=16, name="Two parameters", theme="city", character="tractor",
      lesson="A function can take two parameters, with a comma between them: 'def leg(steps, way):'. Give the values in the same order when you call it: leg(2, \"right\") drives 2 squares, then turns right.",
      hint="A leg: move forwards steps times, then turn the way you're told. The trip is leg(2, \"right\"), leg(2, \"left\"), leg(2, \"right\"), leg(1, \"right\"), leg(3, \"left\").",
      map="""
. . . . . . . . . .

. . . o-o-o-o-o . .
      |   |
o . . o . o . . . .
|     |   |
o . . o . o . . . .
|     |   |
o-o-o-o-o o . . b .
|         |
o . t . . o-H-o-o .
|
o . . . . p . . . .
|
D . . . . . . . . T
""",
      solution=fwd(2) + [R] + fwd(2) + [L] + fwd(2) + [R] + fwd(1) + [R] + fwd(3) + [L],
      python_solution=START + """\
def leg(steps, way):
    for i in range(steps):
        my_van.move_forwards()
    if way == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()

leg(2, "right")
leg(2, "left")
leg(2, "right")
leg(1, "right")
leg(3, "left")
""")

level(episode=16, name="Stairs of any size", theme="grass", character="robot",
      lesson="Write a function once and call it with different numbers. stairs(3) climbs three steps, stairs(2) climbs two: same function, different argument.",
      hint="One step is turn left, turn right. stairs(steps) repeats that steps times. Climb 3 steps, move forwards twice, then climb 2 steps and move forwards once.",
      map="""
. . . . . . . . . .

T . . . t . . . . .

. . . . . . . o-o-H
              |
. . . . . . o-o . .
            |
. . . o-o-o-o . . b
      |
. . o-o . . . . . .
    |
. o-o . . . . . T .
  |
D-o . . . b . . . .
""",
      solution=[L, R, L, R, L, R, F, F, L, R, L, R, F],
      python_solution=START + """\
def stairs(steps):
    for i in range(steps):
        my_van.turn_left()
        my_van.turn_right()

stairs(3)
my_van.move_forwards()
my_van.move_forwards()
stairs(2)
my_van.move_forwards()
""")

level(episode=16, name="Drop-offs", theme="farm", character="van",
      lesson="A function can do a whole job. 'def drop_after(n):' drives n squares and then delivers, so each house takes only one line.",
      hint="drop_after(2) reaches the first house. Then turn left and drop_after(3); turn right and drop_after(3); turn right and drop_after(3).",
      map="""
T . . H-o-o-o-H . .
      |       |
. . . o . . . o . .
      |       |
. . . o-o . . o . .
      |       |
. . . o . . . o . .
      |       |
D-o-o-H . . . H-o-o
      |
. . . o . . . . . .
      |
. . . o . b . . . .

. p . . . . . . . t
""",
      solution=fwd(2) + [D, L] + fwd(3) + [D, R] + fwd(3) + [D, R] + fwd(3) + [D],
      python_solution=START + """\
def drop_after(n):
    for i in range(n):
        my_van.move_forwards()
    my_van.deliver()
    print("Parcel delivered")

drop_after(2)
my_van.turn_left()
drop_after(3)
my_van.turn_right()
drop_after(3)
my_van.turn_right()
drop_after(3)
""")

level(episode=16, name="Hills of any height", theme="snow", character="scooter",
      lesson="Functions can call other functions. hill(height) uses forwards(height) to drive up and down again: hill(1) is a little bump, hill(3) a big one.",
      hint="A hill: turn left, forwards(height), turn right twice, forwards(height), turn left. The trip: hill(1), move forwards, hill(3), hill(2), move forwards.",
      map="""
. . . b . . . . . T

t . . . . . . . . .

. . . . o-o . . . .
        | |
. . . . o o o-o t .
        | | | |
. o-o . o o o o . .
  | |   | | | |
. o o . o o o o . .
  | |   | | | |
D-o o-o-o o-o o-o-H

. . . . . . . . . .
""",
      solution=[L, F, R, R, F, L, F, L, F, F, F, R, R, F, F, F, L, L, F, F, R, R, F, F, L, F],
      python_solution=START + """\
def forwards(n):
    for i in range(n):
        my_van.move_forwards()

def hill(height):
    my_van.turn_left()
    forwards(height)
    my_van.turn_right()
    my_van.turn_right()
    forwards(height)
    my_van.turn_left()

hill(1)
my_van.move_forwards()
hill(3)
hill(2)
my_van.move_forwards()
""")

level(episode=16, name="Count the roads", theme="grass", character="tractor",
      lesson="'return' hands an answer back. roads() can count the open roads (ahead, left and right) and 'return count'. Then 'if roads() > 1:' knows the van is at a junction.",
      hint="In roads(), add 1 to count for each way that's open, then return count. At every junction on this map, turning right is the way to go; everywhere else, follow the road.",
      map="""
. . . . . . . . . .

. b . . . . o . H .
            |   |
o . . . t . o . o .
|           |   |
o . . . . . o-o-o .
|           |
o-o-o-o-o-o o . . p
|     |     |
o . . o . . o . . .
|     |     |
o . . o-o-o-o . . .
|
D . . . . . . . . T
""",
      solution=[until("dest", if_(("right", [R]), ("fwd", [F]), otherwise=[L]))],
      python_solution=START + """\
def roads():
    count = 0
    if my_van.is_road_forward():
        count = count + 1
    if my_van.is_road_left():
        count = count + 1
    if my_van.is_road_right():
        count = count + 1
    return count

while not my_van.at_destination():
    if roads() > 1:
        print("Junction: turning right")
        my_van.turn_right()
    elif my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
""")

level(episode=16, name="Which way?", theme="snow", character="robot",
      lesson="A function can return words, too. which_way() looks at the road and returns \"forward\", \"left\" or \"right\"; 'way = which_way()' keeps the answer so your code can act on it.",
      hint="In which_way(), check forwards first, then left; if neither is open, return \"right\". In the loop, ask which_way() and move that way. Print a line whenever you turn.",
      map="""
. . p . . o . o . .
          |   |
. . . . . o-o-o-o-D
          |
. . . . . o-o-o . .
          |
. . . . . o . . . .
          |
. . o-o-o-o . . b .
    |   |
. . o-o o . . . . .
    |   |
H-o-o . o . . . . .

T . . . . . . . . t
""",
      solution=[until("dest", FOLLOW)],
      python_solution=START + """\
def which_way():
    if my_van.is_road_forward():
        return "forward"
    if my_van.is_road_left():
        return "left"
    return "right"

while not my_van.at_destination():
    way = which_way()
    if way == "forward":
        my_van.move_forwards()
    elif way == "left":
        print("Turning left")
        my_van.turn_left()
    else:
        print("Turning right")
        my_van.turn_right()
""")

level(episode=16, name="Safe at the lights", theme="city", character="van",
      lesson="Put the waiting inside your function. forwards(n) can check 'while my_van.at_red_traffic_light():' before every move and wait, so every call to it is safe at the lights.",
      hint="In forwards(n): for each square, wait while the light is red, then move forwards. The trip: forwards(4), turn left, forwards(3), turn right, forwards(3).",
      lights=[((2, 2), "E", "RED", 0, 3, 3), ((5, 4), "N", "GREEN", 0, 2, 3), ((7, 6), "E", "GREEN", 0, 4, 2)],
      map="""
. . . . . . t . . .

. T . . . o-o-o-o-H
          |
. . . . . o . . . .
          |
. . . . . o . . . .
          |
. . . . . o . . . .
          |
D-o-o-o-o-o . . . .

. . . . . . . . t .

. . . b . . . . . .
""",
      solution=[rep(4, while_("red", W), F), L, rep(3, while_("red", W), F), R, rep(3, while_("red", W), F)],
      python_solution=START + """\
def forwards(n):
    for i in range(n):
        while my_van.at_red_traffic_light():
            my_van.wait()
        my_van.move_forwards()

forwards(4)
my_van.turn_left()
forwards(3)
my_van.turn_right()
forwards(3)
""")

level(episode=16, name="Moo-ve over", theme="farm", character="tractor",
      lesson="Finale! forwards(n) can honk at every cow it meets and 'return' how many, so 'cows = cows + forwards(3)' keeps a running total. Print it at the end.",
      hint="In forwards(n): if my_van.is_animal_crossing(), sound the horn and add 1 to a count; then move. Return the count. Deliver at all three houses.",
      map="""
D-o-n-o-o . . . . T
        |
. . . . o . b . . .
        |
. . . . n . . . . .
        |
. . . . o . . . . .
        |
. . . . H-o-w-o-o-o
        |       |
. . . . o . . . o .
                |
. . . . . H-o-o-H .

t . . . . . . . . .
""",
      solution=[F, H, F, F, R, F, H, F, F, D, L, F, H, F, F, R, F, D, R, F, F, D],
      python_solution=START + """\
def forwards(n):
    honks = 0
    for i in range(n):
        if my_van.is_animal_crossing():
            my_van.sound_horn()
            honks = honks + 1
        my_van.move_forwards()
    return honks

def turn(way):
    if way == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()

cows = 0
cows = cows + forwards(3)
turn("right")
cows = cows + forwards(3)
my_van.deliver()
turn("left")
cows = cows + forwards(3)
turn("right")
cows = cows + forwards(1)
my_van.deliver()
turn("right")
cows = cows + forwards(2)
my_van.deliver()
print("Cows moved:", cows)
""")


# =============================================================================================
# Episode 17: Lists
# (The nested solutions are written as strings of moves: list("FFL") is [F, F, L].)
# =============================================================================================

level(episode=17, name="A list of distances", theme="grass", character="scooter",
      lesson="A list keeps several values under one name, in square brackets: 'lengths = [5, 3, 4, 2]'. Then 'for n in lengths:' gives you each number in turn. Try print(lengths) too!",
      hint="Each number is one side of the spiral: move forwards that many squares, then turn right. Four numbers, four sides.",
      map="""
. . . . . . . . . t

. . . . . . . . . .

. D-o-o-o-o-o-o . .
              |
. . o-H . . . o . .
    |         |
. . o . p . . o . .
    |         |
. . o . . . . o . .
    |         |
. . o-o-o-o-o-o b .

T . . . . . . . . .
""",
      solution=list("FFFFFR" + "FFFR" + "FFFFR" + "FFR"),
      python_solution=START + """\
lengths = [5, 3, 4, 2]
print(lengths)

for n in lengths:
    for i in range(n):
        my_van.move_forwards()
    my_van.turn_right()
""")

level(episode=17, name="Pick a turn", theme="snow", character="van",
      lesson="Every item in a list has a number, its index, counting from 0: turns[0] is the first item and turns[1] the second. A counter that goes up by 1 steps through the list.",
      hint="The junctions need: right, left, left, right. Drive forwards while you can; at a junction, turn the way turns[next_turn] says, then add 1 to next_turn.",
      map="""
. . o . . . . . . t
    |
D-o-o . t . . o . .
    |         |
. . o . . . . o . .
    |         |
. o-o . o-o-o-o-H .
    |     |
. . o . . o . . . .
    |     |
. o-o-o-o-o . . . .
          |
. . . . . o . . b .

T . . . . . . . . .
""",
      solution=list("FRFFFLFFLFRFF"),
      python_solution=START + """\
turns = ["right", "left", "left", "right"]
next_turn = 0

while not my_van.at_destination():
    if my_van.is_road_forward():
        my_van.move_forwards()
    else:
        way = turns[next_turn]
        print("Junction: turning", way)
        if way == "left":
            my_van.turn_left()
        else:
            my_van.turn_right()
        next_turn = next_turn + 1
""")

level(episode=17, name="How many stops?", theme="farm", character="tractor",
      lesson="len(stops) tells you how many items a list holds. 'for i in range(len(stops)):' counts 0, 1, 2… one number for each item, and stops[i] reads the item at that index.",
      hint="stops = [4, 5, 4]: the squares from one house to the next. A function drive(n) that follows the road for n squares does the driving; deliver after each one.",
      map="""
. . . . . . . . . .

. t . . . . . . . p

. . o-o-H-o . . . .
    |     |
. . o . . o . . . .
    |     |
. . H . . o-o-H-o-o
                  |
. . . . . . . . . o
                  |
. . . . . b . . . o
                  |
T . . . . . . . . D
""",
      solution=list("FFLF" + "D" + "FFRFL" + "D" + "FFLF" + "D"),
      python_solution=START + """\
stops = [4, 5, 4]

def drive(n):
    for i in range(n):
        if my_van.is_road_forward():
            my_van.move_forwards()
        elif my_van.is_road_left():
            my_van.turn_left()
        else:
            my_van.turn_right()

print("Stops to make:", len(stops))
for i in range(len(stops)):
    drive(stops[i])
    my_van.deliver()
    print("Stop", i + 1, "done")
""")

level(episode=17, name="Write it down", theme="city", character="robot",
      lesson="Lists can grow. Start with an empty list, 'trip = []', and 'trip.append(\"left\")' adds an item at the end. Build a list of every turn as you drive, then print it at the house.",
      hint="Follow the road: forwards if you can, else left, else right. Each time you turn, append \"left\" or \"right\" to trip. After the loop, print(trip).",
      map="""
D . . . . b . . . T
|
o . . . o-o-o-o . .
|       |     |
o . . . o . . o . .
|       |     |
o-o-o-o-o . . o . .
              |
. . . . . . . o . .
              |
. . . . . . . o-o-o
                  |
. . p . . . . . . o
                  |
t . . . . . . . . H
""",
      solution=list("FFLFFFLFRFFRFFFLFRF"),
      python_solution=START + """\
trip = []

while not my_van.at_destination():
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
        trip.append("left")
    else:
        my_van.turn_right()
        trip.append("right")

print(trip)
print("Turns:", len(trip))
""")

level(episode=17, name="A route for a function", theme="snow", character="scooter",
      lesson="A list can be an argument. 'def drive(route):' takes a whole list of moves, drives them and delivers. Then every house is one call, like drive([\"forward\", \"left\"]).",
      hint="Inside drive(route): for each step in route, move that way; after the loop, deliver. Three houses, three calls, each with its own list.",
      map="""
. . . . . . . o-H .
              |
D-o-o-o-o . . o . .
      |       |
. . . o . . . o . .
      |       |
. . . H-o-o-H-o-o .
      |       |
. b . o . . . o . .

. . . . . . . . . t

. . . . . . . . . .

T . . . . . . . . .
""",
      solution=list("FFRF" + "D" + "LFF" + "D" + "FLFFR" + "D"),
      python_solution=START + """\
def drive(route):
    for step in route:
        if step == "forward":
            my_van.move_forwards()
        elif step == "left":
            my_van.turn_left()
        else:
            my_van.turn_right()
    my_van.deliver()

drive(["forward", "forward", "right", "forward"])
drive(["left", "forward", "forward"])
drive(["forward", "left", "forward", "forward", "right"])
""")

level(episode=17, name="Make a list with a loop", theme="farm", character="tractor",
      lesson="Let a loop build the list for you: append the moves of one stair inside 'for i in range(3):', add the last moves after it, print the list to check it, then drive it.",
      hint="One stair is: forward, right, left. Three stairs, then forward twice more to reach the house.",
      map="""
. . . . . . . . . .

D-o-o . . . . . t .
    |
. . o-o-o . . . . .
        |
. . . . o-o-o . . .
            |
. . . . . . o-o-o-H

. . b . . . . . . .

T . . . . p . . . .

. . . . . . . . . .
""",
      solution=list("FRL" * 3 + "FF"),
      python_solution=START + """\
steps = []
for i in range(3):
    steps.append("forward")
    steps.append("right")
    steps.append("left")
steps.append("forward")
steps.append("forward")
print(steps)

for step in steps:
    if step == "forward":
        my_van.move_forwards()
    elif step == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()
""")

level(episode=17, name="Where were the houses?", theme="city", character="van",
      lesson="len(found) grows each time you append. 'while len(found) < 3:' keeps driving until three houses are found; append the square number at each one, then print the list.",
      hint="Add 1 to square after every move. When my_van.at_destination() is true, deliver and append square to found. At the end, print found.",
      map="""
T . . . o-o-o-o-o-D
        |
. . . . o . . . . .
        |
. . . . H . . . . .
        |
. . . . o-o-o-o-o .
                |
. . . . . . . . H .
                |
. . o-o-o-o-o-o-o .
    |
. . o . . . . . . .
    |
. . H . . . . . . t
""",
      solution=list("FFFFLF" + "D" + "FLFFFR" + "D" + "FRFFFFFLF" + "D"),
      python_solution=START + """\
found = []
square = 0

while len(found) < 3:
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
    square = square + 1
    if my_van.at_destination():
        my_van.deliver()
        found.append(square)

print("Houses at squares", found)
""")

level(episode=17, name="Two lists, one trip", theme="grass", character="robot",
      lesson="Two lists can work together: distances[i] and turns[i] belong to the same part of the trip. One loop over range(len(distances)) reads both with the same index.",
      hint="distances = [3, 2, 4, 2] and turns = [\"left\", \"right\", \"right\", \"right\"]. For each part: move forwards distances[i] times, then turn the way turns[i] says.",
      map="""
T . . . . . . . . .

. . . . . . . . . .

. . t . o . . . . o
        |         |
. . . . o-o-o-o-o-o
        |         |
. . . . o . . . . o
        |         |
. . . . o . . . . o
        |         |
D-o-o-o-o-o . . H-o
                  |
. . . . . . . b . o
""",
      solution=list("FFFL" + "FFR" + "FFFFR" + "FFR"),
      python_solution=START + """\
distances = [3, 2, 4, 2]
turns = ["left", "right", "right", "right"]

for i in range(len(distances)):
    for step in range(distances[i]):
        my_van.move_forwards()
    if turns[i] == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()
    print("Part", i + 1, "done")
""")

level(episode=17, name="Is this the square?", theme="farm", character="van",
      lesson="'in' asks whether a value is in a list: 'if square in drops:' is true when square is one of the numbers in drops. Keep one list for left turns, one for right turns, one for parcels.",
      hint="Count the squares from 1 to 10. Turn left on squares 3 and 9, right on square 6, and move forwards on the others. Deliver after squares 5 and 10.",
      map="""
. . . . . . o . b .
            |
t . . . . . H . . .
            |
. . . o . . o . . .
      |     |
. . . H-o-o-o-o . .
      |
. . . o . . . . . .
      |
. . . o . . . . . .
      |
D-o-o-o-o-o . . . .

. . . . . . . . . T
""",
      solution=list("FFLFF" + "D" + "RFFLF" + "D"),
      python_solution=START + """\
lefts = [3, 9]
rights = [6]
drops = [5, 10]

for square in range(1, 11):
    if square in lefts:
        my_van.turn_left()
    elif square in rights:
        my_van.turn_right()
    else:
        my_van.move_forwards()
    if square in drops:
        my_van.deliver()
        print("Parcel delivered on square", square)
""")

level(episode=17, name="Last round of the day", theme="snow", character="tractor",
      lesson="Everything together: a function that returns the way it went, a list of stops, a list of turns that grows as you drive, and print to tell the story. Test as you go!",
      hint="drops = [4, 9, 16] are the squares with houses. step() follows the road and returns the way it went; drive(n) calls it n times and appends every turn to a list. Print it at the end.",
      map="""
. . . . . . . . . T

. . . o-H-o-o . . .
      |     |
. . . o . o-o . o .
      |     |   |
o-H-o-o . . o-o-o-H
|   |
o . o . . . . . . .
|
o . . . . . . . . .
|
o . . . . . . . . .
|
D . . . . . . . . t
""",
      solution=list("FFFR" + "D" + "FFLFR" + "D" + "FFRFLFF" + "D"),
      python_solution=START + """\
drops = [4, 9, 16]
turns = []

def step():
    if my_van.is_road_forward():
        my_van.move_forwards()
        return "forward"
    if my_van.is_road_left():
        my_van.turn_left()
        return "left"
    my_van.turn_right()
    return "right"

def drive(n):
    for i in range(n):
        way = step()
        if way != "forward":
            turns.append(way)

done = 0
for stop in drops:
    drive(stop - done)
    my_van.deliver()
    done = stop
    print("Parcel delivered on square", stop)

print("Turns on the way:", turns)
""")
