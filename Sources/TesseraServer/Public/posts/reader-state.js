// Read, unread and starred posts, and the master list's filters (All / Unread / Starred / one
// author) with their counts. The marks are the server's (`/api/posts/marks`: one state per server,
// like local deletes; see PostMarksStore.swift), so every tab and browser on the machine agrees. A
// change shows at once and is sent after; one the server cannot hear is queued (offline.js) and
// sent when it is back. Opening a post marks it read. Keys: j/k next/previous post, s star,
// u read/unread. Words: `posts.filters.*` and `posts.marks.*`.
import { $, api, el } from "/shared/api.js";
import { formatNumber, scoped } from "/shared/words.js";

const { t } = scoped("posts");
const FILTERS = ["all", "unread", "starred"];
const STAR = "M8 1.6l1.9 4 4.3.5-3.2 3 .9 4.3L8 11.2l-3.9 2.2.9-4.3-3.2-3 4.3-.5z";

export class ReaderState {
  /**
   * `master` is master.js's Master (its answer and list); `openId()` the post in the detail;
   * `open(id)` opens one; `queue` is offline.js's queue of changes waiting for the server.
   */
  constructor({ master, openId, open, say, queue }) {
    Object.assign(this, { master, openId, open, say, queue });
    this.read = new Set();
    this.starred = new Set();
    this.filter = "all";
    this.author = null; // an author's id, or null for every author
    this.sticky = new Set(); // read while "Unread" shows: they stay listed until the filter changes
    this.sending = new Map(); // "kind id" → { on, sent }: the last change to a mark not yet answered
    this.bar = this.makeBar();
    this.detailButtons = this.makeDetailButtons();
    master.keep = (post) => this.keep(post);
    // The list draws its rows itself (a redraw, a new language): mark them each time it does.
    new MutationObserver(() => this.decorate()).observe($("post-list"), { childList: true });
    new MutationObserver(() => this.showDetailButtons()).observe($("post"), { attributes: true, attributeFilter: ["hidden"] });
    $("post-list").addEventListener("click", (event) => {
      const star = event.target.closest(".star-toggle");
      if (!star) return;
      event.preventDefault();
      this.toggle("starred", Number(star.closest(".post-row").dataset.id));
    });
    document.addEventListener("keydown", (event) => this.key(event));
  }

  /** The server's marks, with the changes still queued for it on top. */
  async load() {
    try {
      const marks = await api("/api/posts/marks");
      this.read = new Set(marks.read);
      this.starred = new Set(marks.starred);
    } catch {
      // Without marks every post reads as unread; the list still works.
    }
    // An answer read before a change reached the server must not undo it on screen.
    const unsent = [...this.queue.changes(), ...[...this.sending].map(([key, { on }]) => {
      const [kind, id] = key.split(" ");
      return { kind, id: Number(id), on };
    })];
    for (const change of unsent) {
      if (change.kind === "read") this.setLocal(this.read, change.id, change.on);
      if (change.kind === "starred") this.setLocal(this.starred, change.id, change.on);
    }
    this.redraw();
  }

  /** Whether the list shows `post` under the current filter. */
  keep(post) {
    if (this.queue.isDeleted(post.id)) return false;
    if (this.author !== null && post.user?.id !== this.author) return false;
    if (this.filter === "unread") return !this.read.has(post.id) || this.sticky.has(post.id);
    if (this.filter === "starred") return this.starred.has(post.id);
    return true;
  }

  /** The posts the filters count: the listing without the deletes on their way. */
  get counted() {
    return this.master.answer.posts.filter((post) => !this.master.pending.has(post.id) && !this.queue.isDeleted(post.id));
  }

  redraw() {
    if (this.master.loaded) this.master.draw();
    this.decorate();
  }

  // ---- marks ----------------------------------------------------------------------------------
  setLocal(set, id, on) {
    if (on) set.add(id);
    else set.delete(id);
  }

  /** A post was opened in the detail: it is read now. */
  opened(id) {
    if (this.read.has(id)) return;
    if (this.filter === "unread") this.sticky.add(id);
    this.change("read", id, true);
  }

  toggle(kind, id) {
    if (!Number.isInteger(id)) return;
    const set = kind === "read" ? this.read : this.starred;
    if (kind === "read" && this.filter === "unread") this.sticky.add(id);
    this.change(kind, id, !set.has(id));
  }

  async change(kind, id, on) {
    this.setLocal(kind === "read" ? this.read : this.starred, id, on);
    this.redraw();
    // Changes to one mark go one after another: sent together, a star then an unstar could reach
    // the server the other way round.
    const key = `${kind} ${id}`;
    const sent = (this.sending.get(key)?.sent ?? Promise.resolve()).then(() => this.send(kind, id, on));
    this.sending.set(key, { on, sent });
    await sent;
    if (this.sending.get(key)?.sent === sent) this.sending.delete(key);
  }

  async send(kind, id, on) {
    try {
      await api(`/api/posts/${id}/${kind === "read" ? "read" : "star"}`, { method: on ? "PUT" : "DELETE" });
    } catch (error) {
      if (error.status === 0) this.queue.add({ kind, id, on }); // no server: sent when it is back
      else if (error.status !== 404) this.say(error.message);
    }
  }

  // ---- drawing --------------------------------------------------------------------------------
  makeBar() {
    const bar = el("div", { class: "filters", role: "group", "data-testid": "filters" });
    this.buttons = Object.fromEntries(FILTERS.map((name) => [name,
      el("button", { type: "button", class: "filter", "data-filter": name, "data-testid": `filter-${name}`,
        onclick: () => this.choose(name) },
        el("span", { class: "filter-name" }), " ", el("span", { class: "filter-count", "data-testid": "filter-count" }))]));
    this.authorSelect = el("select", { class: "author-filter", "data-testid": "author-filter",
      onchange: () => this.chooseAuthor(this.authorSelect.value) });
    this.empty = el("p", { class: "list-empty muted filter-empty", "data-testid": "filter-empty", hidden: true });
    bar.append(...Object.values(this.buttons), this.authorSelect);
    document.querySelector(".master .search").after(bar);
    $("list-scroll").append(this.empty);
    this.keysHelp = el("p", { class: "list-help muted", "data-testid": "marks-keys" });
    $("list-help").after(this.keysHelp);
    return bar;
  }

  choose(name) {
    this.filter = name;
    this.sticky.clear();
    this.redraw();
  }

  chooseAuthor(value) {
    this.author = value === "" ? null : Number(value);
    this.sticky.clear();
    this.redraw();
  }

  /** Marks the rows on show, and says the counts. */
  decorate() {
    for (const row of $("post-list").querySelectorAll(".post-row")) {
      const id = Number(row.dataset.id);
      const title = row.querySelector(".post-title")?.textContent ?? "";
      const unread = !this.read.has(id);
      row.classList.toggle("unread", unread);
      row.classList.toggle("starred", this.starred.has(id));
      let dot = row.querySelector(".unread-dot");
      if (!dot) {
        dot = el("span", { class: "unread-dot", "data-testid": "unread-dot" });
        row.querySelector(".post-link")?.prepend(dot);
      }
      dot.replaceChildren(...(unread ? [el("span", { class: "visually-hidden", text: t("marks.unread") })] : []));
      let star = row.querySelector(".star-toggle");
      if (!star) {
        star = el("button", { type: "button", class: "star-toggle", tabindex: "-1", "data-testid": "star" }, starIcon());
        row.querySelector(".row-face")?.insertBefore(star, row.querySelector(".delete"));
      }
      const starred = this.starred.has(id);
      star.setAttribute("aria-pressed", String(starred));
      star.setAttribute("aria-label", t(starred ? "marks.unstarTitle" : "marks.starTitle", { title }));
      star.title = t(starred ? "marks.unstarTitle" : "marks.starTitle", { title });
    }
    this.showCounts();
    this.showDetailButtons();
  }

  showCounts() {
    const posts = this.counted;
    const mine = this.author === null ? posts : posts.filter((post) => post.user?.id === this.author);
    const counts = { all: mine.length, unread: mine.filter((post) => !this.read.has(post.id)).length,
      starred: mine.filter((post) => this.starred.has(post.id)).length };
    this.bar.setAttribute("aria-label", t("filters.label"));
    for (const name of FILTERS) {
      const button = this.buttons[name];
      button.querySelector(".filter-name").textContent = t(`filters.${name}`);
      button.querySelector(".filter-count").textContent = formatNumber(counts[name]);
      button.setAttribute("aria-pressed", String(this.filter === name));
    }
    const authors = new Map();
    for (const post of posts) {
      if (!post.user) continue;
      const known = authors.get(post.user.id) ?? { name: post.user.name, count: 0 };
      known.count += 1;
      authors.set(post.user.id, known);
    }
    if (this.author !== null && !authors.has(this.author)) authors.set(this.author, { name: "", count: 0 });
    const sorted = [...authors].sort((a, b) => a[1].name.localeCompare(b[1].name));
    const texts = [t("filters.anyAuthor"), ...sorted.map(([, { name, count }]) => t("filters.authorOption", { name, count }))];
    // Rebuilt only when it reads differently: a menu open under the reader's finger stays open.
    const signature = JSON.stringify([texts, sorted.map(([id]) => id)]);
    if (signature !== this.authorSignature) {
      this.authorSignature = signature;
      this.authorSelect.replaceChildren(el("option", { value: "", text: texts[0] }),
        ...sorted.map(([id], index) => el("option", { value: String(id), text: texts[index + 1] })));
    }
    this.authorSelect.value = this.author === null ? "" : String(this.author);
    this.authorSelect.setAttribute("aria-label", t("filters.author"));
    this.keysHelp.textContent = t("marks.keys");
    const filtering = this.filter !== "all" || this.author !== null;
    const nothing = filtering && this.master.loaded && !$("post-list").querySelector(".post-row");
    this.empty.hidden = !nothing;
    this.empty.textContent = nothing ? t(`filters.none.${this.filter}`) : "";
  }

  makeDetailButtons() {
    const star = el("button", { type: "button", class: "mark-button", "data-testid": "detail-star",
      onclick: () => this.toggle("starred", this.openId()) }, starIcon(), el("span", { class: "mark-label" }));
    const read = el("button", { type: "button", class: "mark-button", "data-testid": "detail-read",
      onclick: () => this.toggle("read", this.openId()) }, dotIcon(), el("span", { class: "mark-label" }));
    const box = el("div", { class: "detail-marks", hidden: true }, star, read);
    document.querySelector(".detail .pane-head").append(box);
    return { box, star, read };
  }

  showDetailButtons() {
    const id = this.openId();
    const { box, star, read } = this.detailButtons;
    box.hidden = id === null || $("post").hidden;
    if (box.hidden) return;
    const starred = this.starred.has(id);
    star.setAttribute("aria-pressed", String(starred));
    star.querySelector(".mark-label").textContent = t(starred ? "marks.unstar" : "marks.star");
    star.title = t("marks.starKey");
    read.querySelector(".mark-label").textContent = t(this.read.has(id) ? "marks.markUnread" : "marks.markRead");
    read.classList.toggle("is-unread", !this.read.has(id));
    read.title = t("marks.readKey");
  }

  /** The words again, in the page's new language. */
  relabel() {
    this.decorate();
  }

  // ---- keys -----------------------------------------------------------------------------------
  key(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key.toLowerCase();
    if (!["j", "k", "s", "u"].includes(key)) return;
    const rows = [...$("post-list").querySelectorAll(".post-row:not(.removing)")].map((row) => Number(row.dataset.id));
    // The post asked for last (marked open in the list), though its answer may not be in yet: a
    // quick "k" then "s" stars the post the reader moved to, and "j j" moves two posts.
    const asked = this.master.list.openId ?? null;
    const here = asked ?? this.openId() ?? this.master.list.currentId;
    event.preventDefault();
    if (key === "s" || key === "u") {
      if (here !== null) this.toggle(key === "s" ? "starred" : "read", here);
      return;
    }
    if (!rows.length) return;
    const index = rows.indexOf(here);
    const next = index < 0 ? rows[0] : rows[Math.max(0, Math.min(rows.length - 1, index + (key === "j" ? 1 : -1)))];
    if (next === here && asked !== null) return;
    this.master.list.setCurrent(next);
    this.open(next);
  }
}

const SVG = "http://www.w3.org/2000/svg";

function icon(...shapes) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.append(...shapes);
  return svg;
}

function starIcon() {
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", STAR);
  return icon(path);
}

/** The unread dot, filled while the post is unread. */
function dotIcon() {
  const circle = document.createElementNS(SVG, "circle");
  for (const [name, value] of [["cx", 8], ["cy", 8], ["r", 4]]) circle.setAttribute(name, value);
  return icon(circle);
}
