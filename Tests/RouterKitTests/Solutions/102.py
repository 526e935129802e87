from van import Van

my_van = Van()

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
