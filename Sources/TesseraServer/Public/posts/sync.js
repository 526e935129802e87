// Keeping the reader fresh: the Sync button, "Last synced …", the progress of a running sync
// ("Fetching posts… comments… users… albums… photos…", each list ticked off as it arrives), and the server's
// status stream (`/api/posts/events`), which reports every sync and delete from any tab. A sync
// asked for while one runs shares it; the tab coming back into view syncs again unless one ran in
// the last half minute. Words: `posts.sync.*`; times through Intl in the page's language.
import { $ } from "/shared/api.js";
import { openEventStream } from "/shared/events.js";
import { formatDate, scoped } from "/shared/words.js";
import { runSync } from "./sync-stream.js";

const { t } = scoped("posts");

const LISTS = ["posts", "comments", "users", "albums", "photos"];
export const FRESH_MS = 30_000;

/** "Fetching posts… comments… users… albums… photos…", with each list that has arrived ticked off. */
export function progressText(fetched, joined = false) {
  const parts = LISTS.map((list) => t(list in fetched ? "sync.listDone" : "sync.listWaiting", { list }));
  return t(joined ? "sync.joining" : "sync.fetching", { lists: parts.join(" ") });
}

export class Syncer {
  /**
   * `onProgress(text)` during a sync; `onStatus(status)` for every status the server reports.
   */
  constructor({ onProgress, onStatus }) {
    this.onProgress = onProgress;
    this.onStatus = onStatus;
    this.status = null;
    this.running = null;
    this.lastAttempt = 0;
    this.stream = null;
    this.button = $("sync");
    this.label = $("sync-label");
    this.lastSync = $("last-sync");
    setInterval(() => this.showLastSync(), 20_000);
  }

  /** Runs a sync (or returns the one running): resolves to its `finished` or `failed` event. */
  run() {
    if (this.running) return this.running;
    this.lastAttempt = Date.now();
    const progress = { fetched: {}, joined: false };
    this.progress = progress;
    this.busy(true);
    this.onProgress(progressText(progress.fetched));
    this.running = runSync({
      onEvent: (event) => {
        if (event.type === "fetched") progress.fetched[event.list] = event.count;
        if (event.type === "joined") progress.joined = true;
        this.onProgress(progressText(progress.fetched, progress.joined));
      },
    }).finally(() => {
      this.running = null;
      this.progress = null;
      this.busy(false);
    });
    return this.running;
  }

  busy(on) {
    this.button.disabled = on;
    this.button.classList.toggle("busy", on);
    this.button.setAttribute("aria-busy", String(on));
    this.label.dataset.i18n = on ? "posts.sync.busy" : "posts.sync.button"; // kept in the page's language
    this.label.textContent = t(on ? "sync.busy" : "sync.button");
  }

  /** The words again, in the page's new language (the button's label follows by itself). */
  relabel() {
    this.showLastSync();
    if (this.progress) this.onProgress(progressText(this.progress.fetched, this.progress.joined));
  }

  /** Listens to the server's status (now, and after every sync or delete) until `unwatch()`. */
  watch() {
    if (this.stream) return;
    this.stream = openEventStream("/api/posts/events", {
      reconnect: true,
      onMessage: (status) => this.setStatus(status),
      onEnd: () => { this.stream = null; }, // refused (say, the server is full): the page works without it
    });
    if (!this.unwatchOnHide) {
      this.unwatchOnHide = () => this.unwatch();
      window.addEventListener("pagehide", this.unwatchOnHide);
    }
  }

  unwatch() {
    this.stream?.close();
    this.stream = null;
  }

  setStatus(status) {
    if (!status || typeof status !== "object") return;
    this.status = status;
    this.showLastSync();
    this.onStatus(status);
  }

  /** Has nothing synced (or tried to) in the last `ms`? */
  isStale(ms = FRESH_MS) {
    const synced = Date.parse(this.status?.lastSync ?? "") || 0;
    return Date.now() - Math.max(this.lastAttempt, synced) > ms;
  }

  showLastSync() {
    const when = this.status?.lastSync ? new Date(this.status.lastSync) : null;
    if (!when || Number.isNaN(when.getTime())) {
      this.lastSync.dataset.i18n = "posts.sync.never";
      this.lastSync.textContent = t("sync.never");
      this.lastSync.removeAttribute("title");
      return;
    }
    delete this.lastSync.dataset.i18n;
    this.lastSync.textContent = t("sync.last", relative(when));
    const date = formatDate(when, { dateStyle: "medium", timeStyle: "medium" });
    this.lastSync.title = this.status.origin ? t("sync.lastTitle", { date, origin: this.status.origin })
      : t("sync.lastTitleNoOrigin", { date });
  }
}

/** How long ago `date` was, as the arguments of `posts.sync.last`: {when: "now"} (under 45 s),
 *  {when: "minutes"|"hours", count}, {when: "today"|"yesterday", time}, or {when: "date", date}. */
export function relative(date, now = new Date()) {
  const seconds = Math.round((now - date) / 1000);
  if (seconds < 45) return { when: "now" };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { when: "minutes", count: minutes };
  const hours = Math.round(minutes / 60);
  if (hours < 12) return { when: "hours", count: hours };
  const time = formatDate(date, { hour: "2-digit", minute: "2-digit" });
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return { when: "today", time };
  if (days === 1) return { when: "yesterday", time };
  return { when: "date", date: formatDate(date, { dateStyle: "medium" }) };
}

function startOfDay(date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}
