// The Posts reader's service worker: the page and its last answers, kept for reading offline.
// Served from /posts/, so its scope is /posts/ and it controls the reader's page only; other apps'
// pages never pass through it. For the requests of a page it controls it goes to the network first
// (a server that answers is always shown fresh) and keeps a copy of what it may keep:
// - the page's files (/posts/, /shared/) and its words (/api/languages);
// - the reader's GET answers (/api/posts…), never its live stream or a sync, never an answer that
//   says `no-store`, never one to a request carrying credentials of its own (Authorization).
// Photos pass by untouched: their answers say `private, max-age=86400`, so the browser's own cache
// already shows the photos seen for a day, offline too, and the photo loader's priorities and
// cancellations stay as the page asked.
// When the network fails (the browser is offline, the server stopped) it answers from the copy,
// marked with the time it was saved (X-Tessera-Copy), and tells the page so. Changes (PUT, DELETE,
// POST) are never answered from a copy: they fail, and the page queues them (offline.js).
const PAGE_CACHE = "tessera-posts-page-v1";
const COPY_HEADER = "X-Tessera-Copy";
const KEPT = [/^\/posts\//, /^\/shared\//, /^\/api\/languages(\/|$)/, /^\/api\/posts(\/|$)/];
const NEVER = [/^\/api\/posts\/events$/, /^\/api\/posts\/sync$/, /^\/api\/posts\/photos\//, /^\/posts\/offline-worker\.js$/];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("tessera-posts-") && name !== PAGE_CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

/** The cache key: the page itself is one entry whatever post its address opens (?post=…). */
function keyOf(request) {
  const url = new URL(request.url);
  if (request.mode === "navigate" || url.pathname === "/posts/" || url.pathname === "/posts/index.html") {
    return new URL("/posts/", url).href;
  }
  return url.href;
}

function keepable(url) {
  return url.origin === self.location.origin && KEPT.some((pattern) => pattern.test(url.pathname))
    && !NEVER.some((pattern) => pattern.test(url.pathname));
}

async function keep(request, response) {
  if (!response.ok || response.type !== "basic" || /\bno-store\b/i.test(response.headers.get("Cache-Control") ?? "")) return;
  if (request.headers.has("Authorization")) return;
  const headers = new Headers(response.headers);
  headers.set(COPY_HEADER, new Date().toISOString());
  const copy = new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  await (await caches.open(PAGE_CACHE)).put(keyOf(request), copy);
}

async function tell(clientId, savedAt) {
  if (!clientId) return;
  const client = await self.clients.get(clientId);
  client?.postMessage({ type: "tessera-posts-copy", savedAt });
}

// What the pages say of the browser's connection: when it is offline, answer from the copy without
// trying the network first (a browser offline fails that try anyway; some, such as a test harness's
// emulation, do not tell a worker that they are offline).
let pagesOffline = false;

async function fromCopy(event, copy) {
  event.waitUntil(tell(event.clientId || event.resultingClientId, copy.headers.get(COPY_HEADER)));
  return copy;
}

async function answer(event) {
  const { request } = event;
  if (pagesOffline || self.navigator.onLine === false) {
    const copy = await caches.match(keyOf(request));
    if (copy) return fromCopy(event, copy);
  }
  try {
    const response = await fetch(request);
    event.waitUntil(keep(request, response.clone()).catch(() => {}));
    if (new URL(request.url).pathname === "/api/posts/status") event.waitUntil(tell(event.clientId, null));
    return response;
  } catch (error) {
    const copy = await caches.match(keyOf(request));
    if (!copy) throw error;
    return fromCopy(event, copy);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!keepable(url) || request.headers.get("Accept") === "text/event-stream") return;
  event.respondWith(answer(event));
});

// The page names the files it loaded before this worker controlled it (its first visit): keep them.
// Its API answers are left to the next load, which asks again under this worker: asking for them
// here would double the page's requests to the server.
self.addEventListener("message", (event) => {
  if (event.data?.type === "tessera-posts-online") pagesOffline = event.data.online === false;
  if (event.data?.type !== "tessera-posts-keep" || !Array.isArray(event.data.files)) return;
  const urls = event.data.files.slice(0, 200).map((file) => {
    try { return new URL(file, self.location.origin); } catch { return null; }
  }).filter((url) => url && keepable(url) && !url.pathname.startsWith("/api/posts"));
  event.waitUntil(Promise.all(urls.map(async (url) => {
    const request = new Request(url.href);
    if (await caches.match(keyOf(request))) return;
    try { await keep(request, await fetch(request)); } catch { /* offline already: nothing to keep */ }
  })));
});
