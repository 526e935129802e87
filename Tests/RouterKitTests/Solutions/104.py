from van import Van

my_van = Van()

for move in range(30):
    if my_van.at_destination():
        print("Home after", move, "moves")
        break
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
