from van import Van

my_van = Van()

def which_way():
    if my_van.is_road_forward():
        return "forward"
    if my_van.is_road_left():
        return "left"
    return "right"

while not my_van.at_destination():
    way = which_way()
    if way == "forward":
        my_van.move_forwards()
    elif way == "left":
        print("Turning left")
        my_van.turn_left()
    else:
        print("Turning right")
        my_van.turn_right()
