from van import Van

my_van = Van()

for count in range(3):
    my_van.turn_right()
    my_van.move_forwards()
    my_van.turn_left()
    my_van.move_forwards()
my_van.turn_right()
