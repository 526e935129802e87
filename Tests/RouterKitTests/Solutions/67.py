from van import Van

my_van = Van()

count = 0
while count < 7:
    my_van.move_forwards()
    count += 1
    print("Squares driven:", count)
my_van.turn_right()
my_van.move_forwards()
