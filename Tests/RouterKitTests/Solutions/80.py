from van import Van

my_van = Van()

moves = 0
waits = 0
while moves < 19:
    if my_van.at_red_traffic_light():
        my_van.wait()
        waits += 1
    else:
        if my_van.is_road_forward():
            my_van.move_forwards()
        elif my_van.is_road_left():
            my_van.turn_left()
        else:
            my_van.turn_right()
        moves += 1
print("I waited", waits, "times at red lights")
