// The read-only "Python view": the current blocks as the Python they mean, from the server
// (POST /api/router/programs/python answers {python, blocks}; 422 with a message when the program
// has a mistake, such as an empty loop). It refreshes, a moment after each change, only while shown.
// It is coloured like the Python editor (python-syntax.js), so the two read alike. Its status line
// is in the page's language, and so are the server's words about a mistake (asked with ?lang=).
import { api, el } from "/shared/api.js";
import { inPageLanguage, onLanguageChange, t } from "../shared/i18n.js";
import { highlighted } from "./python-syntax.js";

export class PythonView {
  constructor({ code, status }, program) {
    this.code = code;
    this.status = status;
    this.program = program; // () => {blocks, procedures}
    this.visible = false;
    this.timer = null;
    this.asked = 0;
    this.said = () => "";
    onLanguageChange(() => { this.status.textContent = this.said(); });
  }

  /** Shows `words()` in the status line, again after a change of language. */
  tell(words, problem = false) {
    this.said = words;
    this.status.textContent = words();
    this.status.classList.toggle("problem", problem);
  }

  show(visible) {
    this.visible = visible;
    if (visible) this.refresh(0);
  }

  /** Asks the server again after `delay` ms (changes come in bursts while dragging and typing). */
  refresh(delay = 250) {
    if (!this.visible) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.load(), delay);
  }

  async load() {
    const asked = ++this.asked;
    const { blocks, procedures } = this.program();
    this.tell(() => t("player.python.translating"), this.status.classList.contains("problem"));
    try {
      const answer = await api(inPageLanguage("/api/router/programs/python"), { method: "POST", body: { program: { blocks, procedures } } });
      if (asked !== this.asked) return;
      this.render(answer.python);
      this.tell(() => t("player.python.view", { count: answer.blocks }));
    } catch (error) {
      if (asked !== this.asked) return;
      this.tell(() => t(error.status === 422 ? "player.python.notYet" : "player.python.unavailable", { error: error.message }), true);
      if (error.status !== 422) this.render("");
    }
  }

  render(text) {
    const lines = text.replace(/\n$/, "").split("\n");
    this.code.replaceChildren(...lines.map((line) => el("span", { class: "py-line" }, highlighted(line || " "))));
  }
}

