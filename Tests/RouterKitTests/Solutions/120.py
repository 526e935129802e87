from van import Van

my_van = Van()

steps = []
for i in range(3):
    steps.append("forward")
    steps.append("right")
    steps.append("left")
steps.append("forward")
steps.append("forward")
print(steps)

for step in steps:
    if step == "forward":
        my_van.move_forwards()
    elif step == "left":
        my_van.turn_left()
    else:
        my_van.turn_right()
