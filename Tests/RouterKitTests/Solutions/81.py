from van import Van

my_van = Van()

moves = 0
lefts = 0
rights = 0
while moves < 18:
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
        lefts += 1
    else:
        my_van.turn_right()
        rights += 1
    moves += 1
print("Left turns:", lefts)
print("Right turns:", rights)
