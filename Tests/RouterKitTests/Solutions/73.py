from van import Van

my_van = Van()

length = 2
while length <= 6:
    steps = 0
    while steps < length:
        my_van.move_forwards()
        steps += 1
    my_van.turn_left()
    length += 2
