"""Python Den episode 13 "Choosing inside a loop" (ids 75–84): if, elif and else inside
counted loops — corners, lights, cows and parcels.
Every map, lesson and hint here is original to Tessera; router_level_specs_den1.py puts the
episodes together.
"""

from router_den_tools import episode_levels, moves_on, py, road
from router_map_draw import draw, walk

LEVELS, level = episode_levels(75)


# =============================================================================================
# Episode 13: Choosing inside a loop
# =============================================================================================

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
level(episode=13, name="Which way now?", theme="snow", character="scooter",
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
level(episode=13, name="Cows on the track", theme="farm", character="tractor",
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
