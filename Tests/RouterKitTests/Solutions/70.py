from van import Van

my_van = Van()

sides = 0
while sides < 3:
    steps = 0
    while steps < 4:
        my_van.move_forwards()
        steps += 1
    my_van.turn_right()
    sides += 1
