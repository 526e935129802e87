// The detail pane: the open post's title and body, its author (name, username, email), the post's
// comments (comments.js) and the author's albums (albums.js). The pane scrolls on its own; its scroll position and open albums are
// what the page saves so a reload comes back to the same place. Words: `posts.detail.*`; the post,
// its author and the albums' titles are the origin's data, shown as they are.
import { el } from "/shared/api.js";
import { scoped } from "/shared/words.js";
import { AlbumList } from "./albums.js";
import { commentsSection, relabelComments } from "./comments.js";
import { LazyImages } from "./lazy-images.js";

const { t, translated, translatedAttributes } = scoped("posts");

export class DetailView {
  constructor({ article, empty, scroller, onPhoto, onChange, onError }) {
    this.article = article;
    this.empty = empty;
    this.scroller = scroller;
    this.images = new LazyImages(scroller);
    this.albums = new AlbumList({ scroller, images: this.images, onPhoto, onToggle: onChange, onError });
    this.post = null;
  }

  get postId() {
    return this.post?.id ?? null;
  }

  /** Shows `post` (the `/api/posts/{id}` answer), with every album collapsed and the pane at the top. */
  show(post) {
    this.images.reset();
    this.post = post;
    const albums = post.albums ?? [];
    const photos = albums.reduce((sum, album) => sum + album.photoCount, 0);
    this.article.replaceChildren(
      el("h2", { class: "post-heading", "data-testid": "post-heading", text: post.title }),
      this.author(post.user),
      el("p", { class: "post-body", "data-testid": "post-body", text: post.body }),
      commentsSection(post.comments),
      el("section", { class: "albums", "aria-labelledby": "albums-heading" },
        el("h3", { id: "albums-heading", class: "albums-heading" },
          translated("span", "detail.albums"), " ",
          el("span", { class: "muted album-total", "data-testid": "album-total" })),
        albums.length
          ? this.albums.render(albums)
          : el("p", { class: "muted no-albums" })));
    this.counts = { albums: albums.length, photos };
    this.relabel();
    this.article.hidden = false;
    this.article.classList.remove("gone");
    this.empty.hidden = true;
    this.scroller.scrollTop = 0;
  }

  author(user = {}) {
    const initials = (user.name ?? "?").split(/\s+/).filter(Boolean).slice(0, 2).map((word) => word[0]).join("");
    return el("section", { class: "author", ...translatedAttributes("aria-label:detail.author"), "data-testid": "author" },
      el("span", { class: `avatar tone-${(user.id ?? 0) % 6}`, "aria-hidden": "true", text: initials.toUpperCase() }),
      el("div", { class: "author-text" },
        el("p", { class: "author-name" },
          el("span", { "data-testid": "author-name", text: user.name ?? "" }), " ",
          el("span", { class: "muted author-username", "data-testid": "author-username", text: `@${user.username ?? ""}` })),
        el("a", { class: "author-email", href: `mailto:${user.email ?? ""}`, "data-testid": "author-email", text: user.email ?? "" })));
  }

  /** Updates the text of the post on screen after a sync, leaving albums and scroll alone. */
  refresh(post) {
    if (!this.post || post.id !== this.post.id) return;
    this.post = { ...this.post, title: post.title, body: post.body, user: post.user, comments: post.comments };
    this.article.querySelector(".post-heading").textContent = post.title;
    this.article.querySelector(".post-body").textContent = post.body;
    this.article.querySelector(".comments")?.replaceWith(commentsSection(post.comments));
    this.article.querySelector(".author").replaceWith(this.author(post.user));
    this.relabel();
  }

  /** The words this view wrote with arguments, again in the page's language (marked words follow
   *  by themselves). */
  relabel() {
    if (!this.post) return;
    const total = this.article.querySelector(".album-total");
    if (total) total.textContent = t("detail.albumCount", this.counts);
    const none = this.article.querySelector(".no-albums");
    const name = this.post.user?.name;
    if (none) none.textContent = name ? t("detail.noAlbums", { name }) : t("detail.noAlbumsUnnamed");
    this.albums.relabel();
    relabelComments(this.article.querySelector(".comments"));
  }

  /** Says the open post is no longer stored (deleted elsewhere, or gone from the origin). */
  markGone() {
    if (!this.post || this.article.classList.contains("gone")) return;
    this.article.classList.add("gone");
    this.article.prepend(translated("p", "detail.gone", { class: "gone-note", "data-testid": "gone-note" }));
  }

  clear() {
    this.images.reset();
    this.post = null;
    this.article.replaceChildren();
    this.article.hidden = true;
    this.empty.hidden = false;
    this.scroller.scrollTop = 0;
  }

  /** Re-opens albums and scrolls back to where the reader was (a reload). */
  async restore({ scrollTop = 0, albums = [] } = {}) {
    await Promise.all(albums.map((id) => this.albums.toggle(id, true)));
    this.scroller.scrollTop = scrollTop;
  }

  openAlbumIds() {
    return this.post ? this.albums.openIds() : [];
  }
}
