// The Python tab: a plain textarea over a backdrop of line boxes, with a gutter of line numbers.
// The backdrop marks the line the server reported an error on ("Line N: …") and, during a run,
// the line that is running (events name their block "line:N"). Tab inserts four spaces
// (Escape then Tab leaves the editor, so the keyboard is never trapped). Enter keeps the line's
// indent, and indents four spaces more after a line ending with ":" (a loop, an if, a def), as
// Python needs.
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
    if (this.textarea.readOnly || event.isComposing) return;
    if (event.key === "Enter" && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      this.escaped = false;
      const { selectionStart: start, value } = this.textarea;
      const line = value.slice(value.lastIndexOf("\n", start - 1) + 1, start);
      const indent = /^[ \t]*/.exec(line)[0];
      const opens = /:\s*(#.*)?$/.test(line) && !line.trim().startsWith("#");
      this.insert("\n" + indent + (opens ? "    " : ""));
      return;
    }
    if (event.key !== "Tab" || this.escaped || event.shiftKey) { this.escaped = false; return; }
    event.preventDefault();
    this.insert("    ");
  }

  /** Types `text` at the cursor. execCommand keeps the browser's own undo (Ctrl+Z) working; where
   *  it is missing, the text is spliced in and an input event sent. */
  insert(text) {
    const area = this.textarea;
    if (document.execCommand?.("insertText", false, text)) return;
    const { selectionStart: start, selectionEnd: end, value } = area;
    area.value = value.slice(0, start) + text + value.slice(end);
    area.selectionStart = area.selectionEnd = start + text.length;
    area.dispatchEvent(new Event("input"));
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
