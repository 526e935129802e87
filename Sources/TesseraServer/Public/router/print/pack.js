// The printable pack of one level (/router/print.html?level=ID): sheet 1 the level's map, as large
// as the paper allows, to drive a finger along; sheet 2 cut-out cards of the level's blocks
// (cards.js); sheet 3, only for a signed-in teacher, the answer (answer.js).
// - Any level the person may read: ours ("1".."124", in the page's language) and stored ones
//   ("custom-…", with this browser's owner key or the signed-in account, as the player asks).
// - The answer is never asked for unless /api/auth/me says a teacher is signed in: a pupil's or a
//   visitor's browser does not even request it (the server would refuse them anyway).
// - The map is map-view.js's own drawing, cut to the part of the grid the level uses (its roads,
//   houses, lights and cows, with a square of ground around them), and its sheet is printed
//   landscape or portrait, whichever that part's shape fills better (print.css's named pages).
import { $, say, whoIsSignedIn } from "/shared/api.js";
import { SERVER_LANGUAGE, inPageLanguage, t } from "../shared/i18n.js";
import { levelApi } from "../shared/my-levels.js";
import { MapView } from "../map/map-view.js";
import { COLS, ROWS, T } from "../map/map-geometry.js";
import { drawCards } from "./cards.js";
import { drawAnswer } from "./answer.js";
import { failed, params, ready, setTitle, startPage } from "./print.js";

const id = params.get("level");
const levelPath = (tail = "") => `/api/router/levels/${encodeURIComponent(id)}${tail}`;
let user; // who is signed in, asked once: the language changes nothing about it
const map = new MapView($("map"));

/** The squares the level uses, with one square of ground around them: [x0, y0, x1, y1], inclusive. */
function usedArea(level) {
  const squares = [
    ...level.road.map((node) => node.coordinate),
    ...(level.destinations ?? []),
    ...(level.trafficLights ?? []).map((light) => light.source),
    ...(level.cows ?? []).flatMap((group) => group.potentialCoordinates ?? []),
  ].filter((square) => Array.isArray(square));
  if (!squares.length) return [0, 0, COLS - 1, ROWS - 1];
  const xs = squares.map(([x]) => x), ys = squares.map(([, y]) => y);
  return [Math.max(0, Math.min(...xs) - 1), Math.max(0, Math.min(...ys) - 1),
    Math.min(COLS - 1, Math.max(...xs) + 1), Math.min(ROWS - 1, Math.max(...ys) + 1)];
}

function drawMap(level, title) {
  map.draw(level);
  const [x0, y0, x1, y1] = usedArea(level);
  const width = (x1 - x0 + 1) * T, height = (y1 - y0 + 1) * T;
  // Row 7 is drawn at the top (map-geometry.js), so the highest row used is the top of the view.
  map.svg.setAttribute("viewBox", `${x0 * T} ${(ROWS - 1 - y1) * T} ${width} ${height}`);
  map.svg.dataset.testid = "print-map-svg";
  const wide = width >= height;
  const sheet = $("sheet-map");
  sheet.classList.toggle("landscape", wide);
  sheet.classList.toggle("portrait", !wide);
  sheet.dataset.orientation = wide ? "landscape" : "portrait";
  $("map").setAttribute("aria-label", t("print.pack.mapLabel", { title }));
}

function drawHead(level, ours) {
  const title = ours ? t("player.level.title", { id: level.id, name: level.name }) : level.name;
  setTitle("print.pack.documentTitle", { title });
  $("level-title").textContent = title;
  $("level-lesson").textContent = level.lesson || t("player.level.defaultLesson");
  // Our levels' words are in the language the server says; a person's own level may be in any.
  for (const [node, words] of [[$("level-title"), level.name], [$("level-lesson"), level.lesson]]) {
    if (ours && words) node.lang = level.lang ?? SERVER_LANGUAGE; else node.removeAttribute("lang");
  }
  $("back-to-level").href = `/router/#level=${encodeURIComponent(level.id)}`;
  return title;
}

/** The answer for a teacher: null when there is none to show (a stored level has no answer). */
async function fetchAnswer() {
  try {
    return await levelApi(inPageLanguage(levelPath("/solution")));
  } catch (error) {
    if (error.status === 404) return null;
    throw error;
  }
}

async function draw() {
  say("");
  if (!id) {
    $("sheets").hidden = true;
    failed({ message: t("print.pack.noLevel") });
    return;
  }
  try {
    user ??= (await whoIsSignedIn()).user;
    const teacher = user?.role === "teacher";
    const [level, answer] = await Promise.all([levelApi(inPageLanguage(levelPath())), teacher ? fetchAnswer() : null]);
    const ours = level.source === "tessera";
    const title = drawHead(level, ours);
    drawMap(level, title);
    drawCards($("cards"), level, $("cards-intro"));
    $("sheet-answer").hidden = !answer;
    if (answer) drawAnswer($("answer"), answer, title);
    // A teacher whose level has no stored answer is told why the pack has no answer page.
    $("no-answer").hidden = !(teacher && !answer);
    $("answer-note").hidden = !teacher;
    $("sheets").hidden = false;
    ready();
  } catch (error) {
    $("sheets").hidden = true;
    failed(error.status === 404 ? { message: t("print.pack.notFound", { id }) } : error);
  }
}

startPage(draw);
await draw();
