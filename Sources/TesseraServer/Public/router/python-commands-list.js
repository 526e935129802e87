// Everything the van understands in Python (RouterKit's PythonCompiler.swift lists the same
// methods in its header), and the few Python functions a child meets first, each with a one-line
// example for the Commands panel. The syntax colours take the van's method names from here too.
// Only code lives here (it stays English in every language): a group's title is the message
// player.python.commands.groups.<id>, a command's words player.python.commands.says.<name>.

export const COMMAND_GROUPS = [
  {
    id: "drive",
    commands: [
      { name: "move_forwards", example: "my_van.move_forwards()" },
      { name: "turn_left", example: "my_van.turn_left()" },
      { name: "turn_right", example: "my_van.turn_right()" },
      { name: "turn_around", example: "my_van.turn_around()" },
      { name: "wait", example: "my_van.wait()" },
      { name: "deliver", example: "my_van.deliver()" },
      { name: "sound_horn", example: "my_van.sound_horn()" },
    ],
  },
  {
    id: "look",
    commands: [
      { name: "at_destination", example: "while not my_van.at_destination():" },
      { name: "at_dead_end", example: "if my_van.at_dead_end():" },
      { name: "is_road_forward", example: "if my_van.is_road_forward():" },
      { name: "is_road_left", example: "if my_van.is_road_left():" },
      { name: "is_road_right", example: "if my_van.is_road_right():" },
      { name: "is_road", example: "if my_van.is_road('LEFT'):" },
      { name: "at_red_traffic_light", example: "while my_van.at_red_traffic_light():" },
      { name: "at_green_traffic_light", example: "if my_van.at_green_traffic_light():" },
      { name: "at_traffic_light", example: "if my_van.at_traffic_light('RED'):" },
      { name: "is_animal_crossing", example: "if my_van.is_animal_crossing():" },
    ],
  },
  {
    id: "where",
    commands: [
      { name: "get_current_coordinate", example: "x, y = my_van.get_current_coordinate()" },
      { name: "get_previous_coordinate", example: "x, y = my_van.get_previous_coordinate()" },
    ],
  },
  {
    id: "python",
    commands: [
      { name: "print", example: "print(\"Hello!\")" },
      { name: "range", example: "for count in range(3):" },
      { name: "len", example: "print(len(houses))" },
      { name: "append", example: "houses.append(4)" },
      { name: "pop", example: "last = houses.pop()" },
    ],
  },
];

/** The `my_van` method names (every command but Python's own). */
export const VAN_METHODS = COMMAND_GROUPS.filter((group) => group.id !== "python")
  .flatMap((group) => group.commands.map((command) => command.name));
