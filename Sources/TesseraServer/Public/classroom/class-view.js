// One class (#class=ID): its code, its pupils, adding pupils, and the new passwords — shown once,
// right after they are made, with the login cards to print (cards.html). The server keeps only
// hashes, so a lost password is replaced (New password), never looked up. Below the pupils, how
// they sign in (typed passwords or pictures: class-sign-in.js) and the class's teachers
// (class-teachers.js).
import { api, el, say } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { CARDS_KEY } from "./cards-data.js";
import { passwordShown, signInSetting } from "./class-sign-in.js";
import { classTeachers } from "./class-teachers.js";
import { formError, setBusy } from "./forms.js";

const MAX_NAMES = 60;
const path = (one, rest = "") => `/api/classes/${encodeURIComponent(one.id)}${rest}`;

/** Shows class `one` in `section` to `user`; `classes` are all the teacher's (to move a pupil between them). */
export async function showClass(section, one, classes, user) {
  const view = new ClassView(section, one, classes, user);
  await view.load();
}

class ClassView {
  constructor(section, one, classes, user) {
    this.section = section;
    this.one = one;
    this.others = classes.filter((each) => each.id !== one.id && !each.archived);
    this.pupils = [];
    this.teachers = classTeachers(one, user);
    this.build();
  }

  build() {
    const one = this.one;
    this.title = el("h2", { id: "class-title", tabindex: "-1", "data-testid": "class-title", text: one.name });
    this.passwords = el("section", { class: "card new-passwords", "data-testid": "new-passwords", "aria-labelledby": "passwords-title", hidden: true });
    this.list = el("ul", { class: "pupil-list", "data-testid": "pupil-list" });
    this.count = el("h3", { id: "pupils-title", "data-testid": "pupils-title", text: "Pupils" });
    this.empty = el("p", { class: "muted", "data-testid": "no-pupils", hidden: true, text: "No pupils yet: add their names above." });
    this.renewAll = el("button", { type: "button", "data-testid": "new-class-passwords", hidden: true,
      text: "New passwords for the whole class", onclick: () => this.resetAll() });
    const archivedNote = one.archived
      ? el("p", { class: "card warning", text: "This class is archived, so its pupils cannot sign in. Bring it back from “My classes” to let them in." })
      : "";
    const signIn = signInSetting(this);
    this.section.replaceChildren(
      el("p", { class: "back" }, el("a", { href: "#", "data-testid": "all-classes", text: "◂ All my classes", onclick: (event) => this.leave(event) })),
      this.title,
      el("p", { class: "class-code big" }, el("span", { class: "code-label", text: "Class code " }),
        el("span", { class: "code", "data-testid": "class-view-code", text: one.code })),
      signIn.how,
      el("p", { class: "dashboard-link" }, el("a", { href: `/router/teacher.html#class=${encodeURIComponent(one.id)}`, "data-testid": "open-dashboard",
        text: "See how the class is doing: scoreboard, programs and locks ▸" })),
      archivedNote,
      this.passwords,
      this.addForm(),
      el("section", { class: "pupils", "aria-labelledby": "pupils-title" }, this.count, this.empty, this.list,
        el("p", { class: "row" }, this.renewAll)),
      signIn.choice,
      this.teachers.node);
  }

  addForm() {
    const textarea = el("textarea", { name: "names", rows: "6", "aria-describedby": "names-hint", "data-testid": "pupil-names" });
    const form = el("form", { class: "card stack add-pupils", "data-testid": "add-pupils-form", "aria-labelledby": "add-title", novalidate: true },
      el("h3", { id: "add-title", text: "Add pupils" }),
      el("label", {}, "Names", el("span", { class: "hint", id: "names-hint", text: `One name per line, up to ${MAX_NAMES}. A first name and an initial is enough, like “Sam K”.` }), textarea),
      el("button", { type: "submit", class: "primary", "data-testid": "add-pupils", text: "Add pupils" }),
      el("p", { class: "form-error", role: "alert", "data-testid": "add-pupils-error" }));
    form.addEventListener("submit", (event) => { event.preventDefault(); this.add(form, textarea); });
    return form;
  }

  // Leaving while new passwords show would lose them for good: ask first.
  async leave(event) {
    if (this.passwords.hidden) return;
    event.preventDefault();
    const sure = await ask({
      title: "Leave without the passwords?",
      text: "The new passwords will not be shown again. Print the login cards or write them down first.",
      yes: "Leave", no: "Stay here",
    });
    if (sure) location.hash = "";
  }

  async load() {
    const teachers = this.teachers.load();
    try {
      this.pupils = (await api(path(this.one, "/pupils"))).pupils;
    } catch (error) {
      say(error.message);
      return;
    }
    this.showPupils();
    await teachers;
  }

  showPupils() {
    const count = this.pupils.length;
    this.count.textContent = count === 1 ? "1 pupil" : `${count} pupils`;
    this.empty.hidden = count > 0;
    this.renewAll.hidden = count === 0;
    this.list.replaceChildren(...this.pupils
      .slice().sort((a, b) => a.name.localeCompare(b.name))
      .map((pupil) => this.pupilItem(pupil)));
  }

  pupilItem(pupil) {
    const item = el("li", { class: "pupil", "data-testid": "pupil", "data-pupil-id": pupil.id });
    if (pupil.locked) item.dataset.locked = "true";
    const buttons = el("div", { class: "item-buttons" },
      pupil.locked ? el("button", { type: "button", class: "primary", "data-testid": "unlock-pupil", "aria-label": `Unlock ${pupil.name}`,
        text: "Unlock", onclick: () => this.unlock(pupil) }) : "",
      el("button", { type: "button", "data-testid": "reset-password", "aria-label": `New password for ${pupil.name}`, text: "New password",
        onclick: () => this.reset(pupil) }),
      el("button", { type: "button", "data-testid": "move-pupil", "aria-label": `Move ${pupil.name} to another class`, text: "Move…",
        onclick: () => this.startMove(item, pupil) }),
      el("button", { type: "button", class: "danger", "data-testid": "remove-pupil", "aria-label": `Remove ${pupil.name}`, text: "Remove",
        onclick: () => this.remove(pupil) }));
    item.append(el("span", { class: "pupil-who" },
      el("span", { class: "pupil-name", "data-testid": "pupil-name", text: pupil.name }),
      pupil.locked ? el("span", { class: "badge locked", "data-testid": "pupil-locked", text: "Locked out: too many wrong passwords" }) : ""),
      buttons);
    return item;
  }

  // Too many wrong passwords (a pupil's own, or someone guessing): let them try again now.
  async unlock(pupil) {
    try {
      await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}/unlock`), { method: "POST" });
      pupil.locked = false;
      this.showPupils();
      say(`${pupil.name} can sign in again. If they have forgotten their password, give them a new one.`, true);
    } catch (error) {
      say(error.message);
    }
  }

  async resetAll() {
    const sure = await ask({
      title: `New passwords for all of ${this.one.name}?`,
      text: "Every pupil's old password stops working at once, and they are all signed out. You will see the new ones only once, with new login cards to print.",
      yes: "Make new passwords", no: "Cancel",
    });
    if (!sure) return;
    this.renewAll.disabled = true;
    try {
      const { pupils } = await api(path(this.one, "/passwords"), { method: "POST" });
      this.pupils = pupils.map((pupil) => ({ ...pupil, password: null }));
      this.showPupils();
      this.showPasswords(pupils, `New passwords for ${this.one.name}`);
    } catch (error) {
      say(error.message);
    } finally {
      this.renewAll.disabled = false;
    }
  }

  async add(form, textarea) {
    formError(form, "");
    const names = textarea.value.split("\n").map((name) => name.trim()).filter(Boolean);
    if (names.length === 0) return formError(form, "Write at least one name, one name per line.");
    if (names.length > MAX_NAMES) {
      return formError(form, `That is ${names.length} names; add up to ${MAX_NAMES} at a time (a class holds ${MAX_NAMES}).`);
    }
    const seen = new Set();
    const twice = names.find((name) => { const key = name.toLowerCase(); const dup = seen.has(key); seen.add(key); return dup; });
    if (twice) return formError(form, `${twice} is on the list twice. Give them different names, like “${twice} A” and “${twice} B”.`);
    setBusy(form, true);
    try {
      const { pupils } = await api(path(this.one, "/pupils"), { method: "POST", body: { names } });
      textarea.value = "";
      this.pupils.push(...pupils.map((pupil) => ({ ...pupil, password: null })));
      this.showPupils();
      this.showPasswords(pupils, pupils.length === 1 ? "A new pupil and their password" : `${pupils.length} new pupils and their passwords`);
    } catch (error) {
      formError(form, error.message);
    } finally {
      setBusy(form, false);
    }
  }

  async reset(pupil) {
    const sure = await ask({
      title: `A new password for ${pupil.name}?`,
      text: "Their old password stops working at once, and they are signed out. You will see the new one only once.",
      yes: "Make a new password", no: "Cancel",
    });
    if (!sure) return;
    try {
      const fresh = await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}/password`), { method: "POST" });
      this.showPasswords([fresh], `A new password for ${fresh.name}`);
    } catch (error) {
      say(error.message);
    }
  }

  async remove(pupil) {
    const sure = await ask({
      title: `Remove ${pupil.name}?`,
      text: "Their account and their progress are deleted. This cannot be undone.",
      yes: "Remove", no: "Keep them",
    });
    if (!sure) return;
    try {
      await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}`), { method: "DELETE" });
      this.pupils = this.pupils.filter((each) => each.id !== pupil.id);
      this.showPupils();
      say(`${pupil.name} is removed from ${this.one.name}.`, true);
      this.count.setAttribute("tabindex", "-1");
      this.count.focus();
    } catch (error) {
      say(error.message);
    }
  }

  startMove(item, pupil) {
    if (item.querySelector(".move")) return item.querySelector("select")?.focus();
    if (this.others.length === 0) {
      say("To move a pupil, first make another class on “My classes”.", true);
      return;
    }
    const select = el("select", { name: "to", "data-testid": "move-to" },
      ...this.others.map((other) => el("option", { value: other.id, text: `${other.name} (${other.code})` })));
    const cancel = () => { form.remove(); item.querySelector("[data-testid=move-pupil]").focus(); };
    const form = el("form", { class: "row move", "data-testid": "move-form" },
      el("label", {}, `Move ${pupil.name} to`, select),
      el("button", { type: "submit", class: "primary", "data-testid": "move-confirm", text: "Move" }),
      el("button", { type: "button", text: "Cancel", onclick: cancel }),
      el("p", { class: "form-error", role: "alert" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const target = this.others.find((other) => other.id === select.value);
      try {
        await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}/move`), { method: "POST", body: { toClass: select.value } });
        this.pupils = this.pupils.filter((each) => each.id !== pupil.id);
        this.showPupils();
        say(`${pupil.name} is now in ${target?.name ?? "the other class"}, with the same password.`, true);
      } catch (error) {
        formError(form, error.message);
      }
    });
    item.append(form);
    select.focus();
  }

  // The passwords exist only in this answer: shown here once, and handed to the cards page
  // (printCards) on request; nothing keeps them once this view goes.
  showPasswords(pupils, heading) {
    const cards = { className: this.one.name, code: this.one.code, origin: location.origin, pupils: pupils.map(({ name, password, pictures }) => ({ name, password, pictures })) };
    const rows = pupils.map((pupil) => el("tr", { "data-testid": "new-password-row" },
      el("th", { scope: "row", text: pupil.name }), el("td", { class: "password", "data-testid": "shown-password" }, ...passwordShown(pupil))));
    const hide = () => {
      this.passwords.hidden = true;
      this.passwords.replaceChildren();
      say("The passwords are hidden. If a pupil loses theirs, give them a new one.", true);
      this.count.setAttribute("tabindex", "-1");
      this.count.focus();
    };
    this.passwords.replaceChildren(
      el("h3", { id: "passwords-title", tabindex: "-1", text: heading }),
      el("p", { class: "warning", "data-testid": "passwords-warning" },
        el("strong", { text: "These passwords are shown only now. " }),
        "Print the login cards or write the passwords down before you leave this page. If a password is lost later, give that pupil a new one."),
      el("table", { class: "passwords" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Name" }), el("th", { scope: "col", text: "Password" }))),
        el("tbody", {}, ...rows)),
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary big", "data-testid": "print-cards", text: "Print login cards",
          onclick: () => printCards(cards) }),
        el("button", { type: "button", "data-testid": "hide-passwords", text: "I have them: hide the passwords", onclick: hide })));
    this.passwords.hidden = false;
    say(`${heading}: print the login cards now.`, true);
    this.passwords.querySelector("h3").focus();
  }
}

// The cards tab gets its own copy of this tab's sessionStorage when it opens, so the passwords are
// put there just for that moment and taken out of this tab right after.
function printCards(cards) {
  sessionStorage.setItem(CARDS_KEY, JSON.stringify(cards));
  try {
    window.open("/classroom/cards.html", "_blank");
  } finally {
    sessionStorage.removeItem(CARDS_KEY);
  }
}
