// TicTacToe page. The server applies every rule; this module keeps the page's state, derives the
// labels from it (the same texts as the Swift GameViewModel) and renders. User text only ever
// reaches the page through textContent.
import { $, api, el, showMessage } from "/shared/api.js";
import { openEventStream } from "/shared/events.js";

const state = { game: null, token: null, marker: null, events: null, message: "", info: false };
const params = new URLSearchParams(location.search);

// ---- labels, derived from state -------------------------------------------------------------
const label = (player) => `${player.name} (${player.marker})`;
const playerFor = (marker) => state.game?.players.find((p) => p.marker === marker);

function namesText() {
  const game = state.game;
  if (!game) return "Please enter names of players";
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
  showMessage($("message"), state.message, state.info);
  $("start").disabled = !canStart();
  $("name-o-field").hidden = mode() === "online";
  $("difficulty-field").hidden = mode() !== "ai";
  const winning = new Set((game?.winningLine ?? []).map(([r, c]) => `${r},${c}`));
  $("board").classList.toggle("over", !!game && game.status !== "playing");
  for (const cell of $("board").children) {
    const [row, col] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    const mark = game ? game.board[row][col] : "";
    cell.textContent = mark;
    cell.className = `cell ${mark.toLowerCase()} ${winning.has(`${row},${col}`) ? "win" : ""}`;
    cell.setAttribute("aria-label", `Row ${row + 1}, column ${col + 1}: ${mark || "empty"}`);
  }
}

function say(message, info = false) {
  state.message = message;
  state.info = info;
  render();
}

function buildBoard() {
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      const cell = el("button", {
        class: "cell", role: "gridcell", "data-row": row, "data-col": col, "data-testid": `cell-${row}-${col}`,
        onclick: () => tap(row, col),
        onkeydown: (event) => moveFocus(event, row, col),
      });
      $("board").append(cell);
    }
  }
}

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
  const game = state.game;
  if (!game) return say("Enter both names and press Start first.");
  if (game.status !== "playing") return say("The game is over. Press Start for a new game.");
  if (game.waitingForOpponent) return say("Waiting for an opponent to join.", true);
  if (game.mode === "online" && game.turn !== state.marker) return say(`Waiting for ${label(playerFor(game.turn))} to move.`, true);
  if (game.board[row][col] !== "") return say(`Illegal move, (${row}, ${col}) is not empty.`);
  try {
    show(await api(`/api/tictactoe/games/${game.id}/moves`, { method: "POST", body: { row, col }, token: state.token }));
    say("");
  } catch (error) {
    say(error.message);
  }
}

async function start() {
  if (!canStart()) return say("Please enter names of players");
  closeEvents();
  const chosen = mode();
  const players = chosen === "online" ? [$("name-x").value] : [$("name-x").value, $("name-o").value];
  const body = { mode: chosen, players, ...(chosen === "ai" ? { difficulty: $("difficulty").value } : {}) };
  try {
    const game = await api("/api/tictactoe/games", { method: "POST", body });
    state.token = game.token ?? null;
    state.marker = game.marker ?? null;
    show(game);
    say("");
    if (chosen === "online") {
      remember(game.id);
      $("invite-link").value = new URL(game.invite, location.origin).href;
      $("invite-panel").hidden = false;
      watch(game.id);
    } else {
      $("invite-panel").hidden = true;
    }
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

function newGame() {
  closeEvents();
  Object.assign(state, { game: null, token: null, marker: null, message: "" });
  $("invite-panel").hidden = true;
  $("setup-panel").hidden = false;
  $("join-panel").hidden = true;
  history.replaceState(null, "", location.pathname);
  render();
}

// Keeps an online seat across a reload of this tab.
function remember(id) {
  sessionStorage.setItem(`tictactoe:${id}`, JSON.stringify({ token: state.token, marker: state.marker }));
  history.replaceState(null, "", `?game=${encodeURIComponent(id)}`);
}

async function resume(id) {
  const seat = JSON.parse(sessionStorage.getItem(`tictactoe:${id}`) ?? "null");
  try {
    const game = await api(`/api/tictactoe/games/${encodeURIComponent(id)}`);
    Object.assign(state, seat ?? {});
    show(game);
    if (game.mode === "online") watch(game.id);
  } catch (error) {
    say(`That game could not be opened: ${error.message}`);
  }
}

async function prepareJoin(id) {
  $("setup-panel").hidden = true;
  try {
    const game = await api(`/api/tictactoe/games/${encodeURIComponent(id)}`);
    if (!game.waitingForOpponent) {
      $("setup-panel").hidden = false;
      return say("This game already has two players. Start a new one below.");
    }
    $("join-host").textContent = game.players[0].name;
    $("join-panel").hidden = false;
    show(game);
    $("join-name").focus();
  } catch (error) {
    $("setup-panel").hidden = false;
    say(`That invite does not work: ${error.message}`);
  }
}

async function join() {
  const id = params.get("join");
  try {
    const game = await api(`/api/tictactoe/games/${encodeURIComponent(id)}/join`, { method: "POST", body: { name: $("join-name").value } });
    state.token = game.token;
    state.marker = game.marker;
    show(game);
    $("join-panel").hidden = true;
    remember(game.id);
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
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") start(); });
}
for (const radio of document.querySelectorAll("input[name=mode]")) {
  radio.addEventListener("change", () => {
    if (mode() === "ai" && !filled($("name-o"))) $("name-o").value = "Computer";
    render();
  });
}
$("start").addEventListener("click", start);
$("new-game").addEventListener("click", newGame);
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
render();
if (params.get("join")) prepareJoin(params.get("join"));
else if (params.get("game")) resume(params.get("game"));
