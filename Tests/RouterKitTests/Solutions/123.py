from van import Van

my_van = Van()

lefts = [3, 9]
rights = [6]
drops = [5, 10]

for square in range(1, 11):
    if square in lefts:
        my_van.turn_left()
    elif square in rights:
        my_van.turn_right()
    else:
        my_van.move_forwards()
    if square in drops:
        my_van.deliver()
        print("Parcel delivered on square", square)
