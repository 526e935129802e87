from van import Van

my_van = Van()

count = 0
while count < 5:
    my_van.move_forwards()
    count += 1
