// The "Deleted “…” Undo" offer after a delete. One offer at a time (a new one ends the last, which
// then counts as expired); it lasts UNDO_MS, and the countdown pauses while the pointer is on the
// offer or focus is in it, so nobody loses the chance while reaching for the button. Ctrl+Z (⌘Z)
// undoes too, unless focus is in a text field (where it undoes typing). Screen readers hear the
// offer through a live region that is always in the page (a region that appears with its text is
// often not announced). Its words are messages ({key, args}, keys relative to `posts.`), said again by
// `relabel()` when the page's language changes.
import { scoped } from "/shared/words.js";

const { t } = scoped("posts");
export const UNDO_MS = 6000;

export class UndoToast {
  constructor({ box, text, button, announcer }) {
    Object.assign(this, { box, text, button, announcer });
    this.offer = null; // { onUndo, onExpire, left, startedAt, timer }
    this.hovered = false;
    this.focused = false;
    button.addEventListener("click", () => this.undo());
    box.addEventListener("pointerenter", () => { this.hovered = true; this.pause(); });
    box.addEventListener("pointerleave", () => { this.hovered = false; this.resume(); });
    box.addEventListener("focusin", () => { this.focused = true; this.pause(); });
    box.addEventListener("focusout", (event) => {
      if (box.contains(event.relatedTarget)) return;
      this.focused = false;
      this.resume();
    });
    document.addEventListener("keydown", (event) => {
      if (!this.offer || event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      if (event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      this.undo();
    });
  }

  get isOpen() {
    return this.offer !== null;
  }

  /**
   * Offers an undo: `message` is shown, `announcement` is read out (both {key, args}; the
   * announcement gets `seconds`, how long the offer lasts). `onUndo({hadFocus})` if taken,
   * `onExpire({hadFocus})` when the time is up (`hadFocus`: focus was on the offer, so the caller
   * should put it somewhere).
   */
  show(message, announcement, { onUndo, onExpire }) {
    this.expire();
    this.offer = { onUndo, onExpire, left: UNDO_MS, startedAt: 0, timer: 0 };
    this.message = message;
    this.text.textContent = t(message.key, message.args);
    this.box.hidden = false;
    // Restart the countdown bar's animation for this offer.
    this.box.classList.remove("counting");
    void this.box.offsetWidth;
    this.box.classList.add("counting");
    this.announce({ key: announcement.key, args: { ...announcement.args, seconds: UNDO_MS / 1000 } });
    if (this.hovered || this.focused) this.box.classList.add("paused");
    else this.run();
  }

  /** Reads out the message `said` ({key, args}). */
  announce(said) {
    this.announcer.textContent = t(said.key, said.args);
  }

  /** The offer's words again, in the page's new language (the live region is left alone: changing it
   *  would read it out again). */
  relabel() {
    if (this.offer && this.message) this.text.textContent = t(this.message.key, this.message.args);
  }

  run() {
    const offer = this.offer;
    offer.startedAt = performance.now();
    offer.timer = setTimeout(() => this.expire(), offer.left);
    this.box.classList.remove("paused");
  }

  pause() {
    const offer = this.offer;
    if (!offer || !offer.timer) return;
    clearTimeout(offer.timer);
    offer.timer = 0;
    offer.left = Math.max(1000, offer.left - (performance.now() - offer.startedAt));
    this.box.classList.add("paused");
  }

  resume() {
    if (!this.offer || this.offer.timer || this.hovered || this.focused) return;
    this.run();
  }

  undo() {
    const offer = this.close();
    offer?.onUndo({ hadFocus: offer.hadFocus });
  }

  /** Ends the offer now (its time is up, a newer one replaces it, or the page goes away). */
  expire() {
    const offer = this.close();
    offer?.onExpire({ hadFocus: offer.hadFocus });
  }

  close() {
    const offer = this.offer;
    if (!offer) return null;
    clearTimeout(offer.timer);
    this.offer = null;
    const hadFocus = this.box.contains(document.activeElement);
    this.box.hidden = true;
    this.box.classList.remove("counting", "paused");
    this.focused = false;
    this.hovered = false;
    offer.hadFocus = hadFocus;
    return offer;
  }
}
