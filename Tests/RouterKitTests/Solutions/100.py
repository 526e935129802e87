from van import Van

my_van = Van()

moves = ["forward", "right", "forward", "forward", "left", "forward", "forward", "right", "forward", "left", "forward"]

for move in moves:
    if move == "forward":
        my_van.move_forwards()
    elif move == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()
