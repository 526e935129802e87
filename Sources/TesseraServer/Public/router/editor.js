// The block editor: a palette holding the level's toolbox (remaining counts where limited) and the
// program as nested rows under a Start block that cannot be moved or deleted (block-view.js).
//
// Two ways to do everything:
// - Pointer (mouse, pen, touch: drag.js): drag a palette block into the program, drag a block (and
//   the blocks under it) somewhere else, drop a condition on its socket, drag back to the palette
//   to delete.
// - Click and keyboard: click (or Enter on) a palette block to add it at the selection; select a
//   loop, an if branch or a procedure to add inside it; Delete removes the selected block;
//   Alt+↑/↓ moves it; Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo. The rows use a roving
//   tabindex: Tab reaches the program once, ↑/↓ move between rows, Home/End jump, Enter selects.
//
// The model is program.js's JSON tree; every change goes through `change()`, which records an undo
// step (history.js) when the program really changed.
import { el } from "/shared/api.js";
import { list, renderBlock, row } from "./block-view.js";
import { BlockDrag } from "./drag.js";
import { History } from "./history.js";
import {
  BLOCKS, blockCount, conditionChoices, conditionFor, conditionOwner, conditionTarget, conditionTypes, insert,
  makeBlock, moveChain, nudge, procedureNames, putBlocks, remaining, remove, removeChain, sanitize, statementTypes,
} from "./program.js";

export class BlockEditor {
  /** `hooks`: onChange(program), say(text, info). */
  constructor({ palette, program, count, deleteButton, clearButton, undoButton, redoButton }, hooks) {
    this.paletteNode = palette;
    this.programNode = program;
    this.countNode = count;
    this.deleteButton = deleteButton;
    this.clearButton = clearButton;
    this.undoButton = undoButton;
    this.redoButton = redoButton;
    this.hooks = hooks;
    this.toolbox = [];
    this.program = { blocks: [], procedures: [] };
    this.selection = { id: "start" };
    this.locked = false;
    this.notes = new Map(); // block id → a note shown beside its field (block-view.js)
    this.history = new History(100);
    this.drag = new BlockDrag(this);
    deleteButton.addEventListener("click", () => this.deleteSelected());
    clearButton.addEventListener("click", () => this.change(() => { this.program.blocks = []; this.program.procedures = []; this.selection = { id: "start" }; }));
    undoButton.addEventListener("click", () => this.undo());
    redoButton.addEventListener("click", () => this.redo());
    program.addEventListener("keydown", (event) => this.onKey(event));
    document.addEventListener("keydown", (event) => this.onUndoKey(event));
  }

  selKey(selection) { return selection?.id === "start" || !selection ? "start" : `${selection.id}|${selection.slot}`; }

  parseSel(text) {
    if (text === "start") return { id: "start" };
    const [id, slot] = text.split("|");
    return { id, slot };
  }

  load(toolbox, program) {
    this.toolbox = toolbox;
    this.program = program;
    this.selection = { id: "start" };
    this.history.clear();
    this.notes.clear();
    this.render();
  }

  setLocked(locked) {
    this.locked = locked;
    if (locked) this.drag.cancel();
    this.render();
  }

  /** Every edit: apply, re-render, report; one undo step when the program changed. */
  change(edit) {
    if (this.locked) return false;
    this.notes.clear(); // a note beside a field lasts until the next edit
    const before = JSON.stringify(this.program);
    const result = edit();
    const after = JSON.stringify(this.program);
    if (after !== before) this.history.record(before);
    this.render();
    if (after !== before) this.hooks.onChange(this.program);
    return result;
  }

  /** Shows `text` beside a block's field (and says it); `refocus`: the keyboard was in that field
   *  (re-rendering replaced it), so it goes back there. */
  note(id, text, field, refocus) {
    this.notes.set(id, text);
    this.render();
    if (refocus) this.programNode.querySelector(`.block[data-block-id="${CSS.escape(id)}"] ${field}`)?.focus();
    this.hooks.say(text, true);
  }

  undo() { this.travel("undo"); }
  redo() { this.travel("redo"); }

  travel(direction) {
    if (this.locked) return;
    const snapshot = this.history[direction](JSON.stringify(this.program));
    if (snapshot === null) {
      this.hooks.say(direction === "undo" ? "Nothing to undo." : "Nothing to redo.", true);
      return;
    }
    this.program = sanitize(JSON.parse(snapshot));
    this.notes.clear();
    this.render();
    this.hooks.onChange(this.program);
    this.hooks.say(direction === "undo" ? "Undone." : "Redone.", true);
  }

  onUndoKey(event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || this.paletteNode.offsetParent === null) return;
    if (event.target.closest?.("input, textarea, select, [contenteditable]")) return; // their own undo
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) this.undo();
    else if ((key === "z" && event.shiftKey) || key === "y") this.redo();
    else return;
    event.preventDefault();
  }

  /** Whether a new `type` may be added; refuses (message and a shake of its palette block) if not. */
  allow(type, held = []) {
    if (held.includes(type) || remaining(this.toolbox, this.program, type) > 0) return true;
    this.refuse(type);
    return false;
  }

  refuse(type) {
    const limit = this.toolbox.find((entry) => entry.block === type)?.limit;
    this.hooks.say(`No more “${BLOCKS[type]?.label ?? type}” blocks: this level allows ${limit ?? 0}. Take one out of your program to use it again.`);
    const button = this.paletteNode.querySelector(`[data-type="${CSS.escape(type)}"]`);
    if (!button) return;
    button.classList.remove("refused");
    void button.offsetWidth; // restart the animation
    button.classList.add("refused"); // a shake, then a red ring for a moment
    clearTimeout(this.refusedTimer);
    this.refusedTimer = setTimeout(() => button.classList.remove("refused"), 1600);
  }

  /** Click or Enter on a palette block: add it at the selection. */
  add(type) {
    if (this.locked || !this.allow(type)) return;
    if (BLOCKS[type]?.kind === "condition" || type === "logic_negate") {
      this.setConditionFromPalette(type);
      return;
    }
    this.change(() => {
      const block = makeBlock(this.program, type, { procedureNames: procedureNames(this.program) });
      this.selection = insert(this.program, this.selection, block);
    });
    // Focus stays on the palette (Enter again adds another); the new block scrolls into view, and
    // the status line says what happened, as it does for a drop (the count makes each one news).
    this.reveal(this.selectedRow());
    const count = blockCount(this.program);
    this.hooks.say(`Added “${BLOCKS[type]?.label ?? type}”. Your program has ${count} block${count === 1 ? "" : "s"}.`, true);
  }

  setConditionFromPalette(type) {
    const target = conditionTarget(this.program, this.selection);
    if (!target) {
      this.hooks.say("Select a “repeat while”, “repeat until” or “if” block first, then choose its condition.");
      return;
    }
    if (this.putCondition(type, target.owner)) this.hooks.say(`Condition set: “${BLOCKS[type]?.label ?? type}”.`, true);
  }

  putCondition(type, owner) {
    const held = owner.condition ? [owner.condition.type, owner.condition.condition?.type].filter(Boolean) : [];
    const fallback = conditionChoices(this.toolbox).find((choice) => choice.condition.type !== "logic_negate")?.condition;
    const condition = conditionFor(type, owner.condition, fallback);
    if (!condition) return false;
    const needed = condition.type === "logic_negate" ? ["logic_negate", condition.condition.type] : [condition.type];
    if (!needed.every((t) => this.allow(t, held))) return false;
    this.change(() => { owner.condition = condition; });
    return true;
  }

  // ---- drops (drag.js calls these) -------------------------------------------------------------
  dropNew(type, place) {
    if (this.locked || !this.allow(type)) return false;
    return this.change(() => {
      const block = makeBlock(this.program, type, { procedureNames: procedureNames(this.program) });
      if (type === "declare_proc") this.program.procedures.push(block);
      else if (!putBlocks(this.program, place, [block])) return false;
      this.selection = type === "declare_proc" || ["loop", "if"].includes(BLOCKS[type].kind) ? { id: block.id, slot: "body:0" } : { id: block.id, slot: "after" };
      this.hooks.say(`Added “${BLOCKS[type].label}”.`, true);
      return true;
    });
  }

  dropMove(id, place) {
    return this.change(() => {
      const moved = moveChain(this.program, id, place);
      if (moved) this.selection = { id, slot: "after" };
      return moved;
    });
  }

  dropCondition(type, blockId, branch) {
    const owner = conditionOwner(this.program, blockId, branch);
    return owner ? this.putCondition(type, owner) : false;
  }

  dropDelete(id) {
    return this.change(() => {
      const gone = removeChain(this.program, id);
      this.selection = { id: "start" };
      if (gone.length) this.hooks.say(gone.length === 1 ? "Block removed." : `${gone.length} blocks removed.`, true);
      return gone.length > 0;
    });
  }

  deleteSelected() {
    if (this.locked) return;
    if (!this.selection || this.selection.id === "start") {
      this.hooks.say("The Start block stays: every program begins there.", true);
      return;
    }
    const fromProgram = this.programNode.contains(document.activeElement);
    this.change(() => { this.selection = remove(this.program, this.selection.id); });
    if (fromProgram) this.focusSelection();
  }

  select(selection, focus = true) {
    this.selection = selection;
    for (const node of this.programNode.querySelectorAll(".row")) {
      const selected = node.dataset.sel === this.selKey(selection);
      node.classList.toggle("selected", selected);
      node.setAttribute("aria-selected", String(selected));
      node.tabIndex = selected ? 0 : -1;
    }
    if (selection.id !== "start" && !this.programNode.querySelector(".row.selected")) { this.select({ id: "start" }, focus); return; }
    this.deleteButton.disabled = this.locked || selection.id === "start";
    if (focus) this.focusSelection();
  }

  selectedRow() {
    return this.programNode.querySelector(`.row[data-sel="${CSS.escape(this.selKey(this.selection))}"]`);
  }

  focusSelection() {
    this.selectedRow()?.focus({ preventScroll: false });
  }

  onKey(event) {
    if (event.target.closest("input, select, button, textarea")) return;
    const rows = [...this.programNode.querySelectorAll(".row")];
    const index = rows.indexOf(document.activeElement);
    const go = (i) => { const target = rows[Math.max(0, Math.min(rows.length - 1, i))]; if (target) this.select(this.parseSel(target.dataset.sel)); };
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      this.nudgeSelected(event.key === "ArrowUp" ? -1 : 1);
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case "ArrowDown": go(index + 1); break;
      case "ArrowUp": go(index - 1); break;
      case "Home": go(0); break;
      case "End": go(rows.length - 1); break;
      case "Enter": case " ": if (index >= 0) this.select(this.parseSel(rows[index].dataset.sel)); break;
      case "Delete": case "Backspace": this.deleteSelected(); break;
      default: return;
    }
    event.preventDefault();
  }

  /** Alt+↑/↓: the selected block moves one place through the tree; the selection follows it. */
  nudgeSelected(dir) {
    const id = this.selection?.id;
    if (this.locked || !id || id === "start") return;
    const slot = this.selection.slot;
    const moved = this.change(() => nudge(this.program, id, dir));
    if (!moved) { this.hooks.say(dir < 0 ? "That block is already at the top." : "That block is already at the bottom.", true); return; }
    this.selection = { id, slot };
    this.select(this.selection);
  }

  // ---- rendering ---------------------------------------------------------------------------
  render() {
    this.renderPalette();
    this.choices = conditionChoices(this.toolbox);
    const start = row(this, "start", "start-block", el("span", { class: "block-icon", "aria-hidden": "true", text: "⚑" }), el("span", { text: "Start" }));
    start.dataset.testid = "start-block";
    const main = el("div", { class: "block start", "data-block-id": "start" }, start, list(this, this.program.blocks, "main"));
    const procedures = this.program.procedures.map((procedure) => renderBlock(this, procedure));
    this.programNode.replaceChildren(main, ...procedures);
    this.programNode.classList.toggle("locked", this.locked);
    const count = blockCount(this.program);
    this.countNode.textContent = `${count} block${count === 1 ? "" : "s"}`;
    this.countNode.dataset.count = String(count);
    this.clearButton.disabled = this.locked;
    this.undoButton.disabled = this.locked || !this.history.canUndo;
    this.redoButton.disabled = this.locked || !this.history.canRedo;
    this.select(this.selection, false);
  }

  renderPalette() {
    const buttons = [];
    const conditions = conditionTypes(this.toolbox);
    const make = (type, group) => {
      const left = remaining(this.toolbox, this.program, type);
      const info = BLOCKS[type];
      // Used-up blocks stay focusable and draggable (aria-disabled, not disabled) so that trying
      // one explains why it is refused.
      const button = el("button", {
        type: "button", class: `palette-block kind-${info.kind} ${group}${left <= 0 ? " used-up" : ""}`, "data-testid": `palette-${type}`,
        "data-type": type, disabled: this.locked, "aria-disabled": left <= 0 ? "true" : false,
        title: left === Infinity ? `Drag or click to add “${info.label}”` : `Drag or click to add “${info.label}” (${left} left)`,
        onclick: (event) => { if (!this.drag.swallow(event)) this.add(type); },
      },
      info.icon ? el("span", { class: "block-icon", "aria-hidden": "true", text: info.icon }) : "",
      el("span", { class: "palette-label", text: info.label }));
      if (left !== Infinity) button.append(el("span", { class: "left", "data-testid": `left-${type}`, text: `${left} left` }));
      return button;
    };
    for (const type of statementTypes(this.toolbox)) buttons.push(make(type, "statement"));
    if (conditions.length) {
      buttons.push(el("span", { class: "palette-heading", text: "Conditions: drop them on a socket" }));
      for (const type of conditions) buttons.push(make(type, "condition"));
      if (this.toolbox.some((entry) => entry.block === "logic_negate")) buttons.push(make("logic_negate", "condition"));
    }
    const focused = this.paletteNode.contains(document.activeElement) ? document.activeElement.dataset.type : null;
    this.paletteNode.replaceChildren(...buttons);
    if (focused) this.paletteNode.querySelector(`[data-type="${CSS.escape(focused)}"]`)?.focus();
  }

  /** Marks the block that is running (one at a time) or the one that failed. */
  highlight(id, kind = "running") {
    for (const node of this.programNode.querySelectorAll(`.${kind}`)) node.classList.remove(kind);
    if (!id) return;
    const block = this.programNode.querySelector(`.block[data-block-id="${CSS.escape(id)}"]`);
    block?.classList.add(kind);
    if (kind === "running") this.reveal(block?.querySelector(".row"));
  }

  /** Scrolls the program list (never the page, so the map stays in view) to show `row`. */
  reveal(node) {
    if (!node) return;
    const box = this.programNode.getBoundingClientRect(), r = node.getBoundingClientRect();
    if (r.top < box.top) this.programNode.scrollTop -= box.top - r.top + 8;
    else if (r.bottom > box.bottom) this.programNode.scrollTop += r.bottom - box.bottom + 8;
  }
}
