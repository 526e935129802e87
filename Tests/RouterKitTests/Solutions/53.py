from van import Van

my_van = Van()

while not my_van.at_destination():
    while my_van.is_road_forward():
        my_van.move_forwards()
    my_van.turn_right()
