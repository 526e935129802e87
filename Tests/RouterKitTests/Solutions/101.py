from van import Van

my_van = Van()

for square in range(1, 11):
    if square == 4:
        my_van.turn_left()
    elif square == 8:
        my_van.turn_right()
    else:
        my_van.move_forwards()
