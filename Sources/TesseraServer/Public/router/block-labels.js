// Every word the block editor shows or says (block labels, the words inside blocks, the palette,
// the block menu and the status messages about blocks), in one table, so that moving them into the
// message files (messages/<language>.js, the "blocks" group) is one move. The keys follow those
// files' shape: label.*, parts.*, conditions.*, name.*; `{name}` marks a place for a value.

export const LABELS = {
  label: {
    start: "Start",
    move_forwards: "Move forwards", turn_left: "Turn left", turn_right: "Turn right", turn_around: "Turn around",
    wait: "Wait", deliver: "Deliver", sound_horn: "Sound the horn",
    controls_repeat: "Repeat", controls_repeat_while: "Repeat while", controls_repeat_until: "Repeat until", controls_if: "If",
    declare_proc: "Define procedure", call_proc: "Call procedure",
    at_destination: "at the house", road_exists: "road exists", dead_end: "at a dead end", traffic_light: "traffic light is",
    cow_crossing: "cow on the road", logic_negate: "not",
    variables_numeric_set: "Set", variables_increment: "Change", variables_get: "variable", math_number: "number",
    math_arithmetic: "sum", logic_compare: "compare", logic_operation: "and / or", logic_boolean: "true / false",
    van_coordinate: "the van's square",
  },
  // What the palette calls a block (a whole phrase: the palette has room and no fields).
  name: {
    variables_numeric_set: "Set a variable", variables_increment: "Change a variable", variables_get: "Variable",
    math_number: "Number", math_arithmetic: "Sum + − × ÷", logic_compare: "Compare = < >",
  },
  parts: {
    times: "times", howManyTimes: "How many times",
    timesMax: "Set to {max}: a repeat can go up to {max} times.", timesMin: "Set to 0: a repeat cannot go fewer times.",
    endRepeat: "end of repeat", if: "If", elseIf: "else if", else: "else", do: "do", endIf: "end of if",
    addElseIf: "+ else if", addElse: "+ else", removeElseIf: "Remove this else if", removeElseIfTitle: "Remove this “else if”",
    removeElse: "Remove else", removeElseTitle: "Remove “else”", call: "Call", define: "Define",
    procedureName: "Procedure name", procedureToCall: "Procedure to call", condition: "Condition", choose: "choose…",
    emptyBody: "empty: put blocks here", dropHere: "Drag blocks here, under Start",
    to: "to", by: "by", variableName: "Variable name", numberValue: "Number", operator: "Operation", comparison: "Comparison",
    emptyNumber: "number", emptyCondition: "condition",
    numberBlock: "Number block", variableBlock: "Variable block", sumBlock: "Sum block", compareBlock: "Compare block",
    notBlock: "Not block", andOrBlock: "And / or block", trueFalseBlock: "True or false block", coordinateBlock: "The van's square",
    and: "and", or: "or", true: "true", false: "false",
    coordinate: { current: "the van's {part} now", previous: "the van's {part} before" },
    notAvailable: "“{type}”: this block is not available here",
    notAvailableTitle: "This page cannot show the “{type}” block. Take it out of your program before you run it.",
    notAvailablePalette: "This level offers the “{type}” block, but this page cannot show it yet.",
    headingConditions: "Conditions:", headingNumbers: "Numbers:", headingUnknown: "Not available here:",
    headingConditionsTitle: "Drop a condition on a block's condition socket", headingNumbersTitle: "Drop a number or a variable in a number hole",
  },
  conditions: {
    road: { FORWARD: "road forwards", LEFT: "road to the left", RIGHT: "road to the right" },
    light: { RED: "light is red", GREEN: "light is green" },
    not: "not {condition}",
  },
  ops: { ADD: "+", MINUS: "−", MULTIPLY: "×", DIVIDE: "÷", POWER: "^" },
  opNames: { ADD: "plus", MINUS: "minus", MULTIPLY: "times", DIVIDE: "divided by", POWER: "to the power of" },
  compare: { EQ: "=", NEQ: "≠", LT: "<", LTE: "≤", GT: ">", GTE: "≥" },
  compareNames: { EQ: "equals", NEQ: "is not", LT: "is less than", LTE: "is at most", GT: "is more than", GTE: "is at least" },
  menu: {
    label: "Block actions", duplicate: "Duplicate", copy: "Copy", paste: "Paste", delete: "Delete",
    ctrl: "Ctrl+", cmd: "⌘", deleteKey: "Del", deleteKeyMac: "⌫",
  },
  say: {
    added: "Added “{label}”. Your program has {count} blocks.", addedOne: "Added “{label}”. Your program has 1 block.",
    dropNew: "Drop “{label}” where it should go.", moving: "Moving “{label}”: drop it on the palette to delete it.",
    movingValue: "Moving “{label}”: drop it in another hole, or on the palette to delete it.",
    noMore: "No more “{label}” blocks: this level allows {limit}. Take one out of your program to use it again.",
    notOffered: "This level has no “{label}” block, so it cannot go in.",
    tooBig: "Your program is as big as it can be ({max} blocks). Take some out first.",
    conditionSet: "Condition set: “{label}”.", pickLoopFirst: "Select a “repeat while”, “repeat until” or “if” block first, then choose its condition.",
    pickHoleFirst: "Select a block with an empty number hole first (a “set”, “change”, sum or compare block), then choose “{label}”.",
    putIn: "Put “{label}” in.", replaced: "Replaced what was there with “{label}”. Undo (Ctrl+Z) brings it back.",
    wrapped: "“{label}” now holds what was there.",
    nameNeeded: "A variable needs a name: it keeps “{name}”.", nameCut: "Names are at most {max} letters long.",
    numberMax: "Set to {max}: numbers here go up to {max}.", numberMin: "Set to {min}: numbers here go down to {min}.",
    copied: "Copied “{label}”. Paste it with Ctrl+V (or the block menu).", copiedOne: "Copied “{label}” and the block inside it.", copiedMany: "Copied “{label}” and the {count} blocks inside it.",
    nothingToCopy: "Select a block to copy first.", nothingToPaste: "Nothing to paste yet: copy a block first (Ctrl+C or the block menu).",
    pasted: "Pasted “{label}”.", duplicated: "Duplicated “{label}”.",
    noHoleForValue: "There is no empty hole for “{label}” here: select a block with an empty hole, then paste.",
    noHoleForCopy: "There is no empty hole for a copy of “{label}” in this block: copy it (Ctrl+C) and paste it on a block with an empty hole.",
    startStays: "The Start block stays: every program begins there.", startNotMoved: "The Start block stays where it is: drag the blocks under it instead.",
    removed: "Block removed.", removedMany: "{count} blocks removed.", moved: "Moved.", cannotInsideItself: "A block cannot go inside itself.",
    droppedOutsideNew: "Dropped outside the program, so nothing was added.", droppedOutside: "Dropped outside the program: the blocks stay where they were.",
    dragCancelled: "Drag cancelled.", undone: "Undone.", redone: "Redone.", nothingToUndo: "Nothing to undo.", nothingToRedo: "Nothing to redo.",
    atTop: "That block is already at the top.", atBottom: "That block is already at the bottom.",
    menuOpen: "Block menu: Duplicate, Copy, Paste or Delete.",
    noValueHole: "“{label}” goes in a number hole of a block, so nothing was added.",
    noConditionSocket: "“{label}” goes on a block's condition socket, so nothing was added.",
    count: "{count} blocks", countOne: "1 block",
  },
  palette: {
    drag: "Drag or click to add “{label}”", dragLeft: "Drag or click to add “{label}” ({left} left)", left: "{left} left",
  },
};

/** The text at `path` ("say.pasted") with its {placeholders} filled from `values`. */
export function words(path, values = {}) {
  const text = path.split(".").reduce((node, key) => node?.[key], LABELS);
  if (typeof text !== "string") return path;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}
