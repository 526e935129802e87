from van import Van

my_van = Van()

def stairs(steps):
    for i in range(steps):
        my_van.turn_left()
        my_van.turn_right()

stairs(3)
my_van.move_forwards()
my_van.move_forwards()
stairs(2)
my_van.move_forwards()
