// Helpers shared by every page: `$` by id, the status line (`say`), and a fetch helper — JSON in,
// JSON out, and errors as `ApiError` carrying the server's `{"error":{"code","message"}}` so pages
// can show the message a person can act on. When the server cannot be reached, the shared banner
// (connection.js) says so and checks again with back-off; GETs wait for it and then go on.

import { reportUnreachable, unreachableMessage } from "/shared/connection.js";

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** Shows `text` in a status line; `info` styles it as news rather than a problem. */
export function showMessage(node, text, info = false) {
  node.replaceChildren(...textWithCode(text));
  node.classList.toggle("info", info);
}

/**
 * Says `text` in the page's status line (every page has one: `#message`, a polite live region, so
 * screen readers read it out): a problem to act on unless `info` makes it news; "" clears it.
 * `seen: false` is for words the page already shows elsewhere (Rapid Router's result card): the
 * line still speaks them but is hidden from sight, until the next thing said shows it again.
 */
export function say(text, info = false, { seen = true } = {}) {
  const line = $("message");
  showMessage(line, text, info);
  line.classList.toggle("heard-only", !seen);
}

/**
 * `text` as nodes, with the parts between backticks (the kits quote code that way: "the `while`
 * loop") as <code>; all of it as text, never HTML. Unpaired backticks stay as they are.
 */
export function textWithCode(text) {
  const parts = String(text).split("`");
  if (parts.length < 3 || parts.length % 2 === 0) return [String(text)];
  return parts.map((part, index) => (index % 2 ? el("code", { text: part }) : part));
}

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// The double-submit token a signed-in browser repeats on every change it asks for: the server
// compares this header with its own `tessera_csrf` cookie, which another site cannot read.
export function csrfHeaders(method = "POST") {
  if (method === "GET" || method === "HEAD") return {};
  const match = document.cookie.match(/(?:^|;\s*)tessera_csrf=([^;]+)/);
  return match ? { "X-CSRF-Token": decodeURIComponent(match[1]) } : {};
}

/** Asks the server to say its errors in the page's language (the browser's own Accept-Language may
 *  differ from the language picked on the page). Before words.js has loaded, the browser's stands. */
export function languageHeaders() {
  const code = document.documentElement.lang;
  return code ? { "Accept-Language": code } : {};
}

/**
 * Sends a JSON request. A GET that cannot reach the server waits until the server answers again and
 * is then sent again, so a page loads by itself once the server is back; any other request is not
 * repeated (it might have changed something) and fails with a message saying so. `headers` adds
 * to the CSRF header (Rapid Router's levels send the browser's owner key).
 */
export async function api(path, { method = "GET", body, token, keepalive = false, headers: extra = {} } = {}) {
  const headers = { ...csrfHeaders(method), ...languageHeaders(), ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let response;
  for (;;) {
    try {
      response = await fetch(path, { method, headers, keepalive, body: body === undefined ? undefined : JSON.stringify(body) });
      break;
    } catch (error) {
      const back = reportUnreachable();
      if (method !== "GET") throw new ApiError(0, "network", unreachableMessage());
      await back;
    }
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = data.error ?? {};
    throw new ApiError(response.status, detail.code ?? "http_" + response.status, detail.message ?? response.statusText);
  }
  return data;
}

/**
 * Who is signed in: `{ user }` (null when this browser has no session), or `{ user: null, ended:
 * true }` when it had one that ended elsewhere (a password change, 30 days unused). The server is
 * asked only when the page can see the session's readable CSRF cookie; other failures throw, as
 * `api` does.
 */
export async function whoIsSignedIn() {
  if (!/(?:^|;\s*)tessera_csrf=/.test(document.cookie)) return { user: null };
  try {
    return { user: (await api("/api/auth/me")).user };
  } catch (error) {
    if (error.status === 401) return { user: null, ended: true };
    throw error;
  }
}

// Creates an element; text goes in through textContent only, so user text is never HTML.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value !== false && value !== undefined && value !== null) node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}
