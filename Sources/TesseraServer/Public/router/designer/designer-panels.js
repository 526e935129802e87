// The designer's panels, drawn from the draft: the selected tool's settings (depot heading, the
// selected traffic light, cow groups…), the theme buttons, the toolbox and the list of things to fix.
// Every word is the page language's (i18n.js: designer.options.*, designer.help.*), drawn again when
// the language changes. Panels never change the draft themselves: they call `ctx.commit(fn, options)`.

import { el } from "/shared/api.js";
import { HEADINGS, TOOLBOX_GROUPS, blockName, headingName, parse, place, roadOut } from "./designer-model.js";
import { rules } from "../shared/rules.js";
import { t } from "../shared/i18n.js";

const ARROW = { N: "↑", E: "→", S: "↓", W: "←" };
const COW_KINDS = ["WHITE", "BROWN", "PIGEON"];
const THEMES = ["grass", "snow", "farm", "city"];

/** The selected tool's settings. ctx: {tool, draft, selectedLight, activeCow, commit, selectLight, setActiveCow}. */
export function renderToolOptions(host, ctx) {
  const { tool, draft } = ctx;
  const parts = [el("h2", { class: "options-title", text: toolTitle(tool, draft) }), el("p", { class: "help", text: t(`designer.help.${tool}`) })];
  if (tool === "depot") parts.push(depotControls(ctx));
  if (tool === "light") parts.push(lightControls(ctx));
  if (tool === "cow") parts.push(cowControls(ctx));
  host.replaceChildren(...parts);
}

function toolTitle(tool, draft) {
  switch (tool) {
    case "road": return rules.level ? t("designer.options.roadOf", { count: draft.links.size, max: rules.level.roadTiles })
      : t("designer.options.road", { count: draft.links.size });
    case "erase": return t("designer.options.erase");
    case "depot": return draft.depot ? t("designer.options.depotAt", { place: place(parse(draft.depot)) }) : t("designer.options.depotNone");
    case "house": return rules.level ? t("designer.options.housesOf", { count: draft.houses.length, max: rules.level.destinations })
      : t("designer.options.houses", { count: draft.houses.length });
    case "light": return t("designer.options.lights", { count: draft.lights.length });
    case "cow": return t("designer.options.cows", { count: draft.cows.reduce((n, group) => n + group.potentialCoordinates.length, 0) });
    default: return t("designer.options.scenery");
  }
}

function headingButtons(square, draft, current, testid, onPick) {
  const out = square ? roadOut(draft, square) : new Set();
  return el("div", { class: "heading-row", role: "radiogroup", "aria-label": t("designer.options.whichWay") }, ...HEADINGS.map((h) =>
    el("button", { type: "button", class: "heading", role: "radio", "aria-checked": String(current === h), disabled: !out.has(h),
      "data-testid": `${testid}-${h}`, title: t(out.has(h) ? "designer.options.face" : "designer.options.noRoadTo", { heading: headingName(h) }),
      "aria-label": t("designer.options.face", { heading: headingName(h) }), onclick: () => onPick(h) }, ARROW[h])));
}

function depotControls(ctx) {
  const { draft } = ctx;
  const square = draft.depot && parse(draft.depot);
  return el("div", { class: "option-group" }, el("span", { class: "option-label", text: t("designer.options.vanDrivesOut") }),
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
  if (!light) return el("p", { class: "muted", text: t(draft.lights.length ? "designer.options.tapLight" : "designer.options.noLights") });
  const index = ctx.selectedLight;
  const set = (fn, panel = true) => ctx.commit((d) => { fn(d.lights[index]); }, { panel });
  const state = (colour, label) => el("button", { type: "button", class: `state ${colour.toLowerCase()}`, role: "radio",
    "aria-checked": String(light.startingState === colour), "data-testid": `light-start-${colour}`, onclick: () => set((l) => { l.startingState = colour; }) }, label);
  return el("div", { class: "option-group light-options", "data-testid": "light-options" },
    el("span", { class: "option-label", text: t("designer.options.lightStops", { place: place(light.source) }) }),
    headingButtons(light.source, draft, light.direction, "light-heading", (h) => {
      if (draft.lights.some((other, i) => i !== index && other.direction === h && place(other.source) === place(light.source))) {
        ctx.say(t("designer.options.lightTaken"), true);
        return;
      }
      set((l) => { l.direction = h; });
    }),
    el("div", { class: "state-row", role: "radiogroup", "aria-label": t("designer.options.startsOn") },
      el("span", { class: "option-label", text: t("designer.options.startsOn") }), state("RED", t("designer.options.red")), state("GREEN", t("designer.options.green"))),
    el("div", { class: "timing-row" },
      numberField(t("designer.options.redFor"), light.redDuration, "light-red", (n) => set((l) => { l.redDuration = n; }, false)),
      numberField(t("designer.options.greenFor"), light.greenDuration, "light-green", (n) => set((l) => { l.greenDuration = n; }, false))),
    el("div", { class: "button-row" },
      el("button", { type: "button", "data-testid": "light-add-here", title: t("designer.options.addAnotherTitle"),
        onclick: () => ctx.addLightAt(light.source) }, t("designer.options.addAnother")),
      el("button", { type: "button", class: "danger", "data-testid": "light-remove",
        onclick: () => ctx.commit((d) => { d.lights.splice(index, 1); ctx.selectLight(null); }) }, t("designer.options.remove"))));
}

function cowControls(ctx) {
  const { draft } = ctx;
  const rows = draft.cows.map((group, index) => {
    const kind = el("select", { "data-testid": `cow-kind-${index}`, "aria-label": t("designer.options.groupIs", { number: index + 1 }) },
      ...COW_KINDS.map((value) => el("option", { value, text: t(`designer.options.cowKinds.${value}`), selected: group.kind === value })));
    kind.addEventListener("change", () => ctx.commit((d) => { d.cows[index].kind = kind.value; }));
    return el("li", { class: `cow-group${ctx.activeCow === index ? " active" : ""}` },
      el("button", { type: "button", class: "pick", "aria-pressed": String(ctx.activeCow === index), "data-testid": `cow-group-${index}`,
        onclick: () => ctx.setActiveCow(index) }, t("designer.options.group", { number: index + 1 })),
      kind, el("span", { class: "muted", text: t("designer.options.squares", { count: group.potentialCoordinates.length }) }));
  });
  return el("div", { class: "option-group" },
    rows.length ? el("ol", { class: "cow-groups" }, ...rows) : el("p", { class: "muted", text: t("designer.options.noCows") }),
    el("button", { type: "button", "data-testid": "cow-new-group", onclick: () => ctx.setActiveCow(draft.cows.length) }, t("designer.options.newGroup")));
}

export function renderThemes(host, draft, onPick) {
  host.replaceChildren(...THEMES.map((theme) =>
    el("button", { type: "button", class: `theme-button theme-${theme}`, "aria-pressed": String(draft.theme === theme),
      "data-testid": `theme-${theme}`, onclick: () => onPick(theme) }, el("span", { class: "swatch", "aria-hidden": "true" }), t(`designer.themes.${theme}`))));
}

/** The toolbox: a row per block, ticked when offered, with an optional limit. */
export function renderToolbox(host, draft, commit) {
  const offered = new Map(draft.toolbox.map((entry) => [entry.block, entry]));
  const order = TOOLBOX_GROUPS.flatMap((group) => group.blocks);
  const update = (block, on, limit) => commit((d) => {
    const rest = d.toolbox.filter((entry) => entry.block !== block);
    if (on) rest.push({ block, limit });
    d.toolbox = rest.sort((a, b) => order.indexOf(a.block) - order.indexOf(b.block));
  }, { panel: false });
  host.replaceChildren(...TOOLBOX_GROUPS.map((group) => el("fieldset", { class: "toolbox-group" }, el("legend", { text: t(`blocks.groups.${group.group}`) }),
    ...group.blocks.map((block) => {
      const label = blockName(block);
      const entry = offered.get(block);
      const box = el("input", { type: "checkbox", checked: Boolean(entry), "data-testid": `toolbox-${block}` });
      const limit = bound(el("input", { type: "number", step: 1, inputmode: "numeric", placeholder: t("designer.toolbox.any"), value: entry?.limit ?? "",
        disabled: !entry, "aria-label": t("designer.toolbox.mostUses", { block: label }), "data-testid": `limit-${block}`, class: "limit" }), rules.level?.blockLimit);
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
      ? t("designer.checks.readyWithTips", { count: report.warnings.length }) : t("designer.checks.ready") }));
  }
  host.replaceChildren(...items);
}
