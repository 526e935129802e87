from van import Van

my_van = Van()

while my_van.is_road_forward():
    my_van.move_forwards()
my_van.turn_left()
while not my_van.at_dead_end():
    my_van.move_forwards()
