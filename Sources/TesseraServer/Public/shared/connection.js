// What every page does when the server cannot be reached: one banner, in the words of the person
// using the page (shared.connection.*: "Can't reach the game server. Trying again…"), a /health check with back-off, and
// recovery by itself. Pages don't need to do anything: `api()` reports the outage here and its GETs
// wait for the server to come back; a page that wants to refresh once it is back listens for the
// `tessera:reconnected` event on window.

const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 15000;

// The banner's words come from the catalogues (setConnectionWordsFrom, which words.js calls as it
// loads). These signs stand only when no catalogue could be loaded at all (the server went away
// between the page and its words): no language's sentences live in code.
const signs = {
  unreachable: () => "⚠ ⟳",
  retryingIn: (seconds) => `⚠ ⟳ ${seconds} s`,
  retrying: () => "⚠ ⟳…",
  back: () => "✓",
  tryNow: () => "⟳",
};
let words = signs;

/** The banner's words from the page (functions, asked each time they are shown, so they follow the
 *  page's language): any of `unreachable()`, `retryingIn(seconds)`, `retrying()`, `back()`, `tryNow()`;
 *  those left out stay signs. */
export function setConnectionWords(pageWords) {
  const guarded = Object.fromEntries(Object.entries(pageWords).map(([name, said]) => [name, (...args) => {
    const text = said(...args);
    return typeof text === "string" && text && !looksLikeKey(text) ? text : signs[name](...args);
  }]));
  words = { ...signs, ...guarded };
}

// A page opened while the server is away has no catalogue, and its `t` answers the key asked for
// ("shared.connection.retrying"): the banner then shows signs rather than keys.
const looksLikeKey = (text) => /^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(text);

/** The banner's words from the catalogues (`shared.connection.*`), through the page's `t` (words.js's
 *  or a scoped one that takes full keys): what a page in any language calls once. The Posts reader
 *  says "the server", every game "the game server" (the messages' `server` select). */
export function setConnectionWordsFrom(t) {
  const server = () => (location.pathname.startsWith("/posts") ? "other" : "game");
  setConnectionWords({
    unreachable: () => t("shared.connection.unreachable", { server: server() }),
    retryingIn: (seconds) => t("shared.connection.retryingIn", { server: server(), seconds }),
    retrying: () => t("shared.connection.retrying", { server: server() }),
    back: () => t("shared.connection.back"),
    tryNow: () => t("shared.connection.tryNow"),
  });
}

/** The sentence for a request that could not be sent (it was not retried: the person may try again). */
export const unreachableMessage = () => words.unreachable();

let outage = null; // { back: Promise, resolve, timer, delay } while the server is unreachable

/** Notes that a request could not reach the server; resolves once the server answers again. */
export function reportUnreachable() {
  if (!outage) {
    let resolve;
    const back = new Promise((done) => { resolve = done; });
    outage = { back, resolve, timer: 0, ticker: 0, delay: FIRST_DELAY_MS };
    showBanner();
    schedule();
  }
  return outage.back;
}

/** Whether the page currently believes the server is unreachable. */
export const isUnreachable = () => outage !== null;

function schedule() {
  stopTimers();
  const wait = outage.delay;
  outage.delay = Math.min(outage.delay * 2, LONGEST_DELAY_MS);
  const due = Date.now() + wait;
  const countDown = () => {
    const seconds = Math.max(1, Math.round((due - Date.now()) / 1000));
    setBannerText(words.retryingIn(seconds));
  };
  countDown();
  outage.ticker = setInterval(countDown, 1000);
  outage.timer = setTimeout(check, wait);
}

function stopTimers() {
  clearTimeout(outage.timer);
  clearInterval(outage.ticker);
}

async function check() {
  if (!outage) return;
  stopTimers();
  setBannerText(words.retrying());
  let reachable = false;
  try {
    // Any answer from our server counts; a balancer's 502/504 means no node answered.
    const response = await fetch("/health", { cache: "no-store" });
    reachable = response.status !== 502 && response.status !== 504;
  } catch {
    reachable = false;
  }
  if (!outage) return;
  if (!reachable) { schedule(); return; }
  const { resolve } = outage;
  outage = null;
  setBannerText(words.back());
  banner()?.classList.add("back");
  setTimeout(() => { if (!outage) hideBanner(); }, 2500);
  resolve();
  window.dispatchEvent(new Event("tessera:reconnected"));
}

// Coming back online or to the tab is a good moment to look again, without waiting out the delay.
window.addEventListener("online", () => { if (outage) check(); });
document.addEventListener("visibilitychange", () => { if (outage && document.visibilityState === "visible") check(); });

// ---- the banner -------------------------------------------------------------------------------------
const banner = () => document.getElementById("connection-banner");

// Its look is in tessera.css; this makes its padding logical (it mirrors in a right-to-left
// language) and lets a long word break inside it. Added once, with the first banner.
let styled = false;
function style() {
  if (styled) return;
  styled = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(".connection-banner { padding-block: .6rem; padding-inline: 1rem .75rem; overflow-wrap: break-word; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function showBanner() {
  style();
  let node = banner();
  if (!node) {
    node = document.createElement("div");
    node.id = "connection-banner";
    node.className = "connection-banner";
    node.dataset.testid = "connection-banner";
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
    const text = document.createElement("span");
    text.className = "connection-text";
    const retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = words.tryNow();
    retry.dataset.testid = "connection-retry";
    retry.addEventListener("click", () => { if (outage) check(); });
    node.append(text, retry);
    document.body.append(node);
  }
  node.classList.remove("back");
  node.hidden = false;
}

function setBannerText(text) {
  const node = banner();
  if (!node) return;
  node.querySelector(".connection-text").textContent = text;
  node.querySelector("button").hidden = !outage;
  node.querySelector("button").textContent = words.tryNow();
}

function hideBanner() {
  const node = banner();
  if (node) node.hidden = true;
}
