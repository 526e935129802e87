// Rapid Router's level designer: draw roads by dragging over the 10×8 grid (mouse, pen or finger),
// place the depot, houses, traffic lights, cows and scenery, choose the theme, fuel and toolbox, then
// test-drive the level in the player, save it in My levels (designer-my-levels.js), export it as Rapid Router level
// JSON or import one. The draft lives in localStorage (designer-storage.js), so leaving for a test drive and coming back
// finds it as it was. A test drive stores nothing: the player reads the draft from localStorage and
// runs it with POST /api/router/runs. Export (POST /api/router/exports) stores nothing either: only
// Save stores the level.
// The server validates every level again (422 with a reason when it cannot work).

import { $, api, say } from "/shared/api.js";
import { key } from "./map-geometry.js";
import {
  addLight, addTile, connect, cycleDecor, emptyDraft, fromLevel, isRoad, moveDepot, parse, place, removeTile,
  roadOut, toLevel, toggleCow, toggleHouse, HEADINGS,
} from "./designer-model.js";
import { checkDraft } from "./designer-checks.js";
import { DesignerCanvas } from "./designer-canvas.js";
import { bound, renderProblems, renderThemes, renderToolOptions, renderToolbox } from "./designer-panels.js";
import { loadRules } from "./rules.js";
import { exportLevel, importFile } from "./designer-files.js";
import { MyLevels, saveDraft } from "./designer-my-levels.js";
import { getLevel } from "./my-levels.js";
import { drawToolIcons } from "./designer-icons.js";
import { restoreDraft, storeDraft, storeHistory } from "./designer-storage.js";
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
      if (outcome === "off-road") say("Houses go on the road: draw a road there first.");
      if (outcome === "full") say(`That is ${d.houses.length} houses, the most a level can have.`);
      break;
    }
    case "light": pickLight(square); break;
    case "cow": {
      const existing = Boolean(d.cows[state.activeCow]);
      const outcome = toggleCow(d, square, state.activeCow, d.cows[state.activeCow]?.kind ?? "WHITE");
      if (outcome === "off-road") say("Cows stand on the road: draw a road there first.");
      if (outcome === "added" && !existing) state.activeCow = d.cows.length - 1;
      break;
    }
    case "scenery":
      if (!cycleDecor(d, square)) say("Scenery goes on the grass, not on the road.");
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
  if (!isRoad(d, square)) { say("The depot goes on the road: draw a road there first."); return; }
  if (d.depot === key(square)) { // tap the depot again: turn the van to the next road out
    const out = roadOut(d, square);
    const start = HEADINGS.indexOf(d.originHeading);
    for (let i = 1; i <= 4; i += 1) {
      const h = HEADINGS[(start + i) % 4];
      if (out.has(h)) { d.originHeading = h; break; }
    }
  } else if (roadOut(d, square).size > 1) {
    say("The depot goes at a road end: a square with only one road out of it.");
  } else {
    moveDepot(d, square);
  }
}

function pickLight(square) {
  const d = state.draft;
  if (!isRoad(d, square)) { say("Traffic lights go on the road: draw a road there first."); return; }
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
    if (!light) { say("Every road out of this square already has a light (or the road has no way out yet)."); return false; }
    state.selectedLight = d.lights.length - 1;
    return true;
  };
  if (record) commit(run); else run(state.draft);
}

function describeSquare(square) {
  const d = state.draft;
  const things = [];
  if (isRoad(d, square)) things.push("road" + (roadOut(d, square).size ? ` going ${[...roadOut(d, square)].join(", ")}` : ""));
  if (d.depot === key(square)) things.push(`the depot, van facing ${d.originHeading}`);
  if (d.houses.some((h) => key(h) === key(square))) things.push("a house");
  if (d.lights.some((l) => key(l.source) === key(square))) things.push("a traffic light");
  if (d.cows.some((g) => g.potentialCoordinates.some((c) => key(c) === key(square)))) things.push("a cow");
  say(`Square ${place(square)}: ${things.length ? things.join(", ") : "grass"}.`, true);
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
  $("toolbox-count").textContent = `(${d.toolbox.length} block${d.toolbox.length === 1 ? "" : "s"})`;
  $("undo").disabled = state.undo.length === 0;
  $("redo").disabled = state.redo.length === 0;
  const sig = signature();
  const clean = state.saved && state.saved.signature === sig;
  $("saved-note").textContent = clean ? "Saved in My levels." : state.saved ? "Changed since you saved." : "Not saved yet.";
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
    say(`Not yet: ${report.errors[0].text}`);
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

async function act(work, refused = (reason) => `The server says the level cannot work yet: ${reason}`) {
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
    say(`Not yet: ${report.errors[0].text}`);
    return;
  }
  await api("/api/router/runs", { method: "POST", body: { level: toLevel(state.draft), program: { blocks: [] } } });
  storeDraft(state);
  storeHistory(state);
  say("Off to the test drive… (nothing is saved)", true);
  location.href = "/router/#draft";
});

const save = () => act(async () => {
  const wasSaved = state.saved?.signature === signature();
  const id = await ensureSaved();
  if (id) say(wasSaved ? "Already saved: it is in My levels." : state.saved.updated ? `Saved your changes to “${state.draft.name}”.`
    : `Saved “${state.draft.name}” in My levels. Only you can see it until you share it.`, true);
});

/** Export downloads the draft as it is; like a test drive it stores nothing (only Save does). */
const exportNow = () => act(async () => {
  const report = checkDraft(state.draft);
  if (report.errors.length) {
    say(`Not yet: ${report.errors[0].text}`);
    return;
  }
  const name = await exportLevel(toLevel(state.draft));
  say(`Downloaded ${name}: Rapid Router level JSON. Import it here or in Rapid Router's level editor.`, true);
}, (reason) => `The server says the level cannot be exported yet: ${reason}`);

const importNow = (file) => act(async () => {
  const { level, id, note } = await importFile(file);
  loadLevel(level, id);
  say(note, true);
  myLevels.refresh();
}, (reason) => reason);

// ---- wiring ---------------------------------------------------------------------------------------
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
  say("A new, empty level. Choose Road and drag across the grid.", true);
});
$("level-name").addEventListener("input", () => commit((d) => { d.name = $("level-name").value; }, { panel: false }));
$("max-fuel").addEventListener("input", () => commit((d) => { d.maxFuel = $("max-fuel").value === "" ? NaN : Number($("max-fuel").value); }, { panel: false }));
$("level-lesson").addEventListener("input", () => commit((d) => { d.lesson = $("level-lesson").value; }, { panel: false }));
$("level-hint").addEventListener("input", () => commit((d) => { d.hint = $("level-hint").value; }, { panel: false }));
$("python-enabled").addEventListener("change", () => commit((d) => { d.pythonEnabled = $("python-enabled").checked; }, { panel: false }));

const myLevels = new MyLevels($("my-levels"), {
  open: (level, id) => (confirmNew("Open that level? The one here has not been saved.") ? loadLevel(level, id) : false),
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

function confirmNew(question = "Start a new level? This one has not been saved.") {
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
    (error) => say(`${error.message} You can still draw: the level is checked in full when you save or test drive it.`));
  const wanted = /^#level=(.+)$/.exec(location.hash)?.[1];
  if (wanted) {
    try {
      const level = await getLevel(decodeURIComponent(wanted));
      loadLevel(level, level.mine ? level.id : null); // someone else's (or ours) is saved as a new level of your own
      say(level.mine ? `Editing “${level.name}”.` : `A copy of “${level.name}” to change and save as your own.`, true);
      history.replaceState(null, "", location.pathname); // from now on the draft is what a reload or Back restores
    } catch (error) {
      say(error.message);
    }
  } else if (restoreDraft(state)) {
    refresh({ panel: true, settings: true });
    say("Your level is as you left it.", true);
  } else {
    refresh({ panel: true, settings: true });
    say("Choose Road and drag across the grid to lay a road. The van starts where you begin.", true);
  }
  setTool(state.tool);
  await myLevels.refresh();
  document.body.dataset.ready = "true";
}

start();
