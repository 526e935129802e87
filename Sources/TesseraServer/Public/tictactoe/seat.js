// An online player's seat: the secret token that lets them move. It is kept in this browser
// (localStorage, so a closed tab or a phone that drops the page is still seated) and shown to the
// player as a private seat link, /tictactoe/?game=ID#seat=TOKEN: the token rides in the fragment,
// which browsers never send, so it reaches no server's or proxy's logs. Opened on any device (or in
// `tessera tictactoe join`), the link takes the seat there; the server checks it first, so a page
// never believes it holds a seat it has not. A page without a seat on an online game is watching,
// and says so. Tokens stay the same through a series, so one link serves every rematch.
import { $, api } from "/shared/api.js";

const KEY = "tictactoe:seats";
const KEPT = 40; // seats remembered here; the oldest go first (the server forgets old games too)
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

function remembered() {
  try {
    const seats = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return seats && typeof seats === "object" && !Array.isArray(seats) ? seats : {};
  } catch {
    return {};
  }
}

/** Keeps this browser's seat in game `id` (nothing when there is no seat). */
export function rememberSeat(id, token, marker) {
  if (!token || !marker) return;
  const seats = { ...remembered(), [id]: { token, marker, at: Date.now() } };
  const newest = Object.entries(seats).sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0)).slice(0, KEPT);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage full or switched off: the seat lasts as long as the page, and the seat link still works.
  }
}

/** The seat this browser holds in game `id`, or null. */
function recallSeat(id) {
  const seat = remembered()[id];
  const valid = seat && typeof seat.token === "string" && TOKEN.test(seat.token) && ["X", "O"].includes(seat.marker);
  return valid ? { token: seat.token, marker: seat.marker } : null;
}

/** The token a seat link carries (#seat=TOKEN), or null. */
export function seatInAddress() {
  const token = new URLSearchParams(location.hash.slice(1)).get("seat");
  return token && TOKEN.test(token) ? token : null;
}

/** The private link that opens this seat on another device. */
export function seatLink(id, token) {
  return new URL(`/tictactoe/?game=${encodeURIComponent(id)}#seat=${encodeURIComponent(token)}`, location.origin).href;
}

/**
 * Game `id` and this page's seat in it: a seat link's (the server checks it, then it is
 * remembered and leaves the address bar), else the one this browser remembers, else none.
 * `claimed` says a seat link was taken; `refused`, the server's words when it was not a seat.
 */
export async function openSeat(id) {
  const path = `/api/tictactoe/games/${encodeURIComponent(id)}`;
  const token = seatInAddress();
  if (!token) return { game: await api(path), seat: recallSeat(id) };
  history.replaceState(history.state, "", location.pathname + location.search);
  try {
    const game = await api(`${path}/seat`, { token });
    rememberSeat(game.id, token, game.marker);
    return { game, seat: { token, marker: game.marker }, claimed: true };
  } catch (error) {
    if (error.status !== 403) throw error;
    return { game: await api(path), seat: recallSeat(id), refused: error.message };
  }
}

/** The seated player's private link, or the line that says this page is watching. */
export function renderSeat(game, state) {
  const online = game?.mode === "online" && !state.joining;
  const seated = online && !!state.token && !!state.marker;
  $("seat-panel").hidden = !seated;
  const link = seated ? seatLink(game.id, state.token) : "";
  if ($("seat-link").value !== link) $("seat-link").value = link;
  $("watching").hidden = !online || seated;
}

/** A Copy button for a read-only link field: says `copied`, or how to copy by hand. */
export function wireCopy(button, field, tell, copied) {
  button.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      tell(copied, {}, true);
    } catch {
      tell("invite.copyByHand", {}, true);
    }
  });
}
