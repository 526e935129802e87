from van import Van

my_van = Van()

for side in range(5):
    for i in range(6 - side):
        my_van.move_forwards()
    my_van.turn_right()
