// The Python tab: a plain textarea over a backdrop of line boxes, with a gutter of line numbers.
// The backdrop marks the line the server reported an error on ("Line N: …") and, during a run,
// the line that is running (events name their block "line:N"). Tab inserts four spaces
// (Escape then Tab leaves the editor, so the keyboard is never trapped).
import { el } from "/shared/api.js";

export const PYTHON_START = "from van import Van\n\nmy_van = Van()\n\n";

export class PythonEditor {
  constructor({ textarea, gutter, backdrop }, onChange) {
    this.textarea = textarea;
    this.gutter = gutter;
    this.backdrop = backdrop;
    this.onChange = onChange;
    this.errorLine = null;
    this.runningLine = null;
    this.escaped = false;
    textarea.addEventListener("input", () => { this.errorLine = null; this.render(); this.onChange(textarea.value); });
    textarea.addEventListener("scroll", () => this.syncScroll());
    textarea.addEventListener("keydown", (event) => this.onKey(event));
  }

  get value() { return this.textarea.value; }

  set value(text) {
    this.textarea.value = text;
    this.errorLine = null;
    this.runningLine = null;
    this.render();
  }

  setLocked(locked) { this.textarea.readOnly = locked; }

  onKey(event) {
    if (event.key === "Escape") { this.escaped = true; return; }
    if (event.key !== "Tab" || this.escaped || event.shiftKey) { this.escaped = false; return; }
    event.preventDefault();
    const { selectionStart: start, selectionEnd: end, value } = this.textarea;
    this.textarea.value = value.slice(0, start) + "    " + value.slice(end);
    this.textarea.selectionStart = this.textarea.selectionEnd = start + 4;
    this.textarea.dispatchEvent(new Event("input"));
  }

  markError(line) { this.errorLine = line; this.render(); }

  markRunning(line) {
    this.runningLine = line;
    for (const node of this.backdrop.querySelectorAll(".running")) node.classList.remove("running");
    if (line) this.backdrop.children[line - 1]?.classList.add("running");
    for (const node of this.gutter.querySelectorAll(".running")) node.classList.remove("running");
    if (line) this.gutter.children[line - 1]?.classList.add("running");
  }

  render() {
    const count = Math.max(1, this.textarea.value.split("\n").length);
    const numbers = [], lines = [];
    for (let n = 1; n <= count; n += 1) {
      const mark = n === this.errorLine ? " error" : "";
      numbers.push(el("span", { class: `line-number${mark}`, "data-line": String(n), "data-testid": mark ? "error-line" : undefined, text: String(n) }));
      lines.push(el("div", { class: `line-box${mark}` }));
    }
    this.gutter.replaceChildren(...numbers);
    this.backdrop.replaceChildren(...lines);
    if (this.runningLine) this.markRunning(this.runningLine);
    this.syncScroll();
  }

  syncScroll() {
    this.gutter.scrollTop = this.textarea.scrollTop;
    this.backdrop.scrollTop = this.textarea.scrollTop;
  }
}
