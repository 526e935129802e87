// The master list: a row per post (title and author email, any height), one "current" row that the
// arrow keys move (roving tabindex: only the current row's link and delete button are in the tab
// order), the open row marked with aria-current, and a delete button that shows on hover or focus.
// Each row counts the post's comments. While searching, the part of the title or email that matched
// is marked (a match in the body shows as a line of the body around it, marked too), and the delete buttons
// are off but still focusable (aria-disabled, not disabled), described by the visible hint that
// says why. Deleting is the page's business (`onDelete`); this view only draws and reports intent.
// Words: `posts.list.*`; the titles and emails are the origin's data, shown as they are.
import { el } from "/shared/api.js";
import { scoped } from "/shared/words.js";
import { highlighted, matchRanges } from "./highlight.js";

const { t } = scoped("posts");
const TRASH = "M3 4h10M6.5 4V2.75h3V4M4.5 4l.6 9.25h5.8L11.5 4M6.75 6.5v4.5M9.25 6.5v4.5";

export class PostList {
  /** `onOpen(id)` when a row is opened (click, Enter); `onDelete(id)` for the button and the Delete key. */
  constructor(list, { onOpen, onDelete }) {
    this.list = list;
    this.onOpen = onOpen;
    this.onDelete = onDelete;
    this.posts = [];
    this.currentId = null; // the row the arrow keys are on
    this.openId = null; // the post shown in the detail
    this.searching = false;
    this.query = "";
    list.addEventListener("click", (event) => this.click(event));
    list.addEventListener("keydown", (event) => this.key(event));
    list.addEventListener("focusin", (event) => {
      const row = event.target.closest(".post-row");
      if (row && !row.classList.contains("removing")) this.setCurrent(Number(row.dataset.id));
    });
  }

  get rows() {
    return [...this.list.querySelectorAll(".post-row:not(.removing)")];
  }

  row(id) {
    return this.list.querySelector(`.post-row[data-id="${id}"]`);
  }

  /** Draws `posts` (marking `query` in them); keeps the current and open rows when still listed. */
  render(posts, { query = "", openId = this.openId }) {
    this.posts = posts;
    this.searching = query !== "";
    this.query = query;
    this.openId = openId;
    const hadFocus = this.list.contains(document.activeElement);
    const focusedDelete = document.activeElement?.classList.contains("delete");
    this.list.replaceChildren(...posts.map((post) => this.rowFor(post)));
    const listed = (id) => posts.some((post) => post.id === id);
    if (!listed(this.currentId)) this.currentId = listed(openId) ? openId : posts[0]?.id ?? null;
    this.setCurrent(this.currentId);
    this.markOpen();
    if (hadFocus) this.focusCurrent(focusedDelete);
  }

  rowFor(post) {
    const title = post.title;
    const email = post.user?.email ?? "";
    // Only the email matched: the mark shows it; screen readers are told in words.
    const byEmail = this.searching && !matchRanges(title, this.query).length && matchRanges(email, this.query).length > 0;
    // The server sends an excerpt only when the body matched; it is shown when the title did not.
    const excerpt = this.searching && post.excerpt && !matchRanges(title, this.query).length ? post.excerpt : "";
    return el("li", { class: `post-row${byEmail ? " email-match" : ""}`, "data-id": post.id, "data-testid": "post-row" },
      el("button", { type: "button", class: "swipe-delete", tabindex: "-1", "aria-hidden": "true", text: t("list.delete") }),
      el("div", { class: "row-face" },
        el("a", { class: "post-link", href: `?post=${post.id}`, tabindex: "-1", "data-testid": "post-link" },
          el("span", { class: "post-title", "data-testid": "post-title" }, ...highlighted(title, this.query)),
          el("span", { class: "post-email", "data-testid": "post-email" },
            ...(byEmail ? [el("span", { class: "visually-hidden", text: t("list.emailMatches") })] : []),
            ...highlighted(email, this.query)),
          ...(excerpt ? [el("span", { class: "post-excerpt", "data-testid": "post-excerpt" },
            el("span", { class: "visually-hidden", text: t("list.bodyMatches") }), ...highlighted(excerpt, this.query))] : []),
          el("span", { class: "comment-count", "data-testid": "comment-count", title: t("list.comments", { count: post.comments ?? 0 }) },
            commentIcon(), el("span", { "aria-hidden": "true", "data-testid": "comment-number", text: String(post.comments ?? 0) }),
            el("span", { class: "visually-hidden", text: t("list.comments", { count: post.comments ?? 0 }) }))),
        el("button", { type: "button", class: "delete", tabindex: "-1", "data-testid": "delete",
          "aria-label": t("list.deleteTitle", { title }),
          title: this.searching ? t("list.clearToDelete") : t("list.deleteTitle", { title }),
          "aria-disabled": this.searching ? "true" : false,
          "aria-describedby": this.searching ? "delete-hint" : false }, trashIcon())));
  }

  /** Draws the rows again, in the page's new language. */
  relabel() {
    this.render(this.posts, { query: this.query, openId: this.openId });
  }

  setCurrent(id) {
    this.currentId = id;
    for (const row of this.list.querySelectorAll(".post-row")) {
      const current = Number(row.dataset.id) === id;
      row.classList.toggle("current", current);
      for (const control of row.querySelectorAll(".post-link, .delete")) control.tabIndex = current ? 0 : -1;
    }
  }

  /** Marks the post shown in the detail; it becomes the current row and scrolls into view. */
  setOpen(id) {
    this.openId = id;
    this.markOpen();
    if (id !== null && this.row(id)) {
      this.setCurrent(id);
      this.row(id).scrollIntoView({ block: "nearest" });
    }
  }

  markOpen() {
    for (const row of this.list.querySelectorAll(".post-row")) {
      const open = Number(row.dataset.id) === this.openId;
      row.classList.toggle("open", open);
      const link = row.querySelector(".post-link");
      if (open) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
  }

  /** Moves keyboard focus to the current row (its delete button when `onDelete` is true). */
  focusCurrent(onDelete = false) {
    const row = this.row(this.currentId) ?? this.rows[0];
    if (!row) return false;
    this.setCurrent(Number(row.dataset.id));
    const target = onDelete && !this.searching ? row.querySelector(".delete") : row.querySelector(".post-link");
    target.focus();
    row.scrollIntoView({ block: "nearest" });
    return true;
  }

  /** Marks a row while its delete is on its way; `false` puts it back. */
  markRemoving(id, removing = true) {
    const row = this.row(id);
    if (!row) return;
    row.classList.toggle("removing", removing);
    if (!removing) row.querySelector(".row-face").style.transform = "";
  }

  /** The row after `id` (or before it, at the end): where the selection goes when `id` leaves. */
  neighbourOf(id) {
    const index = this.posts.findIndex((post) => post.id === id);
    if (index < 0) return this.currentId;
    return (this.posts[index + 1] ?? this.posts[index - 1])?.id ?? null;
  }

  click(event) {
    const row = event.target.closest(".post-row");
    if (!row) return;
    const id = Number(row.dataset.id);
    if (event.target.closest(".delete, .swipe-delete")) {
      event.preventDefault();
      if (!row.classList.contains("removing")) this.onDelete(id);
      return;
    }
    const link = event.target.closest(".post-link");
    if (!link) return;
    // Let the browser open the link elsewhere when asked to (new tab, new window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    this.setCurrent(id);
    this.onOpen(id);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const rows = this.rows;
    const index = rows.findIndex((row) => Number(row.dataset.id) === this.currentId);
    let next = null;
    switch (event.key) {
      case "ArrowDown": next = rows[Math.min(index + 1, rows.length - 1)]; break;
      case "ArrowUp": next = rows[Math.max(index - 1, 0)]; break;
      case "Home": next = rows[0]; break;
      case "End": next = rows[rows.length - 1]; break;
      case "PageDown": next = rows[Math.min(index + 8, rows.length - 1)]; break;
      case "PageUp": next = rows[Math.max(index - 8, 0)]; break;
      case "Delete":
      case "Backspace":
        if (this.currentId === null) return;
        event.preventDefault();
        this.onDelete(this.currentId);
        return;
      default:
        return;
    }
    event.preventDefault();
    if (!next) return;
    this.setCurrent(Number(next.dataset.id));
    this.focusCurrent(event.target.classList.contains("delete"));
  }
}

/** A 16×16 decorative SVG icon of one path (hidden from screen readers: the row says it in words). */
function icon(d) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  svg.append(path);
  return svg;
}

const commentIcon = () => icon("M2.5 3h11v7.5H7L4 13v-2.5H2.5z");
const trashIcon = () => icon(TRASH);
