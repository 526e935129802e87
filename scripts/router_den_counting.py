"""Python Den episode 12 "Counting with while" (ids 65–74): a counter and while count < n,
counting down and in twos, print, and loops inside loops.
Every map, lesson and hint here is original to Tessera; router_level_specs_den1.py puts the
episodes together.
"""

from router_den_tools import episode_levels, py, road
from router_map_draw import walk

LEVELS, level = episode_levels(65)


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
level(episode=12, name="Blast off", theme="farm", character="tractor",
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
level(episode=12, name="Wider and wider", theme="city", character="robot",
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
