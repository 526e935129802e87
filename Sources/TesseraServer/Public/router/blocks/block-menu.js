// The block menu: Duplicate, Copy, Paste and Delete for the block under the pointer. It opens on a
// right-click, on a long press with a finger (drag.js calls openFor), and from the keyboard with
// the Menu key or Shift+F10 on the selected block; it is a real menu (role=menu, arrow keys,
// Escape closes it and the keyboard goes back to the block). The same actions have keys on the
// selected block: Ctrl+D, Ctrl+C, Ctrl+V (Cmd on a Mac), and Delete.
import { el } from "/shared/api.js";
import { LABELS } from "./block-labels.js";
import { copySelected, duplicateSelected, hasClipboard, pasteClipboard } from "./block-clipboard.js";

const MAC = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const key = () => (MAC ? LABELS.menu.cmd : LABELS.menu.ctrl);

export class BlockMenu {
  constructor(editor) {
    this.editor = editor;
    this.node = null;
    editor.programNode.addEventListener("contextmenu", (event) => this.onContextMenu(event));
    document.addEventListener("keydown", (event) => this.onShortcut(event));
    // A press anywhere else closes it (a press, not a click: the click a long press leaves behind
    // must not close the menu it just opened).
    document.addEventListener("pointerdown", (event) => { if (this.node && !this.node.contains(event.target)) this.close(false); }, true);
    window.addEventListener("resize", () => this.close(false));
    editor.programNode.addEventListener("scroll", () => this.close(false));
  }

  get isOpen() { return this.node !== null; }

  onContextMenu(event) {
    // Fields keep the browser's own menu (cut, copy and paste of their text).
    if (event.target.closest("input, select, textarea")) return;
    event.preventDefault();
    if (this.editor.drag.state?.active || this.editor.locked) return;
    const target = event.target.closest(".nested, .row:not(.slot)") ?? this.editor.programNode.querySelector(".row.start-block");
    this.openFor(target, event.clientX, event.clientY);
  }

  /** Opens the menu for the block `target` (a row or a nested block) at the point (x, y);
   *  `finger`: opened by a long press, so it opens beside the finger, never under it (the lifting
   *  finger must not land on an item). */
  openFor(target, x, y, finger = false) {
    if (this.editor.locked || !target?.dataset.sel) return;
    this.editor.select(this.editor.parseSel(target.dataset.sel), false);
    this.open(finger ? x + 16 : x, y, finger ? 28 : 0);
  }

  openForSelection() {
    const row = this.editor.selectedRow();
    if (!row) return;
    const box = row.getBoundingClientRect();
    this.open(box.left + Math.min(40, box.width / 2), box.bottom);
  }

  /** Opens the menu at (x, y), below the point or (near the window's bottom) above it, `gap` px away. */
  open(x, y, gap = 0) {
    this.close(false);
    if (this.editor.locked) return;
    const isStart = this.editor.selection.id === "start";
    const menu = LABELS.menu;
    const KEY = key();
    const item = (name, label, keys, disabled, action) => el("button", {
      type: "button", role: "menuitem", class: "menu-item", "data-testid": `menu-${name}`, tabindex: "-1", disabled,
      onclick: () => { this.close(true); action(); this.editor.focusSelection(); },
    }, el("span", { text: label }), el("kbd", { "aria-hidden": "true", text: keys }));
    this.node = el("div", { class: "block-menu", role: "menu", "aria-label": menu.label, "data-testid": "block-menu" },
      item("duplicate", menu.duplicate, `${KEY}D`, isStart, () => duplicateSelected(this.editor)),
      item("copy", menu.copy, `${KEY}C`, isStart, () => copySelected(this.editor)),
      item("paste", menu.paste, `${KEY}V`, !hasClipboard(), () => pasteClipboard(this.editor)),
      item("delete", menu.delete, MAC ? menu.deleteKeyMac : menu.deleteKey, isStart, () => this.editor.deleteSelected()));
    this.node.addEventListener("keydown", (event) => this.onMenuKey(event));
    // Inside the page's main landmark, beside the program (fixed, so it still sits at the pointer).
    (this.editor.programNode.closest("main") ?? document.body).append(this.node);
    // Inside the window, beside the pointer.
    const box = this.node.getBoundingClientRect();
    const left = Math.max(4, Math.min(x, innerWidth - box.width - 4));
    const top = Math.max(4, y + gap + box.height > innerHeight - 4 ? y - gap - box.height : y + gap);
    this.node.style.setProperty("left", `${Math.round(left)}px`);
    this.node.style.setProperty("top", `${Math.round(top)}px`);
    this.items()[0]?.focus();
    this.editor.say("say.menuOpen", {}, true);
  }

  items() {
    return [...(this.node?.querySelectorAll(".menu-item:not(:disabled)") ?? [])];
  }

  onMenuKey(event) {
    const items = this.items();
    const index = items.indexOf(document.activeElement);
    const go = (i) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case "ArrowDown": go(index + 1); break;
      case "ArrowUp": go(index - 1); break;
      case "Home": go(0); break;
      case "End": go(items.length - 1); break;
      case "Escape": this.close(true); break;
      case "Tab": this.close(true); break;
      default: return;
    }
    event.preventDefault();
  }

  /** Closes the menu; `refocus`: the keyboard goes back to the selected block. */
  close(refocus) {
    if (!this.node) return;
    this.node.remove();
    this.node = null;
    if (refocus) this.editor.focusSelection();
  }

  /** Ctrl/Cmd + C, V, D on the selected block, while the keyboard is in the block editor (or on
   *  the page itself with a block selected and no text selected, so copying words still works). */
  onShortcut(event) {
    const editor = this.editor;
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || editor.locked) return;
    if (editor.paletteNode.offsetParent === null) return; // the blocks are not shown (Python tab)
    const key = event.key.toLowerCase();
    if (!["c", "v", "d"].includes(key)) return;
    const target = event.target;
    if (target.closest?.("input, textarea, select, [contenteditable]")) return;
    const inEditor = editor.programNode.contains(target) || editor.paletteNode.contains(target) || this.node?.contains(target);
    const onPage = target === document.body && editor.selection.id !== "start" && !String(getSelection?.() ?? "");
    if (!inEditor && !onPage) return;
    event.preventDefault(); // Ctrl+D would bookmark the page
    this.close(false);
    if (key === "c") copySelected(editor);
    else if (key === "v") pasteClipboard(editor);
    else duplicateSelected(editor);
    if (editor.programNode.contains(document.activeElement) || document.activeElement === document.body) editor.focusSelection();
  }
}
