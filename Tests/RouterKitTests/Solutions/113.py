from van import Van

my_van = Van()

def forwards(n):
    for i in range(n):
        while my_van.at_red_traffic_light():
            my_van.wait()
        my_van.move_forwards()

forwards(4)
my_van.turn_left()
forwards(3)
my_van.turn_right()
forwards(3)
