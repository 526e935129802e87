// The block editor: a palette holding the level's toolbox (remaining counts where limited,
// block-palette.js) and the program as nested rows under a Start block that cannot be moved or
// deleted (block-view.js), with numbers, variables and conditions in the blocks' sockets
// (block-sockets.js).
//
// Two ways to do everything:
// - Pointer (mouse, pen, touch: drag.js): drag a palette block into the program, drag a block (and
//   the blocks under it) somewhere else, drop a condition, a number or a variable into a socket,
//   drag back to the palette to delete. Right-click or a long press opens the block menu.
// - Click and keyboard: click (or Enter on) a palette block to add it at the selection (a number,
//   variable or condition goes into the selected block's first empty socket); Delete removes the
//   selected block; Alt+↑/↓ moves it; Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo; Ctrl+C,
//   Ctrl+V, Ctrl+D copy, paste and duplicate (block-clipboard.js, block-menu.js). The rows and
//   nested blocks use a roving tabindex: Tab reaches the program once, ↑/↓ move, Home/End jump.
//
// The model is program.js's JSON tree; every change goes through `change()`, which records an undo
// step (history.js) when the program really changed, and undoes any change that would put the
// program over the level's toolbox limits.
import { el } from "/shared/api.js";
import { LABELS, words } from "./block-labels.js";
import { blockCount, nodeCount, overLimit, remaining } from "./block-count.js";
import { BlockMenu } from "./block-menu.js";
import { SIMPLE_CONDITIONS, acceptedBy, socketsOf } from "./block-nested.js";
import { renderPalette } from "./block-palette.js";
import { moveNested, placeInSocket, socketForSelection, takeNested } from "./block-place.js";
import { VARIABLE_LIST_ID } from "./block-sockets.js";
import { list, renderBlock, row } from "./block-view.js";
import { listenForKeys } from "./block-keys.js";
import { BlockDrag } from "./drag.js";
import { History } from "./history.js";
import {
  BLOCKS, conditionChoices, findNode, insert, isContainer, makeBlock, moveChain, nudge, procedureNames, putBlocks, remove,
  removeChain, sanitize, variableNames, walk,
} from "./program.js";
import { rules } from "../shared/rules.js";

export class BlockEditor {
  /** `hooks`: onChange(program), say(text, info). */
  constructor({ palette, program, count, deleteButton, clearButton, undoButton, redoButton }, hooks) {
    Object.assign(this, { paletteNode: palette, programNode: program, countNode: count, deleteButton, clearButton, undoButton, redoButton, hooks });
    this.toolbox = [];
    this.program = { blocks: [], procedures: [] };
    this.selection = { id: "start" };
    this.locked = false;
    this.notes = new Map(); // block id → a note shown beside its field (block-sockets.js)
    this.history = new History(100);
    this.drag = new BlockDrag(this);
    this.menu = new BlockMenu(this);
    // The names the program's variables already have, offered by every name box.
    this.variableList = el("datalist", { id: VARIABLE_LIST_ID });
    document.body.append(this.variableList);
    deleteButton.addEventListener("click", () => this.deleteSelected());
    clearButton.addEventListener("click", () => this.change(() => { this.program.blocks = []; this.program.procedures = []; this.selection = { id: "start" }; }));
    undoButton.addEventListener("click", () => this.undo());
    redoButton.addEventListener("click", () => this.redo());
    listenForKeys(this);
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
    this.menu.close(false);
    this.render();
  }

  setLocked(locked) {
    this.locked = locked;
    if (locked) { this.drag.cancel(); this.menu.close(false); }
    this.render();
  }

  say(path, values, info = true) { this.hooks.say(words(path, values), info); }

  /** Every edit: apply, re-render, report; one undo step when the program changed. A change that
   *  would use more of a block than the level allows (or a block it does not offer, or more blocks
   *  than a program may have) is undone at once and said, so drops, pastes and duplicates share one
   *  check that counts as the server does. Returns the edit's result, or false when refused. */
  change(edit) {
    if (this.locked) return false;
    this.notes.clear(); // a note beside a field lasts until the next edit
    const before = JSON.stringify(this.program);
    const selection = this.selection;
    const result = edit();
    const after = JSON.stringify(this.program);
    if (after !== before) {
      const old = JSON.parse(before);
      const over = overLimit(this.toolbox, old, this.program);
      const most = rules.program?.maxBlocks;
      const tooBig = most && nodeCount(this.program) > most && nodeCount(this.program) > nodeCount(old);
      if (over || tooBig) {
        this.program = sanitize(old);
        this.selection = selection;
        this.render();
        if (over) this.refuse(over.type, over.limit);
        else this.say("say.tooBig", { max: most }, false);
        return false;
      }
      this.history.record(before);
    }
    this.render();
    if (after !== before) this.hooks.onChange(this.program);
    return result;
  }

  /** Shows `text` beside a block's field (and says it); `refocus`: the keyboard was in that field
   *  (re-rendering replaced it), so it goes back there. */
  note(id, text, field, refocus) {
    this.notes.set(id, text);
    this.render();
    if (refocus) this.programNode.querySelector(`[data-block-id="${CSS.escape(id)}"] ${field}`)?.focus();
    this.hooks.say(text, true);
  }

  undo() { this.travel("undo"); }
  redo() { this.travel("redo"); }

  travel(direction) {
    if (this.locked) return;
    const snapshot = this.history[direction](JSON.stringify(this.program));
    if (snapshot === null) {
      this.say(direction === "undo" ? "say.nothingToUndo" : "say.nothingToRedo");
      return;
    }
    this.program = sanitize(JSON.parse(snapshot));
    this.notes.clear();
    this.render();
    this.hooks.onChange(this.program);
    this.say(direction === "undo" ? "say.undone" : "say.redone");
  }

  /** Whether a new `type` may be added; refuses (message and a shake of its palette block) if not. */
  allow(type) {
    if (remaining(this.toolbox, this.program, type) > 0) return true;
    this.refuse(type);
    return false;
  }

  refuse(type, limit = this.toolbox.find((entry) => entry.block === type)?.limit) {
    const offered = this.toolbox.some((entry) => entry.block === type);
    const label = BLOCKS[type]?.palette ?? type;
    this.hooks.say(offered ? words("say.noMore", { label, limit: limit ?? 0 }) : words("say.notOffered", { label }));
    const button = this.paletteNode.querySelector(`[data-type="${CSS.escape(type)}"]`);
    if (!button) return;
    button.classList.remove("refused");
    void button.offsetWidth; // restart the animation
    button.classList.add("refused"); // a shake, then a red ring for a moment
    clearTimeout(this.refusedTimer);
    this.refusedTimer = setTimeout(() => button.classList.remove("refused"), 1600);
  }

  /** The name a new variable block starts with: the first one the program sets, else "count". */
  variableName() {
    let name = null;
    walk(this.program, (block) => { if (!name && block.type === "variables_numeric_set" && block.name) name = block.name; });
    return name ?? "count";
  }

  newBlock(type) {
    return makeBlock(this.program, type, { procedureNames: procedureNames(this.program), variableName: this.variableName() });
  }

  /** Where a new step goes: a nested block's selection stands for its step's head. */
  stepSelection() {
    if (this.selection?.slot !== "nested") return this.selection;
    const statement = findNode(this.program, this.selection.id)?.statement;
    if (!statement) return { id: "start" };
    return { id: statement.id, slot: isContainer(statement) ? "body:0" : "after" };
  }

  /** Click or Enter on a palette block: add it at the selection (into a socket for numbers,
   *  variables and conditions). */
  add(type) {
    if (this.locked || !this.allow(type)) return;
    if (acceptedBy(type)) { this.addToSocket(type); return; }
    const added = this.change(() => {
      const block = this.newBlock(type);
      this.selection = insert(this.program, this.stepSelection(), block);
      return true;
    });
    if (!added) return;
    // Focus stays on the palette (Enter again adds another); the new block scrolls into view, and
    // the status line says what happened, as it does for a drop (the count makes each one news).
    this.reveal(this.selectedRow());
    const count = blockCount(this.program);
    this.say(count === 1 ? "say.addedOne" : "say.added", { label: BLOCKS[type].palette, count });
  }

  addToSocket(type) {
    const target = socketForSelection(this.program, this.selection, type);
    if (!target) {
      if (acceptedBy(type) === "condition") this.say("say.pickLoopFirst", {}, false);
      else this.say("say.pickHoleFirst", { label: BLOCKS[type].palette }, false);
      return;
    }
    this.placeNew(type, target.holder.id, target.key);
  }

  /** A new block of `type` into the socket `key` of block `holderId` (a drop or a click). */
  placeNew(type, holderId, key) {
    let node = null;
    const how = this.change(() => {
      const holder = findNode(this.program, holderId)?.node;
      if (!holder || !socketsOf(holder).some((spec) => spec.key === key)) return false;
      node = this.newBlock(type);
      const result = placeInSocket(holder, key, node, { wrap: true });
      // The next click fills the new block's own holes (a compare's sides), else its holder's.
      const holderIsNested = Boolean(findNode(this.program, holderId)?.holder);
      if (socketsOf(node).length) this.selection = { id: node.id, slot: "nested" };
      else if (holderIsNested) this.selection = { id: holderId, slot: "nested" };
      return result;
    });
    if (!how) return false;
    const label = SIMPLE_CONDITIONS.includes(type) ? BLOCKS[type].label : BLOCKS[type].palette;
    this.say(how === "replaced" ? "say.replaced" : how === "wrapped" ? "say.wrapped" : acceptedBy(type) === "condition" ? "say.conditionSet" : "say.putIn", { label });
    return true;
  }

  // ---- drops (drag.js calls these) -------------------------------------------------------------
  dropNew(type, place) {
    if (this.locked || !this.allow(type)) return false;
    return this.change(() => {
      const block = this.newBlock(type);
      if (type === "declare_proc") this.program.procedures.push(block);
      else if (!putBlocks(this.program, place, [block])) return false;
      this.selection = type === "declare_proc" || ["loop", "if"].includes(BLOCKS[type].kind) ? { id: block.id, slot: "body:0" } : { id: block.id, slot: "after" };
      this.say("say.added", { label: BLOCKS[type].palette, count: blockCount(this.program) });
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

  /** A palette block or a nested block dropped on a socket. */
  dropIntoSocket(source, holderId, key) {
    if (source.kind === "new") return this.placeNew(source.type, holderId, key);
    const moved = this.change(() => {
      const how = moveNested(this.program, source.id, holderId, key);
      if (how) this.selection = { id: source.id, slot: "nested" };
      return how;
    });
    if (moved) this.say(moved === "replaced" ? "say.replaced" : "say.moved", { label: BLOCKS[source.type]?.palette ?? source.type });
    return Boolean(moved);
  }

  dropDelete(id) {
    return this.change(() => {
      const nested = findNode(this.program, id)?.holder ? takeNested(this.program, id) : null;
      const gone = nested ? [nested] : removeChain(this.program, id);
      this.selection = { id: "start" };
      if (gone.length) this.say(gone.length === 1 ? "say.removed" : "say.removedMany", { count: gone.length });
      return gone.length > 0;
    });
  }

  deleteSelected() {
    if (this.locked) return;
    if (!this.selection || this.selection.id === "start") {
      this.say("say.startStays");
      return;
    }
    const fromProgram = this.programNode.contains(document.activeElement) || this.menu.isOpen;
    if (this.selection.slot === "nested") {
      const step = this.stepSelection();
      this.change(() => { if (takeNested(this.program, this.selection.id)) this.selection = step; });
    } else {
      this.change(() => { this.selection = remove(this.program, this.selection.id); });
    }
    this.say("say.removed");
    if (fromProgram) this.focusSelection();
  }

  select(selection, focus = true) {
    this.selection = selection;
    for (const node of this.programNode.querySelectorAll(".row, .nested")) {
      const selected = node.dataset.sel === this.selKey(selection);
      node.classList.toggle("selected", selected);
      if (node.classList.contains("row")) node.setAttribute("aria-selected", String(selected));
      node.tabIndex = selected ? 0 : -1;
    }
    if (selection.id !== "start" && !this.programNode.querySelector(".row.selected, .nested.selected")) { this.select({ id: "start" }, focus); return; }
    this.deleteButton.disabled = this.locked || selection.id === "start";
    if (focus) this.focusSelection();
  }

  selectedRow() {
    return this.programNode.querySelector(`[data-sel="${CSS.escape(this.selKey(this.selection))}"]`);
  }

  focusSelection() {
    this.selectedRow()?.focus({ preventScroll: false });
  }

  /** Alt+↑/↓: the selected block moves one place through the tree; the selection follows it. */
  nudgeSelected(dir) {
    const id = this.selection?.id;
    if (this.locked || !id || id === "start" || this.selection.slot === "nested") return;
    const slot = this.selection.slot;
    const moved = this.change(() => nudge(this.program, id, dir));
    if (!moved) { this.say(dir < 0 ? "say.atTop" : "say.atBottom"); return; }
    this.selection = { id, slot };
    this.select(this.selection);
  }

  // ---- rendering ---------------------------------------------------------------------------
  render() {
    renderPalette(this);
    this.choices = conditionChoices(this.toolbox);
    const start = row(this, "start", "start-block", el("span", { class: "block-icon", "aria-hidden": "true", text: "⚑" }), el("span", { text: LABELS.label.start }));
    start.dataset.testid = "start-block";
    const main = el("div", { class: "block start", "data-block-id": "start" }, start, list(this, this.program.blocks, "main"));
    const procedures = this.program.procedures.map((procedure) => renderBlock(this, procedure));
    this.programNode.replaceChildren(main, ...procedures);
    this.programNode.classList.toggle("locked", this.locked);
    const count = blockCount(this.program);
    this.countNode.textContent = words("say.count", { count });
    this.countNode.dataset.count = String(count);
    this.clearButton.disabled = this.locked;
    this.undoButton.disabled = this.locked || !this.history.canUndo;
    this.redoButton.disabled = this.locked || !this.history.canRedo;
    this.variableList.replaceChildren(...variableNames(this.program).map((name) => el("option", { value: name })));
    this.select(this.selection, false);
  }

  /** Draws the palette and the program again in the page's language (block-labels.js reads the
   *  words as they are drawn), keeping the marks of the running and the failing block. */
  relabel() {
    const marked = ["running", "failing"].map((kind) => [kind, this.programNode.querySelector(`.block.${kind}`)?.dataset.blockId]);
    this.render();
    for (const [kind, id] of marked) if (id) this.highlight(id, kind);
  }

  /** Marks the block that is running (one at a time) or the one that failed. */
  highlight(id, kind = "running") {
    for (const node of this.programNode.querySelectorAll(`.${kind}`)) node.classList.remove(kind);
    if (!id) return;
    const block = this.programNode.querySelector(`[data-block-id="${CSS.escape(id)}"]`)?.closest(".block");
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
