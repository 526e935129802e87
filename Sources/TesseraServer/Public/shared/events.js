// Server-sent event streams for every page: each message is JSON, and a stream that cannot be
// opened is explained with the server's own `{"error":{"message"}}`.
//
// Two kinds of stream use it. A watch (a TicTacToe game) lets the browser reconnect after a drop
// and only ends when the page closes it or the server refuses it. A job (a maze exploration) ends
// with its final message and never reconnects, because reconnecting would start the job again.

import { reportUnreachable, unreachableMessage } from "/shared/connection.js";
import { language, t } from "/shared/words.js";

const CANNOT_READ = () => t("shared.stream.unreadable");

/**
 * Opens `url`. `onMessage(message)` gets each parsed message that is not final; `onEnd(message)` is
 * called at most once, with the final message (`isFinal(message)`), or `{type: "error", message}`
 * when the stream fails — never after the caller's own `close()`. `onDrop()` is called when a
 * watch's connection drops and the browser is retrying (the next message says it is back).
 * Returns `{close}`.
 */
export function openEventStream(url, { onMessage, onEnd = () => {}, onDrop = () => {}, isFinal = () => false, reconnect = false }) {
  const source = new EventSource(url);
  let done = false;
  let heard = false;

  const end = (message) => {
    if (done) return;
    done = true;
    source.close();
    onEnd(message);
  };

  source.onmessage = (event) => {
    if (done) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      end({ type: "error", message: CANNOT_READ() });
      return;
    }
    heard = true;
    if (isFinal(message)) end(message);
    else onMessage(message);
  };

  source.onerror = () => {
    if (done) return;
    // The browser retries a dropped watch by itself; it gives up (CLOSED) only when refused.
    // Meanwhile the shared banner says the server is away (it clears itself once /health answers).
    if (reconnect && source.readyState !== EventSource.CLOSED) {
      onDrop();
      probeReachable();
      return;
    }
    source.close();
    if (heard && !reconnect) {
      end({ type: "error", message: t("shared.stream.lost") });
    } else {
      explainRefusal(url).then((message) => end({ type: "error", message }));
    }
  };

  return {
    close() {
      done = true;
      source.close();
    },
  };
}

// An EventSource does not expose why a request failed, so ask once more with fetch to read the
// server's `{"error":{"message"}}` (a 400 for bad options, 404 for a missing game, 429 when full).
// If that request is accepted after all, abort it at once: for a job, the server treats the dropped
// connection as a cancel.
async function explainRefusal(url) {
  const controller = new AbortController();
  try {
    const headers = { Accept: "text/event-stream", "Accept-Language": language() };
    const response = await fetch(url, { signal: controller.signal, headers });
    if (response.ok) {
      controller.abort();
      return t("shared.stream.closedEarly");
    }
    const data = await response.json().catch(() => ({}));
    return data.error?.message ?? t("shared.stream.refused", { status: response.status });
  } catch {
    reportUnreachable();
    return unreachableMessage();
  }
}

// A watch that drops may just be the server closing it; only a failed request means it is away.
function probeReachable() {
  fetch("/health", { cache: "no-store" }).catch(() => reportUnreachable());
}
