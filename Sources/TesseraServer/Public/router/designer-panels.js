// The designer's panels, drawn from the draft: the selected tool's settings (depot heading, the
// selected traffic light, cow groups…), the theme buttons, the toolbox and the list of things to fix.
// Panels never change the draft themselves: they call `ctx.commit(fn, options)` with the change.

import { el } from "/shared/api.js";
import { HEADINGS, HEADING_NAMES, TOOLBOX_GROUPS, parse, place, roadOut } from "./designer-model.js";
import { rules } from "./rules.js";

const ARROW = { N: "↑", E: "→", S: "↓", W: "←" };
const COW_KINDS = [["WHITE", "White cows"], ["BROWN", "Brown cows"], ["PIGEON", "Pigeons"]];
export const THEME_NAMES = { grass: "Grass", snow: "Snow", farm: "Farm", city: "City" };

const HELP = {
  road: "Press on a square and drag to lay a road. Drag across a road to join on to it: corners, T-junctions and crossroads join up by themselves.",
  erase: "Drag over the road to rub it out, with any house, light or cow on it.",
  depot: "Tap a road end to move the depot there. Tap the depot again, or use the arrows, to turn the van.",
  house: "Tap a road square to add a house there; tap a house to take it away.",
  light: "Tap a road square to put up a traffic light; tap it again to pick it. The light stops vans that drive from its square the way it faces.",
  cow: "Tap road squares to put cows there. A cow stays in the road until the van sounds its horn.",
  scenery: "Tap a grass square for a tree, again for a pine, a bush, a pond, then nothing.",
};

/** The selected tool's settings. ctx: {tool, draft, selectedLight, activeCow, commit, selectLight, setActiveCow}. */
export function renderToolOptions(host, ctx) {
  const { tool, draft } = ctx;
  const parts = [el("h2", { class: "options-title", text: toolTitle(tool, draft) }), el("p", { class: "help", text: HELP[tool] })];
  if (tool === "depot") parts.push(depotControls(ctx));
  if (tool === "light") parts.push(lightControls(ctx));
  if (tool === "cow") parts.push(cowControls(ctx));
  host.replaceChildren(...parts);
}

function toolTitle(tool, draft) {
  switch (tool) {
    case "road": return rules.level ? `Road · ${draft.links.size} of ${rules.level.roadTiles} squares` : `Road · ${draft.links.size} squares`;
    case "erase": return "Rub out";
    case "depot": return draft.depot ? `Depot at ${place(parse(draft.depot))}` : "Depot (draw a road first)";
    case "house": return rules.level ? `Houses · ${draft.houses.length} of ${rules.level.destinations}` : `Houses · ${draft.houses.length}`;
    case "light": return `Traffic lights · ${draft.lights.length}`;
    case "cow": return `Cows · ${draft.cows.reduce((n, group) => n + group.potentialCoordinates.length, 0)}`;
    default: return "Scenery";
  }
}

function headingButtons(square, draft, current, testid, onPick) {
  const out = square ? roadOut(draft, square) : new Set();
  return el("div", { class: "heading-row", role: "radiogroup", "aria-label": "Which way" }, ...HEADINGS.map((h) =>
    el("button", { type: "button", class: "heading", role: "radio", "aria-checked": String(current === h), disabled: !out.has(h),
      "data-testid": `${testid}-${h}`, title: out.has(h) ? `Face ${HEADING_NAMES[h]}` : `No road to the ${HEADING_NAMES[h]}`,
      "aria-label": `Face ${HEADING_NAMES[h]}`, onclick: () => onPick(h) }, ARROW[h])));
}

function depotControls(ctx) {
  const { draft } = ctx;
  const square = draft.depot && parse(draft.depot);
  return el("div", { class: "option-group" }, el("span", { class: "option-label", text: "The van drives out" }),
    headingButtons(square, draft, draft.originHeading, "depot-heading", (h) => ctx.commit((d) => { d.originHeading = h; })));
}

/** A number box bounded by one of the kit's ranges ({min, max}; none until the rules arrive). */
export function bound(input, range) {
  if (range) Object.assign(input, { min: String(range.min), max: String(range.max) });
  return input;
}

function numberField(label, value, testid, onValue) {
  const input = bound(el("input", { type: "number", step: 1, inputmode: "numeric", value, "data-testid": testid }), rules.level?.lightDuration);
  input.addEventListener("input", () => onValue(input.value === "" ? NaN : Number(input.value)));
  return el("label", { class: "number-field" }, label, input);
}

function lightControls(ctx) {
  const { draft } = ctx;
  const light = draft.lights[ctx.selectedLight];
  if (!light) return el("p", { class: "muted", text: draft.lights.length ? "Tap a light's square to change it." : "No traffic lights yet." });
  const index = ctx.selectedLight;
  const set = (fn, panel = true) => ctx.commit((d) => { fn(d.lights[index]); }, { panel });
  const state = (colour, label) => el("button", { type: "button", class: `state ${colour.toLowerCase()}`, role: "radio",
    "aria-checked": String(light.startingState === colour), "data-testid": `light-start-${colour}`, onclick: () => set((l) => { l.startingState = colour; }) }, label);
  return el("div", { class: "option-group light-options", "data-testid": "light-options" },
    el("span", { class: "option-label", text: `Light at ${place(light.source)} stops vans going` }),
    headingButtons(light.source, draft, light.direction, "light-heading", (h) => {
      if (draft.lights.some((other, i) => i !== index && other.direction === h && place(other.source) === place(light.source))) {
        ctx.say("There is already a light for that way on this square.", true);
        return;
      }
      set((l) => { l.direction = h; });
    }),
    el("div", { class: "state-row", role: "radiogroup", "aria-label": "Starts on" }, el("span", { class: "option-label", text: "Starts on" }),
      state("RED", "Red"), state("GREEN", "Green")),
    el("div", { class: "timing-row" },
      numberField("Red for (moves)", light.redDuration, "light-red", (n) => set((l) => { l.redDuration = n; }, false)),
      numberField("Green for (moves)", light.greenDuration, "light-green", (n) => set((l) => { l.greenDuration = n; }, false))),
    el("div", { class: "button-row" },
      el("button", { type: "button", "data-testid": "light-add-here", title: "Another light on this square, for another way out",
        onclick: () => ctx.addLightAt(light.source) }, "Add another"),
      el("button", { type: "button", class: "danger", "data-testid": "light-remove",
        onclick: () => ctx.commit((d) => { d.lights.splice(index, 1); ctx.selectLight(null); }) }, "Remove")));
}

function cowControls(ctx) {
  const { draft } = ctx;
  const rows = draft.cows.map((group, index) => {
    const kind = el("select", { "data-testid": `cow-kind-${index}`, "aria-label": `Group ${index + 1} is` },
      ...COW_KINDS.map(([value, label]) => el("option", { value, text: label, selected: group.kind === value })));
    kind.addEventListener("change", () => ctx.commit((d) => { d.cows[index].kind = kind.value; }));
    return el("li", { class: `cow-group${ctx.activeCow === index ? " active" : ""}` },
      el("button", { type: "button", class: "pick", "aria-pressed": String(ctx.activeCow === index), "data-testid": `cow-group-${index}`,
        onclick: () => ctx.setActiveCow(index) }, `Group ${index + 1}`),
      kind, el("span", { class: "muted", text: `${group.potentialCoordinates.length} square${group.potentialCoordinates.length === 1 ? "" : "s"}` }));
  });
  return el("div", { class: "option-group" },
    rows.length ? el("ol", { class: "cow-groups" }, ...rows) : el("p", { class: "muted", text: "No cows yet." }),
    el("button", { type: "button", "data-testid": "cow-new-group", onclick: () => ctx.setActiveCow(draft.cows.length) }, "New group"));
}

export function renderThemes(host, draft, onPick) {
  host.replaceChildren(...Object.entries(THEME_NAMES).map(([theme, label]) =>
    el("button", { type: "button", class: `theme-button theme-${theme}`, "aria-pressed": String(draft.theme === theme),
      "data-testid": `theme-${theme}`, onclick: () => onPick(theme) }, el("span", { class: "swatch", "aria-hidden": "true" }), label)));
}

/** The toolbox: a row per block, ticked when offered, with an optional limit. */
export function renderToolbox(host, draft, commit) {
  const offered = new Map(draft.toolbox.map((entry) => [entry.block, entry]));
  const order = TOOLBOX_GROUPS.flatMap((group) => group.blocks.map(([block]) => block));
  const update = (block, on, limit) => commit((d) => {
    const rest = d.toolbox.filter((entry) => entry.block !== block);
    if (on) rest.push({ block, limit });
    d.toolbox = rest.sort((a, b) => order.indexOf(a.block) - order.indexOf(b.block));
  }, { panel: false });
  host.replaceChildren(...TOOLBOX_GROUPS.map((group) => el("fieldset", { class: "toolbox-group" }, el("legend", { text: group.name }),
    ...group.blocks.map(([block, label]) => {
      const entry = offered.get(block);
      const box = el("input", { type: "checkbox", checked: Boolean(entry), "data-testid": `toolbox-${block}` });
      const limit = bound(el("input", { type: "number", step: 1, inputmode: "numeric", placeholder: "any", value: entry?.limit ?? "",
        disabled: !entry, "aria-label": `Most uses of ${label}`, "data-testid": `limit-${block}`, class: "limit" }), rules.level?.blockLimit);
      const read = () => (limit.value === "" ? null : Number(limit.value));
      box.addEventListener("change", () => { limit.disabled = !box.checked; update(block, box.checked, read()); });
      limit.addEventListener("input", () => update(block, true, read()));
      return el("div", { class: "toolbox-row" }, el("label", { class: "check" }, box, label), limit);
    }))));
}

/** Things to fix (errors) and advice (warnings). */
export function renderProblems(host, report) {
  const items = [
    ...report.errors.map((problem) => el("li", { class: "error", "data-testid": "problem", text: problem.text })),
    ...report.warnings.map((problem) => el("li", { class: "warning", "data-testid": "advice", text: problem.text })),
  ];
  // "Nothing to fix" only when there is truly nothing; beside advice it would contradict it.
  if (!report.errors.length) {
    items.unshift(el("li", { class: "ok", "data-testid": "ready", text: report.warnings.length
      ? `It can be played. Press Test drive to try it, but first have a look at the ${report.warnings.length === 1 ? "tip" : "tips"} below.`
      : "Nothing to fix. Press Test drive to try it!" }));
  }
  host.replaceChildren(...items);
}
