from van import Van

my_van = Van()

size = 1
while size <= 5:
    steps = 0
    while steps < size:
        my_van.move_forwards()
        steps += 1
    my_van.turn_right()
    size += 1
