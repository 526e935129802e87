// "Draw a board": a grid where tapping or dragging across squares adds or removes cells, a live
// count of cells (n / 60), and at 60 the solver's count of solutions (POST
// /api/pentomino/boards/count) before anyone plays it; "Play this board" then makes a puzzle on it
// through the board picker, as choosing any board does. A drawing is `.` for a cell and `#` for
// none, row by row (the server trims it). Its words are the catalogue's `pentomino.draw.*`.
import { api, el } from "/shared/api.js";
import { scoped } from "/shared/words.js";

const { t } = scoped("pentomino");

const SIZE = 12; // the grid drawn in: a 6 × 10 board fits either way round, with room around it
const NEEDED = 60;
const DRAW = "draw"; // the board picker's "Draw a board…" entry
const DRAWN = "drawn:"; // a drawn board's id starts so

/**
 * Adds "Draw a board…" (and "Your board", shown while a drawn board is played) to the board picker.
 * `play()` makes a puzzle of the board the picker shows (the page's own choice of board).
 * Returns { sync(boardId), label(boardId) } for the page: `sync` before the picker shows a puzzle's
 * board, `label` for the picker's names.
 */
export function installBoardEditor({ select, play }) {
  const yours = el("option", { value: DRAWN, hidden: true, "data-i18n": "pentomino.draw.yours", text: t("draw.yours") });
  const drawOption = el("option", { value: DRAW, "data-i18n": "pentomino.draw.option", text: t("draw.option") });
  select.append(yours, drawOption);
  let current = ""; // the board the picker showed before "Draw a board…" was chosen
  let editor = null;
  // Chosen in the picker, "Draw a board…" opens the editor instead of making a puzzle: this listener
  // runs before the page's own (capture listeners at the target come first) and keeps it away.
  select.addEventListener("change", (event) => {
    if (select.value !== DRAW) return;
    event.stopImmediatePropagation();
    open();
  }, { capture: true });

  return {
    sync,
    /** The picker's name for `id` when it is one of the editor's entries, else null. */
    label: (id) => (id === DRAW ? t("draw.option") : String(id).startsWith(DRAWN) ? t("draw.yours") : null),
  };

  function open() {
    select.value = current;
    editor ??= createEditor((board) => {
      sync(board);
      select.value = board;
      play();
    });
    editor.open();
  }

  /** The picker can show `board`: a drawn board gets the "Your board" entry. */
  function sync(board) {
    current = board;
    if (!String(board).startsWith(DRAWN)) return;
    yours.value = board;
    yours.hidden = false;
    yours.textContent = t("draw.yours");
  }
}

function createEditor(onPlay) {
  addStyle();
  const cells = Array.from({ length: SIZE * SIZE }, () => false);
  let answer = null; // the server's count for the drawing as it is
  let asked = 0;

  const grid = el("div", {
    class: "draw-grid", role: "grid", "data-testid": "draw-grid", "aria-label": t("draw.gridLabel"),
  });
  const buttons = [];
  for (let r = 0; r < SIZE; r++) {
    const row = el("div", { role: "row", class: "draw-row" });
    for (let c = 0; c < SIZE; c++) {
      const cell = el("button", {
        type: "button", role: "gridcell", class: "draw-cell", tabindex: r === 0 && c === 0 ? 0 : -1,
        "data-testid": `draw-cell-${r}-${c}`, "data-row": r, "data-col": c, "aria-pressed": "false",
      });
      buttons.push(cell);
      row.append(cell);
    }
    grid.append(row);
  }
  const heading = el("h2", { id: "draw-title", text: t("draw.title") });
  const help = el("p", { class: "draw-help muted", text: t("draw.help") });
  const counter = el("output", { class: "draw-counter", "data-testid": "draw-cells" });
  const result = el("output", { class: "draw-result", "data-testid": "draw-result", "aria-live": "polite" });
  const count = el("button", { type: "button", "data-testid": "draw-count", text: t("draw.count") });
  const playButton = el("button", { type: "button", class: "primary", "data-testid": "draw-play", text: t("draw.play") });
  const clear = el("button", { type: "button", "data-testid": "draw-clear", text: t("draw.clear") });
  const close = el("button", { type: "button", "data-testid": "draw-close", text: t("draw.close") });
  const dialog = el("dialog", { class: "draw", "data-testid": "draw", "aria-labelledby": "draw-title" },
    heading, help, grid, el("div", { class: "draw-status" }, counter, result),
    el("div", { class: "draw-buttons" }, clear, close, count, playButton));
  document.body.append(dialog);

  const filled = () => cells.filter(Boolean).length;
  const rows = () => Array.from({ length: SIZE }, (_, r) => cells.slice(r * SIZE, (r + 1) * SIZE).map((on) => (on ? "." : "#")).join(""));

  function show() {
    const n = filled();
    buttons.forEach((button, i) => {
      button.classList.toggle("on", cells[i]);
      button.setAttribute("aria-pressed", String(cells[i]));
      button.setAttribute("aria-label", t("draw.cell", { row: Math.floor(i / SIZE) + 1, col: (i % SIZE) + 1, on: cells[i] ? "yes" : "no" }));
    });
    counter.textContent = t("draw.cells", { count: n, needed: NEEDED });
    counter.dataset.count = String(n);
    counter.classList.toggle("enough", n === NEEDED);
    count.disabled = n !== NEEDED;
    playButton.disabled = !answer;
    result.textContent = answer ? t("draw.result", answer.words) : "";
    result.dataset.solutions = answer ? String(answer.solutions) : "";
    result.dataset.distinct = answer ? String(answer.distinct) : "";
  }

  function set(index, on) {
    if (cells[index] === on) return;
    cells[index] = on;
    answer = null; // a new drawing: its count is asked for again
    asked++;
    show();
  }

  // Tap or drag: the first square pressed decides whether this stroke adds cells or takes them away.
  // A finger's pointer stays with the square it pressed, so the square under it is looked up.
  let stroke = null;
  const indexAt = (x, y) => {
    const cell = document.elementFromPoint(x, y)?.closest?.(".draw-cell");
    return cell && grid.contains(cell) ? Number(cell.dataset.row) * SIZE + Number(cell.dataset.col) : null;
  };
  grid.addEventListener("pointerdown", (event) => {
    const index = indexAt(event.clientX, event.clientY);
    if (index === null || (event.button ?? 0) !== 0) return;
    event.preventDefault();
    stroke = { id: event.pointerId, on: !cells[index], x: event.clientX, y: event.clientY };
    set(index, stroke.on);
  });
  grid.addEventListener("pointermove", (event) => {
    if (!stroke || event.pointerId !== stroke.id) return;
    // A quick stroke moves several squares between two events: every square on the way counts.
    const { x, y } = stroke;
    const step = Math.max(2, buttons[0].getBoundingClientRect().width / 3);
    const steps = Math.max(1, Math.ceil(Math.hypot(event.clientX - x, event.clientY - y) / step));
    for (let i = 1; i <= steps; i++) {
      const index = indexAt(x + ((event.clientX - x) * i) / steps, y + ((event.clientY - y) * i) / steps);
      if (index !== null) set(index, stroke.on);
    }
    [stroke.x, stroke.y] = [event.clientX, event.clientY];
  });
  const end = (event) => { if (stroke?.id === event.pointerId) stroke = null; };
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);
  // Keyboard: arrows move between squares, Enter or Space toggles one (a click without a pointer).
  grid.addEventListener("click", (event) => {
    const cell = event.target.closest?.(".draw-cell");
    if (!cell || event.detail !== 0) return;
    const index = Number(cell.dataset.row) * SIZE + Number(cell.dataset.col);
    set(index, !cells[index]);
  });
  grid.addEventListener("keydown", (event) => {
    const cell = event.target.closest?.(".draw-cell");
    const step = { ArrowUp: -SIZE, ArrowDown: SIZE, ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!cell || step === undefined) return;
    event.preventDefault();
    const from = Number(cell.dataset.row) * SIZE + Number(cell.dataset.col);
    const to = from + step;
    if (to < 0 || to >= SIZE * SIZE || (Math.abs(step) === 1 && Math.floor(to / SIZE) !== Math.floor(from / SIZE))) return;
    cell.tabIndex = -1;
    buttons[to].tabIndex = 0;
    buttons[to].focus();
  });

  count.addEventListener("click", async () => {
    const ask = ++asked;
    count.disabled = true;
    result.textContent = t("draw.counting");
    try {
      const counted = await api("/api/pentomino/boards/count", { method: "POST", body: { rows: rows() } });
      if (ask !== asked) return;
      answer = {
        ...counted,
        words: { complete: counted.complete ? "yes" : "no", solutions: counted.solutions, distinct: counted.distinct },
      };
    } catch (error) {
      if (ask !== asked) return;
      answer = null;
      show();
      result.textContent = error.message;
      return;
    }
    show();
  });
  playButton.addEventListener("click", () => {
    if (!answer) return;
    dialog.close();
    onPlay(answer.board);
  });
  clear.addEventListener("click", () => {
    cells.fill(false);
    answer = null;
    asked++;
    show();
  });
  close.addEventListener("click", () => dialog.close());

  return {
    open() {
      heading.textContent = t("draw.title");
      help.textContent = t("draw.help");
      grid.setAttribute("aria-label", t("draw.gridLabel"));
      count.textContent = t("draw.count");
      playButton.textContent = t("draw.play");
      clear.textContent = t("draw.clear");
      close.textContent = t("draw.close");
      show();
      dialog.showModal();
    },
  };
}

// The editor's look, in its own sheet next to the page's.
function addStyle() {
  if (document.querySelector("link[data-board-editor]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/pentomino/board-editor.css", "data-board-editor": "" }));
}
