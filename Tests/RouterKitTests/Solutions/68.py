from van import Van

my_van = Van()

moves_left = 6
while moves_left > 0:
    my_van.move_forwards()
    moves_left -= 1
my_van.turn_right()
moves_left = 4
while moves_left > 0:
    my_van.move_forwards()
    moves_left -= 1
