"""Python Den episode 15 "For loops" (ids 95–104): range(n) and range(a, b), the loop's number in
sums, ifs and inner loops, a for over a list of moves, a while inside a for, and break.
Every map, lesson and hint here is original to Tessera; router_level_specs_den2.py puts the
episodes together (and says how these levels are checked).
"""

from router_den_tools import START, episode_levels
from router_level_specs import D, F, FOLLOW, L, R, fwd, rep, until

LEVELS, level = episode_levels(95)


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
