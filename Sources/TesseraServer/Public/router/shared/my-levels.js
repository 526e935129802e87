// Levels people make belong to them. A signed-in player's belong to their account; an anonymous
// browser's belong to a secret key this module makes once and keeps in localStorage, sent with
// every level request as `X-Tessera-Owner-Key` (the server keeps only a hash of it). Levels are
// private until shared with a class or by link. Every call about stored levels goes through
// `levelApi`, so the key is never forgotten: without it the server cannot tell that a private
// level is this browser's own (it answers 404, as for a level that does not exist).
import { api } from "/shared/api.js";
import { inPageLanguage } from "./i18n.js";

const OWNER_KEY = "tessera.router.ownerKey";
let keptInMemory = null; // when localStorage is off: this page's levels are this tab's only

function freshKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** This browser's owner key: 64 hex digits, made on first use. */
export function ownerKey() {
  try {
    let key = localStorage.getItem(OWNER_KEY);
    if (!/^[0-9a-f]{32,64}$/.test(key ?? "")) {
      key = freshKey();
      localStorage.setItem(OWNER_KEY, key);
    }
    return key;
  } catch {
    keptInMemory ??= freshKey();
    return keptInMemory;
  }
}

/** `api()` with the owner key (a GET that cannot reach the server waits for it and is sent
 *  again; a change is not repeated and fails saying so; errors carry the server's words). */
export const levelApi = (path, options = {}) =>
  api(path, { ...options, headers: { "X-Tessera-Owner-Key": ownerKey(), ...options.headers } });

const levelPath = (id, tail = "") => `/api/router/levels/${encodeURIComponent(id)}${tail}`;

/** One page of "mine" or "shared": {levels, page, next, shareWith}. */
export const listLevels = (scope, page = 1) => levelApi(`/api/router/levels?scope=${scope}&page=${page}`);
export const getLevel = (id) => levelApi(levelPath(id));
export const createLevel = (level) => levelApi("/api/router/levels", { method: "POST", body: level });
export const updateLevel = (id, level) => levelApi(levelPath(id), { method: "PUT", body: level });
export const deleteLevel = (id) => levelApi(levelPath(id), { method: "DELETE" });
/** A private copy, named in the page's language ("Copia de …"; ours under their Spanish names too). */
export const copyLevel = (id) => levelApi(inPageLanguage(levelPath(id, "/copy")), { method: "POST" });
export const shareLevel = (id, shares) => levelApi(levelPath(id, "/sharing"), { method: "PUT", body: shares });

/** The address that opens a level in the player (for "Copy link"). */
export const playLink = (id) => `${location.origin}/router/#level=${encodeURIComponent(id)}`;

/** Copies `text`; false when the browser will not (then the page shows it to copy by hand). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
