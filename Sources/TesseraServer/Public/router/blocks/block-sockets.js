// Sockets and the blocks that sit in them, as DOM. A socket (`.socket`, named by data-sock-id and
// data-sock-key, taking data-accepts "value" or "condition") shows one of: its block's own number
// field (a repeat's times, a set or change block's value), an empty hole, the list of road
// questions (a plain condition is chosen there, as before), or a nested block: a number, a
// variable, a sum, a compare, "not", and/or, true/false. Nested blocks (`.nested`) are selectable
// (data-sel "id|nested"), draggable by any part that is not a field (drag.js), and hold sockets of
// their own. Fields are bounded by the kit's rules (rules.js) and say so beside the block when a
// number or name had to change.
import { el } from "/shared/api.js";
import { LABELS, words } from "./block-labels.js";
import { SIMPLE_CONDITIONS, nestedIds, socketGet, socketSet, socketsOf } from "./block-nested.js";
import { remaining } from "./block-count.js";
import { BLOCKS, conditionKey, nextId } from "./program.js";
import { rules } from "../shared/rules.js";

/** The most a "repeat N times" field counts to in this editor (its long-standing cap; a number
 *  block or a variable put in the socket may count further, up to the kit's limit). */
const MAX_TIMES = 20;
export const VARIABLE_LIST_ID = "router-variable-names";

/** The range a number block or a set/change field takes: the kit's ProgramLimits.numberRange as
 *  the server sends it in `rules.program.numberRange`; until a server sends it, the kit's values. */
export function numberRange() {
  return rules.program?.numberRange ?? { min: -1_000_000, max: 1_000_000 };
}

/** The notes (a field that had to change) of a step and the blocks in its sockets, for its head row. */
export function noteFor(editor, block) {
  const notes = [];
  for (const id of nestedIds(block)) {
    const text = editor.notes?.get(id);
    if (text) notes.push(el("span", { class: "field-note", "data-testid": block.type === "controls_repeat" && id === block.id ? "repeat-note" : "field-note", text }));
  }
  return notes;
}

export function socket(editor, holder, key) {
  const accepts = socketsOf(holder).find((spec) => spec.key === key)?.accepts ?? "value";
  const content = socketGet(holder, key);
  const node = el("span", { class: `socket accepts-${accepts}`, "data-sock-id": holder.id, "data-sock-key": key, "data-accepts": accepts, "data-testid": `socket-${accepts}` });
  if (typeof content === "number") {
    node.classList.add("field");
    node.append(numberInput(editor, holder, key, holder.type === "controls_repeat"));
  } else if (!content || SIMPLE_CONDITIONS.includes(content.type)) {
    node.classList.toggle("empty", !content);
    node.append(accepts === "condition" ? conditionSelect(editor, holder, key)
      : el("span", { class: "hole", "data-testid": "hole", text: LABELS.parts.emptyNumber }));
  } else {
    node.append(nestedBlock(editor, content));
  }
  return node;
}

/** A plain condition socket: the level's road questions to choose from (a drop target too). */
function conditionSelect(editor, holder, key) {
  const current = socketGet(holder, key);
  const select = el("select", { class: `condition${current ? "" : " empty"}`, "data-testid": "condition", "aria-label": LABELS.parts.condition, disabled: editor.locked });
  select.append(el("option", { value: "", text: LABELS.parts.choose }));
  for (const choice of editor.choices ?? []) {
    if (choice.condition.type === "logic_negate") continue; // "not" is a block of its own around any condition
    const type = choice.condition.type;
    // A limited condition can still be picked by the socket already holding that kind.
    const blocked = remaining(editor.toolbox, editor.program, type) <= 0 && current?.type !== type;
    select.append(el("option", { value: choice.key, text: choice.label, selected: choice.key === conditionKey(current), disabled: blocked }));
  }
  select.addEventListener("change", () => editor.change(() => {
    const choice = (editor.choices ?? []).find((c) => c.key === select.value);
    socketSet(holder, key, choice ? { ...structuredClone(choice.condition), id: current?.id ?? nextId(editor.program) } : null);
  }));
  return select;
}

function nestedBlock(editor, node) {
  const info = BLOCKS[node.type];
  const parts = LABELS.parts;
  const kind = info?.kind ?? "unknown";
  const pill = el("span", { class: `nested kind-${kind}`, "data-block-id": node.id, "data-type": node.type, "data-sel": `${node.id}|nested`,
    tabindex: "-1", role: "group", "aria-label": pillName(node), "data-testid": "nested-block" });
  pill.addEventListener("click", (event) => {
    if (event.target.closest("input, select, button") || event.target.closest(".nested") !== pill) return;
    event.stopPropagation();
    editor.select(editor.parseSel(pill.dataset.sel));
  });
  pill.addEventListener("focus", () => { if (editor.selKey(editor.selection) !== pill.dataset.sel) editor.select(editor.parseSel(pill.dataset.sel), false); });
  const grip = (text = "⠿") => el("span", { class: "grip", "aria-hidden": "true", text });
  const locked = editor.locked;
  const choose = (options, value, label, testid, set) => {
    const select = el("select", { class: "op", "aria-label": label, "data-testid": testid, disabled: locked });
    for (const [key, text] of Object.entries(options)) select.append(el("option", { value: key, text, selected: key === value }));
    select.addEventListener("change", () => editor.change(() => set(select.value)));
    return select;
  };
  switch (node.type) {
    case "math_number": pill.append(grip(), numberInput(editor, node, "value", false)); break;
    case "variables_get": pill.append(grip(), nameInput(editor, node)); break;
    case "math_arithmetic":
      pill.append(grip(), socket(editor, node, "a"), choose(LABELS.ops, node.op, parts.operator, "arith-op", (op) => { node.op = op; }), socket(editor, node, "b"));
      break;
    case "logic_compare":
      pill.append(grip(), socket(editor, node, "a"), choose(LABELS.compare, node.op, parts.comparison, "compare-op", (op) => { node.op = op; }), socket(editor, node, "b"));
      break;
    case "logic_negate": pill.append(grip(info.label), socket(editor, node, "condition")); break;
    case "logic_operation":
      pill.append(grip(), socket(editor, node, "a"), choose({ AND: parts.and, OR: parts.or }, node.op, parts.operator, "logic-op", (op) => { node.op = op; }), socket(editor, node, "b"));
      break;
    case "logic_boolean":
      pill.append(grip(), choose({ true: parts.true, false: parts.false }, String(node.value), parts.trueFalseBlock, "boolean", (value) => { node.value = value === "true"; }));
      break;
    case "van_coordinate":
      pill.append(grip(), el("span", { text: words(`parts.coordinate.${node.which === "previous" ? "previous" : "current"}`, { part: node.part === "y" ? "y" : "x" }) }));
      break;
    default:
      pill.append(grip("⚠"), el("span", { "data-testid": "unknown-block", title: words("parts.notAvailableTitle", { type: node.type }), text: words("parts.notAvailable", { type: node.type }) }));
  }
  return pill;
}

function pillName(node) {
  const parts = LABELS.parts;
  const names = { math_number: parts.numberBlock, variables_get: parts.variableBlock, math_arithmetic: parts.sumBlock, logic_compare: parts.compareBlock,
    logic_negate: parts.notBlock, logic_operation: parts.andOrBlock, logic_boolean: parts.trueFalseBlock, van_coordinate: parts.coordinateBlock };
  return names[node.type] ?? words("parts.notAvailable", { type: node.type });
}

/** A number: a repeat's times field (0…20, as before), or a number block's or set/change field's
 *  value (the kit's range). A number out of range is set to the nearest one, said beside the block. */
function numberInput(editor, holder, key, isTimes) {
  const { min, max } = isTimes ? { min: 0, max: MAX_TIMES } : numberRange();
  const value = socketGet(holder, key);
  const input = el("input", { type: "number", min: String(min), max: String(max), step: "1", value: String(value ?? 0), inputmode: "numeric",
    class: isTimes ? "times" : "num", "data-testid": isTimes ? "repeat-times" : holder.type === "math_number" ? "number-input" : "value-field",
    "aria-label": isTimes ? LABELS.parts.howManyTimes : LABELS.parts.numberValue, disabled: editor.locked, "data-num-for": `${holder.id}:${key}` });
  input.addEventListener("change", () => {
    if (input.value.trim() === "") { input.value = String(socketGet(holder, key) ?? 0); return; }
    const wanted = Math.round(Number(input.value) || 0);
    const typing = document.activeElement === input; // Enter, not leaving the box
    editor.change(() => socketSet(holder, key, Math.max(min, Math.min(max, wanted))));
    const field = `input[data-num-for="${CSS.escape(`${holder.id}:${key}`)}"]`;
    // Said beside the box, not silently changed: the child sees why their number became another.
    if (wanted > max) editor.note(holder.id, isTimes ? words("parts.timesMax", { max }) : words("say.numberMax", { max }), field, typing);
    else if (wanted < min) editor.note(holder.id, isTimes ? LABELS.parts.timesMin : words("say.numberMin", { min }), field, typing);
  });
  return input;
}

/** A variable's name: typed, or chosen from the names the program already uses (a datalist). The
 *  kit's rules: not empty, at most `rules.program.nameLength` letters, no control characters;
 *  spaces become "_" as in procedure names, so the Python view shows the same name. */
export function nameInput(editor, node) {
  const longest = rules.program?.nameLength;
  const input = el("input", { type: "text", value: node.name ?? "", class: "var-name", list: VARIABLE_LIST_ID, "aria-label": LABELS.parts.variableName,
    "data-testid": "variable-name", disabled: editor.locked, spellcheck: "false", autocomplete: "off", size: String(Math.max(4, (node.name ?? "").length + 1)) });
  if (longest) input.maxLength = longest;
  input.addEventListener("change", () => {
    const typing = document.activeElement === input;
    const clean = input.value.replace(/\p{Cc}/gu, "").trim().replace(/\s+/g, "_");
    const field = `input.var-name`;
    if (!clean) {
      input.value = node.name ?? "";
      editor.note(node.id, words("say.nameNeeded", { name: node.name ?? "" }), field, typing);
      return;
    }
    editor.change(() => { node.name = longest ? clean.slice(0, longest) : clean; });
    if (longest && clean.length > longest) editor.note(node.id, words("say.nameCut", { max: longest }), field, typing);
  });
  return input;
}
