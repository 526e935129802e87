from van import Van

my_van = Van()

drops = [4, 9, 16]
turns = []

def step():
    if my_van.is_road_forward():
        my_van.move_forwards()
        return "forward"
    if my_van.is_road_left():
        my_van.turn_left()
        return "left"
    my_van.turn_right()
    return "right"

def drive(n):
    for i in range(n):
        way = step()
        if way != "forward":
            turns.append(way)

done = 0
for stop in drops:
    drive(stop - done)
    my_van.deliver()
    done = stop
    print("Parcel delivered on square", stop)

print("Turns on the way:", turns)
