// The Commands panel of the Python tab: a button that opens a list of everything the van
// understands, grouped, each with a one-line example. Pressing an example adds it to the program
// (PythonEditor.addLine); the panel stays open so a child can add several, and a status line says
// where each one went. It is a disclosure, not a dialog: the code stays in reach beside it.
// Escape (or the × button) closes it and gives the keyboard back to the Commands button.
// Its fixed words are marked for i18n.js (translatePage swaps them when the language changes); the
// examples are Python and stay English.
import { el } from "/shared/api.js";
import { onLanguageChange, t, translated, translatedAttributes } from "../shared/i18n.js";
import { COMMAND_GROUPS } from "./python-commands-list.js";

const WORDS = "player.python.commands";

export class PythonCommands {
  /** `slot`: the empty container above the code; `editor`: the PythonEditor the examples go into. */
  constructor(slot, editor) {
    this.editor = editor;
    this.toggle = el("button", { type: "button", class: "commands-toggle", id: "commands-toggle", "data-testid": "commands-toggle",
      "aria-expanded": "false", "aria-controls": "commands-panel" },
      el("span", { class: "commands-icon", "aria-hidden": "true", text: "☰" }), " ", translated("span", `${WORDS}.toggle`));
    this.status = el("p", { class: "commands-status", role: "status", "data-testid": "commands-status" });
    this.panel = el("section", { class: "commands-panel", id: "commands-panel", "data-testid": "commands-panel",
      "aria-labelledby": "commands-title", hidden: true },
      el("div", { class: "commands-head" },
        translated("h3", `${WORDS}.title`, { id: "commands-title" }),
        el("button", { type: "button", class: "commands-close", "data-testid": "commands-close",
          ...translatedAttributes(`aria-label:${WORDS}.close; title:${WORDS}.closeTitle`), text: "×", onclick: () => this.close() })),
      translated("p", `${WORDS}.intro`, { class: "commands-intro" }),
      ...COMMAND_GROUPS.map((group, index) => this.group(group, index)),
      this.status);
    this.toggle.addEventListener("click", () => (this.isOpen ? this.close() : this.open()));
    for (const node of [this.toggle, this.panel]) {
      node.addEventListener("keydown", (event) => {
        if (event.key !== "Escape" || !this.isOpen) return;
        event.preventDefault();
        event.stopPropagation(); // the result card listens for Escape too; this one is ours
        this.close();
      });
    }
    slot.replaceChildren(el("div", { class: "commands-bar" }, this.toggle), this.panel);
    // Where the last example went is old news in the new language (the page says the language changed).
    onLanguageChange(() => { this.status.textContent = ""; });
  }

  get isOpen() { return !this.panel.hidden; }

  group({ id: group, commands }, index) {
    const id = `commands-group-${index}`;
    return el("div", { class: "commands-group" },
      translated("h4", `${WORDS}.groups.${group}`, { id }),
      el("ul", { class: "commands-list", "aria-labelledby": id }, ...commands.map((command) => this.item(command))));
  }

  item({ name, example }) {
    const about = `command-says-${name}`;
    return el("li", { class: "command", "data-testid": "command", "data-name": name },
      el("button", { type: "button", class: "command-example", "data-testid": `command-${name}`, "aria-describedby": about,
        onclick: () => this.add(example) },
        translated("span", `${WORDS}.add`, { class: "visually-hidden" }), el("span", { class: "visually-hidden", text: " " }),
        el("span", { class: "command-plus", "aria-hidden": "true", text: "+" }),
        el("code", { text: example })),
      translated("span", `${WORDS}.says.${name}`, { class: "command-says", id: about }));
  }

  open() {
    this.panel.hidden = false;
    this.toggle.setAttribute("aria-expanded", "true");
    this.status.textContent = "";
    // Focus stays on the button, as with any disclosure: the panel is next in the Tab order.
    this.panel.scrollIntoView({ block: "nearest" });
  }

  close() {
    const inside = this.panel.contains(document.activeElement);
    this.panel.hidden = true;
    this.toggle.setAttribute("aria-expanded", "false");
    if (inside || document.activeElement === document.body) this.toggle.focus({ preventScroll: true });
  }

  add(example) {
    const button = document.activeElement;
    const line = this.editor.addLine(example);
    // The keyboard stays on the example (the status says where the line went); a finger's tap
    // leaves no focus behind worth keeping, and the phone's keyboard stays down either way.
    if (button instanceof HTMLElement && this.panel.contains(button)) button.focus({ preventScroll: true });
    this.status.textContent = line ? t(`${WORDS}.added`, { example, line }) : t(`${WORDS}.driving`);
  }
}
