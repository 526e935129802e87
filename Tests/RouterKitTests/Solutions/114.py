from van import Van

my_van = Van()

def forwards(n):
    honks = 0
    for i in range(n):
        if my_van.is_animal_crossing():
            my_van.sound_horn()
            honks = honks + 1
        my_van.move_forwards()
    return honks

def turn(way):
    if way == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()

cows = 0
cows = cows + forwards(3)
turn("right")
cows = cows + forwards(3)
my_van.deliver()
turn("left")
cows = cows + forwards(3)
turn("right")
cows = cows + forwards(1)
my_van.deliver()
turn("right")
cows = cows + forwards(2)
my_van.deliver()
print("Cows moved:", cows)
