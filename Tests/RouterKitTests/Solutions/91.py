from van import Van

my_van = Van()

parcels = 0
while True:
    if my_van.at_destination():
        my_van.deliver()
        parcels += 1
        print("Parcel", parcels, "delivered")
        if parcels == 3:
            break
    elif my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
print("Back to the depot!")
