from van import Van

my_van = Van()

def forwards(n):
    for i in range(n):
        my_van.move_forwards()

forwards(3)
my_van.turn_right()
forwards(4)
my_van.turn_left()
forwards(2)
my_van.turn_right()
forwards(1)
