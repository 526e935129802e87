// Rapid Router page: level select, the map, the block editor (drag and drop, keyboard, undo), the
// Python tab, the read-only Python view, and runs (runner.js).
// The server runs every program (RouterKit); this page only edits programs and animates the events
// it gets back. Progress lives on the server under an anonymous player id kept in localStorage.
// Routing is the location hash: "" is the level select, "#level=ID" a level, "#draft" the designer's
// Test drive (test-drive.js: the draft level from localStorage, run without storing anything).
// Free play: any level opens for anyone, by its tile or its address (journey-select.js); only a
// teacher's lock closes one for their pupils (locks.js). The journey around the levels (Previous and
// Next, hints, the end of an episode, the fuel gauge) is journey-*.js; the vehicles character-*.js.
// Words: every word the page shows is a message (i18n.js, messages/*.json); the fixed ones are marked
// in index.html, and what this page draws is drawn again when the language changes (see the end).
// Words the server sends (a level's name, lesson and hint, a run's message, a Python mistake) stay
// as the server wrote them; our levels' words are asked for in the page's language (?lang=) and
// fetched again when it changes.
import { $, api, say } from "/shared/api.js";
import { SERVER_LANGUAGE, inPageLanguage, onLanguageChange, t, translatePage } from "../shared/i18n.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
import { BlockEditor } from "../blocks/editor.js";
import { MapView } from "../map/map-view.js";
import { emptyProgram, sanitize } from "../blocks/program.js";
import { PYTHON_START, PythonEditor } from "../python/python-editor.js";
import { PythonView } from "../python/python-view.js";
import { useRules } from "../shared/rules.js";
import { Runner } from "./runner.js";
import { DESIGNER_URL, DRAFT_ID, readDraft } from "../shared/test-drive.js";
import { levelApi } from "../shared/my-levels.js";
import { offerClaim } from "./claim-progress.js";
import { guard, lockedMessage, sayBeside, useLocks } from "./locks.js";
import { renderSelect } from "./journey-select.js";
import { Journey } from "./journey-result.js";
import { useEpisodeWords } from "./journey-episode.js";
import { CharacterPicker } from "./character-picker.js";
import { startTeaching } from "./teaching.js";
import { useKeepAnswer } from "./keep-answer.js";

const PLAYER_KEY = "tessera.router.player";
const SPEED_KEY = "tessera.router.speed";
const programKey = (id) => `tessera.router.program.${id}`;

const state = {
  player: playerId(),
  episodes: [],
  custom: [], // this player's own levels (My levels), newest first
  shared: [], // levels shared with their class (Shared with me)
  order: [], // every catalog level id, in play order
  progress: {}, // level id → {best, max, attempts, solved, seconds, stars}
  level: null,
  mode: "blocks", // what Play runs: "blocks" or "python"
  tab: "blocks", // what is shown: "blocks", "pyview" or "python"
  openedAt: performance.now(),
  running: false,
  run: 0, // bumped by every Play, Stop and level change, so a late answer or animation is ignored
};

const map = new MapView($("map"));
const editor = new BlockEditor(
  { palette: $("palette"), program: $("program"), count: $("block-count"), deleteButton: $("delete-block"), clearButton: $("clear-program"),
    undoButton: $("undo"), redoButton: $("redo") },
  { onChange: () => { save(); runner.clearResult(); pythonView.refresh(); }, say },
);
const python = new PythonEditor({ textarea: $("python-code"), gutter: $("gutter"), backdrop: $("code-backdrop") }, () => save());
const pythonView = new PythonView({ code: $("pyview-code"), status: $("pyview-status") }, () => editor.program);
const journey = new Journey({ state, setTab, refreshProgress });
const runner = new Runner({ state, map, editor, python, refreshProgress, journey });
// The player's vehicle, drawn at once (even mid-run: the van being animated changes in place).
const picker = new CharacterPicker({ select: $("vehicle"), preview: $("vehicle-preview") }, (character) => map.setCharacter(character));

function playerId() {
  let id = localStorage.getItem(PLAYER_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (n) => alphabet[n % alphabet.length]).join("");
    localStorage.setItem(PLAYER_KEY, id);
  }
  return id;
}

// ---- level select -------------------------------------------------------------------------
async function loadCatalog() {
  const [catalog] = await Promise.all([
    levelApi(inPageLanguage("/api/router/episodes")), // with the owner key: the lists are this player's own (my-levels.js)
    loadProgress(),
  ]);
  state.episodes = catalog.episodes;
  state.custom = catalog.custom ?? [];
  state.shared = catalog.shared ?? [];
  useRules(catalog.rules);
  state.order = catalog.episodes.flatMap((episode) => episode.levels.map((level) => level.id));
}

/** The current player's progress and a teacher's locks (locks.js). A sign-in can change the
 * player while a fetch is on its way: an answer for someone else is dropped, never shown, so a
 * pupil never sees this browser's anonymous levels as theirs. */
async function loadProgress() {
  const player = state.player;
  const progress = await api(`/api/router/players/${encodeURIComponent(player)}/progress`);
  if (player !== state.player) return;
  state.progress = progress.levels ?? {};
  useLocks(progress.locked);
}

async function refreshProgress() {
  try {
    await loadProgress();
  } catch (error) {
    say(error.message);
  }
}

const showList = () => renderSelect(state, reloadStoredLevels);

/** My levels and Shared with me again (after a sign-in, or a teacher removing a level). */
async function reloadStoredLevels() {
  try {
    const catalog = await levelApi(inPageLanguage("/api/router/episodes"));
    state.custom = catalog.custom ?? [];
    state.shared = catalog.shared ?? [];
  } catch (error) {
    say(error.message);
  }
  if (!state.level) showList();
}

// ---- one level ----------------------------------------------------------------------------
async function openLevel(id) {
  const held = lockedMessage(id, state.episodes); // locked by the pupil's teacher
  if (held) { history.replaceState(null, "", location.pathname); showSelect(); sayBeside(id, state.episodes); return; }
  const ticket = routes;
  let level;
  try {
    level = await levelApi(inPageLanguage(`/api/router/levels/${encodeURIComponent(id)}`));
  } catch (error) {
    if (ticket !== routes) return;
    say(error.message);
    showSelect();
    return;
  }
  if (ticket !== routes) return; // the child has gone elsewhere meanwhile
  showLevel(level);
}

/** The designer's draft, for a test drive: nothing is fetched or stored. */
function openDraft() {
  const level = readDraft();
  if (!level) {
    say(t("player.level.noDraft"));
    showSelect();
    return;
  }
  showLevel(level);
  say(t("player.level.testDriveStart"), true);
}

function showLevel(level) {
  runner.stop(false);
  state.level = level;
  state.openedAt = performance.now();
  $("select-view").hidden = true;
  $("level-view").hidden = false;
  const draft = level.source === "draft";
  $("to-levels").hidden = draft;
  $("to-designer").hidden = !draft;
  $("test-drive-note").hidden = !draft;
  labelLevel(level);
  $("level-hint").closest("details").hidden = !level.hint;
  $("level-hint").closest("details").open = false;

  const saved = readSaved(level.id);
  picker.useLevel(level);
  map.character = picker.choice;
  journey.enterLevel(level);
  editor.load(level.toolbox, saved.program);
  python.value = saved.python ?? PYTHON_START;
  $("tab-blocks").hidden = !level.blocklyEnabled;
  $("tab-python").hidden = !level.pythonEnabled;
  // The Python view is offered where the level asks for it; elsewhere behind a small toggle.
  $("tab-pyview").hidden = !level.blocklyEnabled || !level.pythonViewEnabled;
  $("pyview-toggle").hidden = !level.blocklyEnabled || level.pythonViewEnabled;
  const mode = level.blocklyEnabled && level.pythonEnabled ? (saved.mode ?? "blocks") : level.pythonEnabled ? "python" : "blocks";
  setTab(mode);
  runner.resetMap();
  say(t(level.pythonEnabled && !level.blocklyEnabled ? "player.level.startPython" : "player.level.startBlocks"), true);
  // Keyboard and screen-reader users start at the level's name, not back at the top of the page.
  $("level-title").focus({ preventScroll: true });
}

/** The level's own words in the head, the tab's title and the map in words, in the page's language. */
function labelLevel(level) {
  const draft = level.source === "draft";
  const title = state.order.includes(level.id) ? t("player.level.title", { id: level.id, name: level.name })
    : draft ? t("player.level.testDriveTitle", { name: level.name }) : level.name;
  $("level-title").textContent = title;
  document.title = t("player.page.levelTitle", { title });
  $("level-lesson").textContent = level.lesson || t("player.level.defaultLesson");
  $("level-hint").textContent = level.hint || t("player.level.defaultHint");
  // Our levels' own words are in the language the server says (a person's own level may be in any
  // language: not marked).
  const ours = state.order.includes(level.id);
  for (const [id, words] of [["level-lesson", level.lesson], ["level-hint", level.hint]]) {
    if (ours && words) $(id).lang = level.lang ?? SERVER_LANGUAGE; else $(id).removeAttribute("lang");
  }
  $("map").setAttribute("aria-label", describe(level));
}

/** The map in words, for screen readers (x from the left, y from the bottom, as in the lessons). */
function describe(level) {
  const at = (square) => `(${square[0]}, ${square[1]})`;
  const words = "player.level.map";
  const houses = level.destinations.length;
  const parts = [t(`${words}.start`, { place: at(level.road[0].coordinate), heading: t(`common.headings.${level.originHeading}`) }),
    t(`${words}.houses`, { count: houses, places: level.destinations.map(at).join(", ") }), t(`${words}.road`, { count: level.road.length })];
  if (level.trafficLights.length) parts.push(t(`${words}.lights`, { count: level.trafficLights.length }));
  const cows = level.cows.reduce((sum, group) => sum + group.potentialCoordinates.length, 0);
  if (cows) parts.push(t(`${words}.cows`, { count: cows }));
  return parts.join(t("common.listSeparator")) + ".";
}

function readSaved(id) {
  try {
    const saved = JSON.parse(localStorage.getItem(programKey(id)) ?? "null") ?? {};
    return { program: sanitize(saved.program), python: typeof saved.python === "string" ? saved.python : null, mode: saved.mode };
  } catch {
    return { program: emptyProgram(), python: null };
  }
}

function save() {
  if (!state.level) return;
  localStorage.setItem(programKey(state.level.id), JSON.stringify({ program: editor.program, python: python.value, mode: state.mode }));
}

const TABS = { blocks: "tab-blocks", pyview: "tab-pyview", python: "tab-python" };

function setTab(tab) {
  state.tab = tab;
  if (tab !== "pyview") state.mode = tab;
  for (const [name, id] of Object.entries(TABS)) {
    $(id).setAttribute("aria-selected", String(name === tab));
    $(id).tabIndex = name === tab ? 0 : -1;
  }
  $("blocks-panel").hidden = tab !== "blocks";
  $("pyview-panel").hidden = tab !== "pyview";
  $("python-panel").hidden = tab !== "python";
  $("pyview-toggle").setAttribute("aria-pressed", String(tab === "pyview"));
  labelToggle();
  pythonView.show(tab === "pyview");
  save();
}

const labelToggle = () => { $("pyview-toggle").textContent = t(state.tab === "pyview" ? "player.editor.backToBlocks" : "player.editor.showAsPython"); };

function showSelect() {
  const left = state.level?.id;
  runner.stop(false);
  state.level = null;
  $("select-view").hidden = false;
  $("level-view").hidden = true;
  $("to-levels").hidden = true;
  $("to-designer").hidden = true;
  document.title = t("player.page.title");
  showList();
  // Back from a level: focus its tile, so the keyboard carries on from where the child was.
  if (left) document.querySelector(`[data-testid="level-${CSS.escape(left)}"]`)?.focus({ preventScroll: false });
}

// ---- wiring -------------------------------------------------------------------------------
$("play").addEventListener("click", () => runner.play());
$("step").addEventListener("click", () => runner.step());
$("stop").addEventListener("click", () => runner.stop());
$("reset").addEventListener("click", () => { runner.stop(false); runner.resetMap(); say(t("player.run.backAtDepot"), true); });
$("try-again").addEventListener("click", () => { runner.resetMap(); $("play").focus(); });
$("close-result").addEventListener("click", () => { runner.clearResult(); $("play").focus(); });
$("result").addEventListener("keydown", (event) => { if (event.key === "Escape") { runner.clearResult(); $("play").focus(); } });
$("all-levels").addEventListener("click", () => { location.hash = ""; });
$("result-designer").addEventListener("click", () => { location.href = DESIGNER_URL; });
useKeepAnswer(() => runner.programBody());
for (const [name, id] of Object.entries(TABS)) {
  $(id).addEventListener("click", () => setTab(name));
  $(id).addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const shown = Object.values(TABS).map((tab) => $(tab)).filter((tab) => !tab.hidden);
    const other = shown[(shown.indexOf($(id)) + (event.key === "ArrowRight" ? 1 : shown.length - 1)) % shown.length];
    other.click();
    other.focus();
  });
}
$("pyview-toggle").addEventListener("click", () => setTab(state.tab === "pyview" ? "blocks" : "pyview"));
$("speed").value = localStorage.getItem(SPEED_KEY) ?? "normal";
$("speed").addEventListener("change", () => localStorage.setItem(SPEED_KEY, $("speed").value));
$("to-levels").addEventListener("click", (event) => { event.preventDefault(); location.hash = ""; });
startTeaching({ level: () => state.level, episodes: () => state.episodes }); // a teacher's Show solution and lesson guides
guard($("episodes"), () => state.episodes); // a tile locked by the teacher says why, beside its episode, instead of opening
// The map gives the level's head the room it takes (one line or three, with the vehicle picker):
// router.css sizes the map from --head-room, so map, controls and result fit the window.
new ResizeObserver(([entry]) => $("level-view").style.setProperty("--head-room", `${Math.ceil(entry.target.getBoundingClientRect().height)}px`))
  .observe(document.querySelector(".level-head"));

// The page in the chosen language, with the language picker in the top bar (before the Sound button).
translatePage();
mountLanguagePicker(document.querySelector("header.bar"), $("mute"));
// A new language: what this page drew is drawn again (the marked words in index.html already are),
// and the status line says so, in the new language, for screen readers too.
onLanguageChange(() => {
  runner.relabel();
  picker.relabel();
  labelToggle();
  if (state.level) {
    labelLevel(state.level);
    map.relabel();
    journey.relabel();
    editor.relabel();
  } else if (!$("select-view").hidden) {
    document.title = t("player.page.title");
    showList();
  }
  say(t("common.language.now"), true);
  fetchWords();
});

// Our levels' words come from the server in the page's language: after a change, the episodes and the
// open level's name, lesson and hint are fetched again and drawn (its program, map and run stay).
let wordsAsked = 0;
async function fetchWords() {
  const ticket = ++wordsAsked;
  const open = state.level;
  const ours = open && state.order.includes(open.id);
  try {
    const [catalog, level] = await Promise.all([levelApi(inPageLanguage("/api/router/episodes")),
      ours ? levelApi(inPageLanguage(`/api/router/levels/${encodeURIComponent(open.id)}`)) : null]);
    if (ticket !== wordsAsked) return; // another change of language came after this one
    state.episodes = catalog.episodes;
    useEpisodeWords(state.episodes);
    if (level && state.level === open) {
      Object.assign(open, { name: level.name, lesson: level.lesson, hint: level.hint, lang: level.lang });
      labelLevel(open);
      journey.relabel();
    } else if (!state.level && !$("select-view").hidden) {
      showList();
    }
  } catch (error) {
    say(error.message);
  }
}

// Each route (a link, Next level, Back) counts; a level that arrives after a newer route was
// taken is not shown, so two quick changes of address cannot end on the older one.
let routes = 0;

async function route() {
  routes += 1;
  const id = /^#level=(.+)$/.exec(location.hash)?.[1];
  if (location.hash === `#${DRAFT_ID}`) openDraft();
  else if (id) await openLevel(decodeURIComponent(id));
  else showSelect();
}

// A signed-in player's runs count for their account (the server records them as `acct-<id>`
// whatever id is sent), so the level select shows the account's progress; signed out, this
// browser's own anonymous progress again.
window.addEventListener("tessera:account", async ({ detail: user }) => {
  const player = user ? `acct-${user.id}` : playerId();
  if (player === state.player) return;
  state.player = player;
  await refreshProgress();
  await reloadStoredLevels(); // signed in or out, the lists are someone else's
  // A pupil's first sign-in here may bring this browser's levels along (claim-progress.js).
  offerClaim({ user, anonymous: playerId(), accountLevels: state.progress, claimed: (progress) => {
    state.progress = progress.levels ?? {};
    useLocks(progress.locked);
    if (!state.level) showList();
  } });
});

window.addEventListener("hashchange", async () => {
  if (!location.hash) await refreshProgress();
  route();
});

// A shared link may say /router/?level=N: the same level as #level=N.
const asked = new URLSearchParams(location.search).get("level");
if (asked && !location.hash) history.replaceState(null, "", `${location.pathname}#level=${encodeURIComponent(asked)}`);

try {
  await loadCatalog();
  await route();
  document.body.dataset.ready = "true";
} catch (error) {
  say(error.message);
}
