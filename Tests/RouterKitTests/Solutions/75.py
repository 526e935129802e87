from van import Van

my_van = Van()

moves = 0
while moves < 16:
    if my_van.is_road_forward():
        my_van.move_forwards()
    else:
        my_van.turn_right()
    moves += 1
