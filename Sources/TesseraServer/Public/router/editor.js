// The block editor, first version: a palette holding the level's toolbox (remaining counts where
// limited) and the program as nested rows under a Start block that cannot be deleted. Click (or
// Enter on) a palette block to add it at the selection; select a loop, an if branch or a procedure
// to add inside it; Delete removes the selected block. The rows use a roving tabindex: Tab reaches
// the program once, ↑/↓ move between rows, Home/End jump, Enter or Space selects.
//
// The model is program.js's JSON tree; every change goes through `change()`, which is where
// part 2's undo/redo will snapshot it.
import { el } from "/shared/api.js";
import {
  BLOCKS, blockCount, conditionChoices, conditionKey, conditionTarget, conditionTypes, find, insert, makeBlock,
  procedureNames, remaining, remove, statementTypes, usage,
} from "./program.js";

const selKey = (selection) => selection?.id === "start" || !selection ? "start" : `${selection.id}|${selection.slot}`;
const parseSel = (text) => {
  if (text === "start") return { id: "start" };
  const [id, slot] = text.split("|");
  return { id, slot };
};

export class BlockEditor {
  /** `hooks`: onChange(program), say(text, info). */
  constructor({ palette, program, count, deleteButton, clearButton }, hooks) {
    this.paletteNode = palette;
    this.programNode = program;
    this.countNode = count;
    this.deleteButton = deleteButton;
    this.hooks = hooks;
    this.toolbox = [];
    this.program = { blocks: [], procedures: [] };
    this.selection = { id: "start" };
    this.locked = false;
    deleteButton.addEventListener("click", () => this.deleteSelected());
    clearButton.addEventListener("click", () => this.change(() => { this.program.blocks = []; this.program.procedures = []; this.selection = { id: "start" }; }));
    program.addEventListener("keydown", (event) => this.onKey(event));
  }

  load(toolbox, program) {
    this.toolbox = toolbox;
    this.program = program;
    this.selection = { id: "start" };
    this.render();
  }

  setLocked(locked) {
    this.locked = locked;
    this.render();
  }

  /** Every edit: apply, re-render, report. */
  change(edit) {
    if (this.locked) return;
    edit();
    this.render();
    this.hooks.onChange(this.program);
  }

  add(type) {
    if (this.locked) return;
    if (remaining(this.toolbox, this.program, type) <= 0) {
      this.hooks.say(`No more “${BLOCKS[type]?.label ?? type}” blocks left on this level.`);
      return;
    }
    if (BLOCKS[type]?.kind === "condition" || type === "logic_negate") {
      this.setConditionFromPalette(type);
      return;
    }
    this.change(() => {
      const block = makeBlock(this.program, type, { procedureNames: procedureNames(this.program) });
      this.selection = insert(this.program, this.selection, block);
    });
    // Focus stays on the palette (Enter again adds another); the new block scrolls into view.
    this.reveal(this.selectedRow());
  }

  setConditionFromPalette(type) {
    const target = conditionTarget(this.program, this.selection);
    if (!target) {
      this.hooks.say("Select a “repeat while”, “repeat until” or “if” block first, then choose its condition.");
      return;
    }
    const choice = conditionChoices(this.toolbox).find((c) => c.condition.type === type || (type === "logic_negate" && c.condition.type === "logic_negate"));
    if (choice) this.change(() => { target.owner.condition = structuredClone(choice.condition); });
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
    for (const row of this.programNode.querySelectorAll(".row")) {
      const selected = row.dataset.sel === selKey(selection);
      row.classList.toggle("selected", selected);
      row.setAttribute("aria-selected", String(selected));
      row.tabIndex = selected ? 0 : -1;
    }
    if (selection.id !== "start" && !this.programNode.querySelector(".row.selected")) { this.select({ id: "start" }, focus); return; }
    this.deleteButton.disabled = this.locked || selection.id === "start";
    if (focus) this.focusSelection();
  }

  selectedRow() {
    return this.programNode.querySelector(`.row[data-sel="${CSS.escape(selKey(this.selection))}"]`);
  }

  focusSelection() {
    this.selectedRow()?.focus({ preventScroll: false });
  }

  onKey(event) {
    if (event.target.closest("input, select, button, textarea")) return;
    const rows = [...this.programNode.querySelectorAll(".row")];
    const index = rows.indexOf(document.activeElement);
    const go = (i) => { const row = rows[Math.max(0, Math.min(rows.length - 1, i))]; if (row) this.select(parseSel(row.dataset.sel)); };
    switch (event.key) {
      case "ArrowDown": go(index + 1); break;
      case "ArrowUp": go(index - 1); break;
      case "Home": go(0); break;
      case "End": go(rows.length - 1); break;
      case "Enter": case " ": if (index >= 0) this.select(parseSel(rows[index].dataset.sel)); break;
      case "Delete": case "Backspace": this.deleteSelected(); break;
      default: return;
    }
    event.preventDefault();
  }

  // ---- rendering ---------------------------------------------------------------------------
  render() {
    this.renderPalette();
    const used = usage(this.program);
    this.choices = conditionChoices(this.toolbox);
    this.used = used;
    const start = this.row("start", "start-block", el("span", { class: "block-icon", "aria-hidden": "true", text: "⚑" }), el("span", { text: "Start" }));
    start.dataset.testid = "start-block";
    const main = el("div", { class: "block start", "data-block-id": "start" }, start, this.list(this.program.blocks, "main"));
    const procedures = this.program.procedures.map((procedure) => this.block(procedure));
    this.programNode.replaceChildren(main, ...procedures);
    this.programNode.classList.toggle("locked", this.locked);
    const count = blockCount(this.program);
    this.countNode.textContent = `${count} block${count === 1 ? "" : "s"}`;
    this.countNode.dataset.count = String(count);
    this.select(this.selection, false);
  }

  renderPalette() {
    const buttons = [];
    const conditions = conditionTypes(this.toolbox);
    const make = (type, group) => {
      const left = remaining(this.toolbox, this.program, type);
      const info = BLOCKS[type];
      const button = el("button", {
        type: "button", class: `palette-block kind-${info.kind} ${group}`, "data-testid": `palette-${type}`, "data-type": type,
        disabled: this.locked || left <= 0,
        title: left === Infinity ? `Add “${info.label}”` : `Add “${info.label}” (${left} left)`,
        onclick: () => this.add(type),
      },
      info.icon ? el("span", { class: "block-icon", "aria-hidden": "true", text: info.icon }) : "",
      el("span", { class: "palette-label", text: info.label }));
      if (left !== Infinity) button.append(el("span", { class: "left", "data-testid": `left-${type}`, text: `${left} left` }));
      return button;
    };
    for (const type of statementTypes(this.toolbox)) buttons.push(make(type, "statement"));
    if (conditions.length) {
      buttons.push(el("span", { class: "palette-heading", text: "Conditions" }));
      for (const type of conditions) buttons.push(make(type, "condition"));
      if (this.toolbox.some((entry) => entry.block === "logic_negate")) buttons.push(make("logic_negate", "condition"));
    }
    const focused = this.paletteNode.contains(document.activeElement) ? document.activeElement.dataset.type : null;
    this.paletteNode.replaceChildren(...buttons);
    if (focused) {
      // Keep the keyboard where it was; a block that just ran out hands focus to its neighbour.
      const all = [...this.paletteNode.querySelectorAll("button")];
      const same = all.find((button) => button.dataset.type === focused);
      (same && !same.disabled ? same : all.find((button) => !button.disabled) ?? same)?.focus();
    }
  }

  row(selection, kind, ...children) {
    const row = el("div", { class: `row ${kind}`, role: "treeitem", tabindex: "-1", "data-sel": selection }, ...children);
    row.addEventListener("click", (event) => {
      if (event.target.closest("input, select, button")) return;
      this.select(parseSel(selection));
    });
    row.addEventListener("focus", () => { if (selKey(this.selection) !== selection) this.select(parseSel(selection), false); });
    return row;
  }

  list(blocks, owner, slot) {
    const node = el("div", { class: "body", role: "group" });
    for (const block of blocks) node.append(this.block(block));
    if (!blocks.length && owner !== "main") {
      node.append(this.row(`${owner}|${slot}`, "slot", el("span", { class: "muted", text: "empty: add blocks here" })));
    }
    return node;
  }

  block(block) {
    const info = BLOCKS[block.type ?? "declare_proc"] ?? { label: block.type, kind: "action" };
    const kind = block.type === undefined ? "proc" : info.kind;
    const icon = info.icon ? el("span", { class: "block-icon", "aria-hidden": "true", text: info.icon }) : "";
    const wrapper = el("div", { class: `block kind-${kind}`, "data-block-id": block.id, "data-type": block.type ?? "declare_proc", "data-testid": "block" });
    if (kind === "action") {
      wrapper.append(this.row(`${block.id}|after`, "head", icon, el("span", { text: info.label })));
      return wrapper;
    }
    if (kind === "call") {
      wrapper.append(this.row(`${block.id}|after`, "head", icon, el("span", { text: "Call" }), this.procedureSelect(block)));
      return wrapper;
    }
    if (kind === "loop") {
      const head = [icon, el("span", { text: info.label })];
      if (block.type === "controls_repeat") {
        const times = el("input", { type: "number", min: "0", max: "20", value: String(block.times ?? 3), class: "times",
          "data-testid": "repeat-times", "aria-label": "How many times", disabled: this.locked });
        times.addEventListener("change", () => this.change(() => { block.times = Math.max(0, Math.min(20, Math.round(Number(times.value) || 0))); }));
        head.push(times, el("span", { text: "times" }));
      } else {
        head.push(this.conditionSelect(block, "condition"));
      }
      wrapper.append(this.row(`${block.id}|body:0`, "head", ...head), this.list(block.do, block.id, "body:0"),
        this.row(`${block.id}|after`, "foot", el("span", { class: "muted", text: "end of repeat" })));
      return wrapper;
    }
    if (kind === "if") {
      block.branches.forEach((branch, index) => {
        const label = el("span", { text: index === 0 ? "If" : "else if" });
        const parts = [index === 0 ? icon : "", label, this.conditionSelect(branch, "condition"), el("span", { text: "do" })];
        if (index > 0) {
          parts.push(el("button", { type: "button", class: "mini", title: "Remove this “else if”", "aria-label": "Remove this else if",
            disabled: this.locked, onclick: () => this.change(() => { block.branches.splice(index, 1); this.selection = { id: block.id, slot: "body:0" }; }) }, "×"));
        }
        wrapper.append(this.row(`${block.id}|body:${index}`, index === 0 ? "head" : "branch", ...parts), this.list(branch.do, block.id, `body:${index}`));
      });
      if (block.else) {
        wrapper.append(this.row(`${block.id}|else`, "branch", el("span", { text: "else" }),
          el("button", { type: "button", class: "mini", title: "Remove “else”", "aria-label": "Remove else", disabled: this.locked,
            onclick: () => this.change(() => { delete block.else; this.selection = { id: block.id, slot: "body:0" }; }) }, "×")),
        this.list(block.else, block.id, "else"));
      }
      const foot = this.row(`${block.id}|after`, "foot", el("span", { class: "muted", text: "end of if" }),
        el("button", { type: "button", class: "mini", "data-testid": "add-else-if", disabled: this.locked,
          onclick: () => this.change(() => { block.branches.push({ condition: null, do: [] }); this.selection = { id: block.id, slot: `body:${block.branches.length - 1}` }; }) }, "+ else if"));
      if (!block.else) {
        foot.append(el("button", { type: "button", class: "mini", "data-testid": "add-else", disabled: this.locked,
          onclick: () => this.change(() => { block.else = []; this.selection = { id: block.id, slot: "else" }; }) }, "+ else"));
      }
      wrapper.append(foot);
      return wrapper;
    }
    // a procedure definition
    const name = el("input", { type: "text", value: block.name ?? "", class: "proc-name", maxlength: "40", "aria-label": "Procedure name",
      "data-testid": "procedure-name", disabled: this.locked, spellcheck: "false" });
    name.addEventListener("change", () => this.change(() => {
      const old = block.name;
      block.name = name.value.trim().replace(/\s+/g, "_").slice(0, 40);
      // Calls follow a renamed procedure.
      const rename = (list) => list.forEach((b) => { if (b.type === "call_proc" && b.name === old) b.name = block.name; for (const key of ["do", "else"]) if (Array.isArray(b[key])) rename(b[key]); b.branches?.forEach((br) => rename(br.do)); });
      rename(this.program.blocks);
      this.program.procedures.forEach((p) => rename(p.do));
    }));
    wrapper.append(this.row(`${block.id}|body:0`, "head", icon, el("span", { text: "Define" }), name), this.list(block.do, block.id, "body:0"));
    return wrapper;
  }

  conditionSelect(owner, key) {
    const current = conditionKey(owner[key]);
    const select = el("select", { class: "condition", "data-testid": "condition", "aria-label": "Condition", disabled: this.locked });
    select.append(el("option", { value: "", text: "choose…" }));
    for (const choice of this.choices) {
      // A limited condition can still be picked by the block already holding that kind.
      const types = choice.condition.type === "logic_negate" ? ["logic_negate", choice.condition.condition.type] : [choice.condition.type];
      const holds = owner[key] ? [owner[key].type, owner[key].condition?.type].filter(Boolean) : [];
      const blocked = types.some((type) => remaining(this.toolbox, this.program, type) <= 0 && !holds.includes(type));
      select.append(el("option", { value: choice.key, text: choice.label, selected: choice.key === current, disabled: blocked }));
    }
    select.addEventListener("change", () => this.change(() => {
      const choice = this.choices.find((c) => c.key === select.value);
      owner[key] = choice ? structuredClone(choice.condition) : null;
    }));
    return select;
  }

  procedureSelect(block) {
    const names = procedureNames(this.program);
    const select = el("select", { class: "procedure", "data-testid": "call-name", "aria-label": "Procedure to call", disabled: this.locked });
    if (!names.includes(block.name)) select.append(el("option", { value: block.name ?? "", text: block.name ? block.name : "choose…", selected: true }));
    for (const name of names) select.append(el("option", { value: name, text: name, selected: name === block.name }));
    select.addEventListener("change", () => this.change(() => { block.name = select.value; }));
    return select;
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
  reveal(row) {
    if (!row) return;
    const box = this.programNode.getBoundingClientRect(), r = row.getBoundingClientRect();
    if (r.top < box.top) this.programNode.scrollTop -= box.top - r.top + 8;
    else if (r.bottom > box.bottom) this.programNode.scrollTop += r.bottom - box.bottom + 8;
  }

  exists(id) {
    return Boolean(find(this.program, id));
  }
}
