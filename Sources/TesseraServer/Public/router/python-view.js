// The read-only "Python view": the current blocks as the Python they mean, from the server
// (POST /api/router/programs/python answers {python, blocks}; 422 with a message when the program
// has a mistake, such as an empty loop). It refreshes, a moment after each change, only while shown.
// It is coloured like the Python editor (python-syntax.js), so the two read alike.
import { api, el } from "/shared/api.js";
import { highlighted } from "./python-syntax.js";

export class PythonView {
  constructor({ code, status }, program) {
    this.code = code;
    this.status = status;
    this.program = program; // () => {blocks, procedures}
    this.visible = false;
    this.timer = null;
    this.asked = 0;
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
    this.status.textContent = "Translating your blocks…";
    try {
      const answer = await api("/api/router/programs/python", { method: "POST", body: { program: { blocks, procedures } } });
      if (asked !== this.asked) return;
      this.render(answer.python);
      this.status.textContent = `This is your program in Python (${answer.blocks} block${answer.blocks === 1 ? "" : "s"}). It changes when your blocks change.`;
      this.status.classList.remove("problem");
    } catch (error) {
      if (asked !== this.asked) return;
      this.status.textContent = error.status === 422
        ? `Not quite a program yet: ${error.message}`
        : `The Python view is not available right now (${error.message}).`;
      this.status.classList.add("problem");
      if (error.status !== 422) this.render("");
    }
  }

  render(text) {
    const lines = text.replace(/\n$/, "").split("\n");
    this.code.replaceChildren(...lines.map((line) => el("span", { class: "py-line" }, highlighted(line || " "))));
  }
}

