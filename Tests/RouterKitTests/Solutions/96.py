from van import Van

my_van = Van()

for step in range(4):
    my_van.turn_left()
    my_van.turn_right()
    my_van.move_forwards()
print("Top of the stairs!")
