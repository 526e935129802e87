// Keyboard play. Tab (or the arrow keys) chooses a tile; Enter or Space picks it up and shows it
// over the board with the drop zone where it would land; the arrows move it a square at a time,
// R turns it (Shift+R the other way), F flips it, Enter places it and Escape puts it back.
// R and F also work on a focused tile at rest, and on a tile being dragged with the pointer.
// Delete or Backspace sends a placed tile home.

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function installKeyboard(game) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.matches?.("select, input[type=text], textarea")) return;
    const floating = game.state.floating;
    const focusedTile = target.closest?.(".tile")?.dataset.letter ?? null;
    const key = event.key;

    if (key === "Escape" && floating) {
      event.preventDefault();
      game.cancel();
      game.tell("say.putBack", {}, true);
      return;
    }
    if (key === "r" || key === "R") {
      const letter = floating?.letter ?? game.state.selected ?? focusedTile;
      if (!letter) return;
      event.preventDefault();
      if (!floating && !game.canPlay()) return;
      game.select(letter);
      game.turn(letter, event.shiftKey ? "anticlockwise" : "clockwise");
      return;
    }
    if (key === "f" || key === "F") {
      const letter = floating?.letter ?? game.state.selected ?? focusedTile;
      if (!letter || !game.flipsAllowed()) return;
      event.preventDefault();
      if (!floating && !game.canPlay()) return;
      game.select(letter);
      game.turn(letter, "flip");
      return;
    }

    if (floating && floating.keyboard) {
      if (STEPS[key]) {
        event.preventDefault();
        game.moveHeld(...STEPS[key]);
      } else if (key === "Enter" || key === " ") {
        event.preventDefault();
        if (game.state.target) game.drop();
        else game.tell("say.noRoomHere", { tile: floating.letter });
      } else if (key === "Tab") {
        game.cancel();
      }
      return;
    }
    if (floating || !focusedTile) return;

    if (key === "Enter" || key === " ") {
      event.preventDefault();
      if (game.canPlay()) game.hold(focusedTile);
    } else if (STEPS[key]) {
      event.preventDefault();
      const letters = game.state.letters;
      const forward = key === "ArrowRight" || key === "ArrowDown";
      const index = letters.indexOf(focusedTile);
      const next = letters[(index + (forward ? 1 : letters.length - 1)) % letters.length];
      game.view.tile(next).focus();
      game.select(next);
    } else if (key === "Delete" || key === "Backspace") {
      event.preventDefault();
      if (game.canPlay()) game.sendHome(focusedTile);
    }
  });

  // Focusing a tile (Tab, click) makes it the one the Rotate and Flip buttons act on.
  game.stage.addEventListener("focusin", (event) => {
    const letter = event.target.closest?.(".tile")?.dataset.letter;
    if (letter && !game.state.floating) game.select(letter);
  });
}
