from van import Van

my_van = Van()

for side in range(1, 6):
    for i in range(side):
        my_van.move_forwards()
    my_van.turn_left()
    print("Side", side, "done")
