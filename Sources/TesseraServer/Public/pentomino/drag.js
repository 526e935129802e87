// Pointer play (mouse, pen and touch through Pointer Events): press a tile's filled cell and move to
// lift it; it follows the pointer keeping the grab offset, the pressed square under the pointer, a
// finger's too. So the tile is drawn where it will drop and the drop zone follows the finger: on a
// phone the zone's outline is drawn over the carried tile (pentomino.css), so the finger covering
// a square never hides where the tile will land. Let go to drop with intent. A press without movement is a tap:
// it turns the tile; a second tap soon after on the same tile turns it back and flips it instead
// (so a double-tap flips). Right-click turns the held tile or the one under the pointer.
import { mirrored } from "./geometry.js";

const THRESHOLD = { mouse: 4, pen: 6, touch: 8 };
const DOUBLE_TAP_MS = 400;

export function installDrag(game) {
  const stage = game.stage;
  let press = null; // the pointer currently pressing a tile
  let lastTap = null;

  stage.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || press || !event.isPrimary) return;
    // The first tap of a double-tap turns the tile, so the second may land where the tile no
    // longer is: a quick second press near the first counts for the same tile.
    const again = lastTap && performance.now() - lastTap.time < DOUBLE_TAP_MS
      && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30;
    const block = event.target.closest?.(".block");
    if (!block && !again) return;
    const letter = again ? lastTap.letter : block.closest(".tile").dataset.letter;
    const tile = game.view.tile(letter);
    event.preventDefault(); // no text selection or native drag
    if (!block || block.closest(".tile") !== tile) {
      if (game.canPlay()) press = { letter, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, tapOnly: true };
      return;
    }
    const held = game.state.floating;
    if (held) game.cancel(); // a tile picked up with the keyboard goes back first
    // Pressing a tile makes it the selected one; keyboard focus elsewhere on a tile would compete.
    if (document.activeElement?.closest?.(".tile") && document.activeElement !== tile) document.activeElement.blur();
    if (!game.canPlay()) return;
    game.select(letter);
    // Where the tile was grabbed, in board-size pixels from its 5×5 grid's top-left corner, found
    // from the pressed cell as drawn (a tile at home is drawn smaller).
    const rect = block.getBoundingClientRect();
    const scale = rect.width / game.state.layout.cell || 1;
    const originX = rect.left - Number(block.dataset.c) * rect.width;
    const originY = rect.top - Number(block.dataset.r) * rect.height;
    press = {
      letter, pointerId: event.pointerId, pointerType: event.pointerType || "mouse",
      startX: event.clientX, startY: event.clientY, dragging: false,
      grab: { x: (event.clientX - originX) / scale, y: (event.clientY - originY) / scale },
    };
  });

  window.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.dragging) {
      const moved = Math.hypot(event.clientX - press.startX, event.clientY - press.startY);
      if (moved < (THRESHOLD[press.pointerType] ?? 4)) return;
      if (press.tapOnly) {
        press = null;
        return;
      }
      press.dragging = true;
      if (!game.liftWithPointer(press.letter, press.grab, press.pointerType)) {
        press = null;
        return;
      }
    }
    event.preventDefault();
    follow(event);
  }, { passive: false });

  function follow(event) {
    const box = stage.getBoundingClientRect();
    game.moveFloating(event.clientX - box.left - press.grab.x, event.clientY - box.top - press.grab.y);
  }

  window.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const done = press;
    press = null;
    if (done.dragging) game.drop();
    else tap(done.letter, done.startX, done.startY);
  });

  window.addEventListener("pointercancel", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const done = press;
    press = null;
    if (done.dragging) game.cancel();
  });

  // Turning with the right button, held or at rest; the browser's menu never opens over the stage.
  document.addEventListener("contextmenu", (event) => {
    const floating = game.state.floating;
    const block = event.target.closest?.(".block");
    if (!floating && !stage.contains(event.target)) return;
    event.preventDefault();
    if (floating) {
      game.turn(floating.letter, "clockwise");
    } else if (block && game.canPlay()) {
      const letter = block.closest(".tile").dataset.letter;
      game.select(letter);
      game.turn(letter, "clockwise");
    }
  });

  function tap(letter, x, y) {
    const now = performance.now();
    if (lastTap && lastTap.letter === letter && now - lastTap.time < DOUBLE_TAP_MS && game.flipsAllowed()) {
      // The first tap turned the tile; the second undoes that and flips it from where it was.
      game.orientTo(letter, mirrored(lastTap.before), "flip");
      lastTap = null;
      return;
    }
    lastTap = { letter, time: now, x, y, before: game.orientationOf(letter) };
    game.turn(letter, "clockwise");
  }

  return { dragging: () => !!press?.dragging };
}
