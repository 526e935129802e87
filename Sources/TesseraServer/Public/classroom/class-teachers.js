// The teachers of one class, on its page: its own teacher and its co-teachers. Any of them adds a
// colleague of their school (who then sees and does everything with the class: pupils, passwords,
// the scoreboard and locks) or takes one off; a co-teacher may leave. A teacher with no school is
// told how to get one. Changing the class's own teacher is a school admin's (on "My school").
import { api, el, say } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { formError, setBusy } from "./forms.js";

const path = (one, rest = "") => `/api/classes/${encodeURIComponent(one.id)}/teachers${rest}`;

/** The panel for class `one` as `user` sees it: `{ node, load() }`. */
export function classTeachers(one, user) {
  const panel = new TeachersPanel(one, user);
  return { node: panel.node, load: () => panel.load() };
}

class TeachersPanel {
  constructor(one, user) {
    this.one = one;
    this.user = user;
    this.list = el("ul", { class: "class-teacher-list", "data-testid": "class-teacher-list" });
    this.adding = el("div", { class: "add-colleague" });
    this.node = el("section", { class: "card class-teachers", "data-testid": "class-teachers", "aria-labelledby": "class-teachers-title" },
      el("h3", { id: "class-teachers-title", tabindex: "-1", text: "Teachers of this class" }),
      this.list, this.adding);
  }

  async load() {
    try {
      const [teachers, school] = await Promise.all([
        api(path(this.one)),
        this.user.school ? api(`/api/schools/${encodeURIComponent(this.user.school)}`).catch(() => null) : null,
      ]);
      this.show(teachers, school?.teachers ?? []);
    } catch (error) {
      this.list.replaceChildren();
      this.adding.replaceChildren(el("p", { class: "form-error", role: "alert", text: error.message }));
    }
  }

  show(teachers, colleagues) {
    const own = teachers.teacher;
    this.list.replaceChildren(
      ...(own ? [this.item(own, "the class's teacher", false)] : []),
      ...teachers.coTeachers.map((teacher) => this.item(teacher, "co-teacher", true)));
    const taken = new Set([own?.id, ...teachers.coTeachers.map((teacher) => teacher.id)]);
    const free = colleagues.filter((teacher) => !taken.has(teacher.id));
    if (!this.user.school) {
      this.adding.replaceChildren(el("p", { class: "muted", "data-testid": "no-school-for-teachers",
        text: "To teach this class with a colleague, you and they need to be in the same school: make yours, or join one, under “My school” on “My classes”." }));
    } else if (free.length === 0) {
      this.adding.replaceChildren(el("p", { class: "muted", "data-testid": "no-colleagues",
        text: colleagues.length <= 1 ? "No colleagues in your school yet: an admin can invite them from “My school”."
          : "Every teacher of your school teaches this class already." }));
    } else {
      this.adding.replaceChildren(this.addForm(free));
    }
  }

  item(teacher, role, removable) {
    const me = teacher.id === this.user.id;
    const item = el("li", { class: "class-teacher", "data-testid": "class-teacher", "data-teacher-id": teacher.id },
      el("span", { class: "teacher-who" },
        el("span", { class: "teacher-name", "data-testid": "class-teacher-name", text: teacher.name }),
        me ? el("span", { class: "muted", text: "(you)" }) : "",
        el("span", { class: "badge", "data-testid": "class-teacher-role", text: role })));
    if (removable) {
      item.append(me
        ? el("button", { type: "button", class: "danger", "data-testid": "leave-class", text: "Leave this class", onclick: () => this.leave(teacher) })
        : el("button", { type: "button", class: "danger", "data-testid": "remove-co-teacher", "aria-label": `Take ${teacher.name} off ${this.one.name}`,
          text: "Take off", onclick: () => this.remove(teacher) }));
    }
    return item;
  }

  addForm(free) {
    const select = el("select", { name: "teacher", "data-testid": "colleague-choice" },
      ...free.map((teacher) => el("option", { value: teacher.id, text: teacher.name })));
    const form = el("form", { class: "row add-colleague-form", "data-testid": "add-colleague-form", novalidate: true },
      el("label", {}, "Add a colleague from your school", select),
      el("button", { type: "submit", class: "primary", "data-testid": "add-colleague", text: "Add" }),
      el("p", { class: "hint", text: "They will see and do everything you do with this class: its pupils, their passwords, the scoreboard and locks." }),
      el("p", { class: "form-error", role: "alert", "data-testid": "add-colleague-error" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      formError(form, "");
      const name = free.find((teacher) => teacher.id === select.value)?.name ?? "Your colleague";
      setBusy(form, true);
      try {
        await api(path(this.one), { method: "POST", body: { teacher: select.value } });
        await this.load();
        say(`${name} now teaches ${this.one.name} with you.`, true);
        this.node.querySelector("h3").focus();
      } catch (error) {
        formError(form, error.message);
        setBusy(form, false);
      }
    });
    return form;
  }

  async remove(teacher) {
    const sure = await ask({
      title: `Take ${teacher.name} off ${this.one.name}?`,
      text: "They stop seeing the class's pupils and scoreboard. You can add them again at any time.",
      yes: "Take them off", no: "Keep them",
    });
    if (!sure) return;
    try {
      await api(path(this.one, `/${encodeURIComponent(teacher.id)}`), { method: "DELETE" });
      await this.load();
      say(`${teacher.name} no longer teaches ${this.one.name}.`, true);
      this.node.querySelector("h3").focus();
    } catch (error) {
      say(error.message);
    }
  }

  async leave(teacher) {
    const sure = await ask({
      title: `Leave ${this.one.name}?`,
      text: "You stop seeing its pupils and its scoreboard. A teacher of the class can add you again.",
      yes: "Leave the class", no: "Stay",
    });
    if (!sure) return;
    try {
      await api(path(this.one, `/${encodeURIComponent(teacher.id)}`), { method: "DELETE" });
      // Said once "My classes" is back (going there clears the status line first).
      window.addEventListener("hashchange", () => say(`You have left ${this.one.name}.`, true), { once: true });
      location.hash = "";
    } catch (error) {
      say(error.message);
    }
  }
}
