// The master column's behaviour: loading the list (newest answer wins), live search with the
// original's feedback texts, and deleting (button, Delete key, swipe), which is off while
// searching. A delete hides the row at once and offers Undo (undo-toast.js); the server hears of
// it only when the offer ends (pending-deletes.js), so Undo needs no request at all. Drawing is
// list-view.js, touch is swipe.js; posts.js owns the detail and syncing and is told through
// `onOpen`, `closeIfOpen` and `reopen`. Words: `posts.list.*` and `posts.delete.*`; what it says in
// the status line goes to `say` as a message ({key, args}), said again if the language changes.
import { $, api } from "/shared/api.js";
import { scoped } from "/shared/words.js";
import { PostList } from "./list-view.js";
import { PendingDeletes } from "./pending-deletes.js";
import { enableSwipe } from "./swipe.js";
import { UndoToast } from "./undo-toast.js";

const SEARCH_DELAY_MS = 120;
const NO_DELETE = { key: "list.noDelete" };
const { t } = scoped("posts");

export class Master {
  /**
   * `say(text or {key, args}, info)` for the status line; `openId()` is the post in the detail; `onOpen(id)`
   * opens one; `closeIfOpen(id)` closes the detail when it shows a post that was just deleted.
   */
  constructor({ say, openId, onOpen, closeIfOpen, reopen }) {
    Object.assign(this, { say, openId, closeIfOpen, reopen });
    this.query = ""; // the search the list shows (trimmed)
    this.answer = { total: 0, matching: 0, posts: [] }; // the server's last list, undoable deletes included
    this.posts = []; // what the list shows: the answer without the undoable deletes
    this.loaded = false; // the list has been drawn once
    this.firstLoad = false; // the store was empty and the first sync runs: no "empty" text yet
    this.request = 0; // newer list answers win; older ones are dropped
    this.searchTimer = 0;
    this.keep = () => true; // the filters' choice of posts (reader-state.js)
    this.pending = new PendingDeletes({ onSent: (id, ok) => this.sent(id, ok) });
    this.toast = new UndoToast({ box: $("undo-toast"), text: $("undo-text"), button: $("undo"), announcer: $("undo-announce") });
    this.list = new PostList($("post-list"), { onOpen, onDelete: (id) => this.delete(id) });
    this.swipe = enableSwipe($("post-list"), {
      canDelete: () => !this.searching,
      onDelete: (id) => this.delete(id),
      onBlocked: () => say(NO_DELETE, true),
    });
    this.wireSearch($("search"));
  }

  /** Is there a search in the box (even one not applied yet)? */
  get searching() {
    return $("search").value.trim() !== "";
  }

  /** Posts whose detail must not be reloaded: deleted, though the server does not know yet. */
  isDeleting(id) {
    return this.pending.has(id);
  }

  /** Stored posts, and those matching the search, as the reader sees them (undoable deletes gone). */
  get total() {
    return Math.max(0, this.answer.total - (this.query ? this.pending.size : this.answer.hidden));
  }

  get matching() {
    return Math.max(0, this.answer.matching - this.answer.hidden);
  }

  async load({ reveal = false } = {}) {
    const request = ++this.request;
    const query = this.query;
    let data;
    try {
      data = await api(query ? `/api/posts?search=${encodeURIComponent(query)}` : "/api/posts");
    } catch (error) {
      if (request === this.request) this.say(error.message); // the server's words
      return;
    }
    if (request !== this.request) return;
    this.answer = { total: data.total, matching: data.matching, posts: data.posts, hidden: 0 };
    this.loaded = true;
    this.draw();
    if (reveal && this.openId() !== null) this.list.setOpen(this.openId());
    if (this.changedWhileLoading) this.changed();
  }

  /** The server's posts changed (a sync or a delete, from any tab): list them again. */
  changed() {
    // Before the first list has arrived, that answer may predate the change: ask again after it.
    this.changedWhileLoading = !this.loaded;
    if (this.loaded) this.load();
  }

  /** Draws the last answer without the undoable deletes, unless the rows on screen are the same. */
  draw() {
    const visible = this.answer.posts.filter((post) => !this.pending.has(post.id) && this.keep(post));
    // Undoable deletes are still stored, so the server counted them: take them off the counts.
    this.answer.hidden = this.answer.posts.filter((post) => this.pending.has(post.id)).length;
    // The same rows again (a status echo of this page's own change): keep the DOM, so a row being
    // swiped, hovered or focused is left alone.
    const same = this.list.posts === this.posts && sameRows(this.posts, visible) && this.list.query === this.query;
    this.posts = visible;
    if (!same) {
      this.swipe.reset();
      this.list.render(visible, { query: this.query, openId: this.openId() });
    }
    this.showFeedback();
  }

  showFeedback() {
    const feedback = $("feedback");
    if (this.query) {
      feedback.textContent = this.matching === 0 ? t("list.noResults") : t("list.filtering", { matching: this.matching, total: this.total });
    } else {
      feedback.textContent = this.loaded && this.total > 0 ? t("list.count", { count: this.total }) : "";
    }
    feedback.classList.toggle("searching", this.query !== "");
    $("delete-hint").hidden = !this.searching;
    const empty = $("list-empty");
    empty.hidden = true;
    if (this.query && this.matching === 0) {
      empty.textContent = t("list.noMatch", { query: this.query });
      empty.hidden = false;
    } else if (!this.query && this.loaded && this.total === 0 && !this.firstLoad) {
      empty.textContent = t("list.empty");
      empty.hidden = false;
    }
  }

  /** The words again, in the page's new language. */
  relabel() {
    this.showFeedback();
    this.list.relabel();
    this.toast.relabel();
  }

  applySearch() {
    clearTimeout(this.searchTimer);
    const query = $("search").value.trim();
    if (query === this.query) return;
    this.query = query;
    this.load();
  }

  wireSearch(input) {
    input.addEventListener("input", () => {
      $("delete-hint").hidden = !this.searching;
      clearTimeout(this.searchTimer);
      this.swipe.reset();
      this.searchTimer = setTimeout(() => this.applySearch(), SEARCH_DELAY_MS);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        this.applySearch();
        this.list.focusCurrent();
      } else if (event.key === "Enter") {
        event.preventDefault();
        this.applySearch();
      } else if (event.key === "Escape" && input.value) {
        event.preventDefault();
        input.value = "";
        this.applySearch();
      }
    });
  }

  /** Hides the post at once and offers Undo; the DELETE goes out when the offer ends. */
  delete(id) {
    if (this.searching) {
      this.say(NO_DELETE, true);
      return;
    }
    const post = this.posts.find((item) => item.id === id);
    if (!post || this.pending.has(id)) return;
    const list = this.list;
    const wasOpen = this.openId() === id;
    list.markRemoving(id);
    list.setCurrent(list.neighbourOf(id)); // any redraw from now on moves the selection on
    this.pending.hold(id);
    this.closeIfOpen(id);
    // Let the row fade out, then draw the list without it (unless Undo came first).
    setTimeout(() => { if (this.pending.has(id)) this.draw(); }, 180);
    const offer = { title: post.title };
    this.toast.show({ key: "delete.deleted", args: offer }, { key: "delete.offer", args: offer }, {
      onUndo: ({ hadFocus }) => this.undo(id, { wasOpen, hadFocus }),
      onExpire: ({ hadFocus }) => {
        this.pending.send(id);
        if (hadFocus) list.focusCurrent();
      },
    });
  }

  /** Undo: the row comes back where it was, current and focused; the detail too if it was open. */
  undo(id, { wasOpen, hadFocus }) {
    if (!this.pending.cancel(id)) return;
    const title = this.answer.posts.find((post) => post.id === id)?.title;
    const hadListFocus = hadFocus || this.list.list.contains(document.activeElement);
    this.list.markRemoving(id, false);
    this.draw();
    this.list.setCurrent(id);
    if (hadListFocus) this.list.focusCurrent();
    if (wasOpen) this.reopen(id);
    this.toast.announce(title ? { key: "delete.back", args: { title } } : { key: "delete.backUntitled" });
  }

  /** The server answered a DELETE that the undo window let through. */
  sent(id, ok) {
    const post = this.answer.posts.find((item) => item.id === id);
    if (ok) {
      if (post) {
        this.answer.posts = this.answer.posts.filter((item) => item !== post);
        this.answer.total = Math.max(0, this.answer.total - 1);
        if (this.query) this.answer.matching = Math.max(0, this.answer.matching - 1);
      }
      this.draw();
      return;
    }
    // Not deleted after all (the server could not be reached or refused): show the row again, say so.
    this.draw();
    this.say(post ? { key: "delete.notDeleted", args: { title: post.title } } : { key: "delete.notDeletedUntitled" });
  }
}

function sameRows(a, b) {
  return a.length === b.length && a.every((post, index) => post.id === b[index].id && post.title === b[index].title
    && post.user?.email === b[index].user?.email && post.comments === b[index].comments && post.excerpt === b[index].excerpt);
}
