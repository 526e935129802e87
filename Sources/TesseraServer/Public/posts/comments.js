// A post's comments, under the post in the detail pane: a heading with their number, then each
// comment's writer (name and email) and text. Words: `posts.comments.*`; the comments are the
// origin's data, shown as they are.
import { el } from "/shared/api.js";
import { scoped } from "/shared/words.js";

const { t, translated } = scoped("posts");

/** The section for `comments` (the `/api/posts/{id}` answer's), counted by `relabelComments`. */
export function commentsSection(comments = []) {
  const section = el("section", { class: "comments", "aria-labelledby": "comments-heading", "data-testid": "comments" },
    el("h3", { id: "comments-heading", class: "comments-heading" },
      translated("span", "comments.heading"), " ",
      el("span", { class: "muted comment-total", "data-testid": "comment-total" })),
    comments.length
      ? el("ol", { class: "comment-list" }, ...comments.map(commentItem))
      : translated("p", "comments.none", { class: "muted no-comments" }));
  section.dataset.count = String(comments.length);
  relabelComments(section);
  return section;
}

function commentItem(comment) {
  return el("li", { class: "comment", "data-testid": "comment", "data-id": comment.id },
    el("p", { class: "comment-by" },
      el("span", { class: "comment-name", "data-testid": "comment-name", text: comment.name ?? "" }), " ",
      el("a", { class: "muted comment-email", "data-testid": "comment-email", href: `mailto:${comment.email ?? ""}`, text: comment.email ?? "" })),
    el("p", { class: "comment-body", "data-testid": "comment-body", text: comment.body ?? "" }));
}

/** The count's words again, in the page's language. */
export function relabelComments(section) {
  const total = section?.querySelector(".comment-total");
  if (total) total.textContent = t("comments.count", { count: Number(section.dataset.count) || 0 });
}
