// One sync: `POST /api/posts/sync` answers with a server-sent event body. EventSource cannot POST,
// so the body is read with fetch and a stream reader and cut into `data: {json}` frames here.
// The stream ends with `finished` (the report) or `failed` (the server's code and message); a
// dropped connection or an unreadable answer ends it with `{type: "failed"}` too, so callers only
// ever handle one final shape. A failure in our own words carries a message key (`key`, relative to
// `posts.`, and `args`) instead of `message`, so the page says it in its language; the server's
// reasons and the connection banner's sentence come as `message`.

import { csrfHeaders, languageHeaders } from "/shared/api.js";
import { reportUnreachable, unreachableMessage } from "/shared/connection.js";

const LOST = "sync.lost";

/** Runs a sync; `onEvent(event)` hears `started`, `fetched` and `joined`. Resolves to the final event. */
export async function runSync({ onEvent = () => {}, signal } = {}) {
  let response;
  try {
    response = await fetch("/api/posts/sync", { method: "POST", headers: { Accept: "text/event-stream", ...csrfHeaders(), ...languageHeaders() }, signal });
  } catch (error) {
    if (error?.name !== "AbortError") reportUnreachable();
    return { type: "failed", code: "network", message: unreachableMessage() };
  }
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    const code = data.error?.code ?? `http_${response.status}`;
    if (data.error?.message) return { type: "failed", code, message: data.error.message };
    return failure(code, "sync.refused", { status: String(response.status) });
  }
  if (!response.body) return failure("unreadable", "sync.unreadable");

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = parseFrame(frame);
        if (!event) continue;
        if (event.type === "finished" || event.type === "failed") {
          reader.cancel().catch(() => {});
          return event;
        }
        onEvent(event);
      }
    }
  } catch {
    return failure("network", LOST);
  }
  return failure("network", LOST);
}

/** The JSON of one frame's `data:` lines, or null for comments, keep-alives and unreadable frames. */
export function parseFrame(frame) {
  const data = frame.split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5))
    .join("\n");
  if (!data) return null;
  try {
    const event = JSON.parse(data);
    return event && typeof event.type === "string" ? event : null;
  } catch {
    return null;
  }
}

function failure(code, key, args = {}) {
  return { type: "failed", code, key, args };
}
