// The full-size photo in a modal <dialog>: showModal() gives the focus trap, Escape and the
// backdrop; a click on the backdrop, the close button or Escape closes it, and focus goes back to
// the thumbnail that opened it. ‹ and › (or the arrow keys) step through the album. The 600 px image
// loads at the server's default priority for full images (high), over a spinner. Words:
// `posts.photo.*`; the photo's title is the origin's data.
import { $ } from "/shared/api.js";
import { scoped } from "/shared/words.js";

const { t } = scoped("posts");

export class PhotoDialog {
  constructor() {
    this.dialog = $("photo-dialog");
    this.img = $("photo-full");
    this.photos = [];
    this.index = 0;
    this.opener = null;
    $("photo-close").addEventListener("click", () => this.close());
    $("photo-prev").addEventListener("click", () => this.step(-1));
    $("photo-next").addEventListener("click", () => this.step(1));
    // A click whose target is the dialog itself landed on the backdrop (the frame fills the box).
    this.dialog.addEventListener("click", (event) => {
      if (event.target === this.dialog) this.close();
    });
    this.dialog.addEventListener("keydown", (event) => {
      // The arrow pointing toward the line's start goes back: left, or right on a right-to-left page.
      const back = getComputedStyle(this.dialog ?? document.documentElement).direction === "rtl" ? "ArrowRight" : "ArrowLeft";
      if (event.key === back) { event.preventDefault(); this.step(-1); }
      else if (event.key === "ArrowLeft" || event.key === "ArrowRight") { event.preventDefault(); this.step(1); }
    });
    this.dialog.addEventListener("close", () => {
      this.img.removeAttribute("src");
      this.opener?.isConnected && this.opener.focus();
      this.opener = null;
    });
    this.img.addEventListener("load", () => this.settle(true));
    this.img.addEventListener("error", () => {
      if (this.img.getAttribute("src")) this.settle(false);
    });
  }

  get isOpen() {
    return this.dialog.open;
  }

  open(photos, index, opener) {
    this.photos = photos;
    this.opener = opener;
    this.show(index);
    if (!this.dialog.open) this.dialog.showModal();
    $("photo-close").focus();
  }

  show(index) {
    this.index = Math.max(0, Math.min(index, this.photos.length - 1));
    const photo = this.photos[this.index];
    $("photo-title").textContent = photo.title;
    this.relabel();
    $("photo-prev").disabled = this.index === 0;
    $("photo-next").disabled = this.index === this.photos.length - 1;
    this.img.alt = photo.title;
    this.dialog.classList.remove("loaded", "failed");
    $("photo-failed").hidden = true;
    $("photo-spinner").hidden = false;
    this.img.src = photo.image;
  }

  /** The words written with arguments, again in the page's language. */
  relabel() {
    if (!this.photos.length) return;
    $("photo-position").textContent = t("photo.position", { index: this.index + 1, count: this.photos.length });
  }

  settle(ok) {
    this.dialog.classList.add(ok ? "loaded" : "failed");
    $("photo-spinner").hidden = true;
    $("photo-failed").hidden = ok;
  }

  step(delta) {
    const next = this.index + delta;
    if (next < 0 || next >= this.photos.length) return;
    this.show(next);
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }
}
