// The block editor's keys (editor.js says what each does): ↑/↓/Home/End walk the program's rows,
// Enter or Space selects, Delete removes, Alt+↑/↓ moves a block, the context-menu key (or
// Shift+F10) opens the block menu; Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo anywhere on the
// page while the editor is shown, except in a text field, which keeps its own undo.

/** Wires the program's keys and the page-wide undo keys to `editor` (a BlockEditor). */
export function listenForKeys(editor) {
  editor.programNode.addEventListener("keydown", (event) => onProgramKey(editor, event));
  document.addEventListener("keydown", (event) => onUndoKey(editor, event));
}

function onProgramKey(editor, event) {
  if (event.target.closest("input, select, button, textarea")) return;
  const rows = [...editor.programNode.querySelectorAll(".row, .nested")];
  const index = rows.indexOf(document.activeElement);
  const go = (i) => { const target = rows[Math.max(0, Math.min(rows.length - 1, i))]; if (target) editor.select(editor.parseSel(target.dataset.sel)); };
  if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
    editor.nudgeSelected(event.key === "ArrowUp" ? -1 : 1);
    event.preventDefault();
    return;
  }
  if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
    editor.menu.openForSelection();
    event.preventDefault();
    return;
  }
  switch (event.key) {
    case "ArrowDown": go(index + 1); break;
    case "ArrowUp": go(index - 1); break;
    case "Home": go(0); break;
    case "End": go(rows.length - 1); break;
    case "Enter": case " ": if (index >= 0) editor.select(editor.parseSel(rows[index].dataset.sel)); break;
    case "Delete": case "Backspace": editor.deleteSelected(); break;
    default: return;
  }
  event.preventDefault();
}

function onUndoKey(editor, event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || editor.paletteNode.offsetParent === null) return;
  if (event.target.closest?.("input, textarea, select, [contenteditable]")) return; // their own undo
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) editor.undo();
  else if ((key === "z" && event.shiftKey) || key === "y") editor.redo();
  else return;
  event.preventDefault();
}
