// The program's blocks as DOM: nested rows under Start. Every row is a treeitem the keyboard can
// select; head, branch and foot rows also carry their block when dragged (drag.js), statement
// lists are `.body` nodes naming their place (data-owner, data-slot) and condition sockets are
// selects naming theirs (data-cond-block, data-cond-branch), which is all drag.js needs to find
// drop targets. Edits go through `editor.change()`, so each one is one undo step.
import { el } from "/shared/api.js";
import { BLOCKS, conditionKey, procedureNames, remaining } from "./program.js";
import { rules } from "./rules.js";

/** The most a "repeat N times" block counts to in this editor (its long-standing cap; the server
 *  would take more). */
const MAX_TIMES = 20;

/** One selectable row; `selection` is its selection key ("start", "id|after", "id|body:0" …). */
export function row(editor, selection, kind, ...children) {
  const node = el("div", { class: `row ${kind}`, role: "treeitem", tabindex: "-1", "data-sel": selection }, ...children);
  node.addEventListener("click", (event) => {
    if (event.target.closest("input, select, button")) return;
    editor.select(editor.parseSel(selection));
  });
  node.addEventListener("focus", () => { if (editor.selKey(editor.selection) !== selection) editor.select(editor.parseSel(selection), false); });
  return node;
}

/** A statement list; an empty container body shows a slot to select or drop into. */
export function list(editor, blocks, owner, slot) {
  const node = el("div", { class: "body", role: "group", "data-owner": owner, "data-slot": slot ?? "" });
  for (const block of blocks) node.append(renderBlock(editor, block));
  if (!blocks.length && owner !== "main") {
    node.append(row(editor, `${owner}|${slot}`, "slot", el("span", { class: "muted", text: "empty: put blocks here" })));
  } else if (!blocks.length) {
    node.append(el("div", { class: "drop-hint muted", text: "Drag blocks here, under Start" }));
  }
  return node;
}

export function renderBlock(editor, block) {
  const info = BLOCKS[block.type ?? "declare_proc"] ?? { label: block.type, kind: "action" };
  const kind = block.type === undefined ? "proc" : info.kind;
  const icon = () => info.icon ? el("span", { class: "block-icon", "aria-hidden": "true", text: info.icon }) : "";
  const wrapper = el("div", { class: `block kind-${kind}`, "data-block-id": block.id, "data-type": block.type ?? "declare_proc", "data-testid": "block" });
  const change = (edit) => editor.change(edit);
  const locked = editor.locked;
  if (kind === "action") {
    wrapper.append(row(editor, `${block.id}|after`, "head", icon(), el("span", { text: info.label })));
    return wrapper;
  }
  if (kind === "call") {
    wrapper.append(row(editor, `${block.id}|after`, "head", icon(), el("span", { text: "Call" }), procedureSelect(editor, block)));
    return wrapper;
  }
  if (kind === "loop") {
    const head = [icon(), el("span", { text: info.label })];
    if (block.type === "controls_repeat") {
      const times = el("input", { type: "number", min: "0", max: String(MAX_TIMES), value: String(block.times ?? 3), class: "times",
        "data-testid": "repeat-times", "aria-label": "How many times", disabled: locked, inputmode: "numeric" });
      times.addEventListener("change", () => {
        const wanted = Math.round(Number(times.value) || 0);
        const typing = document.activeElement === times; // Enter, not leaving the box
        change(() => { block.times = Math.max(0, Math.min(MAX_TIMES, wanted)); });
        // Said beside the box, not silently changed: the child sees why their number became 20.
        if (wanted > MAX_TIMES) editor.note(block.id, `Set to ${MAX_TIMES}: a repeat can go up to ${MAX_TIMES} times.`, "input.times", typing);
        else if (wanted < 0) editor.note(block.id, "Set to 0: a repeat cannot go fewer times.", "input.times", typing);
      });
      head.push(times, el("span", { text: "times" }));
      const note = editor.notes.get(block.id);
      if (note) head.push(el("span", { class: "field-note", "data-testid": "repeat-note", text: note }));
    } else {
      head.push(conditionSelect(editor, block, block.id, ""));
    }
    wrapper.append(row(editor, `${block.id}|body:0`, "head", ...head), list(editor, block.do, block.id, "body:0"),
      row(editor, `${block.id}|after`, "foot", el("span", { class: "muted", text: "end of repeat" })));
    return wrapper;
  }
  if (kind === "if") {
    block.branches.forEach((branch, index) => {
      const parts = [index === 0 ? icon() : "", el("span", { text: index === 0 ? "If" : "else if" }),
        conditionSelect(editor, branch, block.id, String(index)), el("span", { text: "do" })];
      if (index > 0) {
        parts.push(el("button", { type: "button", class: "mini", title: "Remove this “else if”", "aria-label": "Remove this else if",
          "data-testid": "remove-else-if", disabled: locked,
          onclick: () => change(() => { block.branches.splice(index, 1); editor.selection = { id: block.id, slot: "body:0" }; }) }, "×"));
      }
      wrapper.append(row(editor, `${block.id}|body:${index}`, index === 0 ? "head" : "branch", ...parts), list(editor, branch.do, block.id, `body:${index}`));
    });
    if (block.else) {
      wrapper.append(row(editor, `${block.id}|else`, "branch", el("span", { text: "else" }),
        el("button", { type: "button", class: "mini", title: "Remove “else”", "aria-label": "Remove else", "data-testid": "remove-else", disabled: locked,
          onclick: () => change(() => { delete block.else; editor.selection = { id: block.id, slot: "body:0" }; }) }, "×")),
      list(editor, block.else, block.id, "else"));
    }
    const foot = row(editor, `${block.id}|after`, "foot", el("span", { class: "muted", text: "end of if" }),
      el("button", { type: "button", class: "mini", "data-testid": "add-else-if", disabled: locked,
        onclick: () => change(() => { block.branches.push({ condition: null, do: [] }); editor.selection = { id: block.id, slot: `body:${block.branches.length - 1}` }; }) }, "+ else if"));
    if (!block.else) {
      foot.append(el("button", { type: "button", class: "mini", "data-testid": "add-else", disabled: locked,
        onclick: () => change(() => { block.else = []; editor.selection = { id: block.id, slot: "else" }; }) }, "+ else"));
    }
    wrapper.append(foot);
    return wrapper;
  }
  // a procedure definition
  // The kit's name length (RouterKit's ProgramLimits), as the server sends it with the level list.
  const longest = rules.program?.nameLength;
  const name = el("input", { type: "text", value: block.name ?? "", class: "proc-name", "aria-label": "Procedure name",
    "data-testid": "procedure-name", disabled: locked, spellcheck: "false" });
  if (longest) name.maxLength = longest;
  name.addEventListener("change", () => change(() => {
    const old = block.name;
    block.name = name.value.trim().replace(/\s+/g, "_").slice(0, longest);
    // Calls follow a renamed procedure.
    const rename = (blocks) => blocks.forEach((b) => {
      if (b.type === "call_proc" && b.name === old) b.name = block.name;
      for (const key of ["do", "else"]) if (Array.isArray(b[key])) rename(b[key]);
      b.branches?.forEach((branch) => rename(branch.do));
    });
    rename(editor.program.blocks);
    editor.program.procedures.forEach((procedure) => rename(procedure.do));
  }));
  wrapper.append(row(editor, `${block.id}|body:0`, "head", icon(), el("span", { text: "Define" }), name), list(editor, block.do, block.id, "body:0"));
  return wrapper;
}

/** A condition socket: a select of the toolbox's conditions (a drop target for palette conditions). */
function conditionSelect(editor, owner, blockId, branch) {
  const current = conditionKey(owner.condition);
  const select = el("select", { class: `condition${owner.condition ? "" : " empty"}`, "data-testid": "condition", "aria-label": "Condition",
    disabled: editor.locked, "data-cond-block": blockId, "data-cond-branch": branch });
  select.append(el("option", { value: "", text: "choose…" }));
  for (const choice of editor.choices) {
    // A limited condition can still be picked by the block already holding that kind.
    const types = choice.condition.type === "logic_negate" ? ["logic_negate", choice.condition.condition.type] : [choice.condition.type];
    const holds = owner.condition ? [owner.condition.type, owner.condition.condition?.type].filter(Boolean) : [];
    const blocked = types.some((type) => remaining(editor.toolbox, editor.program, type) <= 0 && !holds.includes(type));
    select.append(el("option", { value: choice.key, text: choice.label, selected: choice.key === current, disabled: blocked }));
  }
  select.addEventListener("change", () => editor.change(() => {
    const choice = editor.choices.find((c) => c.key === select.value);
    owner.condition = choice ? structuredClone(choice.condition) : null;
  }));
  return select;
}

function procedureSelect(editor, block) {
  const names = procedureNames(editor.program);
  const select = el("select", { class: "procedure", "data-testid": "call-name", "aria-label": "Procedure to call", disabled: editor.locked });
  if (!names.includes(block.name)) select.append(el("option", { value: block.name ?? "", text: block.name ? block.name : "choose…", selected: true }));
  for (const name of names) select.append(el("option", { value: name, text: name, selected: name === block.name }));
  select.addEventListener("change", () => editor.change(() => { block.name = select.value; }));
  return select;
}
