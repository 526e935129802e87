// One exploration stream: `GET /api/maze/explore` as server-sent events. The server ends the stream
// after its final message (finished, failed or cancelled); an EventSource would then reconnect and
// start a second exploration, so this closes the source as soon as the final message arrives and on
// any error. `onEnd` is called exactly once, unless the caller closes the stream first (closing it
// is how the page cancels: the server stops exploring when the connection goes).

const FINAL = new Set(["finished", "failed", "cancelled"]);

export function exploreUrl(options) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  }
  return `/api/maze/explore?${query}`;
}

/**
 * Opens the stream. `onMessage(message)` gets `began` and `room` messages; `onEnd(message)` gets the
 * final message, or `{type: "error", message}` when the connection fails. Returns `{close}`.
 */
export function openExploration(url, { onMessage, onEnd }) {
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
      end({ type: "error", message: "The server sent a message this page cannot read." });
      return;
    }
    heard = true;
    if (FINAL.has(message.type)) end(message);
    else onMessage(message);
  };

  source.onerror = () => {
    source.close(); // never let the browser reconnect: that would start a new exploration
    if (done) return;
    if (heard) {
      end({ type: "error", message: "The connection to the server was lost before the exploration finished." });
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
// server's `{"error":{"message"}}` (a 400 for bad options). If that request is accepted after all,
// abort it at once: the server treats the dropped connection as a cancel.
async function explainRefusal(url) {
  const controller = new AbortController();
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/event-stream" } });
    if (response.ok) {
      controller.abort();
      return "The exploration stream closed before it began. Please try again.";
    }
    const data = await response.json().catch(() => ({}));
    return data.error?.message ?? `The server refused the request (HTTP ${response.status}).`;
  } catch {
    return "The server cannot be reached. Is `tessera serve` running?";
  }
}
