"""Tessera's own Rapid Router levels: maps, texts, toolboxes and reference solutions.

Read with scripts/router_levels.py, which explains the map format, checks every level and writes
the JSON files. Every map, lesson and hint here is original to Tessera.
"""

from router_levels import Spec

EPISODES = [
    (1, "Getting started", "Drive the van forwards and round corners to the house."),
    (2, "Shortest route", "Pick the quickest way at junctions and deliver to more than one house."),
    (3, "Loops", "Use repeat to drive long roads with just a few blocks."),
    (4, "Loops with conditions", "Repeat until the van arrives, or while there is road ahead."),
    (5, "If and else", "Let the van look for roads and decide which way to turn."),
    (6, "Traffic lights", "Wait at red lights and drive on when they turn green."),
    (7, "Limited blocks", "Only a few blocks of each kind: make every one count."),
    (8, "Procedures", "Name a shape once and call it wherever the road repeats it."),
    (9, "Brain teasers", "Cows, low fuel and lots of parcels: put everything together."),
    (10, "Python", "Drive the van by writing Python code."),
]

LEVELS: list[Spec] = []


def level(**kwargs):
    LEVELS.append(Spec(id=str(len(LEVELS) + 1), **kwargs))


# Handy program pieces -------------------------------------------------------------------------
F, L, R, W, D, H = "F", "L", "R", "W", "D", "H"


def rep(n, *body):
    return ("repeat", n, list(body))


def until(cond, *body):
    return ("until", cond, list(body))


def while_(cond, *body):
    return ("while", cond, list(body))


def if_(*branches, otherwise=None):
    return ("if", [(c, list(b)) for c, b in branches], list(otherwise) if otherwise is not None else None)


def call(name):
    return ("call", name)


def fwd(n):
    return [F] * n


# The general "follow the road" body: straight on if you can, else left, else right.
FOLLOW = if_(("fwd", [F]), ("left", [L]), otherwise=[R])


# =============================================================================================
# Episode 1: Getting started
# =============================================================================================

level(episode=1, name="First drive", theme="grass",
      lesson="Hello, driver! Your van is at the depot. Each 'Move forwards' block under Start drives it one square. There are two road squares between the van and the house: can you get there?",
      hint="Add one 'Move forwards' and press Play to see how far it goes. Not there yet? Add another one!",
      algorithm=False,
      map="""
. . . . . . . . . .

. . T . . . . t . .

. . . . . . . . . .

. . . . . . . . b .

. . D-o-o-H . . . .

. b . . . . . . . .

. . . . . . T . . .

. . . . . . . . . .
""",
      solution=[F, F])

level(episode=1, name="Round the corner", theme="grass",
      lesson="Roads bend! A 'Turn left' block drives the van round a corner to its left. Drive to the corner, turn, then keep going.",
      hint="Forwards, forwards, turn left at the corner, then forwards twice more.",
      algorithm=False,
      map="""
. . . . . . . . . .

. . . . . . . T . .

. . . . H . . . . .
        |
. . . . o . . . . .
        |
. . . . o . b . . .
        |
. D-o-o-o . . . . .

. . . . . . . . . .

. t . . . . . . . .
""",
      solution=[F, F, L, F, F])

level(episode=1, name="Turn right", theme="snow",
      lesson="This time the road bends the other way. Use 'Turn right' at the corner.",
      hint="Imagine you are sitting in the van. Which hand points down the new road?",
      algorithm=False,
      map="""
. . . . . . . . . .

. . D-o-o-o . . T .
          |
. . . . . o . . . .
          |
. t . . . o . . . .
          |
. . . . . H . . . .

. . . . . . . t . .

. T . . . . . . . .

. . . . . . . . . .
""",
      extra_blocks=["turn_left"],
      solution=[F, F, R, F, F])

level(episode=1, name="Left, right, left", theme="farm",
      lesson="Three corners! Look at each corner from the van's seat before you pick left or right.",
      hint="Follow the road with your finger. At every corner, say which way the van turns: left or right?",
      map="""
. . . . . . . . . .

. . . . . . . b . .

. . . . . H . . . .
          |
. T . . . o . . t .
          |
. . o-o-o-o . . . .
    |
. . o . . . . . . .
    |
D-o-o . . . . T . .

. . . . . . . . . .
""",
      solution=[F, L, F, R, F, F, L, F])

level(episode=1, name="Stairs", theme="city",
      lesson="The road climbs like a staircase: left, right, left, right… Count the steps carefully!",
      hint="Every step is a 'Turn left' then a 'Turn right'. The last bit is straight on.",
      map="""
. . . . . . . . . .

. . . . . . . . T .

. . . . . . . . . .

. . . . o-o-H . . .
        |
. . . o-o . . . . .
      |
. . o-o . . . . t .
    |
. D-o . . . . . . .

. . . . . T . . . .
""",
      solution=[L, R, L, R, L, R, F])

level(episode=1, name="Around the pond", theme="grass",
      lesson="The van starts off heading down the map. When it turns, left and right are the van's left and right, not yours!",
      hint="Heading down the map, the van's left is towards the right of your screen.",
      map="""
. . . . . . . . . .

. D . . . . . T . .
  |
. o . . . . . . . .
  |
. o p p H . . . . .
  |     |
. o p p o . . . . .
  |     |
. o-o-o-o . . . t .

. . . . . . . . . .

. . b . . . . . . .
""",
      solution=[F, F, F, L, F, F, L, F])


# =============================================================================================
# Episode 2: Shortest route
# =============================================================================================

level(episode=2, name="Two ways round", theme="grass",
      lesson="Two roads lead to the house. Both work, but the quickest route scores best. Count the squares on each road!",
      hint="Going up and over is longer. Stay on the bottom road and turn at the end.",
      extra_blocks=["turn_right"],
      map="""
. . . . . . . . . .

. . . T . . . . . .

. o-o-o-o-o-o-o . .
  |           |
. o . . t . . H . .
  |           |
. o . p . . . o . .
  |           |
D-o-o-o-o-o-o-o . .

. . . b . . . . . .

. . . . . . . . T .
""",
      solution=fwd(6) + [L, F])

level(episode=2, name="Left or right?", theme="farm",
      lesson="At a T-junction the van must choose. Which way gets to the house in fewer squares?",
      hint="Turn left at the junction, then right at the next corner.",
      map="""
. . . . . . . . . .

. o-o-o-o-o-o . T .
  |         |
. H . . b . o . . .
  |         |
. o . . . . o . . .
  |         |
. o-o-o-o-o-o . . .
        |
. T . . o . . t . .
        |
. . . . o . . . . .
        |
. . . . D . . . . .
""",
      solution=[F, F, L, F, F, R, F])

level(episode=2, name="City blocks", theme="city",
      lesson="Lots of streets! Plan a short route to the house, and look out: one street stops before the end.",
      hint="The middle street is a dead end. Turn up a side street before you reach it.",
      map="""
. . . . . . . . H .
                |
. o-o-o-o-o-o-o-o .
  |     |       |
. o . T o . T . o .
  |     |       |
D-o-o-o-o-o-o . o .
  |     |       |
. o . . o . . . o .
  |     |       |
. o . t o . b . o .
  |     |       |
. o-o-o-o-o-o-o-o .

. . . . . . . . . .
""",
      solution=[F, F, F, L, F, R, F, F, F, L])

level(episode=2, name="Dead ends", theme="snow",
      lesson="Snowy roads with lots of dead ends. Only one road reaches the house: trace it before you build!",
      hint="Turn right after the fourth square, then left, then keep turning right.",
      map="""
. . . . . o . . . .
          |
D-o-o-o-o-o-o-o . .
    |     |
. . o . . o . . o .
    |     |     |
. . o . . o-o-o-o .
          |     |
. T . . . o . . o .
          |     |
. . . t . o . . o .
                |
. . . . . . H-o-o .

. T . . . . . . . .
""",
      solution=[F, F, F, F, R, F, L, F, F, R, F, F, R, F])

level(episode=2, name="Two parcels", theme="farm",
      lesson="Two houses are waiting today! Stop at each one and use the 'Deliver' block to drop off their parcel.",
      hint="Don't take the shortcut: it skips the first house.",
      map="""
. . . . . . . . . .

. . T . . . . . b .

. . . . . . H . . .
            |
. t . . . . o . . .
            |
. . . H-o-o-o . . .
      |     |
. . . o . . o . T .
      |     |
. . . o . p o . . .
      |     |
D-o-o-o-o-o-o . . .
""",
      solution=[F, F, L, F, F, D, R, F, F, L, F, D])

level(episode=2, name="Three houses", theme="city",
      lesson="Three parcels on a ring road. Which way round reaches all three houses in the fewest squares?",
      hint="Turn right onto the ring and keep going round: you pass all three houses on the way.",
      map="""
. . . . . . . . . .

. . o-o-o-H-o-o . .
    |         |
. . o . T . . H . .
    |         |
. . o . . . . o . .
    |         |
. . o . t . . H . .
    |         |
. . o-o-o-o-o-o . .
        |
. . . . D . . . . .

. . . . . . . . . .
""",
      solution=[R, F, F, L, D, F, F, D, F, L, F, D])


# =============================================================================================
# Episode 3: Loops
# =============================================================================================

LOOP_BLOCKS = ["turn_left", "turn_right"]

level(episode=3, name="The long road", theme="grass",
      lesson="That's a lot of 'Move forwards'! A 'Repeat' block does the blocks inside it again and again. Set how many times.",
      hint="Put one 'Move forwards' inside a 'Repeat'. How many squares does the van drive?",
      extra_blocks=LOOP_BLOCKS,
      map="""
. . . . . . . . . .

. . T . . . . t . .

. . . . . . . . . .

D-o-o-o-o-o-o-o-o-H

. . . . b . . . . .

. t . . . . . . T .

. . . . . . . . . .

. . . . . . . . . .
""",
      solution=[rep(8, F)])

level(episode=3, name="Along and up", theme="snow",
      lesson="Two long roads and one corner. You can use more than one 'Repeat' block!",
      hint="Repeat forwards, turn left, then repeat forwards again.",
      extra_blocks=["turn_right"],
      map="""
. . . . . . . . H .
                |
. . T . . . . . o .
                |
. . . . . t . . o .
                |
. T . . . . . . o .
                |
. . . . b . . . o .
                |
. . . T . . . . o .
                |
. . . . . . . . o .
                |
D-o-o-o-o-o-o-o-o .
""",
      solution=[rep(7, F), L, rep(6, F)])

level(episode=3, name="Big staircase", theme="farm",
      lesson="Left, right, left, right… When a pattern repeats, put the pattern inside a 'Repeat' block.",
      hint="Repeat 'Turn left, Turn right' 6 times. One more block gets you to the house.",
      extra_blocks=["move_forwards"],
      map="""
. . . . . . . H . .
              |
. . . . . . o-o . .
            |
. . . . . o-o . . .
          |
. . . . o-o . . t .
        |
. . . o-o . . . . .
      |
. . o-o . . . T . .
    |
. o-o . . . . . . .
  |
D-o . . . . b . . .
""",
      solution=[rep(6, L, R), L])

level(episode=3, name="Bumpy road", theme="grass",
      lesson="Find the piece of road that repeats. Build it once, then repeat it.",
      hint="One bump is: left, forwards, right, forwards, right, forwards, left, forwards.",
      map="""
. . . . . . . . . .

. . . . . T . . . .

. . . . . . . . . .

. o-o-o . o-o-o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
D-o . o-o-o . o-o-H

. . b . . . . . . .

. . . . . . t . . .
""",
      solution=[rep(2, L, F, R, F, R, F, L, F)])

level(episode=3, name="Castle walls", theme="city",
      lesson="Up, along, down, along: the city wall goes up and down. How short can you make your program?",
      hint="Inside the repeat: left, right, right, left.",
      extra_blocks=["move_forwards"],
      map="""
. . . . . . . . . .

. . T . . . . . T .

. . . . . . . . . .

. o-o o-o o-o o-o .
  | | | | | | | |
D-o o-o o-o o-o o-H

. . . . t . . . . .

. . . . . . . . . .

. . b . . . . . . .
""",
      solution=[rep(4, L, R, R, L)])

level(episode=3, name="Loops in loops", theme="snow",
      lesson="A repeat can go inside another repeat! Use a small loop for each long straight bit.",
      hint="The big loop runs twice. Inside it, repeat 4 forwards on the way up and on the way down.",
      map="""
. . . . . . . . . .

. o-o-o . o-o-o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
D-o . o-o-o . o-o-H

. . t . . . T . . .
""",
      solution=[rep(2, L, rep(4, F), R, F, R, rep(4, F), L, F)])


# =============================================================================================
# Episode 4: Loops with conditions
# =============================================================================================

UNTIL_BLOCKS = ["turn_left", "turn_right"]

level(episode=4, name="Until you arrive", theme="snow",
      lesson="No counting needed! 'Repeat until at the house' keeps going until the van reaches the house.",
      hint="Put 'Move forwards' inside 'Repeat until', then choose 'at the house' in the block's list.",
      extra_blocks=UNTIL_BLOCKS,
      map="""
. . . . D . . . . .
        |
. T . . o . . t . .
        |
. . . . o . . . . .
        |
. . b . o . . . T .
        |
. . . . o . . . . .
        |
. t . . o . p . . .
        |
. . . . o . . . . .
        |
. . . . H . . . . .
""",
      solution=[until("dest", F)])

level(episode=4, name="Zigzag until home", theme="farm",
      lesson="Repeat until works with patterns too. The van checks if it has arrived each time round the loop.",
      hint="Inside 'Repeat until at the house': turn left, turn right.",
      extra_blocks=["move_forwards"],
      map="""
. . . . . . . . . .

. . . . . o-H . . .
          |
. . . . o-o . . T .
        |
. . . o-o . . . . .
      |
. . o-o . . t . . .
    |
. o-o . . . . . . .
  |
D-o . . b . . . . .

. . . . . . . . . .
""",
      solution=[until("dest", L, R)])

level(episode=4, name="Road ahead?", theme="city",
      lesson="'Repeat while road forwards' drives on as long as the road goes straight. Then you can turn!",
      hint="Repeat while there is road forwards, turn left, then repeat until you arrive.",
      extra_blocks=["turn_right"],
      map="""
. . . . . . . H . .
              |
. T . . . . . o . .
              |
. . . . t . . o . .
              |
. . . . . . . o . T
              |
. . b . . . . o . .
              |
D-o-o-o-o-o-o-o . .

. . . . . T . . . .

. . . . . . . . . .
""",
      solution=[while_("fwd", F), L, until("dest", F)])

level(episode=4, name="Spiral", theme="grass",
      lesson="Round and round! Drive to the end of each straight, turn left, and do it all again until you get home.",
      hint="Put 'Repeat while road forwards' and 'Turn left' inside 'Repeat until at the house'.",
      extra_blocks=["turn_right"],
      map="""
. . . . . . . . . .

. o-o-o-o-o-o-o-o .
  |             |
. o . . . . . . o .
  |             |
. o . o-o-o-o . o .
  |   |     |   |
. o . H . . o . o .
  |         |   |
. o-o-o-o-o-o . o .
                |
. . . . . . . . o .
                |
D-o-o-o-o-o-o-o-o .
""",
      solution=[until("dest", while_("fwd", F), L)])

level(episode=4, name="Uneven stairs", theme="city",
      lesson="These steps are all different sizes, but the pattern is the same: straight on, left, straight on, right.",
      hint="Inside 'Repeat until at the house': repeat while road forwards, left, repeat while road forwards, right.",
      map="""
. . . . . . . . o-H
                |
. . T . . . . . o .
                |
. . . . . . . . o .
                |
. . . . . o-o-o-o .
          |
. . o-o-o-o . . . t
    |
. . o . . . . b . .
    |
. . o . t . . . . .
    |
D-o-o . . . . . . .
""",
      solution=[until("dest", while_("fwd", F), L, while_("fwd", F), R)])


# =============================================================================================
# Episode 5: If and else
# =============================================================================================

level(episode=5, name="Road on the left?", theme="grass",
      lesson="An 'If' block asks a question. If there is a road to the left, turn left. Else, keep going forwards!",
      hint="Inside 'Repeat until at the house': if 'road to the left', turn left, else move forwards.",
      extra_blocks=["turn_right"],
      map="""
. . . . . . . . . .

. . . o-o-o-o-o . .
      |       |
. . . o . T . o . .
      |       |
. . . H . . . o . .
              |
. b . . . . . o . .
              |
. . . . t . . o . .
              |
D-o-o-o-o-o-o-o . .

. . . . . . . . T .
""",
      solution=[until("dest", if_(("left", [L]), otherwise=[F]))])

level(episode=5, name="Straight on or right", theme="snow",
      lesson="Now ask a different question: is there a road straight ahead? If not, the road must turn right.",
      hint="If road forwards, move forwards, else turn right. Repeat until you arrive.",
      extra_blocks=["turn_left"],
      map="""
. . . . . . . . . .

D-o-o-o-o-o-o . . .
            |
. . . T . . o . t .
            |
. . H . . . o . . .
    |       |
. . o . b . o . . .
    |       |
. . o-o-o-o-o . . .

. T . . . . . . . .

. . . . . . . . . .
""",
      solution=[until("dest", if_(("fwd", [F]), otherwise=[R]))])

level(episode=5, name="Left, right or straight", theme="farm",
      lesson="An 'If' can ask more than one question: its '+ else if' button adds another. Straight on if you can, else left, else right.",
      hint="If road forwards: forwards. Else if road left: turn left. Else: turn right.",
      map="""
. . . . . . . . . .

. . . . . . . H-o .
                |
. o-o-o-o-o . . o .
  |       |     |
. o . . . o . . o .
  |       |     |
. o . . . o-o-o-o .
  |
. o-o-o . . . . . .
      |
. . . o . T . . b .
      |
D-o-o-o . . . . . .
""",
      solution=[until("dest", FOLLOW)])

level(episode=5, name="Left hand rule", theme="grass",
      lesson="Junctions! Straight-on-first takes the van into a dead end here. Change the order of your questions.",
      hint="Ask about the left road first, then forwards, else turn right.",
      map="""
. . . . . . . . . .

. . . o-o-o-o-o . .
      |   |   |
. T . o . o . o . .
      |       |
. . . o . . . o-o-H
      |       |
D-o-o-o-o-o . o . .
              |
. . . t . . . o . .

. . b . . . . . . .

. . . . . . . . T .
""",
      solution=[until("dest", if_(("left", [L]), ("fwd", [F]), otherwise=[R]))])

level(episode=5, name="Keep right", theme="city",
      lesson="This time the van should take the right-hand road whenever there is one. Can you build that?",
      hint="If road right: turn right. Else if road forwards: forwards. Else: turn left.",
      map="""
. D-o-o-o-o . . . .
      |
. . . o . . o . . .
      |     |
. . . o . . o . T .
      |     |
. . . o-o-o-o-o-o .
              |
. t . . . . . o . .
              |
. . . . o-o-o-o . .
        |     |
. . . . o . . o . .
        |     |
. . . . H . . o . .
""",
      solution=[until("dest", if_(("right", [R]), ("fwd", [F]), otherwise=[L]))])

level(episode=5, name="The long and winding road", theme="snow",
      lesson="A very long road with lots of bends. Write a short program that can follow any road!",
      hint="Straight on if you can, else left, else right. Repeat until at the house.",
      map="""
. . . . . . . . . .

. o-o-o . . o-o-o .
  |   |     |   |
. o . o . . o . o .
  |   |     |   |
. o . o-o-o-o . o .
  |             |
. o . . T . . . o .
  |             |
. o-o . . . H . o .
    |       |   |
. . o . t . o-o-o .
    |
D-o-o . . . . . . T
""",
      solution=[until("dest", FOLLOW)])


# =============================================================================================
# Episode 6: Traffic lights
# =============================================================================================

level(episode=6, name="Red means stop", theme="city",
      lesson="A traffic light! When it is red the van must not drive on. A 'Wait' block keeps the van still for as long as one move takes.",
      hint="Drive up to the light, wait twice for green, then drive on to the house.",
      extra_blocks=["turn_left"],
      lights=[((4, 5), "E", "RED", 0, 6, 3)],
      map="""
. . . . . . . . . .

. . T . . . . T . .

D-o-o-o-o-o-o-o-H .

. . . . b . . . . .

. t . . . . . . T .

. . . . . . . . . .

. . . T . . . . . .

. . . . . . . . . .
""",
      solution=fwd(4) + [W, W] + fwd(3))

level(episode=6, name="Wait for green", theme="grass",
      lesson="Two lights, and you can't be sure when they change. Ask the light! If it is red, wait. Else, drive on.",
      hint="Repeat until at the house: if 'light is red', wait, else move forwards.",
      lights=[((2, 2), "E", "RED", 0, 4, 2), ((6, 2), "E", "GREEN", 0, 6, 3)],
      map="""
. . . . . . . . . .

. . . . T . . . . .

. t . . . . . . b .

. . . . . . . . . .

. . . . . . . T . .

D-o-o-o-o-o-o-o-o-H

. . . b . . . . . .

. T . . . . t . . .
""",
      solution=[until("dest", if_(("red", [W]), otherwise=[F]))])

level(episode=6, name="Lights round the bend", theme="farm",
      lesson="Lights on a bendy road. First check the light, then find the road: forwards, left or right.",
      hint="If red: wait. Else if road forwards: forwards. Else if road left: left. Else: right.",
      lights=[((2, 6), "E", "GREEN", 0, 3, 2), ((5, 3), "E", "RED", 0, 6, 2), ((7, 2), "S", "RED", 1, 5, 3)],
      map="""
. . . . . . . . . .

D-o-o-o . . . T . .
      |
. . . o . b . . . .
      |
. T . o . . . . t .
      |
. . . o-o-o-o-o . .
              |
. . . . . . . o . .
              |
. . . . . H-o-o . .

. . b . . . . . . .
""",
      solution=[until("dest", if_(("red", [W]), ("fwd", [F]), ("left", [L]), otherwise=[R]))])

level(episode=6, name="Side streets", theme="city",
      lesson="Busy streets with side roads. The van should turn right whenever it can, and stop at every red light.",
      hint="If red: wait. Else if road right: turn right. Else if road forwards: forwards. Else: turn left.",
      lights=[((5, 6), "E", "RED", 0, 7, 2), ((6, 3), "S", "GREEN", 0, 2, 4), ((4, 2), "W", "RED", 1, 2, 3)],
      map="""
. . o . o . . . . .
    |   |
D-o-o-o-o-o-o-o-o .
            |
. . T . . . o . . .
            |
. . . . . . o-o-o .
            |
. t . . . . o . T .
            |
. . H-o-o-o-o . . .
            |
. . . . . . o . . .
            |
. . . . b . o . . .
""",
      solution=[until("dest", if_(("red", [W]), ("right", [R]), ("fwd", [F]), otherwise=[L]))])

level(episode=6, name="Rush hour", theme="snow",
      lesson="Five lights on a snowy road with side turnings. Keep left at junctions and wait whenever a light is red.",
      hint="If red: wait. Else if road left: turn left. Else if road forwards: forwards. Else: turn right.",
      lights=[((2, 1), "E", "RED", 0, 3, 2), ((4, 2), "N", "RED", 0, 2, 4), ((4, 5), "N", "RED", 1, 2, 4),
              ((6, 6), "E", "GREEN", 0, 3, 3), ((8, 4), "S", "GREEN", 0, 2, 2)],
      map="""
. . . . . . . . . .

. T . . o-o-o-o-o .
        |       |
. . . . o . . . o .
        |       |
. . . . o-o-o . o .
        |       |
. . t . o . . . o-H
        |       |
. . . . o . . . o .
        |       |
D-o-o-o-o-o-o . o .
            |
. . . b . . o . . .
""",
      solution=[until("dest", if_(("red", [W]), ("left", [L]), ("fwd", [F]), otherwise=[R]))])


# =============================================================================================
# Episode 7: Limited blocks
# =============================================================================================

level(episode=7, name="Only three forwards", theme="grass",
      lesson="The toolbox is nearly empty: you can only use 3 'Move forwards' blocks. 'Repeat' loops will stretch them!",
      hint="Each straight road needs one 'Repeat' with one 'Move forwards' inside.",
      limits={"move_forwards": 3, "turn_left": 2, "controls_repeat": 3},
      extra_blocks=["turn_right"],
      map="""
D . . . . . . . . .
|
o . T . . . . t . .
|
o . . . . . . . H .
|               |
o . . . . . . . o .
|               |
o . . b . . . . o .
|               |
o-o-o-o-o-o-o-o-o .

. . . . . . T . . .

. t . . . . . . . .
""",
      solution=[rep(4, F), L, rep(7, F), L, rep(2, F)])

level(episode=7, name="One left, one right", theme="farm",
      lesson="Just one 'Turn left', one 'Turn right', two 'Move forwards' and one 'Repeat'. Find the pattern!",
      hint="Left, forwards, right, forwards: that's one step. There are three steps.",
      limits={"move_forwards": 2, "turn_left": 1, "turn_right": 1, "controls_repeat": 1},
      map="""
. . . . . . . . . .

. . . . . o-o-H . .
          |
. . . . . o . . T .
          |
. . . o-o-o . . . .
      |
. . . o . . . t . .
      |
. o-o-o . . . . . .
  |
. o . . b . . . . .
  |
D-o . . . . . . . .
""",
      solution=[rep(3, L, F, R, F)])

level(episode=7, name="Tiny toolbox", theme="city",
      lesson="Only one of each block, and just two questions about the road. You need a program that can follow the whole road by itself.",
      hint="Repeat until at the house. Inside: if road forwards, forwards; else if road to the left, left; else right.",
      limits={"move_forwards": 1, "turn_left": 1, "turn_right": 1, "controls_repeat_until": 1,
              "controls_if": 1, "at_destination": 1, "road_exists": 2},
      map="""
. . . . . . . . . .

. . o-o-o-o . o-o-H
    |     |   |
. . o . T o . o . .
    |     |   |
. . o . . o-o-o . .
    |
. . o-o-o . . . t .
        |
. b . . o . . . . .
        |
D-o-o-o-o . T . . .

. . . . . . . . . .
""",
      solution=[until("dest", FOLLOW)])

level(episode=7, name="Tall towers", theme="snow",
      lesson="Climb the towers with just 4 'Move forwards' blocks. Loops inside loops will help!",
      hint="The big loop runs twice. Inside: left, repeat 5 forwards, right, forwards, right, repeat 5 forwards, left, forwards.",
      limits={"move_forwards": 4, "turn_left": 2, "turn_right": 2, "controls_repeat": 3},
      map="""
. . . . . . . . . .

. o-o-o . o-o-o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
. o . o . o . o . .
  |   |   |   |
D-o . o-o-o . o-o-H
""",
      solution=[rep(2, L, rep(5, F), R, F, R, rep(5, F), L, F)])

level(episode=7, name="Pick your blocks", theme="farm",
      lesson="Lights on a winding road and only one of each block. Some blocks in the toolbox are not needed at all!",
      hint="The road only ever turns left. If red: wait. Else if road forwards: forwards. Else: left.",
      limits={"wait": 1, "move_forwards": 1, "turn_left": 1, "turn_right": 1, "controls_repeat": 1,
              "controls_repeat_until": 1, "controls_if": 1, "at_destination": 1, "road_exists": 1,
              "traffic_light": 1},
      extra_blocks=["turn_right", "controls_repeat"],
      lights=[((3, 0), "E", "RED", 0, 4, 3), ((8, 2), "N", "GREEN", 0, 2, 2), ((5, 5), "W", "RED", 1, 2, 4)],
      map="""
. . . . . . . . . .

. T . . . . . . . .

. . . . o-o-o-o-o .
        |       |
. . . . o . b . o .
        |       |
. . . . o-o-H . o .
                |
. t . . . . . . o .
                |
. . . . . . . . o .
                |
D-o-o-o-o-o-o-o-o .
""",
      solution=[until("dest", if_(("red", [W]), ("fwd", [F]), otherwise=[L]))])


# =============================================================================================
# Episode 8: Procedures
# =============================================================================================

level(episode=8, name="Bumps", theme="grass",
      lesson="A procedure is a set of blocks with a name. Build 'bump' once with 'Define procedure', then use 'Call procedure' at every bump!",
      hint="bump: left, right, right, left. The road is: bump, forwards, bump, bump, forwards.",
      map="""
. . . . . . . . . .

. . T . . . . t . .

. . . . . . . . . .

. . . . b . . . . .

. . . . . . . . . .

. o-o . o-o o-o . .
  | |   | | | |
D-o o-o-o o-o o-o-H

. . . . T . . . . .
""",
      solution=([call("bump"), F, call("bump"), call("bump"), F], {"bump": [L, R, R, L]}))

level(episode=8, name="Towers", theme="farm",
      lesson="Procedures can have loops inside them. Make a 'tower' procedure, then use it twice.",
      hint="tower: left, repeat 3 forwards, right, right, repeat 3 forwards, left.",
      map="""
. . . . . . . . . .

. . . . . . . . T .

. . t . . . . . . .

. o-o . . o-o . . .
  | |     | |
. o o . . o o . b .
  | |     | |
. o o . . o o . . .
  | |     | |
. o o . . o o . . .
  | |     | |
D-o o-o-o-o o-o-H .
""",
      solution=([call("tower"), F, F, call("tower"), F], {"tower": [L, rep(3, F), R, R, rep(3, F), L]}))

level(episode=8, name="Hills and valleys", theme="city",
      lesson="Two shapes this time: a hill that goes up and a valley that goes down. Make a procedure for each.",
      hint="hill: left, forwards, right, right, forwards, left. A valley is the same with left and right swapped.",
      map="""
. . . . . . . . . .

. . . . . . T . . .

. o-o o-o . . o-o .
  | | | |     | |
. o o o o . . o o .
  | | | |     | |
D-o o-o o-o o-o o-H
          | |
. T . . . o o . . .
          | |
. . . . . o-o . . .

. . . t . . . . . .
""",
      solution=([call("hill"), call("hill"), call("valley"), call("hill")],
                {"hill": [L, F, R, R, F, L], "valley": [R, F, L, L, F, R]}))

level(episode=8, name="Corner to corner", theme="snow",
      lesson="A procedure can hold any blocks, even a 'Repeat while'. Make one that drives to the next corner.",
      hint="to_corner: repeat while road forwards, move forwards. Then call it and turn, call it and turn…",
      map="""
D-o-o-o-o-o . . . .
          |
. . . . . o . . T .
          |
. t . . . o . . . .
          |
. . o-o-o-o . . H .
    |           |
. . o . . . . . o .
    |           |
. . o . b . . . o .
    |           |
. . o-o-o-o-o-o-o .

. . . . . . T . . .
""",
      solution=([call("to_corner"), R, call("to_corner"), R, call("to_corner"), L, call("to_corner"), L,
                 call("to_corner"), L, call("to_corner")], {"to_corner": [while_("fwd", F)]}))

level(episode=8, name="Parcel bumps", theme="farm",
      lesson="Four houses: three on top of bumps and one at the end of the road. Put 'Deliver' inside your procedure so every bump gets its parcel.",
      hint="visit: left, right, deliver, right, left. Then: visit, forwards, visit, visit, and left, right, deliver at the last house.",
      map="""
. . . . . . . . . .

. . . . . . . . . .

. . . . T . . . . .

. . . . . . . . t .

. . . . . . . . . .

. o-H . o-H o-H o-H
  | |   | | | | |
D-o o-o-o o-o o-o .

. b . . . . . T . .
""",
      solution=([call("visit"), F, call("visit"), call("visit"), L, R, D], {"visit": [L, R, D, R, L]}))


# =============================================================================================
# Episode 9: Brain teasers
# =============================================================================================

level(episode=9, python_view=True, name="Moo!", theme="farm",
      lesson="Cows on the road! The van can't drive past a cow. Stop next to it and sound the horn: the cow wanders off.",
      hint="Drive to the cow, sound the horn, drive on. There are two cows.",
      map="""
. . . . . . o-H . .
            |
. . T . . . w . . .
            |
. . . . . . o . b .
            |
D-o-w-o-o-o-o . . .

. . . . t . . . . .

. b . . . . . T . .

. . . . . . . . . .

. . . T . . . . . .
""",
      solution=[F, H, F, F, F, F, L, F, H, F, R])

level(episode=9, python_view=True, name="Cow crossing", theme="farm",
      lesson="Four cows stand on this long road. Instead of counting squares, ask 'cow on the road' every time before you drive on.",
      hint="Repeat until at the house: if 'cow on the road', sound the horn; else if road forwards… (follow the road as usual).",
      model_solutions=[10, 11],
      map="""
. . . . . . . . . .

. o-o-w-o-o . . T .
  |       |
. o . . . o . . . .
  |       |
. n . t . o-o-n-o .
  |             |
. o . . . . . . o .
  |             |
. o-o . . b . . o .
    |           |
. . o . . . H-w-o .
    |
D-o-o . . . . . . .
""",
      solution=[until("dest", if_(("cow", [H]), ("fwd", [F]), ("left", [L]), otherwise=[R]))])

level(episode=9, python_view=True, name="Running on empty", theme="snow",
      lesson="The fuel tank only holds enough for the shortest route. Plan carefully: a wrong turn and the van runs dry!",
      hint="Drive straight over the crossroads, take the next left, then turn left again to the house.",
      max_fuel=8,
      map="""
. o-o-o-o-o-o-o-o .
  |             |
. o . T . . . . o .
  |             |
. o . . . H-o . o .
  |         |   |
. o . . . . o . o .
  |         |   |
D-o-o-o-o-o-o-o-o .
  |
. o . . t . . . . .
  |
. o-o-o-o-o . . . .

. . . . . . . . T .
""",
      solution=[rep(5, F), L, F, L])

level(episode=9, python_view=True, name="Corner shop", theme="city",
      lesson="Three houses on the corners of the block. Loops can deliver too: find the pattern between the corners.",
      hint="Turn right and go forwards to the first house. Then repeat twice: deliver, left, repeat 3 forwards. Deliver once more.",
      map="""
. . . . . . . . . .

. . H-o-o-o-H . . .
    |       |
. . o . T . o . . .
    |       |
. . o . . . o . t .
    |       |
. . o . p . o . . .
    |       |
. . o-o-o-o-H . . .
        |
. . . . D . . . . .

. b . . . . . . . .
""",
      solution=[R, F, rep(2, D, L, rep(3, F)), D])

level(episode=9, python_view=True, name="Cows and lights", theme="farm",
      lesson="Cows AND traffic lights! Check for cows first, then lights, then follow the road.",
      hint="If cow: horn. Else if red: wait. Else if road forwards: forwards. Else if road left: left. Else: right.",
      lights=[((3, 1), "E", "RED", 0, 2, 2), ((5, 6), "E", "RED", 0, 2, 4)],
      map="""
. . . . . . . . . .

. . . . o-o-o-o-H .
        |
. . . . o . . . . .
        |
. . b . o . . . t .
        |
. T . . o-o-w . . .
            |
. . . . . . o . . .
            |
. n-o-o-o-o-o . . .
  |
D-o . . . T . . . .
""",
      solution=[until("dest", if_(("cow", [H]), ("red", [W]), ("fwd", [F]), ("left", [L]), otherwise=[R]))])

level(episode=9, python_view=True, name="Grand tour", theme="grass",
      lesson="Three houses and a light. The last house is at a dead end: repeat until you reach it, delivering on the way.",
      hint="Repeat until at a dead end: if at the house, deliver; else if red, wait; else follow the road. Deliver once more at the end.",
      model_solutions=[13, 14],
      lights=[((5, 3), "N", "RED", 0, 3, 2)],
      map="""
. . . . . . . . . .

. . . . . H-o-o-o .
                |
. T . . . . . . o .
                |
. . . . . o-o-H o .
          |   | |
. o-o-H . o . o-o .
  |   |   |
. o . o-o-o . . t .
  |
. o . . . . b . . .
  |
D-o . . . . . . . .
""",
      solution=[until("dead", if_(("dest", [D]), ("red", [W]), ("fwd", [F]), ("left", [L]), otherwise=[R])), D])


# =============================================================================================
# Episode 10: Python
# =============================================================================================

level(episode=10, name="Hello, Python", theme="grass", python=True,
      lesson="Now you write code! The first lines, 'from van import Van' and 'my_van = Van()', are ready for you. Each 'my_van.move_forwards()' drives one square; try my_van.turn_left() and my_van.turn_right() too.",
      hint="Forwards twice, turn right, forwards twice, turn left, forwards twice.",
      map="""
. . . . . . . . . .

. . T . . . . . t .

D-o-o-o . . . . . .
      |
. . . o . . b . . .
      |
. . . o . . . . . .
      |
. . . o-o-o-H . . .

. t . . . . . . T .

. . . . . . . . . .
""",
      solution=[F, F, R, F, F, L, F, F])

level(episode=10, name="Python loops", theme="snow", python=True,
      lesson="In Python a repeat is 'for count in range(3):'. Every line indented under it is repeated.",
      hint="Repeat 3 times: right, forwards, left, forwards. Then one more right turn.",
      map="""
D-o . . . . . . . .
  |
. o . . . . . T . .
  |
. o-o-o . . . . . .
      |
. t . o . . . . . .
      |
. . . o-o-o . . b .
          |
. . . . . o . . . .
          |
. T . . . o-o-o . .
              |
. . . . . . . H . .
""",
      solution=[rep(3, R, F, L, F), R])

level(episode=10, name="While loops", theme="city", python=True,
      lesson="'while' repeats as long as something is true. 'while my_van.is_road_forward():' keeps driving to the end of the street.",
      hint="Inside 'while not my_van.at_destination():' put a 'while my_van.is_road_forward():' loop that moves forwards, then 'my_van.turn_right()'.",
      map="""
D-o-o-o-o-o-o-o-o .
                |
. . T . . . . . o .
                |
. o-o-o-o-o-o . o .
  |         |   |
. o . H . . o . o .
  |   |     |   |
. o . o-o-o-o . o .
  |             |
. o . . b . . . o .
  |             |
. o-o-o-o-o-o-o-o .

. . . . . t . . . .
""",
      solution=[until("dest", while_("fwd", F), R)])

level(episode=10, name="Python decisions", theme="farm", python=True,
      lesson="'if', 'elif' and 'else' let your code choose. Check the road ahead, then the left, else turn right.",
      hint="while not my_van.at_destination(): if my_van.is_road_forward(): … elif my_van.is_road_left(): … else: …",
      map="""
. . . . . . . . . .

. . o-o-o . . . . .
    |   |
. . o . o . o-o-o-H
    |   |   |
D-o-o . o . o . . .
        |   |
. T . . o-o-o . b .

. . . t . . . . . .

. . . . . . . T . .

. . . . . . . . . .
""",
      solution=[until("dest", FOLLOW)])

level(episode=10, name="Python lights", theme="city", python=True,
      lesson="my_van.at_red_traffic_light() tells you if the light ahead is red. Wait while it is, then follow the road.",
      hint="Put the red light check first: if it's red, my_van.wait(); elif the road goes forwards…",
      lights=[((2, 1), "E", "RED", 0, 3, 2), ((5, 2), "N", "RED", 0, 2, 4), ((3, 4), "W", "RED", 1, 2, 4),
              ((5, 6), "E", "GREEN", 0, 3, 2)],
      map="""
. . . . . . . . . .

. . o-o-o-o-o-o . .
    |         |
. . o . t . . H . .
    |
. . o-o-o-o . . T .
          |
. . . . . o . . . .
          |
. b . . . o . . . .
          |
D-o-o-o-o-o . . . .

. . . . . . . . . .
""",
      solution=[until("dest", if_(("red", [W]), ("fwd", [F]), ("left", [L]), otherwise=[R]))])

level(episode=10, name="Python functions", theme="grass", python=True,
      lesson="'def hill():' makes a function: a procedure in Python. Indent its lines, then call it with 'hill()'.",
      hint="A hill is: left, forwards, right, right, forwards, left. Then: hill, forwards twice, hill, hill.",
      map="""
. . . . . . . . . .

. . . . T . . . . .

. . . . . . . . . .

. o-o . . o-o o-o .
  | |     | | | |
. o o . . o o o o .
  | |     | | | |
D-o o-o-o-o o-o o-H

. . t . . . . . b .

. . . . . . . . . .
""",
      solution=([call("hill"), F, F, call("hill"), call("hill")], {"hill": [L, F, R, R, F, L]}))
