// The author's albums in the detail pane: collapsed by default, a header button per album
// (aria-expanded, Enter or a click toggles it) that sticks to the top of the pane while its photos
// scroll under it. An album's photos are asked for the first time it opens, and drawn as a grid of
// lazily loaded thumbnails; a thumbnail opens the full-size photo (`onPhoto`). Words: `posts.albums.*`;
// albums' and photos' titles are the origin's data, shown as they are.
import { api, el } from "/shared/api.js";
import { scoped } from "/shared/words.js";

const { t, translated } = scoped("posts");

export class AlbumList {
  /** `images` is the pane's LazyImages; `onPhoto(photos, index, opener)`; `onToggle()` after any change. */
  constructor({ scroller, images, onPhoto, onToggle, onError }) {
    this.scroller = scroller;
    this.images = images;
    this.onPhoto = onPhoto;
    this.onToggle = onToggle;
    this.onError = onError;
    this.albums = new Map(); // id → {album, section, button, panel, photos, loading}
  }

  /** The albums' section, all collapsed. */
  render(albums) {
    this.albums.clear();
    const list = el("div", { class: "album-list", "data-testid": "albums" });
    for (const album of albums) list.append(this.albumSection(album));
    return list;
  }

  albumSection(album) {
    const panelId = `album-${album.id}-photos`;
    const button = el("button", {
      type: "button", class: "album-toggle", "aria-expanded": "false", "aria-controls": panelId,
      "data-testid": "album-toggle",
    },
    el("span", { class: "chevron", "aria-hidden": "true" }),
    el("span", { class: "album-title", "data-testid": "album-title", text: album.title }),
    el("span", { class: "album-count", text: t("albums.photoCount", { count: album.photoCount }) }));
    const panel = el("div", { class: "album-photos", id: panelId, "data-testid": "album-photos", role: "region",
      "aria-label": t("albums.photosOf", { title: album.title }), hidden: true });
    const section = el("section", { class: "album", "data-album-id": album.id, "data-testid": "album" },
      el("h4", { class: "album-head" }, button), panel);
    const entry = { album, section, button, panel, photos: null, loading: null };
    this.albums.set(album.id, entry);
    button.addEventListener("click", () => this.toggle(album.id));
    return section;
  }

  /** The words written with arguments, again in the page's language (marked ones follow by themselves). */
  relabel() {
    for (const entry of this.albums.values()) {
      const { album, button, panel } = entry;
      button.querySelector(".album-count").textContent = t("albums.photoCount", { count: album.photoCount });
      panel.setAttribute("aria-label", t("albums.photosOf", { title: album.title }));
      for (const thumb of panel.querySelectorAll(".thumb")) {
        const photo = entry.photos?.find((each) => String(each.id) === thumb.dataset.photoId);
        if (photo) thumb.setAttribute("aria-label", t("albums.openPhoto", { title: photo.title }));
        if (photo) thumb.title = t("albums.openPhoto", { title: photo.title });
      }
      const failed = panel.querySelector(".album-failed");
      if (failed) failed.textContent = t("albums.failed", { problem: failed.dataset.problem });
    }
  }

  isOpen(id) {
    return this.albums.get(id)?.button.getAttribute("aria-expanded") === "true";
  }

  /** Ids of the open albums, in page order. */
  openIds() {
    return [...this.albums.keys()].filter((id) => this.isOpen(id));
  }

  /** Opens or closes an album (`open` forces a state); resolves once its photos are drawn. */
  async toggle(id, open = !this.isOpen(id)) {
    const entry = this.albums.get(id);
    if (!entry) return;
    entry.button.setAttribute("aria-expanded", String(open));
    entry.section.classList.toggle("open", open);
    entry.panel.hidden = !open;
    if (!open) {
      // Closing an album whose photos were scrolled under its header keeps that header in view.
      if (entry.section.getBoundingClientRect().top < this.scroller.getBoundingClientRect().top) {
        entry.section.scrollIntoView({ block: "start" });
      }
    }
    this.onToggle();
    if (open) await this.loadPhotos(entry);
  }

  async loadPhotos(entry) {
    if (entry.photos) return;
    if (!entry.loading) {
      entry.panel.replaceChildren(translated("p", "albums.loading", { class: "album-loading muted" }));
      entry.loading = api(`/api/posts/albums/${entry.album.id}/photos`).then((data) => {
        entry.photos = data.photos ?? [];
        this.drawPhotos(entry);
      }).catch((error) => {
        entry.loading = null;
        entry.panel.replaceChildren(el("p", { class: "album-loading album-failed message", "data-problem": error.message,
          text: t("albums.failed", { problem: error.message }) })); // the server's reason, as it came
        this.onError(error);
      });
    }
    await entry.loading;
  }

  drawPhotos(entry) {
    if (entry.photos.length === 0) {
      entry.panel.replaceChildren(translated("p", "albums.empty", { class: "album-loading muted" }));
      return;
    }
    const grid = el("ul", { class: "photo-grid", "data-testid": "photo-grid" });
    entry.photos.forEach((photo, index) => {
      const img = el("img", { alt: "", width: "150", height: "150", decoding: "async", "data-src": photo.thumbnail });
      const thumb = el("button", {
        type: "button", class: "thumb", "data-testid": "thumb", "data-photo-id": photo.id,
        // The tooltip says what a click does, with the photo's title (the origin's data) in it.
        "aria-label": t("albums.openPhoto", { title: photo.title }), title: t("albums.openPhoto", { title: photo.title }),
      }, img);
      thumb.addEventListener("click", () => this.onPhoto(entry.photos, index, thumb));
      grid.append(el("li", {}, thumb));
      this.images.observe(img);
    });
    entry.panel.replaceChildren(grid);
  }
}
