from van import Van

my_van = Van()

for i in range(7):
    print(i)
    my_van.move_forwards()
my_van.turn_left()
my_van.move_forwards()
