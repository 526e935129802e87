from van import Van

my_van = Van()

def hill():
    my_van.turn_left()
    my_van.move_forwards()
    my_van.turn_right()
    my_van.turn_right()
    my_van.move_forwards()
    my_van.turn_left()

hill()
my_van.move_forwards()
my_van.move_forwards()
hill()
hill()
