// Keeping the reader fresh: the Sync button, "Last synced …", the progress of a running sync
// ("Fetching posts… users… albums… photos…", each list ticked off as it arrives), and the server's
// status stream (`/api/posts/events`), which reports every sync and delete from any tab. A sync
// asked for while one runs shares it; the tab coming back into view syncs again unless one ran in
// the last half minute.
import { $ } from "/shared/api.js";
import { openEventStream } from "/shared/events.js";
import { runSync } from "./sync-stream.js";

const LISTS = ["posts", "users", "albums", "photos"];
export const FRESH_MS = 30_000;

/** "Fetching posts… users… albums… photos…", with each list that has arrived ticked off. */
export function progressText(fetched, joined = false) {
  const parts = LISTS.map((list) => (list in fetched ? `${list} ✓` : `${list}…`));
  return `${joined ? "Joining the running sync: f" : "F"}etching ${parts.join(" ")}`;
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
    const fetched = {};
    let joined = false;
    this.busy(true);
    this.onProgress(progressText(fetched));
    this.running = runSync({
      onEvent: (event) => {
        if (event.type === "fetched") fetched[event.list] = event.count;
        if (event.type === "joined") joined = true;
        this.onProgress(progressText(fetched, joined));
      },
    }).finally(() => {
      this.running = null;
      this.busy(false);
    });
    return this.running;
  }

  busy(on) {
    this.button.disabled = on;
    this.button.classList.toggle("busy", on);
    this.button.setAttribute("aria-busy", String(on));
    this.label.textContent = on ? "Syncing…" : "Sync";
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
      this.lastSync.textContent = "Not synced yet";
      this.lastSync.removeAttribute("title");
      return;
    }
    this.lastSync.textContent = `Last synced ${relative(when)}`;
    this.lastSync.title = `${when.toLocaleString()} from ${this.status.origin ?? "the origin"}`;
  }
}

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** "just now", "2 minutes ago", "yesterday at 14:05", or a date for anything older. */
export function relative(date, now = new Date()) {
  const seconds = Math.round((now - date) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return RELATIVE.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 12) return RELATIVE.format(-hours, "hour");
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `yesterday at ${time}`;
  return `on ${date.toLocaleDateString()}`;
}

function startOfDay(date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}
