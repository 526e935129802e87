// Everything the van understands in Python (RouterKit's PythonCompiler.swift lists the same
// methods in its header), and the few Python functions a child meets first, each with a one-line
// example for the Commands panel: the data is python-commands.json. The syntax colours take the
// van's method names from here too. Only code lives there (it stays English in every language):
// a group's title is the message player.python.commands.groups.<id>, a command's words
// player.python.commands.says.<name>.
import groups from "./python-commands.json" with { type: "json" };

/** [{ id, commands: [{ name, example }] }], in the panel's order. */
export const COMMAND_GROUPS = groups;

/** The `my_van` method names (every command but Python's own). */
export const VAN_METHODS = COMMAND_GROUPS.filter((group) => group.id !== "python")
  .flatMap((group) => group.commands.map((command) => command.name));
