// The Python tab: a plain textarea over a backdrop of line boxes, with a gutter of line numbers.
// The backdrop marks the line the server reported an error on ("Line N: …") and, during a run,
// the line that is running (events name their block "line:N"). Between them a <pre> shows the same
// text in colour (python-syntax.js); the textarea's own letters are transparent, so the caret,
// selection, undo, spell-free typing and screen readers all stay the browser's own textarea.
// Tab inserts four spaces (Escape then Tab leaves the editor, so the keyboard is never trapped).
// Enter keeps the line's indent, and indents four spaces more after a line ending with ":" (a
// loop, an if, a def), as Python needs. Under the code the console shows what the program printed
// (python-console.js); above it the Commands panel adds examples (python-commands.js).
import { el } from "/shared/api.js";
import { PythonCommands } from "./python-commands.js";
import { PythonConsole } from "./python-console.js";
import { highlighted } from "./python-syntax.js";

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
    this.caretChosen = false; // has the child put the cursor somewhere since the program was loaded?
    this.colours = el("pre", { class: "code-highlight", "aria-hidden": "true", "data-testid": "python-colours" });
    this.colouredText = el("code");
    this.colours.append(this.colouredText);
    textarea.before(this.colours);
    textarea.classList.add("coloured");
    textarea.addEventListener("input", () => { this.errorLine = null; this.caretChosen = true; this.render(); this.onChange(textarea.value); });
    textarea.addEventListener("scroll", () => this.syncScroll());
    textarea.addEventListener("keydown", (event) => this.onKey(event));
    for (const type of ["pointerup", "keyup", "select"]) textarea.addEventListener(type, () => { this.caretChosen = true; });
    // The layers line up with the textarea's scroll position, which a change of size can move.
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.syncScroll()).observe(textarea);
    const panel = textarea.closest(".python-panel");
    const consoleRoot = panel?.querySelector("#python-console");
    const commandsRoot = panel?.querySelector("#python-commands");
    this.console = consoleRoot ? new PythonConsole(consoleRoot) : null;
    this.commands = commandsRoot ? new PythonCommands(commandsRoot, this) : null;
  }

  get value() { return this.textarea.value; }

  set value(text) {
    this.textarea.value = text;
    this.errorLine = null;
    this.runningLine = null;
    this.caretChosen = false;
    this.console?.clear();
    this.render();
  }

  /** Locked while a run is under way: a new run starts with an empty console. */
  setLocked(locked) {
    this.textarea.readOnly = locked;
    if (locked) this.console?.clear();
  }

  /** What the run printed (the run answer's `output`; missing means nothing). */
  showOutput(output) { this.console?.show(output); }

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

  /** Adds `code` (an example from the Commands panel) as a line of its own: on the cursor's line
   *  when that is empty, else under it, indented to match (one step more under a line ending in
   *  ":"); with no cursor placed yet, at the end of the program. A line that opens a block (ends in
   *  ":") gets an indented line under it for the cursor. Returns the line number it went on, or
   *  null while the editor is locked (a run is under way). */
  addLine(code) {
    const area = this.textarea;
    if (area.readOnly) return null;
    const { value } = area;
    const caret = this.caretChosen ? area.selectionEnd : value.length;
    const lineStart = value.lastIndexOf("\n", caret - 1) + 1;
    const lineEndAt = value.indexOf("\n", caret);
    const lineEnd = lineEndAt < 0 ? value.length : lineEndAt;
    const line = value.slice(lineStart, lineEnd);
    const indent = /^[ \t]*/.exec(line)[0];
    const opens = /:\s*(#.*)?$/.test(line) && !line.trim().startsWith("#");
    let text, from = lineEnd, lineNumber = value.slice(0, lineStart).split("\n").length;
    if (line.trim() === "") {
      from = lineStart;
      text = indent + code;
    } else {
      text = "\n" + indent + (opens ? "    " : "") + code;
      lineNumber += 1;
    }
    const bodyIndent = (line.trim() === "" ? indent : indent + (opens ? "    " : "")) + "    ";
    if (/:\s*$/.test(code)) text += "\n" + bodyIndent;
    area.focus({ preventScroll: true });
    area.setSelectionRange(from, line.trim() === "" ? lineEnd : from);
    this.insert(text);
    this.caretChosen = true;
    return lineNumber;
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
    this.colouredText.replaceChildren(highlighted(this.textarea.value));
    if (this.runningLine) this.markRunning(this.runningLine);
    this.syncScroll();
  }

  syncScroll() {
    const { scrollTop, scrollLeft } = this.textarea;
    this.gutter.scrollTop = scrollTop;
    this.backdrop.scrollTop = scrollTop;
    // Moved rather than scrolled: a <pre> with no scroll bars could not scroll as far as the
    // textarea does once the textarea shows its own.
    this.colouredText.style.transform = `translate(${-scrollLeft}px, ${-scrollTop}px)`;
  }
}
