// Reading offline. Once a sync has run, the reader opens and works with the server stopped or the
// browser offline:
// - a service worker (/posts/offline-worker.js, whose scope is /posts/ only, so no other app's page
//   is touched) answers the page's files and its last API answers from its cache when the network
//   cannot (offline-worker.js says what it keeps);
// - while answers come from that copy, a line says so and how old the copy is;
// - stars, read marks and deletes made meanwhile wait in this browser's localStorage (`queue`) and
//   are sent, in order, as soon as the server answers again; the page shows them as done already.
// Words: `posts.offline.*`.
import { $, csrfHeaders, el, languageHeaders } from "/shared/api.js";
import { formatDate, scoped } from "/shared/words.js";

const { t } = scoped("posts");
const KEY = "tessera.posts.offlineQueue";
const MAX_CHANGES = 500; // a reader offline for weeks still keeps a bounded list
const RETRY_MS = 2000;
/** The header the worker puts on an answer it gives from its copy: when that copy was saved. */
export const COPY_HEADER = "X-Tessera-Copy";

// ---- the queue ------------------------------------------------------------------------------------
function stored() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((item) => Number.isInteger(item?.id) && ["read", "starred", "delete"].includes(item?.kind)) : [];
  } catch {
    return [];
  }
}

function store(list) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list.slice(-MAX_CHANGES)));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or switched off: the change stays shown in this page, not after a reload.
  }
}

/** Changes the server has not heard yet: `{kind: "read"|"starred"|"delete", id, on}`. */
export const queue = {
  changes: stored,
  /** Queues a change; a later change of the same mark of the same post replaces an earlier one. */
  add(change) {
    store([...stored().filter((item) => item.kind !== change.kind || item.id !== change.id), { ...change, at: Date.now() }]);
    showLine();
    retrySoon();
  },
  isDeleted(id) {
    return stored().some((item) => item.kind === "delete" && item.id === id);
  },
};

function request({ kind, id, on }) {
  if (kind === "delete") return { path: `/api/posts/${id}`, method: "DELETE" };
  return { path: `/api/posts/${id}/${kind === "read" ? "read" : "star"}`, method: on ? "PUT" : "DELETE" };
}

let flushing = null;
let onSent = () => {};

/** Sends the queued changes, marks first and deletes last; stops at the first the network drops. */
export function flush() {
  flushing ??= (async () => {
    let sent = 0;
    const ordered = stored().sort((a, b) => (a.kind === "delete") - (b.kind === "delete"));
    for (const change of ordered) {
      const { path, method } = request(change);
      try {
        await fetch(path, { method, headers: { ...csrfHeaders(method), ...languageHeaders() } });
      } catch {
        break; // still no server: the rest wait
      }
      // Answered (done, or refused for good, such as a post gone since: 404): not sent again.
      store(stored().filter((item) => item.kind !== change.kind || item.id !== change.id || item.at !== change.at));
      sent += 1;
    }
    return sent;
  })().finally(() => { flushing = null; });
  return flushing.then((sent) => {
    if (sent > 0) onSent(sent);
    if (stored().length) retrySoon();
    return sent;
  });
}

let retryTimer = 0;
function retrySoon() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => flush(), RETRY_MS);
}

// ---- the line --------------------------------------------------------------------------------------
let copyOf = null; // when the copy on show was saved, or null when the server answers

function showLine() {
  const line = $("offline-line");
  if (!line) return;
  line.hidden = copyOf === null;
  const waiting = stored().length;
  line.textContent = copyOf === null ? ""
    : t("offline.line", { time: formatDate(copyOf, { dateStyle: "medium", timeStyle: "short" }) })
      + (waiting ? " " + t("offline.waiting", { count: waiting }) : "");
}

/** Asks for the reader's status to learn where answers come from now: the server or the copy. */
export async function checkConnection() {
  try {
    const response = await fetch("/api/posts/status", { cache: "no-store" });
    const saved = response.headers.get(COPY_HEADER);
    copyOf = saved ? new Date(saved) : null;
  } catch {
    // Neither the server nor a copy (a first visit offline): the shared banner says the server is away.
  }
  showLine();
  if (copyOf === null && stored().length) flush();
  return copyOf === null;
}

/**
 * Starts offline reading: the worker, the line (put before the split view), and the queue's
 * sending; `sent(count)` after queued changes reached the server.
 */
export function startOffline({ sent }) {
  onSent = sent;
  const line = el("p", { class: "offline-line", id: "offline-line", "data-testid": "offline-line", role: "status", hidden: true });
  $("split").before(line);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/posts/offline-worker.js").catch(() => {});
    // The worker tells the page whenever it answers from its copy (or the network is back).
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data?.type !== "tessera-posts-copy") return;
      const saved = event.data.savedAt ? new Date(event.data.savedAt) : null;
      if ((saved === null) !== (copyOf === null)) checkConnection();
    });
  }
  for (const name of ["online", "offline", "tessera:reconnected"]) {
    window.addEventListener(name, () => {
      tellWorker();
      checkConnection();
    });
  }
  tellWorker();
  checkConnection();
}

/** Tells the worker whether the browser says it is online (see offline-worker.js). */
function tellWorker() {
  navigator.serviceWorker?.controller?.postMessage({ type: "tessera-posts-online", online: navigator.onLine });
}

/** Tells the worker which files this page loaded (before it controlled the page, on a first visit),
 *  so the next load works without the server. Called once the page has drawn. */
export function keepThisPage() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => {
    const files = performance.getEntriesByType("resource").map((entry) => entry.name);
    registration.active?.postMessage({ type: "tessera-posts-keep", files: [location.href, ...files] });
  }).catch(() => {});
}

/** The words again, in the page's new language. */
export function relabelOffline() {
  showLine();
}
