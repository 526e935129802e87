// The teachers of one class, on its page: its own teacher and its co-teachers. Any of them adds a
// colleague of their school (who then sees and does everything with the class: pupils, passwords,
// the scoreboard and locks) or takes one off; a co-teacher may leave. A teacher with no school is
// told how to get one. Changing the class's own teacher is a school admin's (on "My school").
import { api, el } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { formError, setBusy } from "./forms.js";
import { sayText, t, tell, words } from "./i18n.js";

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
      words("h3", "teachers.title", {}, { id: "class-teachers-title", tabindex: "-1" }),
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
      ...(own ? [this.item(own, "teachers.ownRole", false)] : []),
      ...teachers.coTeachers.map((teacher) => this.item(teacher, "teachers.coRole", true)));
    const taken = new Set([own?.id, ...teachers.coTeachers.map((teacher) => teacher.id)]);
    const free = colleagues.filter((teacher) => !taken.has(teacher.id));
    if (!this.user.school) {
      this.adding.replaceChildren(words("p", "teachers.noSchool", {}, { class: "muted", "data-testid": "no-school-for-teachers" }));
    } else if (free.length === 0) {
      this.adding.replaceChildren(words("p", colleagues.length <= 1 ? "teachers.noColleagues" : "teachers.allTeach", {},
        { class: "muted", "data-testid": "no-colleagues" }));
    } else {
      this.adding.replaceChildren(this.addForm(free));
    }
  }

  item(teacher, role, removable) {
    const me = teacher.id === this.user.id;
    const item = el("li", { class: "class-teacher", "data-testid": "class-teacher", "data-teacher-id": teacher.id },
      el("span", { class: "teacher-who" },
        el("span", { class: "teacher-name", "data-testid": "class-teacher-name", text: teacher.name }),
        me ? words("span", "common.you", {}, { class: "muted" }) : "",
        words("span", role, {}, { class: "badge", "data-testid": "class-teacher-role" })));
    if (removable) {
      item.append(me
        ? words("button", "teachers.leave", {}, { type: "button", class: "danger", "data-testid": "leave-class", onclick: () => this.leave(teacher) })
        : words("button", "teachers.takeOff", { name: teacher.name, className: this.one.name },
          { type: "button", class: "danger", "data-testid": "remove-co-teacher", onclick: () => this.remove(teacher) },
          { "aria-label": "teachers.takeOffLabel" }));
    }
    return item;
  }

  addForm(free) {
    const select = el("select", { name: "teacher", "data-testid": "colleague-choice" },
      ...free.map((teacher) => el("option", { value: teacher.id, text: teacher.name })));
    const form = el("form", { class: "row add-colleague-form", "data-testid": "add-colleague-form", novalidate: true },
      el("label", {}, words("span", "teachers.addLabel"), select),
      words("button", "teachers.add", {}, { type: "submit", class: "primary", "data-testid": "add-colleague" }),
      words("p", "teachers.addHint", {}, { class: "hint" }),
      el("p", { class: "form-error", role: "alert", "data-testid": "add-colleague-error" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      formError(form, "");
      const name = free.find((teacher) => teacher.id === select.value)?.name;
      setBusy(form, true);
      try {
        await api(path(this.one), { method: "POST", body: { teacher: select.value } });
        await this.load();
        tell(name ? "teachers.added" : "teachers.addedSomeone", { name: name ?? "", className: this.one.name }, true);
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
      title: t("teachers.removeAsk.title", { name: teacher.name, className: this.one.name }),
      text: t("teachers.removeAsk.text"),
      yes: t("teachers.removeAsk.yes"), no: t("teachers.removeAsk.no"),
    });
    if (!sure) return;
    try {
      await api(path(this.one, `/${encodeURIComponent(teacher.id)}`), { method: "DELETE" });
      await this.load();
      tell("teachers.removed", { name: teacher.name, className: this.one.name }, true);
      this.node.querySelector("h3").focus();
    } catch (error) {
      sayText(error.message);
    }
  }

  async leave(teacher) {
    const sure = await ask({
      title: t("teachers.leaveAsk.title", { className: this.one.name }),
      text: t("teachers.leaveAsk.text"),
      yes: t("teachers.leaveAsk.yes"), no: t("teachers.leaveAsk.no"),
    });
    if (!sure) return;
    try {
      await api(path(this.one, `/${encodeURIComponent(teacher.id)}`), { method: "DELETE" });
      // Said once "My classes" is back (going there clears the status line first).
      window.addEventListener("hashchange", () => tell("teachers.left", { className: this.one.name }, true), { once: true });
      location.hash = "";
    } catch (error) {
      sayText(error.message);
    }
  }
}
