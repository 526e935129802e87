// Deletes that can still be undone. A deleted post is hidden at once, but its DELETE is sent only
// when its undo window ends, so Undo just shows the row again: nothing to restore on the server,
// no sync. What keeps this from losing or resurrecting a post:
// - one undo at a time: a second delete sends the first one's DELETE straight away;
// - the page going away (reload, close, another address) sends every waiting DELETE with
//   `keepalive`, which outlives the page;
// - the waiting ids are also kept in sessionStorage until the server confirms, and the next load of
//   this tab sends those still stored again before it lists anything, so a reload can never show a
//   post the reader deleted. Ids older than RESEND_MS are dropped unsent: by then a sync may rightly
//   have brought the post back.

import { csrfHeaders, languageHeaders } from "/shared/api.js";
import { queue } from "./offline.js";

const KEY = "tessera.posts.pendingDeletes";
const RESEND_MS = 120_000;

function saved() {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((item) => Number.isInteger(item?.id) && Number.isFinite(item?.at)) : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    if (list.length) sessionStorage.setItem(KEY, JSON.stringify(list));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be full or switched off: the keepalive DELETE on pagehide still goes out.
  }
}

function remember(id) {
  save([...saved().filter((item) => item.id !== id), { id, at: Date.now() }]);
}

function forget(id) {
  save(saved().filter((item) => item.id !== id));
}

/** Sends the DELETE; true when the post is gone (deleted now, or already: 404), or when there is no
 *  server to hear it: then it waits in offline.js's queue, sent when the server is back. */
async function sendDelete(id, leaving = false) {
  try {
    const response = await fetch(`/api/posts/${id}`, { method: "DELETE", keepalive: true, headers: { ...csrfHeaders("DELETE"), ...languageHeaders() } });
    return response.ok || response.status === 404;
  } catch {
    // A page on its way out sees its keepalive request fail though it usually lands: the saved
    // list (sendSavedDeletes, which first checks the post is still stored) sends it again, not the
    // offline queue, whose second DELETE would answer 404.
    if (!leaving) queue.add({ kind: "delete", id, on: true });
    return !leaving;
  }
}

/**
 * Sends the deletes an earlier load of this tab left waiting (it was reloaded or closed during an
 * undo window). Call before listing posts.
 */
export async function sendSavedDeletes() {
  const now = Date.now();
  const list = saved();
  const recent = list.filter((item) => now - item.at < RESEND_MS);
  if (recent.length !== list.length) save(recent);
  if (!recent.length) return;
  // Usually the keepalive DELETE has landed already: only send again what is still stored (a
  // DELETE of a missing post would answer 404, which browsers log as an error).
  let stored;
  try {
    const response = await fetch("/api/posts");
    stored = new Set(((await response.json()).posts ?? []).map((post) => post.id));
  } catch {
    return; // the server cannot be reached: the list will say so; try again on the next load
  }
  await Promise.all(recent.map(async ({ id }) => {
    if (!stored.has(id) || await sendDelete(id)) forget(id);
  }));
}

export class PendingDeletes {
  /** `onSent(id, ok)` after a DELETE has been answered (ok: the post is gone on the server). */
  constructor({ onSent }) {
    this.onSent = onSent;
    this.waiting = new Set();
    this.sending = new Set();
    this.leaving = false;
    window.addEventListener("pagehide", () => this.sendAll());
    window.addEventListener("pageshow", () => { this.leaving = false; }); // back from the back-forward cache
  }

  has(id) {
    return this.waiting.has(id);
  }

  get size() {
    return this.waiting.size;
  }

  /** Starts holding `id` back; the caller shows the undo offer and later calls `send` or `cancel`. */
  hold(id) {
    this.waiting.add(id);
    remember(id);
  }

  /** Undo: the post was never deleted on the server. True if it was still waiting. */
  cancel(id) {
    if (this.sending.has(id) || !this.waiting.delete(id)) return false;
    forget(id);
    return true;
  }

  /** The undo window is over: send the DELETE (the post stays hidden until the server answers). */
  async send(id) {
    if (!this.waiting.has(id) || this.sending.has(id)) return;
    this.sending.add(id);
    const ok = await sendDelete(id, this.leaving);
    this.sending.delete(id);
    this.waiting.delete(id);
    // A page on its way out may see its keepalive request fail though it still reaches the server:
    // keep the id for the next load, which sends it again. Otherwise (sent, or failed and the reader
    // is told so and sees the row again) a reload must not send it again.
    if (!this.leaving || ok) forget(id);
    this.onSent(id, ok);
  }

  /** The page is going away: send everything now (keepalive lets the requests finish). */
  sendAll() {
    this.leaving = true;
    for (const id of [...this.waiting]) this.send(id);
  }
}
