from van import Van

my_van = Van()

parcels = 0
moves = 0
while True:
    if my_van.is_animal_crossing():
        my_van.sound_horn()
    elif my_van.at_red_traffic_light():
        my_van.wait()
    elif my_van.at_destination():
        my_van.deliver()
        parcels += 1
        if parcels == 3:
            break
    elif my_van.is_road_forward():
        my_van.move_forwards()
        moves += 1
    elif my_van.is_road_left():
        my_van.turn_left()
        moves += 1
    else:
        my_van.turn_right()
        moves += 1
print(parcels, "parcels in", moves, "moves")
