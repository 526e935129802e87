// The console under the Python editor: the lines the program printed (the run answer's `output`,
// at most 200, the server's last line saying when more were left out). It empties when a run
// starts and fills when the server answers, before the van sets off: the answer carries no timing
// for each line. The lines are a polite live region so a screen reader says what was printed; the
// friendly "nothing printed" note is not, so a run without print stays quiet. The title and the
// note are marked for i18n.js, so they follow a change of language by themselves; printed lines
// are the program's own and stay as printed.
import { el } from "/shared/api.js";
import { showTranslated, translated } from "../shared/i18n.js";

const IDLE = "player.python.console.idle";
const NOTHING = "player.python.console.nothing";

export class PythonConsole {
  /** `root`: the empty container under the code. */
  constructor(root) {
    this.lines = el("div", { class: "console-lines", id: "console-lines", "data-testid": "console-lines", role: "log",
      "aria-live": "polite", "aria-labelledby": "console-title" });
    this.note = translated("p", IDLE, { class: "console-note", "data-testid": "console-note" });
    root.replaceChildren(
      translated("h3", "player.python.console.title", { class: "console-title", id: "console-title" }),
      el("div", { class: "console-box" }, this.note, this.lines));
    this.clear();
  }

  /** Empty, waiting for the next run. */
  clear() {
    this.lines.replaceChildren();
    this.lines.removeAttribute("tabindex");
    showTranslated(this.note, IDLE);
    this.note.hidden = false;
  }

  /** The run's printed lines (`output` may be missing from an older server's answer: nothing printed). */
  show(output) {
    const lines = Array.isArray(output) ? output.map(String) : [];
    showTranslated(this.note, NOTHING);
    this.note.hidden = lines.length > 0;
    // Always rendered (a live region that appears together with its words is often not read);
    // focusable only with lines in it, so the keyboard can scroll them.
    if (lines.length) this.lines.setAttribute("tabindex", "0"); else this.lines.removeAttribute("tabindex");
    // An empty printed line keeps its height, as print() in a terminal would.
    this.lines.replaceChildren(...lines.map((line) => el("div", { class: "console-line", "data-testid": "console-line", text: line || " " })));
    this.lines.scrollTop = this.lines.scrollHeight; // the newest line in view, as in a terminal
  }
}
