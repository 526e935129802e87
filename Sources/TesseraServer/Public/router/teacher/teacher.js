// The teacher's dashboard for Rapid Router: pick a class and an episode, and see every pupil's
// best score, stars, tries and time per level (teacher-board.js), live: the server tells this page
// of each run a pupil of the class makes (an event stream), and the page asks for the scoreboard
// again. A played cell opens the pupil's program and a replay of it (teacher-program.js); the
// episode and its levels can be locked for the class (teacher-locks.js), or a lesson set up in one
// step. Beside the grid, "Who needs me now" (teacher-activity.js) follows the same live stream;
// above it, pupils' levels waiting for approval and the class's two settings for them
// (teacher-waiting.js). A
// level's head opens its solution (the program panel) and the class's solutions on the projector
// (teacher-solutions.js); certificates and the lesson guide open in a tab of their own.
// The class and episode are in the address (#class=ID&episode=N, so the Classroom page can link
// to a class) and remembered in localStorage for the next visit.
// Every word is the catalogues' (router.teacher.*, teacher-words.js); our episodes' and levels' names
// come from the level list in the page's language, and the page redraws when the language changes.
import { showLockouts } from "./teacher-lockouts.js";
import { $, api, el, say, whoIsSignedIn } from "/shared/api.js";
import { openEventStream } from "/shared/events.js";
import { useRules } from "../shared/rules.js";
import { renderBoard } from "./teacher-board.js";
import { ClassLocks } from "./teacher-locks.js";
import { ProgramPanel } from "./teacher-program.js";
import { ActivityPanel } from "./teacher-activity.js";
import { LevelMenu } from "./teacher-level-menu.js";
import { ClassSolutions } from "./teacher-solutions.js";
import { WaitingLevels } from "./teacher-waiting.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
import { episodeName, formatNumber, language, levelName, loadNames, onLanguageChange, phrase, SERVER_LANGUAGE, t, translatePage } from "./teacher-words.js";

const CLASS_KEY = "tessera.teacher.class";
const episodeKey = (classId) => `tessera.teacher.episode.${classId}`;
// How long a burst of runs is gathered before the scoreboard is asked for again (ms).
const GATHER = 200;
// After the server refuses the live stream (it restarted, the session ended), try again after this.
const RETRY = 5000;


const state = { classes: [], classId: null, episode: 1, board: null, asked: 0, stream: null, heard: false, timer: null, retry: null,
  live: "connecting", visitor: undefined, optionsIn: null };
const locks = new ClassLocks({ button: $("episode-lock"), state: $("episode-lock-state") }, () => draw());
const panel = new ProgramPanel();
const activity = new ActivityPanel((pupil, level, returnFocus) => panel.open(pupil, level, returnFocus));
const solutions = new ClassSolutions();
const waiting = new WaitingLevels((id) => state.classes.find((one) => one.id === id));
const levelMenu = new LevelMenu({
  solution: (level, returnFocus) => panel.openSolution(level, returnFocus),
  solutions: (level, returnFocus) => solutions.open(state.classId, level, returnFocus),
});

async function start() {
  let user = null;
  try {
    user = (await whoIsSignedIn()).user;
  } catch (error) {
    say(error.message);
  }
  if (user?.role !== "teacher") {
    notTeacher(user);
    return;
  }
  $("dashboard").hidden = false;
  const [{ classes }, catalog] = await Promise.all([api("/api/classes"), loadNames()]);
  if (catalog) useRules(catalog.rules); // the stars out of how many, as the game draws them
  const wanted = fromAddress();
  // Archived classes cannot sign in, so they are left out, unless the address names one.
  state.classes = classes.filter((one) => !one.archived || one.id === wanted.classId);
  if (!state.classes.length) {
    $("no-classes").hidden = false;
    for (const id of ["board-controls", "episode-lock-bar", "board-help", "board-scroll", "activity", "class-levels"]) $(id).hidden = true;
    return;
  }
  drawClassOptions();
  const known = (id) => state.classes.some((one) => one.id === id);
  const classId = [wanted.classId, localStorage.getItem(CLASS_KEY)].find(known) ?? state.classes[0].id;
  if (wanted.classId && !known(wanted.classId)) say(t("teacher.board.notYours"));
  await selectClass(classId, wanted.classId === classId ? wanted.episode : null);
}

function drawClassOptions() {
  const chosen = $("class-select").value;
  $("class-select").replaceChildren(...state.classes.map((one) =>
    el("option", { value: one.id, text: one.archived ? t("teacher.board.archived", { name: one.name }) : one.name })));
  if (chosen) $("class-select").value = chosen;
}

/** Nobody signed in (`user` null), or a pupil: where to go instead. */
function notTeacher(user) {
  state.visitor = user;
  const signIn = el("a", { href: "/classroom/", "data-testid": "sign-in-link", text: t("print.certificates.signIn") });
  const router = el("a", { href: "/router/", text: t("print.common.router") });
  $("not-teacher-text").replaceChildren(...(user
    ? phrase("teacher.signIn.pupil", { name: user.name, router, signIn })
    : phrase("teacher.signIn.nobody", { router, signIn })));
  $("not-teacher").hidden = false;
}

/** The sentences with a link in them (no classes, no pupils): one message each, the link in its place. */
function drawSentences() {
  $("no-classes").replaceChildren(...phrase("teacher.board.noClasses",
    { link: el("a", { href: "/classroom/", text: t("teacher.board.noClassesLink") }) }));
  const classroom = state.classId ? `/classroom/#class=${encodeURIComponent(state.classId)}` : "/classroom/";
  $("no-pupils").replaceChildren(...phrase("teacher.board.noPupils",
    { link: el("a", { id: "add-pupils-link", href: classroom, text: t("teacher.board.noPupilsLink") }) }));
}

/** {classId, episode} from "#class=ID&episode=N". */
function fromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const episode = Number(params.get("episode"));
  return { classId: params.get("class"), episode: Number.isInteger(episode) && episode > 0 ? episode : null };
}

async function selectClass(classId, episode) {
  state.classId = classId;
  state.board = null;
  $("scoreboard").replaceChildren(); // never another class's scores while this one loads
  localStorage.setItem(CLASS_KEY, classId);
  $("class-select").value = classId;
  drawSentences(); // the link to add pupils goes to this class
  state.episode = episode ?? (Number(localStorage.getItem(episodeKey(classId))) || 1);
  listen(classId);
  await Promise.all([locks.load(classId), load(), activity.follow(classId), waiting.show(classId)]);
  draw();
}

/** Asks for the scoreboard of the chosen class and episode; a late answer for an earlier choice is dropped. */
async function load() {
  const asked = ++state.asked;
  const { classId, episode } = state;
  showLockouts(classId);
  try {
    const board = await api(`/api/classes/${encodeURIComponent(classId)}/scoreboard?episode=${episode}`);
    if (asked !== state.asked) return;
    state.board = board;
  } catch (error) {
    if (asked !== state.asked) return;
    if (error.status === 400 && episode !== 1) { // an episode remembered from before that is gone
      state.episode = 1;
      await load();
      return;
    }
    say(error.status === 401 ? t("teacher.board.signedOut") : error.message);
  }
}

/** The scoreboard with our episodes' and levels' names in the page's language (the scoreboard's
 *  answer has them in English): each name with its `lang`. */
function inWords(board) {
  const episode = (one) => ({ ...one, ...episodeName(one.number, one.name) });
  return { ...board, episode: episode(board.episode), episodes: board.episodes.map(episode),
    levels: board.levels.map((level) => ({ ...level, ...levelName(level.id, level.name, SERVER_LANGUAGE) })) };
}

function draw() {
  if (!state.board) return;
  const board = inWords(state.board);
  state.episode = board.episode.number;
  localStorage.setItem(episodeKey(board.class.id), String(board.episode.number));
  history.replaceState(null, "", `#class=${encodeURIComponent(board.class.id)}&episode=${board.episode.number}`);
  const select = $("episode-select");
  // Filled once (and again in another language): a live redraw must not close the list under a
  // teacher who is choosing.
  if (select.options.length !== board.episodes.length || state.optionsIn !== language()) {
    select.replaceChildren(...board.episodes.map((one) => el("option", { value: String(one.number), lang: one.lang,
      text: t("teacher.board.episodeOption", { number: one.number, name: one.name }) })));
  }
  select.value = String(board.episode.number);
  locks.markEpisodes(select.options, board.episodes);
  drawSetup(board);
  state.optionsIn = language();
  $("board-title").textContent = t("teacher.board.heading", { class: board.class.name, number: board.episode.number });
  document.title = t("teacher.page.classTitle", { class: board.class.name });
  $("csv").href = `/api/classes/${encodeURIComponent(board.class.id)}/scoreboard?episode=${board.episode.number}&format=csv`;
  $("certificates").href = `/router/certificates.html?class=${encodeURIComponent(board.class.id)}&episode=${board.episode.number}`;
  $("lesson-guide").href = `/router/guide.html?episode=${board.episode.number}`;
  locks.show(board.episode, board.levels);
  const empty = board.pupils.length === 0;
  $("no-pupils").hidden = !empty;
  $("board-help").hidden = empty;
  $("activity").hidden = empty;
  // The scroll box keeps its place while the table is drawn again under it (live updates).
  const scroll = $("board-scroll");
  const [left, top] = [scroll.scrollLeft, scroll.scrollTop];
  const focused = focusKey();
  renderBoard($("scoreboard"), board, {
    locks: locks.locks,
    toggleLevel: (id) => locks.toggleLevel(id),
    levelMenu: (level, button) => levelMenu.toggle(level, button),
    open: (pupil, level) => panel.open(pupil, level, () => focusCell(pupil.id, level.id)),
  });
  scroll.scrollLeft = left;
  scroll.scrollTop = top;
  if (focused) focusCell(...focused);
  document.body.dataset.board = `${board.class.id}:${board.episode.number}`;
}

/** The cell the keyboard is on, as [pupil, level], so a redraw can put it back there. */
function focusKey() {
  const active = document.activeElement;
  if (!active?.classList.contains("cell-button") || !$("scoreboard").contains(active)) return null;
  return [active.closest("tr").dataset.pupil, active.closest("td").dataset.testid.replace(/^cell-/, "")];
}

function focusCell(pupilId, levelId) {
  const row = $("scoreboard").querySelector(`tr[data-pupil="${CSS.escape(pupilId)}"]`);
  const cell = row?.querySelector(`td[data-testid="cell-${CSS.escape(levelId)}"]`);
  (cell?.querySelector("button") ?? row?.querySelector("th") ?? $("board-scroll")).focus({ preventScroll: false });
}

// ---- live updates ------------------------------------------------------------------------------
/** Follows the class's runs; each one (a burst gathered for GATHER ms) asks for the scoreboard again. */
function listen(classId) {
  state.stream?.close();
  clearTimeout(state.retry);
  state.heard = false;
  setLive("connecting");
  state.stream = openEventStream(`/api/classes/${encodeURIComponent(classId)}/scoreboard/events`, {
    reconnect: true,
    // The server is away: say the scores are not live until the stream's "ready" says they are again.
    onDrop: () => { if (classId === state.classId) setLive("paused"); },
    onMessage: (message) => {
      if (classId !== state.classId) return;
      if (message.kind === "ready") {
        setLive("live");
        // After a dropped connection the browser reconnects by itself: what happened meanwhile is fetched now.
        if (state.heard) { refreshSoon(); activity.refreshSoon(); }
        state.heard = true;
      } else if (message.kind === "run") {
        activity.refreshSoon();
        refreshSoon();
      }
    },
    // Refused: after a restart, quietly try again a little later; if the session has ended
    // (signed out elsewhere, a password change), say so instead of retrying for ever.
    onEnd: async () => {
      if (classId !== state.classId) return;
      setLive("paused");
      const { user } = await whoIsSignedIn().catch(() => ({ user: {} }));
      if (!user) {
        $("dashboard").hidden = true;
        notTeacher(null);
        say(t("teacher.live.signedOut"), true);
        return;
      }
      state.retry = setTimeout(() => { if (classId === state.classId) listen(classId); }, RETRY);
    },
  });
}

function refreshSoon() {
  if (state.timer) return; // already on its way: one request for the whole burst
  state.timer = setTimeout(async () => {
    state.timer = null;
    await load();
    draw();
  }, GATHER);
}

function setLive(kind) {
  state.live = kind;
  $("live").textContent = t(`teacher.live.${kind}`); // connecting, live, paused
  $("live").dataset.state = kind;
}

// ---- lesson set-up ------------------------------------------------------------------------------
/** The "open episodes 1 to N" picker: every episode's number, today's episode chosen until the teacher picks. */
function drawSetup(board) {
  const select = $("setup-last");
  if (select.options.length !== board.episodes.length || state.optionsIn !== language()) {
    const chosen = select.value;
    select.replaceChildren(...board.episodes.map((one) => el("option", { value: String(one.number), text: formatNumber(one.number), title: one.name, lang: one.lang })));
    if (chosen) select.value = chosen;
  }
  // Today's lesson is usually the episode on show: offered until the teacher picks another.
  if (state.setupFor !== board.episode.number) {
    state.setupFor = board.episode.number;
    select.value = String(board.episode.number);
  }
  setupWords();
}

function setupWords() {
  const last = Number($("setup-last").value) || 1;
  $("setup-apply").textContent = t("teacher.teaching.setup.apply", { last });
}

$("setup-last").addEventListener("change", setupWords);
$("lesson-setup").addEventListener("submit", (event) => {
  event.preventDefault();
  const numbers = state.board?.episodes.map((one) => one.number) ?? [];
  if (numbers.length) locks.openUpTo(Number($("setup-last").value), numbers, $("setup-apply"));
});

// ---- wiring ------------------------------------------------------------------------------------
$("class-select").addEventListener("change", () => { say(""); selectClass($("class-select").value, null); });
$("episode-select").addEventListener("change", async () => {
  state.episode = Number($("episode-select").value);
  await load();
  draw();
});
// A link to another class or episode of this page (the page's own address updates do not fire this).
window.addEventListener("hashchange", () => {
  const { classId, episode } = fromAddress();
  if (!classId || !state.classes.some((one) => one.id === classId)) return;
  if (classId !== state.classId) selectClass(classId, episode);
  else if (episode && episode !== state.episode) { state.episode = episode; load().then(draw); }
});
window.addEventListener("pagehide", () => state.stream?.close());

// ---- the page's language ---------------------------------------------------------------------
/** Everything the page drew itself, again in the page's language (the marked words follow by themselves). */
async function redraw() {
  setLive(state.live);
  setupWords();
  drawSentences();
  if (state.visitor !== undefined) notTeacher(state.visitor);
  if (!state.classes.length) return;
  drawClassOptions();
  levelMenu.hide();
  await loadNames(); // our episodes' and levels' names in the new language
  draw();
  activity.relanguage();
  waiting.load();
  showLockouts(state.classId);
  panel.relanguage();
  solutions.relanguage();
}
onLanguageChange(() => { redraw().catch((error) => say(error.message)); });

mountLanguagePicker(document.querySelector("header.bar"));
translatePage();
setLive("connecting");
setupWords();
drawSentences();
try {
  await start();
} catch (error) {
  say(error.message);
}
document.body.dataset.ready = "true";
