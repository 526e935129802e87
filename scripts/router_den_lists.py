"""Python Den episode 17 "Lists" (ids 115–124): a list of distances, indexing, len, append while
driving and printing the list, lists as arguments, a list built by a loop, two lists read with one
index, and `in`. Every map, lesson and hint here is original to Tessera;
router_level_specs_den2.py puts the episodes together.
"""

from router_den_tools import START, episode_levels

LEVELS, level = episode_levels(115)


# The nested solutions are written as strings of moves: list("FFL") is [F, F, L].

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
