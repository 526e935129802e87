from van import Van

my_van = Van()

lengths = [5, 3, 4, 2]
print(lengths)

for n in lengths:
    for i in range(n):
        my_van.move_forwards()
    my_van.turn_right()
