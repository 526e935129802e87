from van import Van

my_van = Van()

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
