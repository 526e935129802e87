from van import Van

my_van = Van()

def forwards(n):
    for i in range(n):
        my_van.move_forwards()

def hill(height):
    my_van.turn_left()
    forwards(height)
    my_van.turn_right()
    my_van.turn_right()
    forwards(height)
    my_van.turn_left()

hill(1)
my_van.move_forwards()
hill(3)
hill(2)
my_van.move_forwards()
