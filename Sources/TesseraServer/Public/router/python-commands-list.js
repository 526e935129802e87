// Everything the van understands in Python (RouterKit's PythonCompiler.swift lists the same
// methods in its header), and the few Python functions a child meets first, each with a one-line
// example for the Commands panel. The syntax colours take the van's method names from here too.

export const COMMAND_GROUPS = [
  {
    title: "Drive the van",
    commands: [
      { name: "move_forwards", example: "my_van.move_forwards()", says: "Drives one square forwards." },
      { name: "turn_left", example: "my_van.turn_left()", says: "Turns left onto the next square." },
      { name: "turn_right", example: "my_van.turn_right()", says: "Turns right onto the next square." },
      { name: "turn_around", example: "my_van.turn_around()", says: "Turns round to drive back the way it came." },
      { name: "wait", example: "my_van.wait()", says: "Stays put for one turn, for example at a red light." },
      { name: "deliver", example: "my_van.deliver()", says: "Drops a parcel at the house the van is at." },
      { name: "sound_horn", example: "my_van.sound_horn()", says: "Beeps the horn: a cow on the road moves away." },
    ],
  },
  {
    title: "Look at the road (True or False)",
    commands: [
      { name: "at_destination", example: "while not my_van.at_destination():", says: "True when the van is at the house." },
      { name: "at_dead_end", example: "if my_van.at_dead_end():", says: "True when the road stops here." },
      { name: "is_road_forward", example: "if my_van.is_road_forward():", says: "True when a road goes straight on." },
      { name: "is_road_left", example: "if my_van.is_road_left():", says: "True when a road goes off to the left." },
      { name: "is_road_right", example: "if my_van.is_road_right():", says: "True when a road goes off to the right." },
      { name: "is_road", example: "if my_van.is_road('LEFT'):", says: "The same, with 'FORWARD', 'LEFT' or 'RIGHT'." },
      { name: "at_red_traffic_light", example: "while my_van.at_red_traffic_light():", says: "True at a red light." },
      { name: "at_green_traffic_light", example: "if my_van.at_green_traffic_light():", says: "True at a green light." },
      { name: "at_traffic_light", example: "if my_van.at_traffic_light('RED'):", says: "The same, with 'RED' or 'GREEN'." },
      { name: "is_animal_crossing", example: "if my_van.is_animal_crossing():", says: "True when a cow is on the road here." },
    ],
  },
  {
    title: "Where the van is",
    commands: [
      { name: "get_current_coordinate", example: "x, y = my_van.get_current_coordinate()", says: "The square the van is on: x across, y up." },
      { name: "get_previous_coordinate", example: "x, y = my_van.get_previous_coordinate()", says: "The square the van came from." },
    ],
  },
  {
    title: "Python",
    commands: [
      { name: "print", example: "print(\"Hello!\")", says: "Writes a line in the console under your program." },
      { name: "range", example: "for count in range(3):", says: "Repeats the lines under it 3 times." },
      { name: "len", example: "print(len(houses))", says: "How many things a list holds." },
      { name: "append", example: "houses.append(4)", says: "Adds a thing to the end of a list." },
      { name: "pop", example: "last = houses.pop()", says: "Takes the last thing off a list and gives it to you." },
    ],
  },
];

/** The `my_van` method names (every command but Python's own). */
export const VAN_METHODS = COMMAND_GROUPS.filter((group) => group.title !== "Python")
  .flatMap((group) => group.commands.map((command) => command.name));
