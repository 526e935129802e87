from van import Van

my_van = Van()

parcels = 0
while parcels < 3:
    my_van.move_forwards()
    my_van.turn_right()
    my_van.turn_left()
    my_van.deliver()
    parcels += 1
    print("Parcels delivered:", parcels)
