// The designer's "My levels": the levels this player made or imported (newest first, 20 at a
// time), each to open, rename, duplicate, share or delete. Saving a level you opened from here
// changes it in place; sharing is with your class (a pupil), one of your classes (a teacher) and/or
// anyone with the link. The server decides who may do what (my-levels.js has the calls).
import { el, say, whoIsSignedIn } from "/shared/api.js";
import {
  copyLevel, copyText, createLevel, deleteLevel, getLevel, listLevels, playLink, shareLevel, updateLevel,
} from "../shared/my-levels.js";
import { rules } from "../shared/rules.js";
import { list, t } from "../shared/i18n.js";

/** Saves `level`: in place when `savedId` is a level of yours, else as a new one. {id, updated}. */
export async function saveDraft(level, savedId) {
  if (savedId && !savedId.startsWith("draft")) {
    try {
      const stored = await updateLevel(savedId, level);
      return { id: stored.id, updated: true };
    } catch (error) {
      // Not yours (a level someone shared, or one deleted since): keep it as a new level of your own.
      if (error.status !== 403 && error.status !== 404) throw error;
    }
  }
  const stored = await createLevel(level);
  return { id: stored.id, updated: false };
}

/** Who a level is shared with, in words; a pupil's level waiting for a teacher's approval says so. */
function sharedWith(level, classes) {
  const name = (id) => classes.find((c) => c.id === id)?.name ?? t("designer.myLevels.aClass");
  const waiting = level.shares?.waiting ?? [];
  const shared = level.shares?.classes ?? [];
  const seen = shared.filter((id) => !waiting.includes(id)).map(name);
  const held = shared.filter((id) => waiting.includes(id)).map(name);
  const parts = [];
  if (seen.length) parts.push(t("designer.myLevels.sharedWith", { names: list(seen) }));
  if (held.length) parts.push(t("designer.myLevels.sharedWaiting", { names: list(held) }));
  if (level.shares?.link) parts.push(t(parts.length ? "designer.myLevels.andLink" : "designer.myLevels.link"));
  return parts.length ? parts.join(t("designer.myLevels.partsSeparator")) : t("designer.myLevels.onlyYou");
}

export class MyLevels {
  /** `hooks`: open(level, id) → false when the person chose to keep their draft; current() → the
   *  id being edited; renamed(id, name); deleted(id). The list goes in `root` (a details element). */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.levels = [];
    this.classes = [];
    this.next = null;
    this.role = null; // "teacher", "pupil" or null (not signed in): only the sharing words differ
    this.openPanel = null; // {id, kind: "share" | "rename"}
    this.list = el("ul", { class: "my-levels-list", "data-testid": "my-levels-list" });
    this.note = el("p", { class: "muted small", "data-testid": "my-levels-note" });
    this.more = el("button", { type: "button", class: "my-levels-more", "data-testid": "my-levels-more", text: t("designer.myLevels.showMore"), hidden: true,
      onclick: () => this.load(this.next) });
    root.append(this.note, this.list, this.more);
  }

  /** Loads the first page again (after a save, a copy, a delete). */
  refresh() { return this.load(1); }

  async load(page) {
    try {
      // Asked only with a session cookie (whoIsSignedIn): anonymous pages ask nothing.
      if (page === 1) this.role = (await whoIsSignedIn().catch(() => ({ user: null }))).user?.role ?? null;
      const answer = await listLevels("mine", page);
      this.levels = page === 1 ? answer.levels : [...this.levels, ...answer.levels];
      this.classes = answer.shareWith ?? [];
      this.next = answer.next;
    } catch (error) {
      say(error.message);
    }
    this.render();
  }

  render() {
    this.note.textContent = t(this.levels.length ? "designer.myLevels.noteSome" : "designer.myLevels.noteNone");
    this.more.textContent = t("designer.myLevels.showMore");
    this.more.hidden = !this.next;
    const current = this.hooks.current();
    this.list.replaceChildren(...this.levels.map((level) => this.item(level, level.id === current)));
  }

  item(level, current) {
    const button = (text, testid, action, extra = {}) => el("button", {
      type: "button", text, "data-testid": testid, "aria-label": t("designer.myLevels.actionOn", { action: text, name: level.name }), ...extra,
      onclick: (event) => this.act(event.currentTarget, () => action(level)),
    });
    const panel = this.openPanel?.id === level.id ? this.openPanel.kind : null;
    return el("li", { class: `my-level${current ? " current" : ""}`, "data-testid": "my-level", "data-id": level.id },
      el("span", { class: "my-level-name", text: level.name }, current ? el("span", { class: "muted", text: t("designer.myLevels.editingMark") }) : ""),
      el("span", { class: `my-level-tags muted${level.shares?.waiting?.length ? " waiting" : ""}`, "data-testid": "my-level-shared", text: sharedWith(level, this.classes) }),
      el("div", { class: "my-level-actions" },
        button(t("designer.myLevels.open"), "my-level-open", (l) => this.open(l)),
        button(t("designer.myLevels.rename"), "my-level-rename", (l) => this.toggle(l, "rename"), { "aria-expanded": String(panel === "rename") }),
        button(t("designer.myLevels.duplicate"), "my-level-duplicate", (l) => this.duplicate(l)),
        button(t("designer.myLevels.share"), "my-level-share", (l) => this.toggle(l, "share"), { "aria-expanded": String(panel === "share") }),
        button(t("designer.myLevels.delete"), "my-level-delete", (l) => this.remove(l))),
      panel === "rename" ? this.renameForm(level) : "",
      panel === "share" ? this.sharePanel(level) : "");
  }

  /** Runs `work` with its button disabled, so a double tap does it once; errors are said. */
  async act(button, work) {
    const where = { id: button.closest("[data-id]")?.dataset.id, testid: button.dataset.testid };
    button.disabled = true;
    try {
      await work();
    } catch (error) {
      say(error.message);
    } finally {
      button.disabled = false;
      // The list was redrawn: focus the same control of the same level (if it is still there).
      if (!button.isConnected && where.id && where.testid && !this.root.contains(document.activeElement)) {
        this.list.querySelector(`[data-id="${CSS.escape(where.id)}"] [data-testid="${CSS.escape(where.testid)}"]`)?.focus();
      }
    }
  }

  toggle(level, kind) {
    this.openPanel = this.openPanel?.id === level.id && this.openPanel.kind === kind ? null : { id: level.id, kind };
    this.render();
    const first = this.list.querySelector(`[data-id="${CSS.escape(level.id)}"] ${kind === "rename" ? "input" : ".my-level-share input, .my-level-share button"}`);
    first?.focus();
  }

  async open(level) {
    const full = await getLevel(level.id);
    if (this.hooks.open(full, level.id) === false) return;
    say(t("designer.myLevels.opened", { name: full.name }), true);
    this.render();
  }

  renameForm(level) {
    // Bounded like the designer's name box, by the kit's limit (rules.js; the server cuts longer ones).
    const input = el("input", { type: "text", value: level.name, maxlength: String(rules.level?.nameLength ?? 100), "data-testid": "my-level-new-name", "aria-label": t("designer.myLevels.newName", { name: level.name }) });
    const form = el("form", { class: "my-level-rename" }, input,
      el("button", { type: "submit", class: "primary", "data-testid": "my-level-rename-save", text: t("designer.myLevels.rename") }),
      el("button", { type: "button", text: t("designer.myLevels.cancel"), onclick: () => { this.openPanel = null; this.render(); } }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) { say(t("designer.myLevels.needsName")); return; }
      this.act(form.querySelector("button[type=submit]"), async () => {
        const full = await getLevel(level.id);
        await updateLevel(level.id, { ...full, name });
        this.hooks.renamed(level.id, name);
        this.openPanel = null;
        say(t("designer.myLevels.renamed", { name }), true);
        await this.refresh();
      });
    });
    return form;
  }

  async duplicate(level) {
    const copy = await copyLevel(level.id);
    say(t("designer.myLevels.duplicated", { name: copy.name }), true);
    await this.refresh();
  }

  async remove(level) {
    if (!window.confirm(t("designer.confirm.deleteLevel", { name: level.name }))) return;
    await deleteLevel(level.id);
    this.hooks.deleted(level.id);
    say(t("designer.myLevels.deleted", { name: level.name }), true);
    await this.refresh();
    this.root.querySelector("summary")?.focus();
  }

  sharePanel(level) {
    const shares = { classes: level.shares?.classes ?? [], link: Boolean(level.shares?.link) };
    const update = async (next, message) => {
      const answer = await shareLevel(level.id, next);
      Object.assign(level, { shares: answer.shares });
      say(typeof message === "function" ? message(answer) : message, true);
      this.render();
    };
    const pupil = this.role === "pupil";
    const boxes = this.classes.map((schoolClass) => {
      const box = el("input", { type: "checkbox", "data-testid": `share-class-${schoolClass.id}`, checked: shares.classes.includes(schoolClass.id) });
      box.addEventListener("change", () => this.act(box, () => {
        const classes = box.checked ? [...shares.classes, schoolClass.id] : shares.classes.filter((id) => id !== schoolClass.id);
        const words = box.checked ? (pupil ? "designer.myLevels.sharedPupil" : "designer.myLevels.sharedTeacher") : "designer.myLevels.unshared";
        // A class whose teacher approves pupils' levels: the answer says it waits.
        const waits = (answer) => box.checked && (answer.shares?.waiting ?? []).includes(schoolClass.id);
        return update({ ...shares, classes }, (answer) => t(waits(answer) ? "designer.myLevels.sharedPupilWaiting" : words, { class: schoolClass.name }));
      }));
      return el("label", {}, box, t(pupil ? "designer.myLevels.shareMyClass" : "designer.myLevels.shareWith", { class: schoolClass.name }));
    });
    const linkBox = el("input", { type: "text", readonly: true, class: "link-box", value: playLink(level.id), "data-testid": "share-link", "aria-label": t("designer.myLevels.linkLabel"), hidden: true });
    const copy = el("button", { type: "button", "data-testid": "copy-link", text: t("designer.myLevels.copyLink"), onclick: (event) => this.act(event.currentTarget, async () => {
      if (!shares.link) await update({ ...shares, link: true }, t("designer.myLevels.linkOn"));
      const copied = await copyText(playLink(level.id));
      const panel = this.list.querySelector(`[data-id="${CSS.escape(level.id)}"] .my-level-share`);
      const box = panel?.querySelector(".link-box");
      if (box) {
        box.hidden = false;
        box.select();
      }
      say(t(copied ? "designer.myLevels.linkCopied" : "designer.myLevels.linkShown"), true);
    }) });
    const stop = shares.link ? el("button", { type: "button", "data-testid": "stop-link", text: t("designer.myLevels.linkOff"),
      onclick: (event) => this.act(event.currentTarget, () => update({ ...shares, link: false }, t("designer.myLevels.linkGone"))) }) : "";
    const none = this.classes.length ? "" : el("p", { class: "muted small", text: t("designer.myLevels.signInToShare") });
    return el("div", { class: "my-level-share", role: "group", "aria-label": t("designer.myLevels.shareLabel", { name: level.name }) }, ...boxes, none, el("div", { class: "my-level-actions" }, copy, stop), linkBox);
  }
}
