from van import Van

my_van = Van()

turns = ["right", "left", "left", "right"]
next_turn = 0

while not my_van.at_destination():
    if my_van.is_road_forward():
        my_van.move_forwards()
    else:
        way = turns[next_turn]
        print("Junction: turning", way)
        if way == "left":
            my_van.turn_left()
        else:
            my_van.turn_right()
        next_turn = next_turn + 1
