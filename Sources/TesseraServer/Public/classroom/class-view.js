// One class (#class=ID): its code, its pupils, adding pupils, and the new passwords — shown once,
// right after they are made, with the login cards to print (cards.html). The server keeps only
// hashes, so a lost password is replaced (New password), never looked up. Below the pupils, how
// they sign in (typed passwords or pictures: class-sign-in.js) and the class's teachers
// (class-teachers.js).
import { api, el } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { CARDS_KEY } from "./cards-data.js";
import { passwordShown, signInSetting } from "./class-sign-in.js";
import { classTeachers } from "./class-teachers.js";
import { formError, formWords, setBusy } from "./forms.js";
import { language, sayText, show, t, tell, words } from "./i18n.js";

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
    this.count = words("h3", "class.pupilsTitle", {}, { id: "pupils-title", "data-testid": "pupils-title" });
    this.empty = words("p", "class.noPupils", {}, { class: "muted", "data-testid": "no-pupils", hidden: true });
    this.renewAll = words("button", "class.renewAll", {}, { type: "button", "data-testid": "new-class-passwords", hidden: true,
      onclick: () => this.resetAll() });
    const archivedNote = one.archived ? words("p", "class.archivedNote", {}, { class: "card warning" }) : "";
    const signIn = signInSetting(this);
    this.section.replaceChildren(
      el("p", { class: "back" }, words("a", "class.allClasses", {}, { href: "#", "data-testid": "all-classes", onclick: (event) => this.leave(event) })),
      this.title,
      el("p", { class: "class-code big" }, words("span", "classes.code", {}, { class: "code-label" }), " ",
        el("span", { class: "code", "data-testid": "class-view-code", text: one.code })),
      signIn.how,
      el("p", { class: "dashboard-link" }, words("a", "class.dashboard", {}, { href: `/router/teacher.html#class=${encodeURIComponent(one.id)}`,
        "data-testid": "open-dashboard" })),
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
      words("h3", "class.add.title", {}, { id: "add-title" }),
      el("label", {}, words("span", "class.add.names"), " ", words("span", "class.add.hint", { max: MAX_NAMES }, { class: "hint", id: "names-hint" }), textarea),
      words("button", "class.add.submit", {}, { type: "submit", class: "primary", "data-testid": "add-pupils" }),
      el("p", { class: "form-error", role: "alert", "data-testid": "add-pupils-error" }));
    form.addEventListener("submit", (event) => { event.preventDefault(); this.add(form, textarea); });
    return form;
  }

  // Leaving while new passwords show would lose them for good: ask first.
  async leave(event) {
    if (this.passwords.hidden) return;
    event.preventDefault();
    const sure = await ask({
      title: t("class.leaveAsk.title"),
      text: t("class.leaveAsk.text"),
      yes: t("class.leaveAsk.yes"), no: t("class.leaveAsk.no"),
    });
    if (sure) location.hash = "";
  }

  async load() {
    const teachers = this.teachers.load();
    try {
      this.pupils = (await api(path(this.one, "/pupils"))).pupils;
    } catch (error) {
      sayText(error.message);
      return;
    }
    this.showPupils();
    await teachers;
  }

  showPupils() {
    const count = this.pupils.length;
    show(this.count, "classes.pupils", { count });
    this.empty.hidden = count > 0;
    this.renewAll.hidden = count === 0;
    this.list.replaceChildren(...this.pupils
      .slice().sort((a, b) => a.name.localeCompare(b.name, language()))
      .map((pupil) => this.pupilItem(pupil)));
  }

  pupilItem(pupil) {
    const item = el("li", { class: "pupil", "data-testid": "pupil", "data-pupil-id": pupil.id });
    if (pupil.locked) item.dataset.locked = "true";
    const who = { name: pupil.name };
    const buttons = el("div", { class: "item-buttons" },
      pupil.locked ? words("button", "class.pupil.unlock", who, { type: "button", class: "primary", "data-testid": "unlock-pupil",
        onclick: () => this.unlock(pupil) }, { "aria-label": "class.pupil.unlockLabel" }) : "",
      words("button", "class.pupil.newPassword", who, { type: "button", "data-testid": "reset-password", onclick: () => this.reset(pupil) },
        { "aria-label": "class.pupil.newPasswordLabel" }),
      words("button", "class.pupil.move", who, { type: "button", "data-testid": "move-pupil", onclick: () => this.startMove(item, pupil) },
        { "aria-label": "class.pupil.moveLabel" }),
      words("button", "class.pupil.remove", who, { type: "button", class: "danger", "data-testid": "remove-pupil", onclick: () => this.remove(pupil) },
        { "aria-label": "class.pupil.removeLabel" }));
    item.append(el("span", { class: "pupil-who" },
      el("span", { class: "pupil-name", "data-testid": "pupil-name", text: pupil.name }),
      pupil.locked ? words("span", "class.pupil.locked", {}, { class: "badge locked", "data-testid": "pupil-locked" }) : ""),
      buttons);
    return item;
  }

  // Too many wrong passwords (a pupil's own, or someone guessing): let them try again now.
  async unlock(pupil) {
    try {
      await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}/unlock`), { method: "POST" });
      pupil.locked = false;
      this.showPupils();
      tell("class.pupil.unlocked", { name: pupil.name }, true);
    } catch (error) {
      sayText(error.message);
    }
  }

  async resetAll() {
    const sure = await ask({
      title: t("class.renewAllAsk.title", { name: this.one.name }),
      text: t("class.renewAllAsk.text"),
      yes: t("class.renewAllAsk.yes"), no: t("common.cancel"),
    });
    if (!sure) return;
    this.renewAll.disabled = true;
    try {
      const { pupils } = await api(path(this.one, "/passwords"), { method: "POST" });
      this.pupils = pupils.map((pupil) => ({ ...pupil, password: null }));
      this.showPupils();
      this.showPasswords(pupils, "class.passwords.renewedAll", { name: this.one.name });
    } catch (error) {
      sayText(error.message);
    } finally {
      this.renewAll.disabled = false;
    }
  }

  async add(form, textarea) {
    formError(form, "");
    const names = textarea.value.split("\n").map((name) => name.trim()).filter(Boolean);
    if (names.length === 0) return formWords(form, "class.add.none");
    if (names.length > MAX_NAMES) return formWords(form, "class.add.tooMany", { count: names.length, max: MAX_NAMES });
    const seen = new Set();
    const twice = names.find((name) => { const key = name.toLowerCase(); const dup = seen.has(key); seen.add(key); return dup; });
    if (twice) return formWords(form, "class.add.twice", { name: twice });
    setBusy(form, true);
    try {
      const { pupils } = await api(path(this.one, "/pupils"), { method: "POST", body: { names } });
      textarea.value = "";
      this.pupils.push(...pupils.map((pupil) => ({ ...pupil, password: null })));
      this.showPupils();
      this.showPasswords(pupils, "class.passwords.added", { count: pupils.length });
    } catch (error) {
      formError(form, error.message);
    } finally {
      setBusy(form, false);
    }
  }

  async reset(pupil) {
    const sure = await ask({
      title: t("class.resetAsk.title", { name: pupil.name }),
      text: t("class.resetAsk.text"),
      yes: t("class.resetAsk.yes"), no: t("common.cancel"),
    });
    if (!sure) return;
    try {
      const fresh = await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}/password`), { method: "POST" });
      this.showPasswords([fresh], "class.passwords.one", { name: fresh.name });
    } catch (error) {
      sayText(error.message);
    }
  }

  async remove(pupil) {
    const sure = await ask({
      title: t("class.removeAsk.title", { name: pupil.name }),
      text: t("class.removeAsk.text"),
      yes: t("class.removeAsk.yes"), no: t("class.removeAsk.no"),
    });
    if (!sure) return;
    try {
      await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}`), { method: "DELETE" });
      this.pupils = this.pupils.filter((each) => each.id !== pupil.id);
      this.showPupils();
      tell("class.pupil.removed", { name: pupil.name, className: this.one.name }, true);
      this.count.setAttribute("tabindex", "-1");
      this.count.focus();
    } catch (error) {
      sayText(error.message);
    }
  }

  startMove(item, pupil) {
    if (item.querySelector(".move")) return item.querySelector("select")?.focus();
    if (this.others.length === 0) {
      tell("class.move.noOther", {}, true);
      return;
    }
    const select = el("select", { name: "to", "data-testid": "move-to" },
      ...this.others.map((other) => el("option", { value: other.id, text: `${other.name} (${other.code})` })));
    const cancel = () => { form.remove(); item.querySelector("[data-testid=move-pupil]").focus(); };
    const form = el("form", { class: "row move", "data-testid": "move-form" },
      el("label", {}, words("span", "class.move.label", { name: pupil.name }), select),
      words("button", "class.move.submit", {}, { type: "submit", class: "primary", "data-testid": "move-confirm" }),
      words("button", "common.cancel", {}, { type: "button", onclick: cancel }),
      el("p", { class: "form-error", role: "alert" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const target = this.others.find((other) => other.id === select.value);
      try {
        await api(path(this.one, `/pupils/${encodeURIComponent(pupil.id)}/move`), { method: "POST", body: { toClass: select.value } });
        this.pupils = this.pupils.filter((each) => each.id !== pupil.id);
        this.showPupils();
        tell(target ? "class.move.done" : "class.move.doneElsewhere", { name: pupil.name, className: target?.name ?? "" }, true);
      } catch (error) {
        formError(form, error.message);
      }
    });
    item.append(form);
    select.focus();
  }

  // The passwords exist only in this answer: shown here once, and handed to the cards page
  // (printCards) on request; nothing keeps them once this view goes.
  showPasswords(pupils, headingKey, headingArgs = {}) {
    const cards = { className: this.one.name, code: this.one.code, origin: location.origin, pupils: pupils.map(({ name, password, pictures }) => ({ name, password, pictures })) };
    const rows = pupils.map((pupil) => el("tr", { "data-testid": "new-password-row" },
      el("th", { scope: "row", text: pupil.name }), el("td", { class: "password", "data-testid": "shown-password" }, ...passwordShown(pupil))));
    const hide = () => {
      this.passwords.hidden = true;
      this.passwords.replaceChildren();
      tell("class.passwords.hidden", {}, true);
      this.count.setAttribute("tabindex", "-1");
      this.count.focus();
    };
    this.passwords.replaceChildren(
      words("h3", headingKey, headingArgs, { id: "passwords-title", tabindex: "-1" }),
      el("p", { class: "warning", "data-testid": "passwords-warning" },
        words("strong", "class.passwords.onlyNow"), " ", words("span", "class.passwords.keepThem")),
      el("table", { class: "passwords" },
        el("thead", {}, el("tr", {}, words("th", "class.passwords.name", {}, { scope: "col" }), words("th", "class.passwords.password", {}, { scope: "col" }))),
        el("tbody", {}, ...rows)),
      el("div", { class: "row" },
        words("button", "class.passwords.print", {}, { type: "button", class: "primary big", "data-testid": "print-cards",
          onclick: () => printCards(cards) }),
        words("button", "class.passwords.hide", {}, { type: "button", "data-testid": "hide-passwords", onclick: hide })));
    this.passwords.hidden = false;
    tell("class.passwords.printNow", () => ({ heading: t(headingKey, headingArgs) }), true);
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
