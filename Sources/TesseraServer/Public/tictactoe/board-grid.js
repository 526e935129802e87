// The board as an ARIA grid: three rows of three cells, so a screen reader can say where a cell
// is and the arrow keys walk it. Each cell is a button that plays there (`play(row, col)`).
import { $, el } from "/shared/api.js";

export function buildBoard(play) {
  for (let row = 0; row < 3; row++) {
    const line = el("div", { class: "board-row", role: "row" });
    for (let col = 0; col < 3; col++) {
      line.append(el("button", {
        class: "cell", role: "gridcell", "data-row": row, "data-col": col, "data-testid": `cell-${row}-${col}`,
        onclick: () => play(row, col),
        onkeydown: (event) => moveFocus(event, row, col),
      }));
    }
    $("board").append(line);
  }
}

export const cells = () => $("board").querySelectorAll(".cell");

/** Focuses the first free cell (the first cell once the board is full), where a move is played. */
export function focusBoard() {
  const all = [...cells()];
  (all.find((cell) => cell.textContent === "") ?? all[0]).focus({ preventScroll: true });
}

// Arrow keys walk the grid; Enter and Space press the focused cell like a click. On a right-to-left
// page the grid is mirrored (column 1 on the right), so Left and Right go the way they point.
function moveFocus(event, row, col) {
  const ahead = getComputedStyle($("board")).direction === "rtl" ? -1 : 1;
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -ahead], ArrowRight: [0, ahead] }[event.key];
  if (!step) return;
  event.preventDefault();
  const [r, c] = [(row + step[0] + 3) % 3, (col + step[1] + 3) % 3];
  $("board").querySelector(`[data-row="${r}"][data-col="${c}"]`).focus();
}
