// Rapid Router's level designer: draw roads by dragging over the 10×8 grid (mouse, pen or finger),
// place the depot, houses, traffic lights, cows and scenery, choose the theme, fuel and toolbox, then
// test-drive the level in the player, save it in My levels (designer-my-levels.js), export it as Rapid Router level
// JSON or import one. The draft lives in localStorage (designer-storage.js), so leaving for a test drive and coming back
// finds it as it was. A test drive stores nothing: the player reads the draft from localStorage and
// runs it with POST /api/router/runs. Export (POST /api/router/exports) stores nothing either: only
// Save stores the level.
// The server validates every level again (422 with a reason when it cannot work).

import { $, api, say } from "/shared/api.js";
import { key } from "../map/map-geometry.js";
import {
  addLight, addTile, connect, cycleDecor, emptyDraft, fromLevel, isRoad, moveDepot, removeTile,
  roadOut, squareInWords, toLevel, toggleCow, toggleHouse, HEADINGS,
} from "./designer-model.js";
import { checkDraft } from "./designer-checks.js";
import { DesignerCanvas } from "./designer-canvas.js";
import { bound, renderProblems, renderThemes, renderToolOptions, renderToolbox } from "./designer-panels.js";
import { loadRules } from "../shared/rules.js";
import { exportLevel, importFile } from "./designer-files.js";
import { MyLevels, saveDraft } from "./designer-my-levels.js";
import { getLevel } from "../shared/my-levels.js";
import { drawToolIcons } from "./designer-icons.js";
import { restoreDraft, storeDraft, storeHistory } from "./designer-storage.js";
import { allTranslations, onLanguageChange, t, translatePage } from "../shared/i18n.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
const TOOL_KEYS = { r: "road", e: "erase", d: "depot", h: "house", l: "light", c: "cow", s: "scenery" };

const state = {
  draft: emptyDraft(),
  tool: "road",
  selectedLight: null,
  activeCow: 0,
  saved: null, // {id, signature}: the stored level this draft is, while unchanged
  undo: [],
  redo: [],
  stroke: null, // {mode, before}: the tool a drag uses, and the draft before it
  busy: false,
};

const signature = () => JSON.stringify(toLevel(state.draft));

const canvas = new DesignerCanvas($("canvas"), $("map-host"), {
  begin: (square, options = {}) => beginStroke(square, options),
  extend: (from, to) => extendStroke(from, to),
  end: () => endStroke(),
  erase: (square) => commit((d) => removeTile(d, square)),
  describe: (square) => describeSquare(square),
});

// ---- changing the draft -----------------------------------------------------------------------
/** Runs `mutate` on the draft (it returns false when nothing changed), records undo and redraws. */
function commit(mutate, { panel = true } = {}) {
  const before = signature();
  if (mutate(state.draft) === false) return false;
  if (signature() === before) { refresh({ panel }); return false; }
  state.undo.push(before);
  if (state.undo.length > 100) state.undo.shift();
  state.redo = [];
  refresh({ panel });
  return true;
}

function beginStroke(square, { drawOnly = false } = {}) {
  const mode = drawOnly ? "road" : state.tool;
  state.stroke = { mode, before: signature() };
  const d = state.draft;
  switch (mode) {
    case "road": addTile(d, square); break;
    case "erase": removeTile(d, square); break;
    case "depot": placeDepot(square); break;
    case "house": {
      const outcome = toggleHouse(d, square);
      if (outcome === "off-road") say(t("designer.say.houseOffRoad"));
      if (outcome === "full") say(t("designer.say.housesFull", { count: d.houses.length }));
      break;
    }
    case "light": pickLight(square); break;
    case "cow": {
      const existing = Boolean(d.cows[state.activeCow]);
      const outcome = toggleCow(d, square, state.activeCow, d.cows[state.activeCow]?.kind ?? "WHITE");
      if (outcome === "off-road") say(t("designer.say.cowOffRoad"));
      if (outcome === "added" && !existing) state.activeCow = d.cows.length - 1;
      break;
    }
    case "scenery":
      if (!cycleDecor(d, square)) say(t("designer.say.sceneryOnRoad"));
      break;
  }
  refresh({ panel: true });
}

function extendStroke(from, to) {
  if (!state.stroke) return;
  const d = state.draft;
  let changed = false;
  if (state.stroke.mode === "road") changed = connect(d, from, to);
  else if (state.stroke.mode === "erase") changed = removeTile(d, to);
  if (changed) refresh({ panel: false });
}

function endStroke() {
  if (!state.stroke) return;
  const { before } = state.stroke;
  state.stroke = null;
  if (signature() !== before) {
    state.undo.push(before);
    state.redo = [];
  }
  refresh({ panel: true });
}

function placeDepot(square) {
  const d = state.draft;
  if (!isRoad(d, square)) { say(t("designer.say.depotOffRoad")); return; }
  if (d.depot === key(square)) { // tap the depot again: turn the van to the next road out
    const out = roadOut(d, square);
    const start = HEADINGS.indexOf(d.originHeading);
    for (let i = 1; i <= 4; i += 1) {
      const h = HEADINGS[(start + i) % 4];
      if (out.has(h)) { d.originHeading = h; break; }
    }
  } else if (roadOut(d, square).size > 1) {
    say(t("designer.say.depotNotAtEnd"));
  } else {
    moveDepot(d, square);
  }
}

function pickLight(square) {
  const d = state.draft;
  if (!isRoad(d, square)) { say(t("designer.say.lightOffRoad")); return; }
  const here = d.lights.map((light, index) => ({ light, index })).filter(({ light }) => key(light.source) === key(square));
  if (here.length) {
    const current = here.findIndex(({ index }) => index === state.selectedLight);
    state.selectedLight = here[(current + 1) % here.length].index;
    return;
  }
  addLightAt(square, false);
}

function addLightAt(square, record = true) {
  const run = (d) => {
    const light = addLight(d, square);
    if (!light) { say(t("designer.say.lightsFull")); return false; }
    state.selectedLight = d.lights.length - 1;
    return true;
  };
  if (record) commit(run); else run(state.draft);
}

function describeSquare(square) {
  say(squareInWords(state.draft, square), true);
}

function undo(from, to) {
  const previous = from.pop();
  if (previous === undefined) return;
  to.push(signature());
  state.draft = fromLevel(JSON.parse(previous));
  state.selectedLight = null;
  refresh({ panel: true, settings: true });
}

// ---- drawing the page ---------------------------------------------------------------------------
function refresh({ panel = true, settings = false } = {}) {
  const d = state.draft;
  if (state.selectedLight !== null && !d.lights[state.selectedLight]) state.selectedLight = null;
  const report = checkDraft(d);
  const light = state.tool === "light" ? d.lights[state.selectedLight] : null;
  canvas.render(toLevel(d), {
    problems: report.errors.flatMap((problem) => problem.squares),
    selected: light ? { square: light.source, direction: light.direction } : null,
  });
  renderProblems($("problems"), report);
  if (panel) renderToolOptions($("tool-options"), toolContext());
  if (settings) renderSettings();
  $("toolbox-count").textContent = t("designer.side.toolboxCount", { count: d.toolbox.length });
  $("undo").disabled = state.undo.length === 0;
  $("redo").disabled = state.redo.length === 0;
  const sig = signature();
  const clean = state.saved && state.saved.signature === sig;
  $("saved-note").textContent = t(clean ? "designer.saved.clean" : state.saved ? "designer.saved.changed" : "designer.saved.never");
  document.body.dataset.dirty = String(!clean);
  document.body.dataset.savedId = state.saved?.id ?? "";
  storeDraft(state);
}

function toolContext() {
  return {
    tool: state.tool, draft: state.draft, selectedLight: state.selectedLight, activeCow: state.activeCow, commit, say,
    selectLight: (index) => { state.selectedLight = index; },
    addLightAt: (square) => addLightAt(square),
    setActiveCow: (index) => { state.activeCow = index; refresh(); },
  };
}

function renderSettings() {
  const d = state.draft;
  $("level-name").value = d.name;
  $("max-fuel").value = String(d.maxFuel);
  $("python-enabled").checked = d.pythonEnabled;
  $("level-lesson").value = d.lesson;
  $("level-hint").value = d.hint;
  renderThemes($("themes"), d, (theme) => { commit((draft) => { draft.theme = theme; }); renderSettings(); });
  renderToolbox($("toolbox"), d, commit);
}

function setTool(tool) {
  state.tool = tool;
  for (const button of document.querySelectorAll(".tool")) button.setAttribute("aria-pressed", String(button.dataset.tool === tool));
  document.body.dataset.tool = tool;
  refresh({ panel: true });
}

/** Loads a level into the editor; `saved` when it is already stored as it is. */
export function loadLevel(level, saved) {
  state.draft = fromLevel(level);
  state.undo = [];
  state.redo = [];
  state.selectedLight = null;
  state.activeCow = 0;
  state.saved = saved ? { id: saved, signature: signature() } : null;
  refresh({ panel: true, settings: true });
}

// ---- save, test drive, export, import -------------------------------------------------------------
async function ensureSaved() {
  const report = checkDraft(state.draft);
  if (report.errors.length) {
    say(t("designer.say.notYet", { problem: report.errors[0].text }));
    return null;
  }
  const sig = signature();
  if (state.saved?.signature === sig) return state.saved.id;
  const { id, updated } = await saveDraft(toLevel(state.draft), state.saved?.id);
  state.saved = { id, signature: sig, updated };
  refresh({ panel: false });
  myLevels.refresh();
  return id;
}

async function act(work, refused = (reason) => t("designer.say.serverRefused", { reason })) {
  if (state.busy) return;
  state.busy = true;
  document.body.dataset.busy = "true";
  try {
    await work();
  } catch (error) {
    say(error.status === 422 ? refused(error.message) : error.message);
  } finally {
    state.busy = false;
    document.body.dataset.busy = "false";
  }
}

/** Test drive: the server checks the draft by running an empty program on it (POST
 *  /api/router/runs stores nothing), so a level it refuses is explained here, where it can be fixed;
 *  then the player opens the draft (it reads it from localStorage, where refresh() keeps it). */
const testDrive = () => act(async () => {
  const report = checkDraft(state.draft);
  if (report.errors.length) {
    say(t("designer.say.notYet", { problem: report.errors[0].text }));
    return;
  }
  await api("/api/router/runs", { method: "POST", body: { level: toLevel(state.draft), program: { blocks: [] } } });
  storeDraft(state);
  storeHistory(state);
  say(t("designer.say.offToTestDrive"), true);
  location.href = "/router/#draft";
});

const save = () => act(async () => {
  const wasSaved = state.saved?.signature === signature();
  const id = await ensureSaved();
  const words = wasSaved ? "designer.say.alreadySaved" : state.saved?.updated ? "designer.say.savedChanges" : "designer.say.savedNew";
  if (id) say(t(words, { name: state.draft.name }), true);
});

/** Export downloads the draft as it is; like a test drive it stores nothing (only Save does). */
const exportNow = () => act(async () => {
  const report = checkDraft(state.draft);
  if (report.errors.length) {
    say(t("designer.say.notYet", { problem: report.errors[0].text }));
    return;
  }
  const name = await exportLevel(toLevel(state.draft));
  say(t("designer.say.downloaded", { file: name }), true);
}, (reason) => t("designer.say.exportRefused", { reason }));

const importNow = (file) => act(async () => {
  const { level, id, note } = await importFile(file);
  loadLevel(level, id);
  say(note, true);
  myLevels.refresh();
}, (reason) => reason);

// ---- wiring ---------------------------------------------------------------------------------------
translatePage();
mountLanguagePicker(document.querySelector("header.bar"));
// Another language: the fixed words are i18n.js's to change; the drawn ones are drawn again. A fresh,
// untouched draft takes the new language's default name too.
onLanguageChange(() => {
  const d = state.draft;
  if (d.links.size === 0 && allTranslations("designer.defaultName").includes(d.name)) d.name = t("designer.defaultName");
  refresh({ panel: true, settings: true });
  myLevels.render();
  say(t("common.language.now"), true);
});
drawToolIcons($("tools"));
for (const button of document.querySelectorAll(".tool")) button.addEventListener("click", () => { say(""); setTool(button.dataset.tool); });
window.addEventListener("pagehide", () => storeHistory(state));
$("undo").addEventListener("click", () => undo(state.undo, state.redo));
$("redo").addEventListener("click", () => undo(state.redo, state.undo));
$("test-drive").addEventListener("click", testDrive);
$("save").addEventListener("click", save);
$("export").addEventListener("click", exportNow);
$("import-file").addEventListener("change", () => {
  const file = $("import-file").files?.[0];
  $("import-file").value = "";
  if (file) importNow(file);
});
$("new-level").addEventListener("click", () => {
  if (!confirmNew()) return;
  state.undo.push(signature());
  loadLevel(toLevel(emptyDraft()), null);
  say(t("designer.say.newLevel"), true);
});
$("level-name").addEventListener("input", () => commit((d) => { d.name = $("level-name").value; }, { panel: false }));
$("max-fuel").addEventListener("input", () => commit((d) => { d.maxFuel = $("max-fuel").value === "" ? NaN : Number($("max-fuel").value); }, { panel: false }));
$("level-lesson").addEventListener("input", () => commit((d) => { d.lesson = $("level-lesson").value; }, { panel: false }));
$("level-hint").addEventListener("input", () => commit((d) => { d.hint = $("level-hint").value; }, { panel: false }));
$("python-enabled").addEventListener("change", () => commit((d) => { d.pythonEnabled = $("python-enabled").checked; }, { panel: false }));

const myLevels = new MyLevels($("my-levels"), {
  open: (level, id) => (confirmNew(t("designer.confirm.openLevel")) ? loadLevel(level, id) : false),
  current: () => state.saved?.id,
  renamed: (id, name) => { // the level being edited keeps up, still clean if it was
    if (state.saved?.id !== id) return;
    const clean = state.saved.signature === signature();
    state.draft.name = name;
    if (clean) state.saved.signature = signature();
    refresh({ panel: false, settings: true });
  },
  deleted: (id) => { if (state.saved?.id === id) { state.saved = null; refresh({ panel: false }); } },
});

function confirmNew(question = t("designer.confirm.newLevel")) {
  return state.draft.links.size === 0 || (state.saved && state.saved.signature === signature()) || window.confirm(question);
}

document.addEventListener("keydown", (event) => {
  const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) && event.target.type !== "checkbox";
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === "s") { event.preventDefault(); save(); return; }
  if (mod && event.key === "Enter") { event.preventDefault(); testDrive(); return; }
  if (typing) return;
  if (mod && event.key.toLowerCase() === "z") { event.preventDefault(); if (event.shiftKey) undo(state.redo, state.undo); else undo(state.undo, state.redo); return; }
  if (mod && event.key.toLowerCase() === "y") { event.preventDefault(); undo(state.redo, state.undo); return; }
  if (!mod && !event.altKey && TOOL_KEYS[event.key.toLowerCase()]) setTool(TOOL_KEYS[event.key.toLowerCase()]);
});
$("import").addEventListener("click", () => $("import-file").click());

async function start() {
  // The kit's limits come first: the checks and the number boxes are bounded by them.
  await loadRules().then(({ level }) => { $("level-name").maxLength = level.nameLength; bound($("max-fuel"), level.fuel); },
    (error) => say(t("designer.say.rulesMissing", { error: error.message })));
  const wanted = /^#level=(.+)$/.exec(location.hash)?.[1];
  if (wanted) {
    try {
      const level = await getLevel(decodeURIComponent(wanted));
      loadLevel(level, level.mine ? level.id : null); // someone else's (or ours) is saved as a new level of your own
      say(t(level.mine ? "designer.say.editing" : "designer.say.copyOf", { name: level.name }), true);
      history.replaceState(null, "", location.pathname); // from now on the draft is what a reload or Back restores
    } catch (error) {
      say(error.message);
    }
  } else if (restoreDraft(state)) {
    refresh({ panel: true, settings: true });
    say(t("designer.say.restored"), true);
  } else {
    refresh({ panel: true, settings: true });
    say(t("designer.say.welcome"), true);
  }
  setTool(state.tool);
  await myLevels.refresh();
  document.body.dataset.ready = "true";
}

start();
