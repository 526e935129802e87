from van import Van

my_van = Van()

def drive(route):
    for step in route:
        if step == "forward":
            my_van.move_forwards()
        elif step == "left":
            my_van.turn_left()
        else:
            my_van.turn_right()
    my_van.deliver()

drive(["forward", "forward", "right", "forward"])
drive(["left", "forward", "forward"])
drive(["forward", "left", "forward", "forward", "right"])
