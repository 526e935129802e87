from van import Van

my_van = Van()

def leg(steps, way):
    for i in range(steps):
        my_van.move_forwards()
    if way == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()

leg(2, "right")
leg(2, "left")
leg(2, "right")
leg(1, "right")
leg(3, "left")
