from van import Van

my_van = Van()

def roads():
    count = 0
    if my_van.is_road_forward():
        count = count + 1
    if my_van.is_road_left():
        count = count + 1
    if my_van.is_road_right():
        count = count + 1
    return count

while not my_van.at_destination():
    if roads() > 1:
        print("Junction: turning right")
        my_van.turn_right()
    elif my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
