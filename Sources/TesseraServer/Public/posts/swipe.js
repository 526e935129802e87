// Swipe toward the start of the line to delete (left; right on a right-to-left page), for touch and pen (pointer events; a mouse keeps its hover button):
// - a row follows the finger once the move is clearly sideways (rows have `touch-action: pan-y`, so
//   an upward or downward move stays a scroll and the browser cancels the pointer);
// - let go past half the row's width and the delete is committed;
// - let go past a third of the red action and the row stays open, showing a Delete button to tap;
// - anything less, a tap elsewhere or another row's swipe closes it again.
// While searching there is no swiping: `canDelete()` is false and `onBlocked()` says why.

const START = 10; // px of sideways travel before a touch counts as a swipe (CSS px, not text size)

export function enableSwipe(list, { canDelete, onDelete, onBlocked }) {
  let drag = null;
  let pressed = null; // a touch on an open row's Delete button
  let openRow = null;
  let swallowClickUntil = 0;

  const faceOf = (row) => row.querySelector(".row-face");
  const actionWidth = (row) => row.querySelector(".swipe-delete").getBoundingClientRect().width || 88;

  // Offsets are along the line: negative is toward its start, which is left, or right in Arabic.
  const sign = (row) => (getComputedStyle(row).direction === "rtl" ? -1 : 1);

  function place(row, offset, animate) {
    const face = faceOf(row);
    face.classList.toggle("settling", animate);
    face.style.transform = offset ? `translateX(${sign(row) * offset}px)` : "";
    row.classList.toggle("swiped", offset !== 0);
  }

  function close(row) {
    if (!row) return;
    place(row, 0, true);
    row.classList.remove("armed");
    if (openRow === row) openRow = null;
  }

  list.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" || !event.isPrimary) return;
    const row = event.target.closest(".post-row");
    if (openRow && openRow !== row) close(openRow);
    if (!row || row.classList.contains("removing")) return;
    const action = event.target.closest(".swipe-delete");
    if (action) { // the revealed Delete button: it acts on release, not waiting for a click
      pressed = { id: event.pointerId, action };
      return;
    }
    drag = {
      row, id: event.pointerId, x: event.clientX, y: event.clientY, moving: false,
      base: row === openRow ? -actionWidth(row) : 0, offset: 0, width: row.getBoundingClientRect().width, sign: sign(row),
    };
  });

  list.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.abs(dy) > START && Math.abs(dy) > Math.abs(dx)) { drag = null; return; }
      if (Math.abs(dx) < START) return;
      if (!canDelete()) {
        onBlocked();
        drag = null;
        return;
      }
      drag.moving = true;
      drag.x = event.clientX; // follow from here, so the row does not jump by the threshold
      faceOf(drag.row).setPointerCapture?.(event.pointerId);
      drag.row.classList.add("swiping");
      return;
    }
    event.preventDefault();
    drag.offset = Math.max(-drag.width, Math.min(0, drag.base + drag.sign * (event.clientX - drag.x)));
    place(drag.row, drag.offset, false);
    drag.row.classList.toggle("armed", drag.offset < -drag.width / 2);
  });

  const finish = (event, cancelled) => {
    if (pressed && event.pointerId === pressed.id) {
      const { action } = pressed;
      pressed = null;
      const row = action.closest(".post-row");
      if (!cancelled && event.target.closest?.(".swipe-delete") === action && row?.isConnected) {
        if (openRow === row) openRow = null;
        onDelete(Number(row.dataset.id));
      }
      return;
    }
    if (!drag || event.pointerId !== drag.id) return;
    const { row, moving, offset, width } = drag;
    drag = null;
    if (!moving) return;
    row.classList.remove("swiping", "armed");
    swallowClickUntil = performance.now() + 400;
    if (!cancelled && offset < -width / 2) {
      place(row, -width, true);
      openRow = null;
      onDelete(Number(row.dataset.id));
    } else if (!cancelled && offset < -actionWidth(row) / 3) {
      place(row, -actionWidth(row), true);
      openRow = row;
    } else {
      close(row);
    }
  };
  list.addEventListener("pointerup", (event) => finish(event, false));
  list.addEventListener("pointercancel", (event) => finish(event, true));

  // The click that follows a swipe is not a tap on the link; a tap on an open row closes it.
  list.addEventListener("click", (event) => {
    if (event.target.closest(".swipe-delete")) return; // the revealed Delete button
    const row = event.target.closest(".post-row");
    const afterSwipe = performance.now() < swallowClickUntil;
    if (afterSwipe || (row && row === openRow)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!afterSwipe) close(row);
    }
  }, true);
  document.addEventListener("pointerdown", (event) => {
    if (openRow && !openRow.contains(event.target)) close(openRow);
  });

  return {
    /** Closes any open row (after a search starts, or the list redraws). */
    reset() {
      if (openRow?.isConnected) close(openRow);
      openRow = null;
      drag = null;
      pressed = null;
    },
  };
}
