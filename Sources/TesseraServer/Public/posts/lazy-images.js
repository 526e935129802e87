// Thumbnails load only when they are about to be seen, a few at a time, with the server's photo
// priorities (the original app's photo loader, in the browser):
// - an image inside the detail pane's visible area is wanted at `normal`;
// - one within a screen below it (where the reader is heading) is prefetched at `low`;
// - one that was wanted but has scrolled away drops to `veryLow` (it stays queued, like the
//   original's cancelled prefetch, which only lost priority);
// - at most MAX_LOADING download at once, highest priority first and the most recently wanted
//   first within a priority. The browser keeps only six connections per server, and one is the
//   status stream: without a limit a page of slow thumbnails (an origin that is down) would hold
//   them all and the list and search would wait behind the images.
// Each image sits in a neutral placeholder box; `loading`, then `loaded` or `failed` goes on the
// box, so a photo that fails keeps its placeholder and never holds anything up.
// `reset()` forgets every image and stops those still downloading (a new post was opened).

const MAX_LOADING = 4;
const RANK = { veryLow: 0, low: 1, normal: 2 };

export class LazyImages {
  constructor(root) {
    this.queue = new Map(); // img → {priority, order}; Map keeps insertion order
    this.loading = new Set();
    this.order = 0;
    this.pumpSoon = 0;
    this.where = new WeakMap(); // img → {visible, near}
    this.visible = new IntersectionObserver((entries) => this.seen(entries, "visible"), { root });
    this.near = new IntersectionObserver((entries) => this.seen(entries, "near"), { root, rootMargin: "0px 0px 100% 0px" });
  }

  /** Watches `img`, whose `data-src` is the server's copy of the photo (without a priority). */
  observe(img) {
    this.where.set(img, { visible: false, near: false });
    this.visible.observe(img);
    this.near.observe(img);
  }

  seen(entries, zone) {
    // Entries come in page order; the newest request wins within a priority, so the last one is
    // queued first and the top of the page loads first.
    for (const { target: img, isIntersecting } of [...entries].reverse()) {
      const where = this.where.get(img);
      if (!where) continue;
      where[zone] = isIntersecting;
      this.want(img, where.visible ? "normal" : where.near ? "low" : "veryLow");
    }
    // Both observers report in the same task; start downloads once both have been heard, so an
    // image in view is not started at the prefetch priority.
    if (!this.pumpSoon) this.pumpSoon = setTimeout(() => { this.pumpSoon = 0; this.pump(); });
  }

  want(img, priority) {
    if (img.dataset.priority) return; // already downloading or done
    const queued = this.queue.get(img);
    if (!queued && priority === "veryLow") return; // never wanted yet: nothing to do
    // A raise counts as a new request (it goes to the front of its level); a drop keeps its place.
    const order = !queued || RANK[priority] > RANK[queued.priority] ? ++this.order : queued.order;
    this.queue.set(img, { priority, order });
  }

  pump() {
    while (this.loading.size < MAX_LOADING && this.queue.size > 0) {
      let best = null;
      for (const [img, entry] of this.queue) {
        if (!best || RANK[entry.priority] > RANK[best.entry.priority]
          || (entry.priority === best.entry.priority && entry.order > best.entry.order)) best = { img, entry };
      }
      this.queue.delete(best.img);
      this.start(best.img, best.entry.priority);
    }
  }

  start(img, priority) {
    this.visible.unobserve(img);
    this.near.unobserve(img);
    img.dataset.priority = priority;
    const box = img.closest(".thumb") ?? img.parentElement;
    box.classList.add("loading");
    this.loading.add(img);
    const settle = (state) => {
      if (!this.loading.delete(img)) return; // reset meanwhile
      box.classList.remove("loading");
      box.classList.add(state);
      this.pump();
    };
    img.addEventListener("load", () => settle("loaded"), { once: true });
    img.addEventListener("error", () => settle("failed"), { once: true });
    img.src = withPriority(img.dataset.src, priority);
  }

  reset() {
    clearTimeout(this.pumpSoon);
    this.pumpSoon = 0;
    this.visible.disconnect();
    this.near.disconnect();
    this.queue.clear();
    const stopping = [...this.loading];
    this.loading.clear();
    for (const img of stopping) img.removeAttribute("src"); // stops the download
  }
}

export function withPriority(url, priority) {
  return `${url}${url.includes("?") ? "&" : "?"}priority=${encodeURIComponent(priority)}`;
}
