from van import Van

my_van = Van()

moves = 0
while moves < 15:
    if my_van.at_traffic_light("RED"):
        my_van.wait()
    elif my_van.is_road("FORWARD"):
        my_van.move_forwards()
        moves += 1
    elif my_van.is_road("LEFT"):
        my_van.turn_left()
        moves += 1
    else:
        my_van.turn_right()
        moves += 1
