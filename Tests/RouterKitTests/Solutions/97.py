from van import Van

my_van = Van()

for parcel in range(1, 5):
    my_van.move_forwards()
    my_van.move_forwards()
    my_van.deliver()
    print("Parcel", parcel, "delivered")
