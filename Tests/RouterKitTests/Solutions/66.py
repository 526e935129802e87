from van import Van

my_van = Van()

steps = 0
while steps < 5:
    my_van.turn_left()
    my_van.turn_right()
    steps += 1
