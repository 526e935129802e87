from van import Van

my_van = Van()

while not my_van.at_destination():
    my_van.move_forwards()
