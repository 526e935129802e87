// The block count and the toolbox uses exactly as the server counts them (Sources/RouterKit/
// BlockCount.swift, Rapid Router's rules with their quirks), so the number under the palette, the
// "left" badges and the refusals match what a run is scored and checked by:
// - start is not counted; each procedure definition counts 1 plus its body;
// - a loop counts its condition, an if every branch's condition; "not" counts 1 plus what it holds;
// - compare counts 1 plus its LEFT side only; a number block or a variable counts 2;
// - a plain number in a block's own field (repeat's times, set's and change's value) counts
//   nothing, and so does a number block put there (the server reads both as the field);
// - an until loop's hidden "not" is not a block; and/or and true/false count 1 each.
// Uses per type follow BlockCounter.uses: a number in a field is not a number block's use, and
// and/or, true/false and the van's square have no toolbox block.
import { SIMPLE_CONDITIONS } from "./block-nested.js";

const isFieldNumber = (value) => typeof value === "number" || value?.type === "math_number" || value === null || value === undefined;

/** The number of blocks the server counts for `program`. */
export function blockCount(program) {
  return listCount(program.blocks) + program.procedures.reduce((sum, procedure) => sum + 1 + listCount(procedure.do ?? []), 0);
}

function listCount(list) {
  return (list ?? []).reduce((sum, block) => sum + statementCount(block), 0);
}

function statementCount(block) {
  switch (block.type) {
    case "controls_repeat": return 1 + fieldCount(block.times) + listCount(block.do);
    case "controls_repeat_while": case "controls_repeat_until": return 1 + conditionCount(block.condition) + listCount(block.do);
    case "controls_if":
      return 1 + block.branches.reduce((sum, branch) => sum + conditionCount(branch.condition) + listCount(branch.do), 0) + listCount(block.else ?? []);
    case "variables_numeric_set": case "variables_increment": return 1 + fieldCount(block.value);
    default: return 1;
  }
}

function fieldCount(value) {
  return isFieldNumber(value) ? 0 : valueCount(value);
}

function conditionCount(condition) {
  if (!condition) return 0;
  switch (condition.type) {
    case "logic_negate": return 1 + conditionCount(condition.condition);
    case "logic_operation": return 1 + conditionCount(condition.a) + conditionCount(condition.b);
    case "logic_compare": return 1 + valueCount(condition.a); // quirk: the right side is not counted
    default: return 1;
  }
}

function valueCount(value) {
  if (!value || typeof value !== "object") return 0;
  switch (value.type) {
    case "math_number": case "variables_get": return 2; // quirk
    case "math_arithmetic": return 1 + valueCount(value.a) + valueCount(value.b);
    default: return 1;
  }
}

/** How many of each toolbox block type the program uses, as the server checks a toolbox. */
export function usage(program) {
  const counts = {};
  const add = (type) => { counts[type] = (counts[type] ?? 0) + 1; };
  const value = (node) => {
    if (!node || typeof node !== "object") return;
    if (node.type === "math_number" || node.type === "variables_get") add(node.type);
    if (node.type === "math_arithmetic") { add(node.type); value(node.a); value(node.b); }
  };
  const condition = (node) => {
    if (!node) return;
    if (SIMPLE_CONDITIONS.includes(node.type)) add(node.type);
    else if (node.type === "logic_negate") { add(node.type); condition(node.condition); }
    else if (node.type === "logic_operation") { condition(node.a); condition(node.b); }
    else if (node.type === "logic_compare") { add(node.type); value(node.a); value(node.b); }
  };
  const statements = (list) => {
    for (const block of list ?? []) {
      add(block.type);
      if (block.type === "controls_repeat" && !isFieldNumber(block.times)) value(block.times);
      if ((block.type === "variables_numeric_set" || block.type === "variables_increment") && !isFieldNumber(block.value)) value(block.value);
      if ("condition" in block) condition(block.condition);
      for (const branch of block.branches ?? []) { condition(branch.condition); statements(branch.do); }
      statements(block.do);
      statements(block.else);
    }
  };
  statements(program.blocks);
  for (const procedure of program.procedures) { add("declare_proc"); statements(procedure.do); }
  return counts;
}

/** How many more of `type` the toolbox allows (Infinity when unlimited, 0 when not offered). */
export function remaining(toolbox, program, type) {
  const entry = toolbox.find((item) => item.block === type);
  if (!entry) return 0;
  if (entry.limit === null || entry.limit === undefined) return Infinity;
  return Math.max(0, entry.limit - (usage(program)[type] ?? 0));
}

/** The first block type a change from `before` to `after` puts over the toolbox: {type, limit} (limit
 *  0 for a block the level does not offer), or null. Only growth is refused, so a program that was
 *  already over (saved before a limit changed) can still be edited down. An empty toolbox limits
 *  nothing, as on the server. */
export function overLimit(toolbox, before, after) {
  if (!toolbox.length) return null;
  const was = usage(before), now = usage(after);
  for (const [type, count] of Object.entries(now)) {
    if (count <= (was[type] ?? 0)) continue;
    const entry = toolbox.find((item) => item.block === type);
    if (!entry) return { type, limit: 0 };
    if (entry.limit !== null && entry.limit !== undefined && count > entry.limit) return { type, limit: entry.limit };
  }
  return null;
}

/** Every block object in the program (what the server's 500-block cap counts). */
export function nodeCount(program) {
  let total = 0;
  const visit = (value) => {
    if (Array.isArray(value)) { value.forEach(visit); return; }
    if (!value || typeof value !== "object") return;
    if (typeof value.type === "string") total += 1;
    for (const [key, child] of Object.entries(value)) if (key !== "type") visit(child);
  };
  visit(program.blocks);
  visit(program.procedures);
  return total;
}
