// TicTacToe page. The server applies every rule; this module keeps the page's state, derives the
// labels from it (the same texts as the Swift GameViewModel) and renders. User text only ever
// reaches the page through textContent.
// Its words are the catalogue's `tictactoe.*` (words.js; the English in index.html is the no-script
// fallback): labels are derived on every render, and what the status line said from the catalogue
// is said again when the language changes. The server's own error messages are shown as they come.
// Every game lives on the server, so the address (?game=id) is all a reload or Back needs: the
// board, the turn, the names, the mode and the level all come back from there. An online seat is
// kept in the browser and as a private seat link (seat.js).
import { $, api, say } from "/shared/api.js";
import { openEventStream } from "/shared/events.js";
import { ask } from "/shared/ask.js";
import { setConnectionWordsFrom } from "/shared/connection.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
import * as words from "/shared/words.js";
import { renderCoach } from "/tictactoe/coach.js";
import { labelsFor } from "/tictactoe/labels.js";
import { renderSeries, rematch, undo } from "/tictactoe/series.js";
import { boardAfter, renderMoves, shownMoves, wireReplay } from "/tictactoe/replay.js";
import { buildBoard, cells, focusBoard } from "/tictactoe/board-grid.js";
import { openSeat, rememberSeat, renderSeat, seatInAddress, wireCopy } from "/tictactoe/seat.js";

const { t, translatePage } = words.scoped("tictactoe");

const state = {
  game: null, token: null, marker: null, events: null,
  setupOpen: false, // the setup card, opened over a game in progress with "New game"
  joining: false, // the join card is shown instead of the setup card
  starting: null, // Start's request while it is on its way: a tap meanwhile waits for its game
  coach: false, // the Coach toggle
  replay: null, // how many moves a finished game's board shows while stepped through, else null
};

// ---- the status line -----------------------------------------------------------------------------
let said = null; // what the status line says from the catalogue ({key, args, info}), or null

/** Says the message `key` in the status line (said again in a new language: an argument that is a
 *  function is asked again then). */
function tell(key, args = {}, info = false) {
  said = { key, args, info };
  say(t(key, argsNow(args)), info);
}

/** `args` with each function (words that depend on the language: a player's label) called now. */
const argsNow = (args) => Object.fromEntries(Object.entries(args).map(([name, value]) => [name, typeof value === "function" ? value() : value]));

/** Says `text` as it is (the server's own words, or nothing: ""). */
function sayAsIs(text, info = false) {
  said = null;
  say(text, info);
}

// ---- labels, derived from state (labels.js) ----------------------------------------------------
const { label, labelLater, playerFor, namesText, turnText, winnerText, summaryText } = labelsFor(state, t, () => canStart());

/** A game someone would be sorry to lose: started and not finished. */
function inProgress() {
  const game = state.game;
  return !!game && game.status === "playing" && (game.moves.length > 0 || game.mode === "online");
}

function mode() { return document.querySelector("input[name=mode]:checked").value; }
const filled = (input) => input.value.trim().length > 0;
function canStart() { return filled($("name-x")) && (mode() === "online" || filled($("name-o"))); }

// ---- rendering ---------------------------------------------------------------------------------
function render() {
  const game = state.game;
  $("names-label").textContent = namesText();
  $("turn-label").textContent = turnText();
  $("winner-label").textContent = winnerText();
  $("winner-label").classList.toggle("won", game?.status === "won");
  $("start").disabled = !canStart();
  $("name-o-field").hidden = mode() === "online";
  $("difficulty-field").hidden = mode() !== "ai";
  $("play-as-field").hidden = mode() !== "ai";
  // While a game is on, the setup folds into one short bar so the board fits a phone's screen.
  const collapsed = !!game && !state.setupOpen;
  $("setup-panel").hidden = state.joining || collapsed;
  $("join-panel").hidden = !(state.joining && game);
  $("game-bar").hidden = state.joining || !collapsed;
  $("game-summary").textContent = summaryText();
  $("new-game").setAttribute("aria-expanded", String(!collapsed));
  $("back-to-game").hidden = !game;
  const inviting = !!game?.waitingForOpponent && state.marker === "X";
  $("invite-panel").hidden = !inviting;
  const invite = inviting ? new URL(`/tictactoe/?join=${encodeURIComponent(game.id)}`, location.origin).href : "";
  if ($("invite-link").value !== invite) $("invite-link").value = invite;
  const shown = shownMoves(game, state.replay);
  const replaying = !!game && shown < game.moves.length;
  const board = replaying ? boardAfter(game.moves, shown) : game?.board;
  const winning = new Set((replaying ? [] : game?.winningLine ?? []).map(([r, c]) => `${r},${c}`));
  $("board").classList.toggle("over", !!game && game.status !== "playing");
  for (const cell of cells()) {
    const [row, col] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    const mark = game ? board[row][col] : "";
    cell.textContent = mark;
    cell.className = `cell ${mark.toLowerCase()} ${winning.has(`${row},${col}`) ? "win" : ""}`;
    cell.setAttribute("aria-label", t("board.cell", { row: row + 1, col: col + 1, mark: mark || "empty" }));
  }
  renderCoach({ game, on: state.coach && !replaying, cells: cells(), t, label, playerFor, redraw: render });
  renderMoves(game, state.replay, t, label, playerFor);
  renderSeries(game, page);
  renderSeat(game, state);
}

// ---- actions -----------------------------------------------------------------------------------
async function tap(row, col) {
  // A tap right after Start is meant for the new game, even when the server is slow to make it.
  if (state.starting) await state.starting;
  const game = state.game;
  if (!game) return tell("say.startFirst");
  if (game.status !== "playing") return tell("say.over");
  if (game.mode === "online" && !state.marker) return tell("seat.watching", {}, true);
  if (game.waitingForOpponent) return tell("say.waitingOpponent", {}, true);
  if (game.mode === "online" && game.turn !== state.marker) return tell("say.waitingFor", { player: labelLater(playerFor(game.turn)) }, true);
  if (game.board[row][col] !== "") return tell("say.illegal", { row, col });
  try {
    const moved = await api(`/api/tictactoe/games/${game.id}/moves`, { method: "POST", body: { row, col }, token: state.token });
    if (state.game?.id !== moved.id) return; // Back or a new game came first: that one stays
    show(moved);
    sayAsIs("");
  } catch (error) {
    sayAsIs(error.message);
  }
}

async function start() {
  if (!canStart()) return tell("names.enter");
  if (inProgress()) {
    const sure = await ask({
      title: t("askNew.title"), text: t("askNew.text"), yes: t("askNew.yes"), no: t("askNew.no"),
    });
    if (!sure) return backToGame();
  }
  const chosen = mode();
  const players = chosen === "online" ? [$("name-x").value] : [$("name-x").value, $("name-o").value];
  const body = { mode: chosen, players, ...(chosen === "ai" ? { difficulty: $("difficulty").value, marker: $("play-as").value } : {}) };
  const starting = createGame(chosen, body);
  state.starting = starting;
  await starting;
  if (state.starting === starting) state.starting = null;
}

/** Asks the server for the game chosen on the setup card and shows it (or says why not). */
async function createGame(chosen, body) {
  try {
    const game = await api("/api/tictactoe/games", { method: "POST", body });
    closeEvents();
    loads++; // a game still loading from Back must not replace this one
    Object.assign(state, { token: game.token ?? null, marker: game.marker ?? null, game: null, setupOpen: false });
    rememberSeat(game.id, state.token, state.marker);
    showInAddress(game.id);
    show(game);
    sayAsIs("");
    if (chosen === "online") watch(game.id);
    focusBoard();
  } catch (error) {
    sayAsIs(error.message);
  }
}

function show(game) {
  // Answers and events can cross on the wire: never go back to an older version of the game.
  if (state.game && state.game.id === game.id && game.version < state.game.version) return;
  if (state.game?.id !== game.id || state.game.version !== game.version) state.replay = null;
  state.game = game;
  render();
}

function watch(id) {
  closeEvents();
  // A watch: the browser reconnects after a drop; a refusal (say, too many watchers) is shown.
  state.events = openEventStream(`/api/tictactoe/games/${encodeURIComponent(id)}/events`, {
    reconnect: true,
    onMessage(game) {
      const joined = state.game?.waitingForOpponent && !game.waitingForOpponent;
      const rematchNews = !!game.rematch && !state.game?.rematch && !asked.has(game.id);
      show(game);
      if (joined) tell("say.joined", { player: labelLater(playerFor("O")) }, true);
      if (rematchNews) tell("series.ready", {}, true);
    },
    onEnd(error) {
      state.events = null;
      tell("say.liveStopped", { reason: error.message });
    },
  });
}

function closeEvents() {
  state.events?.close();
  state.events = null;
}

// "New game" opens the setup over the game; nothing is lost until Start is pressed.
function openSetup() {
  state.setupOpen = true;
  render();
  $("name-x").focus();
}

function backToGame() {
  state.setupOpen = false;
  render();
  focusBoard();
}

/** The setup card says what this game is, so "New game" starts from the same choices. */
function fillSetup(game) {
  const radio = document.querySelector(`input[name=mode][value="${game.mode}"]`);
  if (radio) radio.checked = true;
  const me = game.mode === "online" ? playerFor(state.marker ?? "X") : game.players[0];
  $("name-x").value = me?.name ?? "";
  if (game.mode !== "online") $("name-o").value = playerFor("O")?.name ?? "";
  if (game.difficulty) $("difficulty").value = game.difficulty;
  if (game.computer) $("play-as").value = game.computer === "X" ? "O" : "X";
}

// ---- series: rematch and undo (series.js) ------------------------------------------------------
const asked = new Set(); // games this page asked a rematch of (its own Rematch is not news to it)

/** Goes to the next game of a series, keeping this page's seat (online, the same token and mark). */
function follow(next) {
  closeEvents();
  loads++;
  Object.assign(state, { game: null, setupOpen: false, joining: false });
  rememberSeat(next.id, state.token, state.marker);
  showInAddress(next.id);
  show(next);
  if (next.mode === "online") watch(next.id);
  focusBoard();
}

const page = {
  state, t, label, playerFor, show, tell, sayAsIs, follow, asked,
  askedRematch: (game) => asked.has(game.id),
};

// A new game is a new page in the history when it replaces another one, so Back brings that back.
function showInAddress(id) {
  const url = `?game=${encodeURIComponent(id)}`;
  if (new URLSearchParams(location.search).get("game")) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

let loads = 0; // only the last game asked for is shown (Back, Back, Forward in a hurry)

async function resume(id) {
  const ticket = ++loads;
  try {
    const { game, seat, claimed, refused } = await openSeat(id);
    if (ticket !== loads) return;
    closeEvents();
    Object.assign(state, { token: null, marker: null, game: null, setupOpen: false, joining: false }, seat ?? {});
    sayAsIs("");
    show(game);
    fillSetup(game);
    render();
    if (game.mode === "online") watch(game.id);
    if (claimed) tell("seat.taken", { marker: state.marker }, true);
    if (refused) tell("seat.refused", { reason: refused });
  } catch (error) {
    if (ticket !== loads) return;
    Object.assign(state, { game: null, setupOpen: false, joining: false });
    render();
    if (error.status === 404) tell("say.gone");
    else tell("say.cannotOpen", { reason: error.message });
  }
}

/** What the address says: a game to show, an invite to answer, or the setup for a new game. */
function openFromAddress() {
  const params = new URLSearchParams(location.search);
  if (params.get("join")) return prepareJoin(params.get("join"));
  if (params.get("game")) return resume(params.get("game"));
  loads++;
  closeEvents();
  Object.assign(state, { game: null, token: null, marker: null, setupOpen: false, joining: false });
  render();
  sayAsIs("");
}

async function prepareJoin(id) {
  const ticket = ++loads;
  closeEvents();
  Object.assign(state, { game: null, token: null, marker: null, joining: true, setupOpen: false });
  render();
  try {
    const game = await api(`/api/tictactoe/games/${encodeURIComponent(id)}`);
    if (ticket !== loads) return;
    if (!game.waitingForOpponent) {
      state.joining = false;
      render();
      return tell("say.full");
    }
    $("join-host").textContent = game.players[0].name;
    showJoinHeading();
    show(game);
    $("join-name").focus();
  } catch (error) {
    if (ticket !== loads) return;
    state.joining = false;
    render();
    tell("say.badInvite", { reason: error.message });
  }
}

async function join() {
  const id = new URLSearchParams(location.search).get("join");
  try {
    const game = await api(`/api/tictactoe/games/${encodeURIComponent(id)}/join`, { method: "POST", body: { name: $("join-name").value } });
    state.token = game.token;
    state.marker = game.marker;
    state.joining = false;
    show(game);
    fillSetup(game);
    rememberSeat(game.id, state.token, state.marker);
    history.replaceState(null, "", `?game=${encodeURIComponent(game.id)}`);
    watch(game.id);
    tell("say.youPlayO", { player: labelLater(playerFor("X")) }, true);
  } catch (error) {
    sayAsIs(error.message);
  }
}

// ---- words ---------------------------------------------------------------------------------------
// The name filled in for the computer, while it is still what the page wrote (it follows the language).
let computerName = null;

/** "Join Ann's game": the message with the host's name (its own element) where the message puts it. */
function showJoinHeading() {
  const host = $("join-host");
  const [before, after] = t("join.heading", { host: "\u0000" }).split("\u0000");
  $("join-heading").replaceChildren(before ?? "", host, after ?? "");
}

function changeLanguage() {
  if (computerName !== null && $("name-o").value === computerName) {
    $("name-o").value = t("setup.computer");
    computerName = $("name-o").value;
  }
  showJoinHeading();
  render();
  if (said) say(t(said.key, argsNow(said.args)), said.info);
}

// ---- wiring ------------------------------------------------------------------------------------
setConnectionWordsFrom(words.t);
// Opened while the server was away, the page has no catalogue: its English stays, and once the
// server is back (the banner says so) the page starts again with its words.
if (words.loadedCatalogues().length) translatePage();
else window.addEventListener("tessera:reconnected", () => setTimeout(() => location.reload(), 2600), { once: true });
showJoinHeading();
mountLanguagePicker(document.querySelector("header.bar"));
words.onLanguageChange(changeLanguage);
buildBoard(tap);
for (const input of [$("name-x"), $("name-o")]) {
  input.addEventListener("input", render);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // or the same key press would also answer the question start() may ask
    start();
  });
}
/** Playing the computer, its name is filled in (a name the player may change). */
function modeChanged() {
  if (mode() === "ai" && !filled($("name-o"))) {
    $("name-o").value = t("setup.computer");
    computerName = $("name-o").value;
  }
  render();
}
for (const radio of document.querySelectorAll("input[name=mode]")) radio.addEventListener("change", modeChanged);
$("start").addEventListener("click", start);
$("new-game").addEventListener("click", openSetup);
$("back-to-game").addEventListener("click", backToGame);
$("join").addEventListener("click", join);
$("rematch").addEventListener("click", () => rematch(page));
$("undo").addEventListener("click", () => undo(page));
wireReplay(state, render);
$("coach").addEventListener("click", () => {
  state.coach = !state.coach;
  render();
});
$("join-name").addEventListener("input", () => { $("join").disabled = !filled($("join-name")); });
$("join-name").addEventListener("keydown", (event) => { if (event.key === "Enter" && filled($("join-name"))) join(); });
wireCopy($("copy-invite"), $("invite-link"), tell, "invite.copied");
wireCopy($("copy-seat"), $("seat-link"), tell, "seat.copied");
window.addEventListener("popstate", openFromAddress);
// A seat link pasted into this tab's address bar changes only the fragment: no reload, so take it now.
window.addEventListener("hashchange", () => { if (seatInAddress()) openFromAddress(); });
// A choice made before this script ran (a slow connection) counts as if made now.
modeChanged();
openFromAddress();
document.body.dataset.ready = "true";
