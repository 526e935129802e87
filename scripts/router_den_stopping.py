"""Python Den episode 14 "Loops that stop by themselves" (ids 85–94): while not
at_destination(), while not at_dead_end(), and while True with break.
Every map, lesson and hint here is original to Tessera; router_level_specs_den1.py puts the
episodes together.
"""

from router_den_tools import FOLLOW_PY, episode_levels, py
from router_map_draw import draw, walk

LEVELS, level = episode_levels(85)


# =============================================================================================
# Episode 14: Loops that stop by themselves
# =============================================================================================

S85 = """
while not my_van.at_destination():
    my_van.move_forwards()
"""
level(episode=14, name="Are we there yet?", theme="grass", character="van",
      lesson="No counting this time! while not my_van.at_destination(): asks the question before every round, and stops the moment the van reaches the house, however far it is.",
      hint="Just one loop: while not my_van.at_destination(): move forwards.",
      map=draw([walk((6, 0), "N7"), walk((6, 2), "W4"), walk((6, 5), "E3")], houses=[(6, 7)], scenery=85),
      python_solution=py(S85))

S86 = """
while my_van.is_road_forward():
    my_van.move_forwards()
my_van.turn_left()
while not my_van.at_dead_end():
    my_van.move_forwards()
"""
level(episode=14, name="End of the street", theme="snow", character="scooter",
      lesson="while my_van.is_road_forward(): drives until the road stops going straight on. while not my_van.at_dead_end(): drives until the road runs out. Use one, turn, then the other.",
      hint="Drive while there is road forwards, turn left at the corner, then drive until you are at a dead end.",
      map=draw([walk((0, 1), "E8 N6")], houses=[(8, 7)], scenery=86),
      python_solution=py(S86))

S87 = "while not my_van.at_destination():" + FOLLOW_PY
level(episode=14, name="Follow the road", theme="farm", character="tractor",
      lesson="One loop can drive any winding road. Keep going until you arrive, and each time round choose: straight on if you can, else left, else right.",
      hint="while not my_van.at_destination(): if road forward: move. elif road left: turn left. else: turn right.",
      map=draw([walk((0, 7), "E2 S2 E3 N2 E3 S6 W4 N2 E1"), walk((8, 4), "E1")], houses=[(5, 3)], scenery=87),
      python_solution=py(S87))

S88 = "while not my_van.at_dead_end():" + FOLLOW_PY
level(episode=14, name="Where the road ends", theme="city", character="robot",
      lesson="The house is where the road ends. my_van.at_dead_end() is True when the only way on is back, so while not my_van.at_dead_end(): follows the road all the way there.",
      hint="Same road-following inside, but ask while not my_van.at_dead_end(): instead of at_destination().",
      map=draw([walk((9, 7), "S2 W3 S3 W2 N4 W3 S6 E6")], houses=[(7, 0)], scenery=88),
      python_solution=py(S88))

S89 = "moves = 0\nwhile not my_van.at_destination():" + FOLLOW_PY + """    moves += 1
print("That took", moves, "moves")
"""
level(episode=14, name="How far was that?", theme="grass", character="van",
      lesson="The loop stops by itself, but you can still count. Add 1 to moves each time round, and when the loop is over print how many moves the trip took.",
      hint="moves = 0 before the loop; moves += 1 as the last line inside it (indented); print(\"That took\", moves, \"moves\") after it (not indented).",
      map=draw([walk((1, 0), "N3 E2 N4 E4 S5 E2"), walk((1, 2), "W1"), walk((3, 5), "W2")], houses=[(9, 2)], scenery=89),
      python_solution=py(S89))

S90 = "while True:" + FOLLOW_PY + """    if my_van.at_destination():
        break
"""
level(episode=14, name="Break out", theme="snow", character="tractor",
      lesson="while True: would loop for ever, but break jumps straight out of the loop. Drive a square, then check: if my_van.at_destination(): break.",
      hint="while True: follow the road (if/elif/else), then if my_van.at_destination(): break, lined up with the first if.",
      map=draw([walk((0, 3), "E2 N3 E3 S5 E3 N2"), walk((5, 4), "E2")], houses=[(8, 2)], scenery=90),
      python_solution=py(S90))

S91 = """
parcels = 0
while True:
    if my_van.at_destination():
        my_van.deliver()
        parcels += 1
        print("Parcel", parcels, "delivered")
        if parcels == 3:
            break
    elif my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
print("Back to the depot!")
"""
level(episode=14, name="Last parcel, then stop", theme="city", character="scooter",
      lesson="The road goes on after the last house, so stop when the job is done: count each parcel, and break as soon as parcels == 3.",
      hint="while True: if at the house: deliver, parcels += 1, and if parcels == 3: break. elif road forward … elif road left … else turn right.",
      map=draw([walk((0, 5), "E3 S3 E4 N5 W2")], houses=[(3, 3), (7, 2), (7, 7)], scenery=91),
      python_solution=py(S91))

S92 = "while not my_van.at_destination():\n    if my_van.at_red_traffic_light():\n        my_van.wait()\n    el" + FOLLOW_PY.strip("\n")[4:] + "\n"
level(episode=14, name="Lights all the way", theme="city", character="van",
      lesson="Traffic lights on a winding road. The loop runs until you arrive; inside it, a red light comes first: wait. Otherwise follow the road as before.",
      hint="while not my_van.at_destination(): if my_van.at_red_traffic_light(): wait. elif road forward: move. elif road left: turn left. else: turn right.",
      lights=[((2, 1), "E", "RED", 0, 3, 2), ((5, 3), "N", "RED", 0, 2, 3), ((6, 6), "E", "GREEN", 0, 2, 2)],
      map=draw([walk((0, 1), "E5 N5 E4"), walk((5, 3), "W3"), walk((9, 6), "S3")], houses=[(8, 6)], scenery=92),
      python_solution=py(S92))

S93 = "while not my_van.at_destination():\n    if my_van.is_animal_crossing():\n        my_van.sound_horn()\n    el" + FOLLOW_PY.strip("\n")[4:] + "\n"
level(episode=14, name="Cow country", theme="farm", character="tractor",
      lesson="Cows could be anywhere on these lanes. Each time round the loop, look for a cow first and sound the horn; if the way is clear, follow the road until you arrive.",
      hint="while not my_van.at_destination(): if my_van.is_animal_crossing(): sound the horn. elif road forward … elif road left … else turn right.",
      map=draw([walk((9, 0), "N2 W3 N3 W4 S4 W2 N6 E3")], houses=[(3, 7)],
               cows={(8, 2): "w", (6, 3): "n", (4, 5): "w", (2, 3): "n", (0, 4): "w"}, scenery=93),
      python_solution=py(S93))

S94 = """
parcels = 0
moves = 0
while True:
    if my_van.is_animal_crossing():
        my_van.sound_horn()
    elif my_van.at_red_traffic_light():
        my_van.wait()
    elif my_van.at_destination():
        my_van.deliver()
        parcels += 1
        if parcels == 3:
            break
    elif my_van.is_road_forward():
        my_van.move_forwards()
        moves += 1
    elif my_van.is_road_left():
        my_van.turn_left()
        moves += 1
    else:
        my_van.turn_right()
        moves += 1
print(parcels, "parcels in", moves, "moves")
"""
level(episode=14, name="The long way round", theme="snow", character="robot",
      lesson="The Den's big test: cows, a light and three houses, and the road goes on after the last one. Put the checks in a good order, count what you like, and break when the work is done.",
      hint="while True: cow? horn. elif red? wait. elif at the house? deliver, add 1, and break at 3. elif road forward … elif road left … else turn right.",
      lights=[((4, 7), "E", "RED", 0, 3, 2)],
      map=draw([walk((0, 1), "N6 E5 S3 E2 S4 W3 N2")], houses=[(3, 7), (7, 2), (4, 1)],
               cows={(0, 4): "n", (7, 3): "w"}, scenery=94),
      python_solution=py(S94))
