// TicTacToe page. The server applies every rule; this module keeps the page's state, derives the
// labels from it (the same texts as the Swift GameViewModel) and renders. User text only ever
// reaches the page through textContent.
// Every game lives on the server, so the address (?game=id) is all a reload or Back needs: the
// board, the turn, the names, the mode and the level all come back from there.
import { $, api, el, say } from "/shared/api.js";
import { openEventStream } from "/shared/events.js";
import { ask } from "/shared/ask.js";

const state = {
  game: null, token: null, marker: null, events: null,
  setupOpen: false, // the setup card, opened over a game in progress with "New game"
  joining: false, // the join card is shown instead of the setup card
  starting: null, // Start's request while it is on its way: a tap meanwhile waits for its game
};
const LEVELS = { easy: "Easy", medium: "Medium", perfect: "Perfect" };

// ---- labels, derived from state -------------------------------------------------------------
const label = (player) => `${player.name} (${player.marker})`;
const playerFor = (marker) => state.game?.players.find((p) => p.marker === marker);

function namesText() {
  const game = state.game;
  // Once the names are in, say what to do next (as the Swift GameViewModel does).
  if (!game) return canStart() ? "Ready: press Start" : "Please enter names of players";
  const second = playerFor("O");
  return `${label(game.players[0])} vs ${second ? label(second) : "… (waiting for an opponent)"}`;
}

function turnText() {
  const game = state.game;
  if (!game) return "No active game";
  if (game.waitingForOpponent) return "Waiting for an opponent to join";
  if (!game.turn) return "Game over";
  const mover = playerFor(game.turn);
  const you = game.mode === "online" && game.turn === state.marker ? " — your move" : "";
  return `Current turn: ${label(mover)}${you}`;
}

function winnerText() {
  const game = state.game;
  if (!game || game.status === "playing") return "No winner yet";
  if (game.status === "draw") return "It's a draw";
  return `The winner is ${label(playerFor(game.winner))}`;
}

function summaryText() {
  const game = state.game;
  if (!game) return "";
  if (game.mode === "ai") return `Against the computer (${LEVELS[game.difficulty] ?? game.difficulty})`;
  if (game.mode === "online") return state.marker ? `Online: you play ${state.marker}` : "Online game";
  return "Two players here";
}

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
  const winning = new Set((game?.winningLine ?? []).map(([r, c]) => `${r},${c}`));
  $("board").classList.toggle("over", !!game && game.status !== "playing");
  for (const cell of cells()) {
    const [row, col] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    const mark = game ? game.board[row][col] : "";
    cell.textContent = mark;
    cell.className = `cell ${mark.toLowerCase()} ${winning.has(`${row},${col}`) ? "win" : ""}`;
    cell.setAttribute("aria-label", `Row ${row + 1}, column ${col + 1}: ${mark || "empty"}`);
  }
}

// The board is an ARIA grid: three rows of three cells, so a screen reader can say where a cell is
// and lets the arrow keys through to moveFocus. Each cell is a button that plays there.
function buildBoard() {
  for (let row = 0; row < 3; row++) {
    const line = el("div", { class: "board-row", role: "row" });
    for (let col = 0; col < 3; col++) {
      line.append(el("button", {
        class: "cell", role: "gridcell", "data-row": row, "data-col": col, "data-testid": `cell-${row}-${col}`,
        onclick: () => tap(row, col),
        onkeydown: (event) => moveFocus(event, row, col),
      }));
    }
    $("board").append(line);
  }
}

const cells = () => $("board").querySelectorAll(".cell");

// Arrow keys walk the grid; Enter and Space press the focused cell like a click.
function moveFocus(event, row, col) {
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
  if (!step) return;
  event.preventDefault();
  const [r, c] = [(row + step[0] + 3) % 3, (col + step[1] + 3) % 3];
  $("board").querySelector(`[data-row="${r}"][data-col="${c}"]`).focus();
}

// ---- actions -----------------------------------------------------------------------------------
async function tap(row, col) {
  // A tap right after Start is meant for the new game, even when the server is slow to make it.
  if (state.starting) await state.starting;
  const game = state.game;
  if (!game) return say("Enter both names and press Start first.");
  if (game.status !== "playing") return say("The game is over. Press New game to play again.");
  if (game.waitingForOpponent) return say("Waiting for an opponent to join.", true);
  if (game.mode === "online" && game.turn !== state.marker) return say(`Waiting for ${label(playerFor(game.turn))} to move.`, true);
  if (game.board[row][col] !== "") return say(`Illegal move, (${row}, ${col}) is not empty.`);
  try {
    const moved = await api(`/api/tictactoe/games/${game.id}/moves`, { method: "POST", body: { row, col }, token: state.token });
    if (state.game?.id !== moved.id) return; // Back or a new game came first: that one stays
    show(moved);
    say("");
  } catch (error) {
    say(error.message);
  }
}

async function start() {
  if (!canStart()) return say("Please enter names of players");
  if (inProgress()) {
    const sure = await ask({
      title: "Start a new game?",
      text: "This game is not finished yet. If you start a new one, it stops here.",
      yes: "Start a new game", no: "Keep playing",
    });
    if (!sure) return backToGame();
  }
  const chosen = mode();
  const players = chosen === "online" ? [$("name-x").value] : [$("name-x").value, $("name-o").value];
  const body = { mode: chosen, players, ...(chosen === "ai" ? { difficulty: $("difficulty").value } : {}) };
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
    if (chosen === "online") rememberSeat(game.id);
    showInAddress(game.id);
    show(game);
    say("");
    if (chosen === "online") watch(game.id);
    focusBoard();
  } catch (error) {
    say(error.message);
  }
}

function show(game) {
  // Answers and events can cross on the wire: never go back to an older version of the game.
  if (state.game && state.game.id === game.id && game.version < state.game.version) return;
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
      show(game);
      if (joined) say(`${label(playerFor("O"))} joined. Your move!`, true);
    },
    onEnd(error) {
      state.events = null;
      say(`Live updates stopped: ${error.message} Reload the page to try again.`);
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

function focusBoard() {
  const all = [...cells()];
  (all.find((cell) => cell.textContent === "") ?? all[0]).focus({ preventScroll: true });
}

/** The setup card says what this game is, so "New game" starts from the same choices. */
function fillSetup(game) {
  const radio = document.querySelector(`input[name=mode][value="${game.mode}"]`);
  if (radio) radio.checked = true;
  const me = game.mode === "online" ? playerFor(state.marker ?? "X") : game.players[0];
  $("name-x").value = me?.name ?? "";
  if (game.mode !== "online") $("name-o").value = playerFor("O")?.name ?? "";
  if (game.difficulty) $("difficulty").value = game.difficulty;
}

// Keeps an online seat across a reload of this tab.
function rememberSeat(id) {
  sessionStorage.setItem(`tictactoe:${id}`, JSON.stringify({ token: state.token, marker: state.marker }));
}

// A new game is a new page in the history when it replaces another one, so Back brings that back.
function showInAddress(id) {
  const url = `?game=${encodeURIComponent(id)}`;
  if (new URLSearchParams(location.search).get("game")) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

let loads = 0; // only the last game asked for is shown (Back, Back, Forward in a hurry)

async function resume(id) {
  const ticket = ++loads;
  let seat = null;
  try {
    seat = JSON.parse(sessionStorage.getItem(`tictactoe:${id}`) ?? "null");
  } catch { seat = null; }
  try {
    const game = await api(`/api/tictactoe/games/${encodeURIComponent(id)}`);
    if (ticket !== loads) return;
    closeEvents();
    Object.assign(state, { token: null, marker: null, game: null, setupOpen: false, joining: false }, seat ?? {});
    say("");
    show(game);
    fillSetup(game);
    render();
    if (game.mode === "online") watch(game.id);
  } catch (error) {
    if (ticket !== loads) return;
    Object.assign(state, { game: null, setupOpen: false, joining: false });
    render();
    say(error.status === 404
      ? "That game is no longer here. Start a new one below."
      : `That game could not be opened: ${error.message}`);
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
  say("");
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
      return say("This game already has two players. Start a new one below.");
    }
    $("join-host").textContent = game.players[0].name;
    show(game);
    $("join-name").focus();
  } catch (error) {
    if (ticket !== loads) return;
    state.joining = false;
    render();
    say(`That invite does not work: ${error.message}`);
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
    rememberSeat(game.id);
    history.replaceState(null, "", `?game=${encodeURIComponent(game.id)}`);
    watch(game.id);
    say(`You play O. ${label(playerFor("X"))} moves first.`, true);
  } catch (error) {
    say(error.message);
  }
}

// ---- wiring ------------------------------------------------------------------------------------
buildBoard();
for (const input of [$("name-x"), $("name-o")]) {
  input.addEventListener("input", render);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // or the same key press would also answer the question start() may ask
    start();
  });
}
for (const radio of document.querySelectorAll("input[name=mode]")) {
  radio.addEventListener("change", () => {
    if (mode() === "ai" && !filled($("name-o"))) $("name-o").value = "Computer";
    render();
  });
}
$("start").addEventListener("click", start);
$("new-game").addEventListener("click", openSetup);
$("back-to-game").addEventListener("click", backToGame);
$("join").addEventListener("click", join);
$("join-name").addEventListener("input", () => { $("join").disabled = !filled($("join-name")); });
$("join-name").addEventListener("keydown", (event) => { if (event.key === "Enter" && filled($("join-name"))) join(); });
$("copy-invite").addEventListener("click", async () => {
  $("invite-link").select();
  try {
    await navigator.clipboard.writeText($("invite-link").value);
    say("Invite link copied.", true);
  } catch {
    say("Press Ctrl+C to copy the selected link.", true);
  }
});
window.addEventListener("popstate", openFromAddress);
render();
openFromAddress();
