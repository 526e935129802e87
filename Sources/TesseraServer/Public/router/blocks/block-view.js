// The program's blocks as DOM: nested rows under Start. Every row is a treeitem the keyboard can
// select; head, branch and foot rows also carry their block when dragged (drag.js), statement
// lists are `.body` nodes naming their place (data-owner, data-slot) and sockets (a loop's
// condition, a set block's value, a compare's sides…) are `.socket` nodes naming theirs
// (data-sock-id, data-sock-key, data-accepts), which is all drag.js needs to find drop targets.
// Sockets and the blocks in them are drawn by block-sockets.js. Edits go through `editor.change()`, so each one is
// one undo step. Words come from block-labels.js.
import { el } from "/shared/api.js";
import { LABELS, words } from "./block-labels.js";
import { nameInput, noteFor, socket } from "./block-sockets.js";
import { BLOCKS, procedureNames } from "./program.js";
import { rules } from "../shared/rules.js";

const STEP_KINDS = ["action", "loop", "if", "proc", "call", "variable"];

// blocks.css draws sockets, nested blocks, placeholders and the block menu. Both pages that draw
// blocks (the game and the teacher's view of a pupil's program) import this file, so it links the
// sheet itself rather than each page having to remember it.
if (!document.querySelector('link[href="/router/blocks/blocks.css"]')) {
  document.head.append(el("link", { rel: "stylesheet", href: "/router/blocks/blocks.css" }));
}

/** One selectable row; `selection` is its selection key ("start", "id|after", "id|body:0" …). */
export function row(editor, selection, kind, ...children) {
  const node = el("div", { class: `row ${kind}`, role: "treeitem", tabindex: "-1", "data-sel": selection }, ...children);
  node.addEventListener("click", (event) => {
    if (event.target.closest("input, select, button, .nested")) return;
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
    node.append(row(editor, `${owner}|${slot}`, "slot", el("span", { class: "muted", text: LABELS.parts.emptyBody })));
  } else if (!blocks.length) {
    node.append(el("div", { class: "drop-hint muted", text: LABELS.parts.dropHere }));
  }
  return node;
}

export function renderBlock(editor, block) {
  const type = block.type ?? "declare_proc";
  const info = BLOCKS[type];
  if (!STEP_KINDS.includes(info?.kind)) return unknownBlock(editor, block);
  const kind = info.kind;
  const icon = () => info.icon ? el("span", { class: "block-icon", "aria-hidden": "true", text: info.icon }) : "";
  const wrapper = el("div", { class: `block kind-${kind}`, "data-block-id": block.id, "data-type": type, "data-testid": "block" });
  const change = (edit) => editor.change(edit);
  const locked = editor.locked;
  const parts = LABELS.parts;
  if (kind === "action") {
    wrapper.append(row(editor, `${block.id}|after`, "head", icon(), el("span", { text: info.label })));
    return wrapper;
  }
  if (kind === "call") {
    wrapper.append(row(editor, `${block.id}|after`, "head", icon(), el("span", { text: parts.call }), procedureSelect(editor, block)));
    return wrapper;
  }
  if (kind === "variable") {
    const word = type === "variables_increment" ? parts.by : parts.to;
    wrapper.append(row(editor, `${block.id}|after`, "head", icon(), el("span", { text: info.label }), nameInput(editor, block),
      el("span", { text: word }), socket(editor, block, "value"), ...noteFor(editor, block)));
    return wrapper;
  }
  if (kind === "loop") {
    const head = [icon(), el("span", { text: info.label })];
    if (type === "controls_repeat") head.push(socket(editor, block, "times"), el("span", { text: parts.times }));
    else head.push(socket(editor, block, "condition"));
    head.push(...noteFor(editor, block));
    wrapper.append(row(editor, `${block.id}|body:0`, "head", ...head), list(editor, block.do, block.id, "body:0"),
      row(editor, `${block.id}|after`, "foot", el("span", { class: "muted", text: parts.endRepeat })));
    return wrapper;
  }
  if (kind === "if") {
    block.branches.forEach((branch, index) => {
      const items = [index === 0 ? icon() : "", el("span", { text: index === 0 ? parts.if : parts.elseIf }),
        socket(editor, block, `branch:${index}`), el("span", { text: parts.do })];
      if (index > 0) {
        items.push(el("button", { type: "button", class: "mini", title: parts.removeElseIfTitle, "aria-label": parts.removeElseIf,
          "data-testid": "remove-else-if", disabled: locked,
          onclick: () => change(() => { block.branches.splice(index, 1); editor.selection = { id: block.id, slot: "body:0" }; }) }, "×"));
      }
      if (index === 0) items.push(...noteFor(editor, block));
      wrapper.append(row(editor, `${block.id}|body:${index}`, index === 0 ? "head" : "branch", ...items), list(editor, branch.do, block.id, `body:${index}`));
    });
    if (block.else) {
      wrapper.append(row(editor, `${block.id}|else`, "branch", el("span", { text: parts.else }),
        el("button", { type: "button", class: "mini", title: parts.removeElseTitle, "aria-label": parts.removeElse, "data-testid": "remove-else", disabled: locked,
          onclick: () => change(() => { delete block.else; editor.selection = { id: block.id, slot: "body:0" }; }) }, "×")),
      list(editor, block.else, block.id, "else"));
    }
    const foot = row(editor, `${block.id}|after`, "foot", el("span", { class: "muted", text: parts.endIf }),
      el("button", { type: "button", class: "mini", "data-testid": "add-else-if", disabled: locked,
        onclick: () => change(() => { block.branches.push({ condition: null, do: [] }); editor.selection = { id: block.id, slot: `body:${block.branches.length - 1}` }; }) }, parts.addElseIf));
    if (!block.else) {
      foot.append(el("button", { type: "button", class: "mini", "data-testid": "add-else", disabled: locked,
        onclick: () => change(() => { block.else = []; editor.selection = { id: block.id, slot: "else" }; }) }, parts.addElse));
    }
    wrapper.append(foot);
    return wrapper;
  }
  // a procedure definition
  // The kit's name length (RouterKit's ProgramLimits), as the server sends it with the level list.
  const longest = rules.program?.nameLength;
  const name = el("input", { type: "text", value: block.name ?? "", class: "proc-name", "aria-label": LABELS.parts.procedureName,
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
  wrapper.append(row(editor, `${block.id}|body:0`, "head", icon(), el("span", { text: LABELS.parts.define }), name), list(editor, block.do, block.id, "body:0"));
  return wrapper;
}

/** A step the page has no drawing for (a newer block, or a program written elsewhere): shown, never
 *  dropped, so the child sees it is there and can take it out. */
function unknownBlock(editor, block) {
  const type = String(block.type ?? "?");
  return el("div", { class: "block kind-unknown", "data-block-id": block.id, "data-type": type, "data-testid": "block" },
    row(editor, `${block.id}|after`, "head unknown", el("span", { class: "block-icon", "aria-hidden": "true", text: "⚠" }),
      el("span", { "data-testid": "unknown-block", title: words("parts.notAvailableTitle", { type }), text: words("parts.notAvailable", { type }) })));
}

function procedureSelect(editor, block) {
  const names = procedureNames(editor.program);
  const select = el("select", { class: "procedure", "data-testid": "call-name", "aria-label": LABELS.parts.procedureToCall, disabled: editor.locked });
  if (!names.includes(block.name)) select.append(el("option", { value: block.name ?? "", text: block.name ? block.name : LABELS.parts.choose, selected: true }));
  for (const name of names) select.append(el("option", { value: name, text: name, selected: name === block.name }));
  select.addEventListener("change", () => editor.change(() => { block.name = select.value; }));
  return select;
}
