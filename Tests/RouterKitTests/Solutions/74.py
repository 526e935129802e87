from van import Van

my_van = Van()

moves = 0
parcels = 0
while parcels < 3:
    my_van.turn_left()
    moves += 1
    steps = 0
    while steps < 3:
        my_van.move_forwards()
        steps += 1
        moves += 1
    my_van.deliver()
    parcels += 1
print("Delivered", parcels, "parcels in", moves, "moves")
