from van import Van

my_van = Van()

def forwards(n):
    for i in range(n):
        my_van.move_forwards()

def turn(way):
    if way == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()

forwards(2)
turn("left")
forwards(3)
turn("right")
forwards(2)
turn("left")
forwards(4)
turn("left")
forwards(1)
