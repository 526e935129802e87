"""Python Den episode 16 "Functions with parameters" (ids 105–114): def with one and two
parameters, numbers and words as arguments, functions calling functions, and return values used
in conditions and sums. Every map, lesson and hint here is original to Tessera;
router_level_specs_den2.py puts the episodes together.
"""

from router_den_tools import START, episode_levels
from router_level_specs import D, F, FOLLOW, H, L, R, W, fwd, if_, rep, until, while_

LEVELS, level = episode_levels(105)


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
