from van import Van

my_van = Van()

squares = 0
while squares < 6:
    my_van.move_forwards()
    my_van.move_forwards()
    my_van.deliver()
    squares += 2
