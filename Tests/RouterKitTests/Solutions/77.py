from van import Van

my_van = Van()

moves = 0
while moves < 8:
    if my_van.at_red_traffic_light():
        my_van.wait()
    else:
        my_van.move_forwards()
        moves += 1
