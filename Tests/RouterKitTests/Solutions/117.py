from van import Van

my_van = Van()

stops = [4, 5, 4]

def drive(n):
    for i in range(n):
        if my_van.is_road_forward():
            my_van.move_forwards()
        elif my_van.is_road_left():
            my_van.turn_left()
        else:
            my_van.turn_right()

print("Stops to make:", len(stops))
for i in range(len(stops)):
    drive(stops[i])
    my_van.deliver()
    print("Stop", i + 1, "done")
