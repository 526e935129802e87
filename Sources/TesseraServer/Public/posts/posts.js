// Posts reader ("Challenge Accepted!"): the Sherpany challenge as a browser page over this server's
// reader API. A master list of posts with live search and delete (button, Delete key, swipe), a
// detail pane with the post, its author and the author's albums, and syncs from the origin with
// their progress. This module keeps the page's state and wires the views together:
// master.js + list-view.js + swipe.js (master), detail-view.js + albums.js + lazy-images.js (detail),
// photo-dialog.js (full-size photo), sync.js + sync-stream.js (syncing), session.js (reloads).
//
// Words: the catalogue's `posts.*` (Sources/Languages/catalogues/<code>/posts.json) through words.js;
// the HTML's English is marked (`data-i18n`) and translated at load, and every module keeps what it
// wrote as a message key and arguments so a change of language (the picker) says it again. The
// posts, people, albums and photos are the origin's data and stay as they are; so do the server's
// own reasons (an API error's message).
import { $, api, say as sayInStatusLine } from "/shared/api.js";
import { t as fullKeys, catalogue, formatFixed as fixed, language, onLanguageChange, scoped, translatePage } from "/shared/words.js";
import { setConnectionWordsFrom } from "/shared/connection.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
import { DetailView } from "./detail-view.js";
import { Master } from "./master.js";
import { PhotoDialog } from "./photo-dialog.js";
import { sendSavedDeletes } from "./pending-deletes.js";
import { checkConnection, keepThisPage, queue, relabelOffline, startOffline } from "./offline.js";
import { ReaderState } from "./reader-state.js";
import { cameFromList, postInAddress, putPostInAddress, savedView, saveView } from "./session.js";
import { Syncer } from "./sync.js";
import { ChangesPanel } from "./changes-panel.js";

const { t } = scoped("posts");
const phone = matchMedia("(max-width: 44em)");
const state = {
  detailRequest: 0, // newer detail answers win; older ones are dropped
  firstLoad: false, // the store was empty: the big progress panel is up
  quietSync: false, // a background sync (the tab came back): no progress in the status line
  status: null, // the last status the server reported
};

// ---- status line -------------------------------------------------------------------------------
// The shared status line, in a strip that floats over the panes here: the strip shows only while
// there is something to say, red for a problem; news goes away by itself after 8 s. `text` is
// words already made, or a message {key, args} (relative to `posts.`) said again in a new language.
let messageTimer = 0;
let said = null; // the message on show, when it is ours: {key, args, info}
function say(message, info = false) {
  clearTimeout(messageTimer);
  said = typeof message === "object" && message ? { ...message, info } : null;
  const text = said ? t(said.key, said.args) : message;
  sayInStatusLine(text, info);
  $("status-strip").hidden = !text;
  $("status-strip").classList.toggle("problem", Boolean(text) && !info);
  $("status-spinner").hidden = true;
  if (text && info) messageTimer = setTimeout(() => say(""), 8000);
}

function sayProgress(text) {
  if (state.firstLoad) {
    $("progress").textContent = text;
    return;
  }
  if (state.quietSync) return; // the Sync button says it is syncing; that is enough for a background sync
  say(text, true);
  clearTimeout(messageTimer);
  $("status-spinner").hidden = false;
}

// ---- views -------------------------------------------------------------------------------------
const dialog = new PhotoDialog();
const detail = new DetailView({
  article: $("post"),
  empty: $("detail-empty"),
  scroller: $("detail-scroll"),
  onPhoto: (photos, index, opener) => dialog.open(photos, index, opener),
  onChange: () => remember(),
  onError: (error) => say(error.message),
});
const master = new Master({
  say,
  openId: () => detail.postId,
  onOpen: (id) => openPost(id, { byHand: true }),
  closeIfOpen: (id) => { if (detail.postId === id) closePost(); },
  reopen: (id) => { if (detail.postId === null) openPost(id); },
});
const list = master.list;
const marks = new ReaderState({ master, queue, say, openId: () => detail.postId, open: (id) => openPost(id, { byHand: true }) });
const syncer = new Syncer({ onProgress: sayProgress, onStatus: statusChanged });
const changesPanel = new ChangesPanel({ button: $("changes-button"), dialog: $("changes-dialog"), body: $("changes-body"),
  close: $("changes-close"), onOpen: (id) => openPost(id, { byHand: true }) });

// ---- the detail --------------------------------------------------------------------------------
function showReading(reading) {
  document.body.classList.toggle("reading", reading);
}

/** Opens post `id` in the detail pane; `restore` is a saved view to return to (after a reload). */
async function openPost(id, { byHand = false, restore = null } = {}) {
  const request = ++state.detailRequest;
  list.setOpen(id);
  putPostInAddress(id, { push: byHand && phone.matches && detail.postId === null });
  showReading(true);
  $("post").setAttribute("aria-busy", "true");
  let post;
  try {
    post = await api(`/api/posts/${id}`);
  } catch (error) {
    if (request !== state.detailRequest) return;
    $("post").removeAttribute("aria-busy");
    say(error.status === 404 ? { key: "detail.missing", args: { problem: error.message } } : error.message);
    if (error.status === 404) closePost();
    return;
  }
  if (request !== state.detailRequest) return;
  $("post").removeAttribute("aria-busy");
  detail.show(post);
  marks.opened(id);
  if (restore) await detail.restore(restore);
  if (request !== state.detailRequest) return;
  remember();
  // On a phone the list (and the focused row) just went away: the reader is in the detail now.
  if (byHand && phone.matches) $("detail-scroll").focus({ preventScroll: true });
}

function closePost() {
  state.detailRequest++;
  detail.clear();
  list.setOpen(null);
  putPostInAddress(null);
  showReading(false);
}

/** The back button (phones): back through history when we added the entry, else just close. */
function backToList() {
  if (cameFromList()) history.back();
  else closePost();
  list.focusCurrent();
}

async function refreshDetail() {
  const id = detail.postId;
  if (id === null || master.isDeleting(id)) return;
  const request = state.detailRequest;
  try {
    const post = await api(`/api/posts/${id}`);
    if (request === state.detailRequest) detail.refresh(post);
  } catch (error) {
    if (request === state.detailRequest && error.status === 404) detail.markGone();
  }
}

let rememberFrame = 0;
function remember() {
  cancelAnimationFrame(rememberFrame);
  rememberFrame = requestAnimationFrame(() => {
    if (detail.postId !== null) saveView(detail.postId, $("detail-scroll").scrollTop, detail.openAlbumIds());
  });
}

// ---- syncing -----------------------------------------------------------------------------------
async function sync({ first = false, quiet = false } = {}) {
  if (syncer.running) return;
  state.firstLoad = master.firstLoad = first;
  state.quietSync = quiet;
  $("first-load").hidden = !first;
  if (first) {
    $("search").disabled = true;
    master.showFeedback();
  }
  const end = await syncer.run();
  state.firstLoad = master.firstLoad = false;
  $("first-load").hidden = true;
  $("search").disabled = false;
  if (end.type === "finished") {
    const report = end.report ?? {};
    const changes = (report.inserted ?? 0) + (report.updated ?? 0) + (report.deleted ?? 0);
    if (quiet && changes === 0) say("");
    else {
      say({ key: "sync.finished", args: { posts: report.posts ?? 0, seconds: fixed(report.seconds ?? 0, 2),
        inserted: report.inserted ?? 0, updated: report.updated ?? 0, deleted: report.deleted ?? 0 } }, true);
    }
    await Promise.all([master.load(), marks.load()]);
    refreshDetail();
    changesPanel.refresh(); // the bar's "What changed" button is marked when this sync changed posts
  } else {
    // The reason: the server's words, or ours (end.key) when the sync never got an answer.
    const reason = end.key ? t(end.key, end.args) : end.message;
    say({ key: master.total > 0 ? "sync.failedKept" : "sync.failed", args: { reason, own: end.key, ownArgs: end.args } });
    master.showFeedback();
  }
}


/** The server's status (from the status stream): another tab synced or deleted, so reload. */
function statusChanged(status) {
  const before = state.status;
  state.status = status;
  if (!before || syncer.running) return;
  if (status.lastSync !== before.lastSync || status.posts !== before.posts) {
    master.changed();
    marks.load();
    refreshDetail();
    changesPanel.refresh();
  }
}

// ---- wiring ------------------------------------------------------------------------------------
$("sync").addEventListener("click", () => sync());
$("back").addEventListener("click", backToList);
$("dismiss").addEventListener("click", () => say(""));
$("detail-scroll").addEventListener("scroll", remember, { passive: true });

document.addEventListener("keydown", (event) => {
  if (dialog.isOpen || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const typing = event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]");
  if (event.key === "/" && !typing) {
    event.preventDefault();
    if (phone.matches && detail.postId !== null) backToList();
    $("search").focus();
    $("search").select();
  } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && (event.target === document.body || !event.target)) {
    if (list.focusCurrent()) event.preventDefault();
  }
});
document.addEventListener("visibilitychange", () => {
  // A hidden tab lets go of its status stream; back in view it listens again and, unless a sync
  // ran in the last half minute, syncs (the original refreshed whenever the app became active).
  if (document.visibilityState === "hidden") {
    syncer.unwatch();
    return;
  }
  syncer.watch();
  if (master.loaded && !syncer.running && syncer.isStale()) sync({ quiet: true });
});
window.addEventListener("popstate", () => {
  const id = postInAddress();
  if (id === detail.postId) showReading(id !== null);
  else if (id === null) closePost();
  else openPost(id);
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted) syncer.watch(); // back from the back-forward cache
});
window.addEventListener("pagehide", () => {
  if (detail.postId !== null) saveView(detail.postId, $("detail-scroll").scrollTop, detail.openAlbumIds());
});

async function start() {
  const wanted = postInAddress();
  showReading(wanted !== null);
  syncer.watch();
  changesPanel.refresh();
  let status = null;
  try {
    status = await api("/api/posts/status");
    syncer.setStatus(status);
  } catch (error) {
    say(error.message);
  }
  if (status && status.posts === 0) await sync({ first: true });
  await sendSavedDeletes(); // deletes this tab made just before a reload: never list them again
  await Promise.all([
    master.load({ reveal: true }),
    marks.load(),
    wanted === null ? null : openPost(wanted, { restore: savedView(wanted) }),
  ]);
  if (wanted !== null) list.setOpen(detail.postId);
  document.body.dataset.ready = "true";
  keepThisPage();
}

// ---- language ------------------------------------------------------------------------------------
onLanguageChange(() => {
  if (said) {
    const { key, args, info } = said;
    // A reason of ours inside the message is said again too; the server's stays as it came.
    const again = args?.own ? { ...args, reason: t(args.own, args.ownArgs) } : args;
    sayInStatusLine(t(key, again), info);
    said.args = again;
  }
  master.relabel();
  detail.relabel();
  dialog.relabel();
  syncer.relabel();
  changesPanel.relabel();
  marks.relabel();
  relabelOffline();
});
// The English in the HTML (and the banner's own English) stays when no catalogue could be loaded (the
// server is away): keys are no words.
if (Object.keys(catalogue()?.messages ?? {}).length) {
  translatePage();
  setConnectionWordsFrom(fullKeys);
}
mountLanguagePicker(document.querySelector(".sync-controls"));
// Reading offline (offline.js): changes queued without a server are sent once it answers again.
startOffline({ sent: (count) => {
  say({ key: "offline.sent", args: { count } }, true);
  master.changed();
  marks.load();
  checkConnection();
} });

start();
