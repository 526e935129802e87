from van import Van

my_van = Van()

moves = 0
while moves < 16:
    if my_van.is_animal_crossing():
        my_van.sound_horn()
    elif my_van.is_road_forward():
        my_van.move_forwards()
        moves += 1
    elif my_van.is_road_left():
        my_van.turn_left()
        moves += 1
    else:
        my_van.turn_right()
        moves += 1
