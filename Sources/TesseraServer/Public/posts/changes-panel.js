// "What changed": a dialog listing what each of the last syncs (GET /api/posts/changes, kept by the
// server for every node) did to the posts — new ones, edited ones with the changed words marked
// (<ins>, <del>), those the origin removed and those that came back after this reader deleted
// them — and how many comments came and went. The button in the bar opens it and is marked while
// it holds changes not yet seen (a sync here or in another tab that changed posts or comments).
// Words: `posts.changes.*`; titles and words are the origin's data.
import { api, el } from "/shared/api.js";
import { formatDate, scoped } from "/shared/words.js";

const { t } = scoped("posts");
const KINDS = ["added", "edited", "deleted", "restored"];

export class ChangesPanel {
  /** `onOpen(id)` opens a post named in the panel (the dialog closes first). */
  constructor({ button, dialog, body, close, onOpen }) {
    Object.assign(this, { button, dialog, body, onOpen });
    this.syncs = null; // the newest answer's syncs, newest first
    this.seen = null; // the newest sync the reader has looked at
    this.asked = 0; // reads sent, numbered: an answer older than one already shown is not shown
    this.shown = 0;
    this.baseline = null; // the read whose answer says what was there on arrival
    button.addEventListener("click", () => this.open());
    close.addEventListener("click", () => dialog.close());
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close(); // a click on the backdrop
      const link = event.target.closest("[data-post]");
      if (link) {
        event.preventDefault();
        dialog.close();
        onOpen(Number(link.dataset.post));
      }
    });
  }

  /** Reads the changes again; the button is marked when the newest sync is one not yet seen. */
  async refresh() {
    const ticket = ++this.asked;
    if (this.seen === null && this.baseline === null) this.baseline = ticket;
    let answer;
    try {
      answer = await api("/api/posts/changes");
    } catch {
      if (this.baseline === ticket) this.baseline = null; // the next read says what was there
      return; // the panel keeps what it had; the status line speaks for the server
    }
    const syncs = Array.isArray(answer?.syncs) ? answer.syncs : [];
    // Reads cross on a busy server (the page's first one and a sync's): the first read alone says
    // what was there on arrival, and a late answer never replaces a newer one.
    if (this.baseline === ticket && this.seen === null) this.seen = syncs[0]?.syncedAt ?? "";
    if (ticket > this.shown) {
      this.shown = ticket;
      this.syncs = syncs;
    }
    this.render();
  }

  open() {
    this.seen = this.syncs?.[0]?.syncedAt ?? "";
    this.render();
    if (!this.dialog.open) this.dialog.showModal();
  }

  relabel() {
    if (this.syncs) this.render();
  }

  render() {
    // Marked while a sync newer than the one looked at changed something (a later empty sync
    // does not hide it). Times are ISO 8601 in UTC to the millisecond, so they sort as text.
    const seen = this.seen;
    const fresh = seen !== null && (this.syncs ?? []).some((sync) => sync.syncedAt > seen && !isEmpty(sync));
    this.button.classList.toggle("fresh", fresh);
    this.button.querySelector(".fresh-mark")?.toggleAttribute("hidden", !fresh);
    if (!this.syncs) return;
    this.body.replaceChildren(...(this.syncs.length
      ? this.syncs.map((sync) => this.syncSection(sync))
      : [el("p", { class: "muted", text: t("changes.none") })]));
  }

  syncSection(sync) {
    const date = formatDate(new Date(sync.syncedAt), { dateStyle: "medium", timeStyle: "medium" });
    const parts = [el("h3", { class: "sync-heading", text: t("changes.syncedAt", { date }) })];
    if (isEmpty(sync)) parts.push(el("p", { class: "muted", "data-testid": "nothing-changed", text: t("changes.nothing") }));
    for (const kind of KINDS) {
      const posts = sync[kind] ?? [];
      if (!posts.length) continue;
      parts.push(el("section", { class: `change-group ${kind}`, "data-testid": `changes-${kind}` },
        el("h4", { text: t(`changes.${kind}`, { count: posts.length }) }),
        el("ul", {}, ...posts.map((post) => this.postItem(kind, post)))));
    }
    const comments = sync.comments ?? {};
    if (comments.added || comments.edited || comments.deleted) {
      parts.push(el("p", { class: "muted", "data-testid": "changes-comments",
        text: t("changes.comments", { added: comments.added ?? 0, edited: comments.edited ?? 0, deleted: comments.deleted ?? 0 }) }));
    }
    if (sync.unlisted > 0) parts.push(el("p", { class: "muted", text: t("changes.unlisted", { count: sync.unlisted }) }));
    return el("section", { class: "sync-changes", "data-testid": "sync-changes" }, ...parts);
  }

  postItem(kind, post) {
    // Deleted posts are no longer stored: their title is text, not a link.
    const title = kind === "deleted"
      ? el("span", { class: "change-title", text: post.title })
      : el("a", { class: "change-title", href: `?post=${post.id}`, "data-post": post.id },
        ...(post.titleChanges?.length ? diffNodes(post.titleChanges) : [post.title]));
    const item = el("li", { "data-testid": "change-item", "data-id": post.id }, title);
    if (post.bodyChanges?.length) item.append(el("p", { class: "change-body", "data-testid": "change-body" }, ...diffNodes(post.bodyChanges)));
    return item;
  }
}

/** A word diff's segments as nodes: kept words as text, added in <ins>, removed in <del>. */
export function diffNodes(segments) {
  const nodes = [];
  for (const segment of segments) {
    if (nodes.length) nodes.push(" ");
    if (segment.kind === "skipped") {
      nodes.push(el("span", { class: "muted skipped", text: t("changes.skipped", { count: segment.omitted }) }));
      continue;
    }
    const more = segment.omitted > 0 ? ` ${t("changes.more", { count: segment.omitted })}` : "";
    if (segment.kind === "added" || segment.kind === "removed") {
      const tag = segment.kind === "added" ? "ins" : "del";
      const said = t(segment.kind === "added" ? "changes.inserted" : "changes.removedWords");
      nodes.push(el(tag, { "data-testid": `diff-${segment.kind}` },
        el("span", { class: "visually-hidden", text: `${said} ` }), segment.text + more));
    } else {
      nodes.push(segment.text);
    }
  }
  return nodes;
}

function changedPosts(sync) {
  return KINDS.reduce((sum, kind) => sum + (sync[kind]?.length ?? 0), 0) + (sync.unlisted ?? 0);
}

function isEmpty(sync) {
  const comments = sync.comments ?? {};
  return changedPosts(sync) === 0 && !comments.added && !comments.edited && !comments.deleted;
}
