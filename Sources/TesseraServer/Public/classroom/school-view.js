// "My school" on the teachers' page, below their classes. A teacher with no school can make one
// (and becomes its admin); a member sees its name and its teachers; an admin also sees every class
// of the school with its teachers, and can invite a colleague with a one-time link, give a colleague
// a new password (shown once, like pupils' passwords), make or unmake admins, give a class to
// another teacher and remove a teacher (their classes come to the admin). Nothing here is kept:
// each visit to "My classes" reads the school again.
import { api, el } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { formError, formWords, setBusy } from "./forms.js";
import { formatDate, labelled, list, rich, richElement, sayText, show, t, tell, words } from "./i18n.js";

const schoolPath = (id, rest = "") => `/api/schools/${encodeURIComponent(id)}${rest}`;
/** "A", "A and B", "A, B and C", in the page's language. */
export const names = (people) => list(people);
const EXPIRES = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" };

/** The "My school" panel in `section` for `user` (whose `school` and `schoolAdmin` it updates);
 * `changed()` is called when the teacher's own classes may have changed (a class given or taken). */
export class SchoolPanel {
  constructor(section, user, { changed, classes }) {
    this.section = section;
    this.user = user;
    this.changed = changed;
    this.classes = classes; // () => the teacher's own and co-taught classes (to link those they may open)
    this.school = null;
  }

  /** Reads the school (if any) and shows it; resolves to the school, or null with none. */
  async show() {
    this.section.hidden = false;
    if (!this.user.school) {
      this.school = null;
      this.noSchool();
      return null;
    }
    try {
      this.school = await api(schoolPath(this.user.school));
    } catch (error) {
      if (error.status === 404) { // removed from the school since this page was opened
        this.user.school = null;
        return this.show();
      }
      this.section.replaceChildren(this.title(), el("p", { class: "form-error", role: "alert", text: error.message }));
      return null;
    }
    this.user.schoolAdmin = this.school.admin;
    this.member();
    return this.school;
  }

  title() {
    return words("h2", "school.title", {}, { id: "school-title", tabindex: "-1", "data-testid": "school-title" });
  }

  // ---- no school yet -----------------------------------------------------------------------------
  noSchool() {
    const input = labelled(el("input", { type: "text", name: "name", maxlength: "80", required: true, "data-testid": "new-school-name" }),
      { placeholder: "school.new.placeholder" });
    const form = el("form", { class: "row new-school", "data-testid": "new-school-form", novalidate: true },
      el("label", {}, words("span", "school.new.label"), input),
      words("button", "school.new.submit", {}, { type: "submit", class: "primary", "data-testid": "new-school" }),
      el("p", { class: "form-error", role: "alert", "data-testid": "new-school-error" }));
    form.addEventListener("submit", (event) => { event.preventDefault(); this.make(form, input); });
    this.section.replaceChildren(this.title(),
      words("p", "school.new.intro", {}, { class: "intro" }),
      form,
      words("p", "school.new.already", {}, { class: "muted" }));
  }

  async make(form, input) {
    formError(form, "");
    const name = input.value.trim();
    if (!name) return formWords(form, "school.new.nameFirst");
    setBusy(form, true);
    try {
      const made = await api("/api/schools", { method: "POST", body: { name } });
      this.user.school = made.id;
      this.user.schoolAdmin = true;
      await this.show();
      tell("school.new.made", { name: made.name }, true);
      this.section.querySelector("h2").focus();
    } catch (error) {
      formError(form, error.message);
    } finally {
      setBusy(form, false);
    }
  }

  // ---- a member, and an admin's tools ------------------------------------------------------------
  member() {
    const school = this.school;
    const admins = school.teachers.filter((teacher) => teacher.admin && teacher.id !== this.user.id).map((teacher) => teacher.name);
    const about = school.admin
      ? words("p", "school.aboutAdmin", {}, { class: "muted", "data-testid": "school-about" })
      : el("p", { class: "muted", "data-testid": "school-about" });
    if (!school.admin) {
      // `names` is drawn with the language too: "A and B", "A y B".
      const node = about;
      rich(node, "school.aboutMember", () => ({ count: admins.length, names: names(admins) }));
    }
    this.teacherPassword = el("section", { class: "card new-passwords", "data-testid": "teacher-password", "aria-labelledby": "teacher-password-title", hidden: true });
    this.inviteBox = el("div", { class: "invite", "data-testid": "invite", hidden: true });
    const count = school.teachers.length;
    this.section.replaceChildren(
      richElement("h2", "school.titleNamed", { name: el("span", { "data-testid": "school-name", text: school.name }) },
        { id: "school-title", tabindex: "-1", "data-testid": "school-title" }),
      about,
      school.admin ? this.inviteTools() : "",
      this.teacherPassword,
      words("h3", "school.teachers", { count }, { id: "school-teachers-title" }),
      el("ul", { class: "school-teachers", "data-testid": "school-teachers", "aria-labelledby": "school-teachers-title" },
        ...school.teachers.map((teacher) => this.teacherItem(teacher))),
      school.admin ? this.classList() : "");
  }

  teacherItem(teacher) {
    const me = teacher.id === this.user.id;
    const item = el("li", { class: "school-teacher", "data-testid": "school-teacher", "data-teacher-id": teacher.id },
      el("span", { class: "teacher-who" },
        el("span", { class: "teacher-name", "data-testid": "school-teacher-name", text: teacher.name }),
        me ? words("span", "common.you", {}, { class: "muted" }) : "",
        teacher.admin ? words("span", "school.adminBadge", {}, { class: "badge admin", "data-testid": "school-admin-badge" }) : "",
        teacher.email ? el("span", { class: "muted email", text: teacher.email }) : ""));
    if (!this.school.admin) return item;
    const buttons = el("div", { class: "item-buttons" });
    if (!me) {
      buttons.append(words("button", "school.teacher.newPassword", { name: teacher.name },
        { type: "button", "data-testid": "teacher-new-password", onclick: () => this.resetPassword(teacher) },
        { "aria-label": "school.teacher.newPasswordLabel" }));
    }
    const [adminText, adminLabel] = teacher.admin
      ? (me ? ["school.teacher.stopAdmin", "school.teacher.stopAdmin"] : ["school.teacher.takeAdmin", "school.teacher.takeAdminLabel"])
      : ["school.teacher.makeAdmin", "school.teacher.makeAdminLabel"];
    buttons.append(words("button", adminText, { name: teacher.name },
      { type: "button", "data-testid": "teacher-admin", onclick: () => this.setAdmin(teacher, !teacher.admin) },
      { "aria-label": adminLabel }));
    if (!me) {
      buttons.append(words("button", "school.teacher.remove", { name: teacher.name },
        { type: "button", class: "danger", "data-testid": "remove-teacher", onclick: () => this.removeTeacher(teacher) },
        { "aria-label": "school.teacher.removeLabel" }));
    }
    item.append(buttons);
    return item;
  }

  // ---- invitations -------------------------------------------------------------------------------
  inviteTools() {
    this.inviteButton = words("button", "school.invite.make", {}, { type: "button", class: "primary", "data-testid": "make-invite",
      onclick: () => this.invite() });
    return el("div", { class: "invite-tools" }, el("p", { class: "row" }, this.inviteButton), this.inviteBox);
  }

  async invite() {
    this.inviteButton.disabled = true;
    try {
      const made = await api(schoolPath(this.school.id, "/invites"), { method: "POST" });
      this.showInvite(new URL(made.link, location.origin).href, new Date(made.expires));
    } catch (error) {
      sayText(error.message);
    } finally {
      this.inviteButton.disabled = false;
    }
  }

  // The link is shown whole, wrapping on a phone (the admin may copy it by hand: a click selects it
  // all), with a Copy button and its expiry.
  showInvite(link, expires) {
    const shown = el("p", { class: "invite-link", id: "invite-link", "data-testid": "invite-link", text: link });
    const selectLink = () => {
      const range = document.createRange();
      range.selectNodeContents(shown);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    };
    const copy = async () => {
      let copied = false;
      try {
        await navigator.clipboard.writeText(link);
        copied = true;
      } catch {
        selectLink();
        copied = document.execCommand?.("copy") ?? false;
      }
      tell(copied ? "school.invite.copied" : "school.invite.notCopied", {}, true);
    };
    const button = words("button", "school.invite.copy", {}, { type: "button", class: "primary", "data-testid": "copy-invite",
      "aria-describedby": "invite-link invite-expires", onclick: copy });
    this.inviteBox.replaceChildren(
      words("p", "school.invite.label", {}, { class: "invite-label" }),
      el("div", { class: "invite-row" }, shown, button),
      richElement("p", "school.invite.expires", () => ({ date: el("strong", { text: formatDate(expires, EXPIRES) }) }),
        { class: "muted", id: "invite-expires", "data-testid": "invite-expires" }));
    this.inviteBox.hidden = false;
    show(this.inviteButton, "school.invite.another");
    button.focus();
  }

  // ---- an admin helps a colleague ------------------------------------------------------------------
  async resetPassword(teacher) {
    const sure = await ask({
      title: t("school.resetAsk.title", { name: teacher.name }),
      text: t("school.resetAsk.text"),
      yes: t("school.resetAsk.yes"), no: t("common.cancel"),
    });
    if (!sure) return;
    try {
      const { password } = await api(schoolPath(this.school.id, `/teachers/${encodeURIComponent(teacher.id)}/password`), { method: "POST" });
      this.showTeacherPassword(teacher, password);
    } catch (error) {
      sayText(error.message);
    }
  }

  showTeacherPassword(teacher, password) {
    const hide = () => {
      this.teacherPassword.hidden = true;
      this.teacherPassword.replaceChildren();
      tell("school.password.hidden", { name: teacher.name }, true);
      this.section.querySelector("h2").focus();
    };
    const who = { name: teacher.name };
    this.teacherPassword.replaceChildren(
      words("h3", "school.password.title", who, { id: "teacher-password-title", tabindex: "-1" }),
      el("p", { class: "warning" }, words("strong", "school.password.onlyNow"), " ", words("span", "school.password.giveIt", who)),
      el("p", { class: "teacher-new-password", "data-testid": "shown-teacher-password", text: password }),
      words("button", "school.password.hide", {}, { type: "button", "data-testid": "hide-teacher-password", onclick: hide }));
    this.teacherPassword.hidden = false;
    tell("school.password.shown", who, true);
    this.teacherPassword.querySelector("h3").focus();
  }

  async setAdmin(teacher, admin) {
    const me = teacher.id === this.user.id;
    if (me) {
      const sure = await ask({
        title: t("school.stopAdminAsk.title"),
        text: t("school.stopAdminAsk.text", { school: this.school.name }),
        yes: t("school.stopAdminAsk.yes"), no: t("school.stopAdminAsk.no"),
      });
      if (!sure) return;
    }
    try {
      await api(schoolPath(this.school.id, `/teachers/${encodeURIComponent(teacher.id)}/admin`), { method: "PUT", body: { admin } });
      await this.show();
      tell(me ? "school.admin.notMe" : admin ? "school.admin.made" : "school.admin.taken", { name: teacher.name, school: this.school.name }, true);
      this.focusTeacher(teacher, "teacher-admin");
    } catch (error) {
      sayText(error.message);
    }
  }

  async removeTeacher(teacher) {
    const theirs = (this.school.classes ?? []).filter((one) => one.teacher === teacher.id).map((one) => one.name);
    const sure = await ask({
      title: t("school.removeAsk.title", { name: teacher.name, school: this.school.name }),
      text: t("school.removeAsk.text", { count: theirs.length, classes: names(theirs) }),
      yes: t("school.removeAsk.yes"), no: t("school.removeAsk.no"),
    });
    if (!sure) return;
    try {
      await api(schoolPath(this.school.id, `/teachers/${encodeURIComponent(teacher.id)}`), { method: "DELETE" });
      await this.changed();
      tell("school.removed", () => ({ name: teacher.name, school: this.school.name, count: theirs.length, classes: names(theirs) }), true);
      this.section.querySelector("h2").focus();
    } catch (error) {
      sayText(error.message);
    }
  }

  focusTeacher(teacher, testid) {
    this.section.querySelector(`[data-teacher-id="${CSS.escape(teacher.id)}"] [data-testid="${testid}"]`)?.focus();
  }

  // ---- every class of the school (admins) ----------------------------------------------------------
  classList() {
    const classes = this.school.classes ?? [];
    const teacherName = new Map(this.school.teachers.map((teacher) => [teacher.id, teacher.name]));
    const nameOf = (id) => teacherName.get(id) ?? t("school.classes.teacherLeft");
    const items = classes.map((one) => {
      const mine = this.classes().some((each) => each.id === one.id);
      const name = mine
        ? el("a", { href: `#class=${encodeURIComponent(one.id)}`, "data-testid": "school-class-name", text: one.name })
        : el("span", { "data-testid": "school-class-name", text: one.name });
      const co = one.coTeachers.map(nameOf);
      return el("li", { class: "school-class", "data-testid": "school-class", "data-class-id": one.id },
        el("span", { class: "school-class-who" },
          el("strong", { class: "school-class-title" }, name),
          labelled(el("span", { class: "code-small", text: one.code }), { "aria-label": "school.classes.codeLabel" }, { code: one.code.split("").join(" ") }),
          one.archived ? words("span", "school.classes.archived", {}, { class: "badge" }) : "",
          rich(el("span", { class: "school-class-teachers", "data-testid": "school-class-teachers" }),
            co.length ? "school.classes.teacherWith" : "school.classes.teacher",
            () => ({ teacher: nameOf(one.teacher), others: names(one.coTeachers.map(nameOf)) }))),
        this.moveForm(one, nameOf));
    });
    return el("section", { class: "school-classes", "aria-labelledby": "school-classes-title" },
      words("h3", "school.classes.title", { count: classes.length }, { id: "school-classes-title" }),
      classes.length ? el("ul", { class: "school-class-list", "data-testid": "school-classes" }, ...items)
        : words("p", "school.classes.none", {}, { class: "muted" }));
  }

  moveForm(one, nameOf) {
    const others = this.school.teachers.filter((teacher) => teacher.id !== one.teacher);
    if (others.length === 0) return "";
    // Its name says which class (a row of the list has many such selects): "Give 5B to".
    const select = labelled(el("select", { name: "teacher", "data-testid": "give-class-to" },
      ...others.map((teacher) => el("option", { value: teacher.id, text: teacher.name }))), { "aria-label": "school.give.selectLabel" }, { name: one.name });
    const form = el("form", { class: "give-class", "data-testid": "give-class-form", novalidate: true },
      el("label", {}, words("span", "school.give.label"), select),
      words("button", "school.give.submit", { name: one.name }, { type: "submit", "data-testid": "give-class" }, { "aria-label": "school.give.submitLabel" }),
      el("p", { class: "form-error", role: "alert" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      formError(form, "");
      const mine = one.teacher === this.user.id;
      const [from, to] = [nameOf(one.teacher), nameOf(select.value)];
      const sure = await ask({
        title: t("school.give.ask.title", { name: one.name, to }),
        text: t(mine ? "school.give.ask.textMine" : "school.give.ask.text", { from, to }),
        yes: t("school.give.ask.yes"), no: t("common.cancel"),
      });
      if (!sure) return;
      setBusy(form, true);
      try {
        await api(schoolPath(this.school.id, `/classes/${encodeURIComponent(one.id)}/teacher`), { method: "PUT", body: { teacher: select.value } });
        await this.changed();
        tell("school.give.done", { name: one.name, to: nameOf(select.value) }, true);
        this.section.querySelector(`[data-class-id="${CSS.escape(one.id)}"] select`)?.focus();
      } catch (error) {
        formError(form, error.message);
        setBusy(form, false);
      }
    });
    return form;
  }
}
