// Putting blocks into sockets and taking them out, for drops, clicks, the keyboard and paste. Pure
// functions on the program JSON (program.js, block-nested.js); the editor wraps each in one change.
import { acceptedBy, clearSocket, firstFreeSocket, isNode, nestedIds, socketGet, socketSet } from "./block-nested.js";
import { findNode, nextId, walk } from "./program.js";

/** Where a palette block of `type` goes when clicked (or chosen with Enter) for `selection`:
 *  {holder, key}, or null when the selection has no socket for it. In order: an empty socket in the
 *  selected nested block, that block's own place, an empty socket of the selected step (an if's
 *  selected branch first), then a condition socket to change or a number field to fill. */
export function socketForSelection(program, selection, type) {
  const accepts = acceptedBy(type);
  if (!accepts || !selection?.id || selection.id === "start") return null;
  const found = findNode(program, selection.id);
  if (!found) return null;
  if (found.holder) {
    const inside = firstFreeSocket(found.node, accepts);
    if (inside) return inside;
    if (acceptedBy(found.node.type) === accepts) return { holder: found.holder, key: found.key };
  }
  const statement = found.statement;
  if (statement.type === "controls_if" && accepts === "condition") {
    const index = Number(/^body:(\d+)$/.exec(selection.slot ?? "")?.[1] ?? 0);
    const key = `branch:${Math.min(index, statement.branches.length - 1)}`;
    const current = socketGet(statement, key);
    if (isNode(current)) return firstFreeSocket(current, accepts) ?? { holder: statement, key };
    return { holder: statement, key };
  }
  const free = firstFreeSocket(statement, accepts);
  if (free) return free;
  if (accepts === "condition" && "condition" in statement) return { holder: statement, key: "condition" };
  if (accepts === "value") return firstFreeSocket(statement, "value", { fields: true });
  return null;
}

/** Puts `node` into a socket. A new "not" or sum put on a filled socket holds what was there
 *  (`wrap`); anything else takes its place. Returns "put", "wrapped" or "replaced". */
export function placeInSocket(holder, key, node, { wrap = false } = {}) {
  const current = socketGet(holder, key);
  if (wrap && isNode(current)) {
    if (node.type === "logic_negate" && !node.condition) {
      node.condition = current;
      socketSet(holder, key, node);
      return "wrapped";
    }
    if (node.type === "math_arithmetic" && !node.a && acceptedBy(current.type) === "value") {
      node.a = current;
      socketSet(holder, key, node);
      return "wrapped";
    }
  }
  socketSet(holder, key, node);
  return isNode(current) ? "replaced" : "put";
}

/** Takes the nested block `id` out of its socket (a field gets its number back); returns it, or null. */
export function takeNested(program, id) {
  const found = findNode(program, id);
  if (!found?.holder) return null;
  clearSocket(found.holder, found.key);
  return found.node;
}

/** Moves nested block `id` into the socket `key` of the block `holderId`: false (nothing changed)
 *  when that socket is inside the block itself or gone. */
export function moveNested(program, id, holderId, key) {
  const found = findNode(program, id);
  const target = findNode(program, holderId);
  if (!found?.holder || !target || nestedIds(found.node).has(holderId)) return false;
  if (found.holder === target.node && found.key === key) return false;
  clearSocket(found.holder, found.key);
  return placeInSocket(target.node, key, found.node);
}

/** A deep copy of `node` with a fresh id on it and on every block inside it. */
export function withFreshIds(program, node) {
  const copy = structuredClone(node);
  let next = Number(nextId(program).slice(1));
  const renumber = (value) => {
    if (Array.isArray(value)) { value.forEach(renumber); return; }
    if (!value || typeof value !== "object") return;
    if (typeof value.type === "string") value.id = `b${next++}`;
    for (const [key, child] of Object.entries(value)) if (key !== "id" && key !== "type") renumber(child);
  };
  renumber(copy);
  return copy;
}

/** How many blocks `node` holds besides itself (statements in its bodies and blocks in its sockets). */
export function innerCount(node) {
  let total = -1;
  walk({ blocks: [node], procedures: [] }, (block) => { total += nestedIds(block).size; });
  return Math.max(0, total);
}
