from van import Van

my_van = Van()

found = []
square = 0

while len(found) < 3:
    if my_van.is_road_forward():
        my_van.move_forwards()
    elif my_van.is_road_left():
        my_van.turn_left()
    else:
        my_van.turn_right()
    square = square + 1
    if my_van.at_destination():
        my_van.deliver()
        found.append(square)

print("Houses at squares", found)
