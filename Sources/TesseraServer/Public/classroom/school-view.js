// "My school" on the teachers' page, below their classes. A teacher with no school can make one
// (and becomes its admin); a member sees its name and its teachers; an admin also sees every class
// of the school with its teachers, and can invite a colleague with a one-time link, give a colleague
// a new password (shown once, like pupils' passwords), make or unmake admins, give a class to
// another teacher and remove a teacher (their classes come to the admin). Nothing here is kept:
// each visit to "My classes" reads the school again.
import { api, el, say } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { formError, setBusy } from "./forms.js";

const schoolPath = (id, rest = "") => `/api/schools/${encodeURIComponent(id)}${rest}`;
/** "A", "A and B", "A, B and C". */
export const names = (list) => list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
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
      this.section.replaceChildren(this.title("My school"), el("p", { class: "form-error", role: "alert", text: error.message }));
      return null;
    }
    this.user.schoolAdmin = this.school.admin;
    this.member();
    return this.school;
  }

  title(text) {
    return el("h2", { id: "school-title", tabindex: "-1", "data-testid": "school-title", text });
  }

  // ---- no school yet -----------------------------------------------------------------------------
  noSchool() {
    const input = el("input", { type: "text", name: "name", maxlength: "80", required: true, placeholder: "like Hill Primary School",
      "data-testid": "new-school-name" });
    const form = el("form", { class: "row new-school", "data-testid": "new-school-form", novalidate: true },
      el("label", {}, "Name of your school", input),
      el("button", { type: "submit", class: "primary", "data-testid": "new-school", text: "Make the school" }),
      el("p", { class: "form-error", role: "alert", "data-testid": "new-school-error" }));
    form.addEventListener("submit", (event) => { event.preventDefault(); this.make(form, input); });
    this.section.replaceChildren(this.title("My school"),
      el("p", { class: "intro", text: "Teaching with colleagues? Make your school here: you become its admin and invite them with a link. " +
        "Then you can teach classes together, and help a colleague who forgets their password." }),
      form,
      el("p", { class: "muted", text: "Has a colleague made your school already? Ask them for an invitation link and open it." }));
  }

  async make(form, input) {
    formError(form, "");
    const name = input.value.trim();
    if (!name) return formError(form, "Write your school's name first, like Hill Primary School.");
    setBusy(form, true);
    try {
      const made = await api("/api/schools", { method: "POST", body: { name } });
      this.user.school = made.id;
      this.user.schoolAdmin = true;
      await this.show();
      say(`${made.name} is made and you are its admin. Invite your colleagues with a link below.`, true);
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
      ? "You are one of its admins: you invite colleagues, help them with their passwords and their classes."
      : `Its ${admins.length === 1 ? "admin is" : "admins are"} ${names(admins)}: ask them to invite a colleague, or for a new password if you forget yours.`;
    this.teacherPassword = el("section", { class: "card new-passwords", "data-testid": "teacher-password", "aria-labelledby": "teacher-password-title", hidden: true });
    this.inviteBox = el("div", { class: "invite", "data-testid": "invite", hidden: true });
    const count = school.teachers.length;
    this.section.replaceChildren(
      el("h2", { id: "school-title", tabindex: "-1", "data-testid": "school-title" }, "My school: ",
        el("span", { "data-testid": "school-name", text: school.name })),
      el("p", { class: "muted", "data-testid": "school-about", text: about }),
      school.admin ? this.inviteTools() : "",
      this.teacherPassword,
      el("h3", { id: "school-teachers-title", text: count === 1 ? "1 teacher" : `${count} teachers` }),
      el("ul", { class: "school-teachers", "data-testid": "school-teachers", "aria-labelledby": "school-teachers-title" },
        ...school.teachers.map((teacher) => this.teacherItem(teacher))),
      school.admin ? this.classList() : "");
  }

  teacherItem(teacher) {
    const me = teacher.id === this.user.id;
    const item = el("li", { class: "school-teacher", "data-testid": "school-teacher", "data-teacher-id": teacher.id },
      el("span", { class: "teacher-who" },
        el("span", { class: "teacher-name", "data-testid": "school-teacher-name", text: teacher.name }),
        me ? el("span", { class: "muted", text: "(you)" }) : "",
        teacher.admin ? el("span", { class: "badge admin", "data-testid": "school-admin-badge", text: "admin" }) : "",
        teacher.email ? el("span", { class: "muted email", text: teacher.email }) : ""));
    if (!this.school.admin) return item;
    const buttons = el("div", { class: "item-buttons" });
    if (!me) {
      buttons.append(el("button", { type: "button", "data-testid": "teacher-new-password", "aria-label": `New password for ${teacher.name}`,
        text: "New password", onclick: () => this.resetPassword(teacher) }));
    }
    const adminLabel = teacher.admin ? (me ? "Stop being an admin" : "Take admin away") : "Make admin";
    buttons.append(el("button", { type: "button", "data-testid": "teacher-admin",
      "aria-label": me ? adminLabel : teacher.admin ? `Take admin away from ${teacher.name}` : `Make ${teacher.name} an admin`,
      text: adminLabel, onclick: () => this.setAdmin(teacher, !teacher.admin) }));
    if (!me) {
      buttons.append(el("button", { type: "button", class: "danger", "data-testid": "remove-teacher", "aria-label": `Remove ${teacher.name} from the school`,
        text: "Remove", onclick: () => this.removeTeacher(teacher) }));
    }
    item.append(buttons);
    return item;
  }

  // ---- invitations -------------------------------------------------------------------------------
  inviteTools() {
    this.inviteButton = el("button", { type: "button", class: "primary", "data-testid": "make-invite", text: "Invite a colleague",
      onclick: () => this.invite() });
    return el("div", { class: "invite-tools" }, el("p", { class: "row" }, this.inviteButton), this.inviteBox);
  }

  async invite() {
    this.inviteButton.disabled = true;
    try {
      const made = await api(schoolPath(this.school.id, "/invites"), { method: "POST" });
      this.showInvite(new URL(made.link, location.origin).href, new Date(made.expires));
    } catch (error) {
      say(error.message);
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
      say(copied ? "The link is copied: paste it into an email or a message to your colleague."
        : "Your browser did not let the page copy: the link is selected, so copy it with your keyboard or menu.", true);
    };
    const button = el("button", { type: "button", class: "primary", "data-testid": "copy-invite", "aria-describedby": "invite-link invite-expires",
      text: "Copy the link", onclick: copy });
    this.inviteBox.replaceChildren(
      el("p", { class: "invite-label", text: "An invitation link for one colleague" }),
      el("div", { class: "invite-row" }, shown, button),
      el("p", { class: "muted", id: "invite-expires", "data-testid": "invite-expires" },
        "It works once, until ", el("strong", { text: expires.toLocaleString("en-GB", EXPIRES) }),
        ". Send it to one colleague; for another colleague, make another link. They open it and sign in or make their account, and they are in."));
    this.inviteBox.hidden = false;
    this.inviteButton.textContent = "Another invitation link";
    button.focus();
  }

  // ---- an admin helps a colleague ------------------------------------------------------------------
  async resetPassword(teacher) {
    const sure = await ask({
      title: `A new password for ${teacher.name}?`,
      text: "Their old password stops working at once, and they are signed out everywhere. You will see the new one only once.",
      yes: "Make a new password", no: "Cancel",
    });
    if (!sure) return;
    try {
      const { password } = await api(schoolPath(this.school.id, `/teachers/${encodeURIComponent(teacher.id)}/password`), { method: "POST" });
      this.showTeacherPassword(teacher, password);
    } catch (error) {
      say(error.message);
    }
  }

  showTeacherPassword(teacher, password) {
    const hide = () => {
      this.teacherPassword.hidden = true;
      this.teacherPassword.replaceChildren();
      say(`The password is hidden. If ${teacher.name} loses it, give them another one.`, true);
      this.section.querySelector("h2").focus();
    };
    this.teacherPassword.replaceChildren(
      el("h3", { id: "teacher-password-title", tabindex: "-1", text: `A new password for ${teacher.name}` }),
      el("p", { class: "warning" }, el("strong", { text: "This password is shown only now. " }),
        `Give it to ${teacher.name} yourself. They sign in with it, then choose their own under “Change my password”.`),
      el("p", { class: "teacher-new-password", "data-testid": "shown-teacher-password", text: password }),
      el("button", { type: "button", "data-testid": "hide-teacher-password", text: "I have given it: hide the password", onclick: hide }));
    this.teacherPassword.hidden = false;
    say(`A new password for ${teacher.name}: it is shown only now.`, true);
    this.teacherPassword.querySelector("h3").focus();
  }

  async setAdmin(teacher, admin) {
    const me = teacher.id === this.user.id;
    if (me) {
      const sure = await ask({
        title: "Stop being an admin?",
        text: `You will no longer invite colleagues or see every class of ${this.school.name}. Another admin can make you one again.`,
        yes: "Stop being an admin", no: "Stay an admin",
      });
      if (!sure) return;
    }
    try {
      await api(schoolPath(this.school.id, `/teachers/${encodeURIComponent(teacher.id)}/admin`), { method: "PUT", body: { admin } });
      await this.show();
      say(me ? `You are not an admin of ${this.school.name} any more.`
        : admin ? `${teacher.name} is now an admin of ${this.school.name}.` : `${teacher.name} is not an admin any more.`, true);
      this.focusTeacher(teacher, "teacher-admin");
    } catch (error) {
      say(error.message);
    }
  }

  async removeTeacher(teacher) {
    const theirs = (this.school.classes ?? []).filter((one) => one.teacher === teacher.id).map((one) => one.name);
    const sure = await ask({
      title: `Remove ${teacher.name} from ${this.school.name}?`,
      text: (theirs.length ? `Their ${theirs.length === 1 ? "class" : "classes"} (${names(theirs)}) come to you, with every pupil. ` : "") +
        "They stop co-teaching the school's classes, and keep their account, with no school.",
      yes: "Remove", no: "Keep them",
    });
    if (!sure) return;
    try {
      await api(schoolPath(this.school.id, `/teachers/${encodeURIComponent(teacher.id)}`), { method: "DELETE" });
      await this.changed();
      say(`${teacher.name} is no longer in ${this.school.name}.` + (theirs.length ? ` ${names(theirs)} ${theirs.length === 1 ? "is" : "are"} now yours.` : ""), true);
      this.section.querySelector("h2").focus();
    } catch (error) {
      say(error.message);
    }
  }

  focusTeacher(teacher, testid) {
    this.section.querySelector(`[data-teacher-id="${CSS.escape(teacher.id)}"] [data-testid="${testid}"]`)?.focus();
  }

  // ---- every class of the school (admins) ----------------------------------------------------------
  classList() {
    const classes = this.school.classes ?? [];
    const teacherName = new Map(this.school.teachers.map((teacher) => [teacher.id, teacher.name]));
    const nameOf = (id) => teacherName.get(id) ?? "a teacher who left";
    const items = classes.map((one) => {
      const mine = this.classes().some((each) => each.id === one.id);
      const name = mine
        ? el("a", { href: `#class=${encodeURIComponent(one.id)}`, "data-testid": "school-class-name", text: one.name })
        : el("span", { "data-testid": "school-class-name", text: one.name });
      const co = one.coTeachers.map(nameOf);
      return el("li", { class: "school-class", "data-testid": "school-class", "data-class-id": one.id },
        el("span", { class: "school-class-who" },
          el("strong", { class: "school-class-title" }, name),
          el("span", { class: "code-small", "aria-label": `class code ${one.code.split("").join(" ")}`, text: one.code }),
          one.archived ? el("span", { class: "badge", text: "archived" }) : "",
          el("span", { class: "school-class-teachers", "data-testid": "school-class-teachers" },
            `Teacher: ${nameOf(one.teacher)}` + (co.length ? ` · with ${names(co)}` : ""))),
        this.moveForm(one, nameOf));
    });
    return el("section", { class: "school-classes", "aria-labelledby": "school-classes-title" },
      el("h3", { id: "school-classes-title", text: classes.length === 1 ? "1 class in the school" : `${classes.length} classes in the school` }),
      classes.length ? el("ul", { class: "school-class-list", "data-testid": "school-classes" }, ...items)
        : el("p", { class: "muted", text: "No classes yet: each teacher's classes show here." }));
  }

  moveForm(one, nameOf) {
    const others = this.school.teachers.filter((teacher) => teacher.id !== one.teacher);
    if (others.length === 0) return "";
    const select = el("select", { name: "teacher", "data-testid": "give-class-to" },
      ...others.map((teacher) => el("option", { value: teacher.id, text: teacher.name })));
    const form = el("form", { class: "give-class", "data-testid": "give-class-form", novalidate: true },
      el("label", {}, el("span", { text: "Give to" }, el("span", { class: "visually-hidden", text: ` (${one.name})` })), select),
      el("button", { type: "submit", "data-testid": "give-class", "aria-label": `Give ${one.name}`, text: "Give" }),
      el("p", { class: "form-error", role: "alert" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      formError(form, "");
      const [from, to] = [one.teacher === this.user.id ? "You" : nameOf(one.teacher), nameOf(select.value)];
      const sure = await ask({
        title: `Give ${one.name} to ${to}?`,
        text: `${to} becomes its teacher, with all its pupils; its co-teachers stay. ${from} will no longer see it, unless ${to} adds ${from === "You" ? "you" : "them"} as a co-teacher.`,
        yes: "Give the class", no: "Cancel",
      });
      if (!sure) return;
      setBusy(form, true);
      try {
        await api(schoolPath(this.school.id, `/classes/${encodeURIComponent(one.id)}/teacher`), { method: "PUT", body: { teacher: select.value } });
        await this.changed();
        say(`${one.name} is now ${nameOf(select.value)}'s class, with all its pupils.`, true);
        this.section.querySelector(`[data-class-id="${CSS.escape(one.id)}"] select`)?.focus();
      } catch (error) {
        formError(form, error.message);
        setBusy(form, false);
      }
    });
    return form;
  }
}
