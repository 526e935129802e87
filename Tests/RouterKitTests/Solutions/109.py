from van import Van

my_van = Van()

def drop_after(n):
    for i in range(n):
        my_van.move_forwards()
    my_van.deliver()
    print("Parcel delivered")

drop_after(2)
my_van.turn_left()
drop_after(3)
my_van.turn_right()
drop_after(3)
my_van.turn_right()
drop_after(3)
