// The master column's behaviour: loading the list (newest answer wins), live search with the
// original's feedback texts, and deleting (button, Delete key, swipe), which is off while
// searching. Drawing is list-view.js, touch is swipe.js; posts.js owns the detail and syncing and
// is told through `onOpen` and `closeIfOpen`.
import { $, api } from "/shared/api.js";
import { PostList } from "./list-view.js";
import { enableSwipe } from "./swipe.js";

const SEARCH_DELAY_MS = 120;
const NO_DELETE = "Deleting is off while searching. Clear the search to delete posts.";

export class Master {
  /**
   * `say(text, info)` for the status line; `openId()` is the post in the detail; `onOpen(id)`
   * opens one; `closeIfOpen(id)` closes the detail when it shows a post that was just deleted.
   */
  constructor({ say, openId, onOpen, closeIfOpen }) {
    Object.assign(this, { say, openId, closeIfOpen });
    this.query = ""; // the search the list shows (trimmed)
    this.total = 0;
    this.matching = 0;
    this.posts = [];
    this.loaded = false; // the list has been drawn once
    this.firstLoad = false; // the store was empty and the first sync runs: no "empty" text yet
    this.request = 0; // newer list answers win; older ones are dropped
    this.deleting = new Set(); // posts being deleted (their detail is not reloaded meanwhile)
    this.searchTimer = 0;
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

  async load({ reveal = false } = {}) {
    const request = ++this.request;
    const query = this.query;
    let data;
    try {
      data = await api(query ? `/api/posts?search=${encodeURIComponent(query)}` : "/api/posts");
    } catch (error) {
      if (request === this.request) this.say(error.message);
      return;
    }
    if (request !== this.request) return;
    // The same rows again (a status echo of this page's own change): keep the DOM, so a row being
    // swiped, hovered or focused is left alone.
    const same = this.loaded && sameRows(this.posts, data.posts) && this.list.searching === (query !== "");
    Object.assign(this, { total: data.total, matching: data.matching, posts: data.posts, loaded: true });
    if (!same) {
      this.swipe.reset();
      this.list.render(this.posts, { searching: query !== "", openId: this.openId() });
    }
    if (reveal && this.openId() !== null) this.list.setOpen(this.openId());
    this.showFeedback();
  }

  showFeedback() {
    const feedback = $("feedback");
    if (this.query) {
      feedback.textContent = this.matching === 0 ? "No Search Results" : `Filtering ${this.matching} of ${this.total} Posts`;
    } else {
      feedback.textContent = this.loaded && this.total > 0 ? `${this.total} ${this.total === 1 ? "Post" : "Posts"}` : "";
    }
    feedback.classList.toggle("searching", this.query !== "");
    const empty = $("list-empty");
    empty.hidden = true;
    if (this.query && this.matching === 0) {
      empty.textContent = `No post title or author email contains “${this.query}”.`;
      empty.hidden = false;
    } else if (!this.query && this.loaded && this.total === 0 && !this.firstLoad) {
      empty.textContent = "No posts are stored here yet. Press Sync to fetch them from the origin.";
      empty.hidden = false;
    }
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

  async delete(id) {
    if (this.searching) {
      this.say(NO_DELETE, true);
      return;
    }
    const post = this.posts.find((item) => item.id === id);
    if (!post) return;
    const list = this.list;
    const next = list.neighbourOf(id);
    list.markRemoving(id);
    list.setCurrent(next); // any redraw from now on (a status echo) moves the selection on
    this.deleting.add(id);
    const pause = new Promise((resolve) => setTimeout(resolve, 180)); // let the row fade out
    try {
      await api(`/api/posts/${id}`, { method: "DELETE" });
    } catch (error) {
      if (error.status !== 404) { // a 404 means it is gone already, which is what was asked
        this.deleting.delete(id);
        list.markRemoving(id, false);
        list.setCurrent(id);
        this.say(error.message);
        return;
      }
    }
    await pause;
    this.deleting.delete(id);
    this.closeIfOpen(id);
    // The server's status echo may have redrawn the list without the post already.
    if (this.posts.some((item) => item.id === id)) {
      this.posts = this.posts.filter((item) => item.id !== id);
      this.total = Math.max(0, this.total - 1);
      list.render(this.posts, { searching: false, openId: this.openId() });
    }
    this.showFeedback();
    this.say(`Deleted “${post.title}”. It comes back with the next sync.`, true);
  }
}

function sameRows(a, b) {
  return a.length === b.length && a.every((post, index) => post.id === b[index].id && post.title === b[index].title
    && post.user?.email === b[index].user?.email);
}
