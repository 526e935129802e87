// One exploration stream: `GET /api/maze/explore` as server-sent events, through the shared event
// stream helper as a job: the server ends the stream after its final message (finished, failed or
// cancelled), and the source is closed then and on any error, so the browser never reconnects and
// starts a second exploration. Closing the stream is how the page cancels: the server stops
// exploring when the connection goes.
import { openEventStream } from "/shared/events.js";
import { language } from "/shared/words.js";

const FINAL = new Set(["finished", "failed", "cancelled"]);

export function exploreUrl(options) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  }
  query.set("lang", language()); // an EventSource cannot send Accept-Language: a failure is said in the page's words
  return `/api/maze/explore?${query}`;
}

/**
 * Opens the stream. `onMessage(message)` gets `began` and `room` messages; `onEnd(message)` gets the
 * final message, or `{type: "error", message}` when the connection fails. Returns `{close}`.
 */
export function openExploration(url, { onMessage, onEnd }) {
  return openEventStream(url, { onMessage, onEnd, isFinal: (message) => FINAL.has(message.type) });
}
