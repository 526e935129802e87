// The program the editor edits, kept in exactly the JSON form the API takes
// (`{"blocks": [...], "procedures": [...]}`, see Sources/RouterKit/BlockJSON.swift), so a run
// sends it as it is and part 2 (drag and drop, undo/redo) can snapshot it with structuredClone.
// Everything here is pure: functions take a program and return what changed; nothing touches the DOM.
//
// A *selection* is where the next block goes: `{id: "start"}` (the top of the program),
// `{id, slot: "after"}` (after that block) or `{id, slot: "body:N" | "else"}` (at the top of a
// container's body: a loop's or procedure's `body:0`, an if's branch N or its else), or
// `{id, slot: "nested"}` (a block in a socket: a number, a variable, a compare, a "not"…).
import { LABELS } from "./block-labels.js";
import { acceptedBy, forEachNested } from "./block-nested.js";

/** What the editor knows about each block type it can show: its label (block-labels.js), its kind
 *  (how it is drawn and where it goes) and an icon. Kinds: action, loop, if, proc, call and
 *  variable are steps of the program; condition (the five road questions), negate, compare and
 *  logic go in condition sockets; value goes in number holes. */
const KINDS = {
  move_forwards: ["action", "⬆"], turn_left: ["action", "↰"], turn_right: ["action", "↱"], turn_around: ["action", "↶"],
  wait: ["action", "‖"], deliver: ["action", "▣"], sound_horn: ["action", "♪"],
  controls_repeat: ["loop", "↻"], controls_repeat_while: ["loop", "↻"], controls_repeat_until: ["loop", "↻"], controls_if: ["if", "?"],
  declare_proc: ["proc", "ƒ"], call_proc: ["call", "ƒ"],
  variables_numeric_set: ["variable", "≔"], variables_increment: ["variable", "±"],
  at_destination: ["condition"], road_exists: ["condition"], dead_end: ["condition"], traffic_light: ["condition"], cow_crossing: ["condition"],
  logic_negate: ["negate"], logic_compare: ["compare", "⚖"], logic_operation: ["logic"], logic_boolean: ["logic"],
  variables_get: ["value", "x"], math_number: ["value", "#"], math_arithmetic: ["value"], van_coordinate: ["value"],
};
// label and palette are read when a block is drawn or named, so they are in the page's language then.
export const BLOCKS = Object.fromEntries(Object.entries(KINDS).map(([type, [kind, icon]]) => [type, {
  get label() { return LABELS.label[type]; },
  get palette() { return LABELS.name[type] ?? LABELS.label[type]; },
  kind, ...(icon ? { icon } : {}),
}]));

const STEP_KINDS = ["action", "loop", "if", "proc", "call", "variable"];

/** The statement blocks of a toolbox, in the toolbox's order (conditions are chosen inside blocks). */
export function statementTypes(toolbox) {
  return toolbox.map((entry) => entry.block).filter((type) => STEP_KINDS.includes(BLOCKS[type]?.kind));
}

/** The five road questions a toolbox offers (chosen in a condition socket's list). */
export function conditionTypes(toolbox) {
  return toolbox.map((entry) => entry.block).filter((type) => BLOCKS[type]?.kind === "condition");
}

/** Everything else a toolbox offers for condition sockets (not, compare) and number holes. */
export function socketTypes(toolbox, accepts) {
  return toolbox.map((entry) => entry.block).filter((type) => BLOCKS[type] && BLOCKS[type].kind !== "condition" && acceptedBy(type) === accepts);
}

/** Toolbox entries this page has no block for (shown as "not available here", never dropped silently). */
export function unknownTypes(toolbox) {
  return toolbox.map((entry) => entry.block).filter((type) => !BLOCKS[type]);
}

/** Every condition the toolbox allows, as {key, label, condition}; "not …" too when `logic_negate` is offered. */
export function conditionChoices(toolbox) {
  const plain = [];
  for (const type of conditionTypes(toolbox)) {
    if (type === "road_exists") {
      for (const direction of ["FORWARD", "LEFT", "RIGHT"]) {
        plain.push({ key: `${type}:${direction}`, label: LABELS.conditions.road[direction], condition: { type, direction } });
      }
    } else if (type === "traffic_light") {
      for (const colour of ["RED", "GREEN"]) {
        plain.push({ key: `${type}:${colour}`, label: LABELS.conditions.light[colour], condition: { type, colour } });
      }
    } else {
      plain.push({ key: type, label: BLOCKS[type].label, condition: { type } });
    }
  }
  const negated = toolbox.some((entry) => entry.block === "logic_negate")
    ? plain.map((choice) => ({ key: `not:${choice.key}`, label: LABELS.conditions.not.replace("{condition}", choice.label), condition: { type: "logic_negate", condition: choice.condition } }))
    : [];
  return [...plain, ...negated];
}

/** The key of a condition object (as in `conditionChoices`), or "" for an empty socket. */
export function conditionKey(condition) {
  if (!condition) return "";
  if (condition.type === "logic_negate") return "not:" + conditionKey(condition.condition);
  if (condition.type === "road_exists") return `road_exists:${condition.direction ?? "FORWARD"}`;
  if (condition.type === "traffic_light") return `traffic_light:${condition.colour ?? "RED"}`;
  return condition.type;
}

export function emptyProgram() {
  return { blocks: [], procedures: [] };
}

/** The containers' statement lists: [[slot, list], …]. */
export function slotsOf(block) {
  if (block.type === "controls_if") {
    const slots = block.branches.map((branch, index) => [`body:${index}`, branch.do]);
    if (block.else) slots.push(["else", block.else]);
    return slots;
  }
  if (Array.isArray(block.do)) return [["body:0", block.do]];
  return [];
}

export function isContainer(block) {
  return ["loop", "if", "proc"].includes(BLOCKS[block.type]?.kind) || block.type === "declare_proc";
}

/** Calls `visit(block, list, index, parent)` for every statement and procedure, depth first in document order. */
export function walk(program, visit) {
  const inList = (list, parent) => {
    list.forEach((block, index) => {
      visit(block, list, index, parent);
      for (const [, children] of slotsOf(block)) inList(children, block);
    });
  };
  inList(program.blocks, null);
  program.procedures.forEach((procedure, index) => {
    visit(procedure, program.procedures, index, null);
    inList(procedure.do, procedure);
  });
}

/** {block, list, index, parent} for a block id, or null. */
export function find(program, id) {
  let found = null;
  walk(program, (block, list, index, parent) => {
    if (!found && block.id === id) found = { block, list, index, parent };
  });
  return found;
}

/** Calls `visit(node, holder, key, statement)` for every block in a socket (numbers, variables,
 *  conditions…), with the step of the program that holds it. */
export function walkNested(program, visit) {
  walk(program, (block) => forEachNested(block, (node, holder, key) => visit(node, holder, key, block)));
}

/** Any block by id, statement or nested: {node, holder, key, statement} (holder and key only for
 *  a nested block), or null. */
export function findNode(program, id) {
  const place = find(program, id);
  if (place) return { node: place.block, holder: null, key: null, statement: place.block };
  let found = null;
  walkNested(program, (node, holder, key, statement) => { if (!found && node.id === id) found = { node, holder, key, statement }; });
  return found;
}

/** A fresh block id: one above the highest "bN" anywhere in the program (nested blocks too). */
export function nextId(program) {
  let highest = 0;
  const see = (node) => {
    const match = /^b(\d+)$/.exec(node.id ?? "");
    if (match) highest = Math.max(highest, Number(match[1]));
  };
  walk(program, see);
  walkNested(program, see);
  return `b${highest + 1}`;
}

/** A new block of `type` with the fields the API expects. */
export function makeBlock(program, type, { procedureNames = [], variableName = "count" } = {}) {
  const id = nextId(program);
  switch (type) {
    case "controls_repeat": return { type, id, times: 3, do: [] };
    case "controls_repeat_while":
    case "controls_repeat_until": return { type, id, condition: null, do: [] };
    case "controls_if": return { type, id, branches: [{ condition: null, do: [] }] };
    case "declare_proc": {
      let n = procedureNames.length + 1;
      while (procedureNames.includes(`route${n}`)) n += 1;
      return { type, id, name: `route${n}`, do: [] };
    }
    case "call_proc": return { type, id, name: procedureNames[0] ?? "" };
    case "variables_numeric_set": return { type, id, name: variableName, value: 0 };
    case "variables_increment": return { type, id, name: variableName, value: 1 };
    case "variables_get": return { type, id, name: variableName };
    case "math_number": return { type, id, value: 0 };
    case "math_arithmetic": return { type, id, op: "ADD", a: null, b: null };
    case "logic_compare": return { type, id, op: "EQ", a: null, b: null };
    case "logic_negate": return { type, id, condition: null };
    case "road_exists": return { type, id, direction: "FORWARD" };
    case "traffic_light": return { type, id, colour: "RED" };
    default: return { type, id };
  }
}

/** The variable names a program uses, sorted (for the name boxes' suggestions). */
export function variableNames(program) {
  const names = new Set();
  const see = (node) => { if (/^variables_/.test(node.type ?? "") && node.name) names.add(node.name); };
  walk(program, see);
  walkNested(program, see);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Inserts `block` at `selection`; returns the selection that follows it (inside a new container, after anything else). */
export function insert(program, selection, block) {
  if (block.type === "declare_proc") {
    program.procedures.push(block);
    return { id: block.id, slot: "body:0" };
  }
  let list = program.blocks, at = 0;
  const place = selection?.id && selection.id !== "start" ? find(program, selection.id) : null;
  if (place && place.block.type === "declare_proc" && place.list === program.procedures) {
    list = place.block.do;
  } else if (place && selection.slot === "after") {
    list = place.list;
    at = place.index + 1;
  } else if (place) {
    list = slotsOf(place.block).find(([slot]) => slot === selection.slot)?.[1] ?? place.list;
  } else if (!selection) {
    at = program.blocks.length;
  }
  list.splice(at, 0, block);
  return isContainer(block) ? { id: block.id, slot: "body:0" } : { id: block.id, slot: "after" };
}

/** Removes the block with `id` (and all it holds); returns the selection to move to. */
export function remove(program, id) {
  const place = find(program, id);
  if (!place) return { id: "start" };
  place.list.splice(place.index, 1);
  if (place.list === program.procedures) return { id: "start" };
  if (place.index > 0) return { id: place.list[place.index - 1].id, slot: "after" };
  if (place.parent) {
    const slot = slotsOf(place.parent).find(([, list]) => list === place.list)?.[0] ?? "body:0";
    return { id: place.parent.id, slot };
  }
  return { id: "start" };
}

/** The names of the procedures defined so far. */
export function procedureNames(program) {
  return program.procedures.map((procedure) => procedure.name);
}

/** A program read back from storage (or written elsewhere), with an id on every block so runs can
 *  name them; an empty program when it does not look like ours. */
export function sanitize(value) {
  if (!value || !Array.isArray(value.blocks)) return emptyProgram();
  const program = { blocks: value.blocks, procedures: Array.isArray(value.procedures) ? value.procedures : [] };
  const missing = [];
  const check = (block) => { if (typeof block.id !== "string" || !block.id) missing.push(block); };
  walk(program, check);
  walkNested(program, check);
  for (const block of missing) block.id = nextId(program);
  for (const procedure of program.procedures) procedure.type = "declare_proc";
  return program;
}

// ---- moves for drag and drop ------------------------------------------------------------------
// A drop *place* is a statement list and a position in it: `{owner, slot, before}` where owner is
// "main" (the list under Start) or a container's id, slot its "body:N" | "else", and before the id
// of the block to go in front of (null: at the end).

/** The statement list a place names, or null. */
export function listAt(program, owner, slot) {
  if (owner === "main") return program.blocks;
  const place = find(program, owner);
  if (!place) return null;
  return slotsOf(place.block).find(([name]) => name === slot)?.[1] ?? null;
}

/** The ids of a block and everything it holds. */
function subtreeIds(block, into = new Set()) {
  into.add(block.id);
  for (const [, list] of slotsOf(block)) for (const child of list) subtreeIds(child, into);
  return into;
}

/** The blocks a drag of `id` carries, as Blockly does: it and every block after it in its list
 *  (a procedure definition alone). Nothing is changed. */
export function chainOf(program, id) {
  const place = find(program, id);
  if (!place) return [];
  return place.list === program.procedures ? [place.block] : place.list.slice(place.index);
}

/** Moves the chain starting at `id` to `place`; false (and nothing changed) when the place is
 *  inside the chain itself or gone. */
export function moveChain(program, id, place) {
  const chain = chainOf(program, id);
  if (!chain.length || chain[0].type === "declare_proc") return false;
  const inside = new Set();
  for (const block of chain) subtreeIds(block, inside);
  if (inside.has(place.owner) || !listAt(program, place.owner, place.slot)) return false;
  const from = find(program, id);
  from.list.splice(from.index);
  return putBlocks(program, place, chain);
}

/** Puts `blocks` at `place`. */
export function putBlocks(program, { owner, slot, before }, blocks) {
  const list = listAt(program, owner, slot);
  if (!list) return false;
  const at = before ? list.findIndex((block) => block.id === before) : -1;
  list.splice(at < 0 ? list.length : at, 0, ...blocks);
  return true;
}

/** Removes the chain starting at `id` (a whole procedure for a definition); returns what went. */
export function removeChain(program, id) {
  const place = find(program, id);
  if (!place) return [];
  return place.list === program.procedures ? place.list.splice(place.index, 1) : place.list.splice(place.index);
}

/** Moves block `id` one place up (dir −1) or down (+1) through the tree, for the keyboard: past a
 *  neighbour, into a neighbouring container's nearest list, or out of its list to the next branch
 *  of its parent or past the parent. Returns false when it cannot go further. */
export function nudge(program, id, dir) {
  const place = find(program, id);
  if (!place || place.list === program.procedures) return false;
  const { block, list, index, parent } = place;
  const neighbour = list[index + dir];
  if (neighbour) {
    list.splice(index, 1);
    const slots = slotsOf(neighbour);
    if (slots.length) {
      const [, inner] = dir > 0 ? slots[0] : slots[slots.length - 1];
      if (dir > 0) inner.unshift(block); else inner.push(block);
    } else {
      list.splice(index + dir, 0, block);
    }
    return true;
  }
  if (!parent) return false;
  const slots = slotsOf(parent);
  const slotIndex = slots.findIndex(([, l]) => l === list);
  const nextSlot = slots[slotIndex + dir];
  if (nextSlot) {
    list.splice(index, 1);
    if (dir > 0) nextSlot[1].unshift(block); else nextSlot[1].push(block);
    return true;
  }
  const outer = find(program, parent.id);
  if (!outer || outer.list === program.procedures) return false;
  list.splice(index, 1);
  outer.list.splice(outer.index + (dir > 0 ? 1 : 0), 0, block);
  return true;
}
