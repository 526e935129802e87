// The palette: the level's toolbox as blocks to drag or click, in three groups (steps, conditions,
// numbers), with "N left" where the level limits a block. A toolbox block this page has no drawing
// for is shown as a placeholder saying it is not available here, never left out silently.
import { el } from "/shared/api.js";
import { LABELS, words } from "./block-labels.js";
import { remaining } from "./block-count.js";
import { BLOCKS, conditionTypes, socketTypes, statementTypes, unknownTypes } from "./program.js";

export function renderPalette(editor) {
  const toolbox = editor.toolbox;
  const make = (type, group) => {
    const left = remaining(toolbox, editor.program, type);
    const info = BLOCKS[type];
    const label = info.palette;
    // Used-up blocks stay focusable and draggable (aria-disabled, not disabled) so that trying
    // one explains why it is refused.
    const button = el("button", {
      type: "button", class: `palette-block kind-${info.kind} ${group}${left <= 0 ? " used-up" : ""}`, "data-testid": `palette-${type}`,
      "data-type": type, disabled: editor.locked, "aria-disabled": left <= 0 ? "true" : false,
      title: left === Infinity ? words("palette.drag", { label }) : words("palette.dragLeft", { label, count: left }),
      onclick: (event) => { if (!editor.drag.swallow(event)) editor.add(type); },
    },
    info.icon ? el("span", { class: "block-icon", "aria-hidden": "true", text: info.icon }) : "",
    el("span", { class: "palette-label", text: label }));
    if (left !== Infinity) button.append(el("span", { class: "left", "data-testid": `left-${type}`, text: words("palette.left", { count: left }) }));
    return button;
  };
  // A group starts a new line with its name beside its first block (a whole line for a name would
  // take room the program needs on a tablet).
  const group = (name, title, items) => el("div", { class: "palette-group", role: "group", "aria-label": name.replace(/:$/, "") },
    el("span", { class: "palette-heading palette-group-name", "aria-hidden": "true", text: name, title }), ...items);
  const buttons = statementTypes(toolbox).map((type) => make(type, "statement"));
  const conditions = [...conditionTypes(toolbox), ...socketTypes(toolbox, "condition")];
  const parts = LABELS.parts;
  if (conditions.length) buttons.push(group(parts.headingConditions, parts.headingConditionsTitle, conditions.map((type) => make(type, "condition"))));
  const values = socketTypes(toolbox, "value");
  if (values.length) buttons.push(group(parts.headingNumbers, parts.headingNumbersTitle, values.map((type) => make(type, "value"))));
  const unknown = unknownTypes(toolbox);
  if (unknown.length) {
    buttons.push(group(parts.headingUnknown, undefined, unknown.map((type) => el("span", {
      class: "palette-unknown", "data-testid": "palette-unknown", "data-type": String(type), title: words("parts.notAvailablePalette", { type }),
    }, el("span", { class: "block-icon", "aria-hidden": "true", text: "⚠" }), el("span", { text: words("parts.notAvailable", { type }) })))));
  }
  const focused = editor.paletteNode.contains(document.activeElement) ? document.activeElement.dataset.type : null;
  editor.paletteNode.replaceChildren(...buttons);
  if (focused) editor.paletteNode.querySelector(`[data-type="${CSS.escape(focused)}"]`)?.focus();
}
