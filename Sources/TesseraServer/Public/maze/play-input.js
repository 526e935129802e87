// How a person walks the maze: arrow keys or WASD on a keyboard, a swipe on a touch screen (one
// swipe, one step, in the direction the finger travelled most). `onStep(side)` gets "north", "east",
// "south" or "west"; keys are only taken while `active()` says the game is on, and never from a
// field being typed in.
const KEYS = {
  ArrowUp: "north", ArrowRight: "east", ArrowDown: "south", ArrowLeft: "west",
  w: "north", d: "east", s: "south", a: "west", W: "north", D: "east", S: "south", A: "west",
};
const SWIPE = 24; // px a finger must travel to count as a step rather than a tap

export function listenForSteps(surface, { active, onStep }) {
  document.addEventListener("keydown", (event) => {
    const side = KEYS[event.key];
    if (!side || !active() || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, select, textarea")) return;
    event.preventDefault(); // the arrows would scroll the page
    onStep(side);
  });

  let from = null;
  surface.addEventListener("touchstart", (event) => {
    const touch = event.changedTouches[0];
    from = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  }, { passive: true });
  surface.addEventListener("touchmove", (event) => {
    if (from && active()) event.preventDefault(); // the finger walks; the page must not scroll under it
  }, { passive: false });
  surface.addEventListener("touchend", (event) => {
    const touch = event.changedTouches[0];
    if (!from || !touch || !active()) { from = null; return; }
    const dx = touch.clientX - from.x;
    const dy = touch.clientY - from.y;
    from = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE) return;
    onStep(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "east" : "west") : (dy > 0 ? "south" : "north"));
  });
  surface.addEventListener("touchcancel", () => { from = null; });
}
