// Blocks that sit in other blocks' holes (sockets) rather than in a list of steps: numbers,
// variables, sums, compares, "not" and the plain conditions, in the JSON form the server reads
// (Sources/RouterKit/BlockJSON.swift). Pure functions on that JSON; no DOM, no imports, so
// program.js can use them without a cycle.
//
// A socket is named by the block that holds it and a key: "condition", "value", "times", "a", "b",
// or "branch:N" for an if's N-th condition. A socket takes either numbers ("value": math_number,
// variables_get, math_arithmetic) or conditions ("condition": the five road questions, not,
// compare, and/or, true/false). Three sockets are also the block's own number field, as in Rapid
// Router: a repeat's TIMES and a set or change block's VALUE hold a plain number until a block is
// put in; taking that block out gives the field back (FIELD_DEFAULTS).

export const SIMPLE_CONDITIONS = ["at_destination", "road_exists", "dead_end", "traffic_light", "cow_crossing"];
const CONDITIONS = new Set([...SIMPLE_CONDITIONS, "logic_negate", "logic_compare", "logic_operation", "logic_boolean"]);
const VALUES = new Set(["math_number", "variables_get", "math_arithmetic", "van_coordinate"]);

/** What kind of socket a block type goes in: "value", "condition", or null (a step of the program). */
export function acceptedBy(type) {
  if (VALUES.has(type)) return "value";
  if (CONDITIONS.has(type)) return "condition";
  return null;
}

export const FIELD_DEFAULTS = { "controls_repeat:times": 3, "variables_numeric_set:value": 0, "variables_increment:value": 1 };

/** Whether a socket is also its block's own number field. */
export function isField(holder, key) {
  return `${holder?.type}:${key}` in FIELD_DEFAULTS;
}

/** A node's sockets, in reading order: [{key, accepts}]. */
export function socketsOf(node) {
  switch (node?.type) {
    case "controls_repeat": return [{ key: "times", accepts: "value" }];
    case "controls_repeat_while": case "controls_repeat_until": case "logic_negate": return [{ key: "condition", accepts: "condition" }];
    case "controls_if": return (node.branches ?? []).map((_, index) => ({ key: `branch:${index}`, accepts: "condition" }));
    case "variables_numeric_set": case "variables_increment": return [{ key: "value", accepts: "value" }];
    case "logic_operation": return [{ key: "a", accepts: "condition" }, { key: "b", accepts: "condition" }];
    case "logic_compare": case "math_arithmetic": return [{ key: "a", accepts: "value" }, { key: "b", accepts: "value" }];
    default: return [];
  }
}

export function socketGet(holder, key) {
  const branch = /^branch:(\d+)$/.exec(key);
  if (branch) return holder.branches?.[Number(branch[1])]?.condition ?? null;
  return holder[key] ?? null;
}

export function socketSet(holder, key, value) {
  const branch = /^branch:(\d+)$/.exec(key);
  if (branch) holder.branches[Number(branch[1])].condition = value;
  else holder[key] = value;
}

/** Empties a socket: a field gets its plain number back, any other socket becomes an empty hole. */
export function clearSocket(holder, key) {
  socketSet(holder, key, isField(holder, key) ? FIELD_DEFAULTS[`${holder.type}:${key}`] : null);
}

/** A block object in a socket (not a plain number field, not an empty hole). */
export function isNode(value) {
  return Boolean(value) && typeof value === "object" && typeof value.type === "string";
}

/** Calls `visit(node, holder, key)` for every block in `holder`'s sockets, depth first. */
export function forEachNested(holder, visit) {
  for (const { key } of socketsOf(holder)) {
    const child = socketGet(holder, key);
    if (!isNode(child)) continue;
    visit(child, holder, key);
    forEachNested(child, visit);
  }
}

/** The first empty socket taking `accepts` in `holder` or below it, as {holder, key}, or null.
 *  With `fields`, a socket still holding its plain number counts as free too (after the empty ones). */
export function firstFreeSocket(holder, accepts, { fields = false } = {}) {
  const found = [];
  const look = (node) => {
    for (const { key, accepts: kind } of socketsOf(node)) {
      const child = socketGet(node, key);
      if (kind === accepts && child === null) found.push({ holder: node, key, rank: 0 });
      else if (kind === accepts && fields && typeof child === "number") found.push({ holder: node, key, rank: 1 });
      if (isNode(child)) look(child);
    }
  };
  look(holder);
  found.sort((a, b) => a.rank - b.rank);
  return found[0] ?? null;
}

/** The ids of a block and everything in its sockets. */
export function nestedIds(node, into = new Set()) {
  if (node?.id) into.add(node.id);
  forEachNested(node, (child) => { if (child.id) into.add(child.id); });
  return into;
}
