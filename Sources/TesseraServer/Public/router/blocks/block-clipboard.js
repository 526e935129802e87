// Copy, paste and duplicate of blocks (the block menu and Ctrl/Cmd+C, V, D; block-menu.js).
// A copy is one block with everything inside it (its bodies and sockets), not the blocks under it:
// as in Blockly. The clipboard is the page's own (it lasts while the page is open, across levels),
// so it never asks for the system clipboard's permission. Where a copy lands:
// - a step: after the selected block (inside a selected loop or branch, at its top), or for
//   Duplicate right after the original; the program scrolls to show it and it flashes;
// - a procedure definition: at the end, with a name of its own ("route12");
// - a number, variable or condition: in the first empty socket of the selected block (or in place
//   of the selected one), for Duplicate in the first empty socket of the same step.
// Each is one change (one undo step), checked against the level's toolbox limits like any other.
import { words } from "./block-labels.js";
import { acceptedBy, firstFreeSocket } from "./block-nested.js";
import { innerCount, placeInSocket, socketForSelection, withFreshIds } from "./block-place.js";
import { BLOCKS, findNode, insert, procedureNames } from "./program.js";
import { rules } from "../shared/rules.js";

let clipboard = null; // {kind: "step" | "procedure" | "nested", node}

export function hasClipboard() {
  return clipboard !== null;
}

const labelOf = (node) => BLOCKS[node.type]?.palette ?? node.type;

function selected(editor) {
  const selection = editor.selection;
  if (!selection?.id || selection.id === "start") return null;
  const found = findNode(editor.program, selection.id);
  if (!found) return null;
  const kind = found.holder ? "nested" : found.node.type === "declare_proc" ? "procedure" : "step";
  return { ...found, kind };
}

export function copySelected(editor) {
  const found = selected(editor);
  if (!found) { editor.say("say.nothingToCopy"); return false; }
  clipboard = { kind: found.kind, node: structuredClone(found.node) };
  const count = innerCount(found.node);
  editor.say(count > 1 ? "say.copiedMany" : count === 1 ? "say.copiedOne" : "say.copied", { label: labelOf(found.node), count });
  return true;
}

export function pasteClipboard(editor) {
  if (!clipboard) { editor.say("say.nothingToPaste"); return false; }
  return put(editor, clipboard, "say.pasted", null);
}

export function duplicateSelected(editor) {
  const found = selected(editor);
  if (!found) { editor.say("say.nothingToCopy"); return false; }
  return put(editor, { kind: found.kind, node: found.node }, "say.duplicated", found);
}

/** Puts a fresh copy of `entry.node` in; `original` (for Duplicate) says where it came from. */
function put(editor, entry, said, original) {
  if (editor.locked) return false;
  let copy = null;
  let missing = null; // why a number or condition found no socket
  const done = editor.change(() => {
    copy = withFreshIds(editor.program, entry.node);
    if (entry.kind === "procedure") {
      copy.name = uniqueName(copy.name, procedureNames(editor.program));
      editor.program.procedures.push(copy);
      editor.selection = { id: copy.id, slot: "body:0" };
      return true;
    }
    if (entry.kind === "step") {
      insert(editor.program, original ? { id: original.node.id, slot: "after" } : editor.stepSelection(), copy);
      editor.selection = { id: copy.id, slot: "after" };
      return true;
    }
    const target = original ? firstFreeSocket(original.statement, acceptedBy(copy.type)) : socketForSelection(editor.program, editor.selection, copy.type);
    if (!target) { missing = original ? "say.noHoleForCopy" : "say.noHoleForValue"; return false; }
    placeInSocket(target.holder, target.key, copy);
    editor.selection = { id: copy.id, slot: "nested" };
    return true;
  });
  if (missing) { editor.say(missing, { label: labelOf(entry.node) }, false); return false; }
  if (!done) return false;
  editor.say(said, { label: labelOf(entry.node) });
  const node = editor.selectedRow();
  editor.reveal(node);
  const shown = node?.closest(".block, .nested") ?? node;
  shown?.classList.add("just-pasted"); // a short flash, so the copy is easy to find
  return true;
}

/** "route1" → "route2" (or "route3" …), kept within the kit's name length. */
function uniqueName(name, taken) {
  const longest = rules.program?.nameLength ?? Infinity;
  const base = (name || "route").replace(/\d+$/, "");
  for (let n = 2; ; n += 1) {
    const suffix = String(n);
    const candidate = base.slice(0, Math.max(1, longest - suffix.length)) + suffix;
    if (!taken.includes(candidate)) return candidate;
  }
}
