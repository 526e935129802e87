// An episode's lesson guide (/router/guide.html?episode=N&lang=en|es), from GET
// /api/router/episodes/{n}/guide?lang=: what pupils learn, the new words, a warm-up without
// computers, the levels for the lesson and for the quick ones (each opens in the player, and on
// screen its printable pack is a click away), two questions to talk about, an extension, and how
// it follows the episode before and leads to the next (with links to their guides).
// On screen: an episode picker, Previous/Next, Print. On paper: one or two pages (guide.css).
// The guide comes in the page's language; switching language asks for it again.
import { $, api, el } from "/shared/api.js";
import { inPageLanguage, language, t } from "../shared/i18n.js";
import { failed, params, ready, setAddress, setTitle, startPage } from "./print.js";

const state = { episode: Number(params.get("episode")) || 1, episodes: [] };

const guideLink = (number) => `/router/guide.html?episode=${number}&lang=${language()}`;
const levelLink = (id) => `/router/#level=${encodeURIComponent(id)}`;
const packLink = (id) => `/router/print.html?level=${encodeURIComponent(id)}&lang=${language()}`;

function section(key, testid, ...children) {
  return el("section", { class: "guide-part", "data-testid": testid }, el("h3", { text: t(key) }), ...children);
}

function levelList(levels, testid) {
  return el("ul", { class: "guide-levels", "data-testid": testid }, ...levels.map((level) => el("li", { "data-level": level.id },
    el("a", { href: levelLink(level.id), "data-testid": "guide-level", text: t("player.level.title", { id: level.id, name: level.name }) }),
    el("a", { class: "pack-link screen-only", href: packLink(level.id), "data-testid": "pack-link", text: t("print.guide.pack") }))));
}

/** "Before" or "Next": how the episode connects, with a link to that episode's guide when there is one. */
function neighbour(key, number, text, testid) {
  const known = state.episodes.some((episode) => episode.number === number);
  return el("div", { class: "guide-neighbour", "data-testid": testid },
    el("h4", {}, known ? el("a", { href: guideLink(number), "data-testid": `${testid}-link`, text: t(key, { number }) }) : t(`${key}None`)),
    el("p", { text }));
}

function drawGuide(guide) {
  const lang = guide.language ?? language();
  const sheet = $("guide");
  sheet.lang = lang;
  setTitle("print.guide.documentTitle", { number: guide.episode, name: guide.title });
  sheet.replaceChildren(
    el("p", { class: "guide-kicker", text: t("print.guide.kicker") }),
    el("h2", { class: "sheet-title", "data-testid": "guide-title", text: t("print.common.episode", { number: guide.episode, name: guide.title }) }),
    el("p", { class: "guide-summary", text: guide.summary }),
    el("div", { class: "guide-columns" },
      section("print.guide.goals", "guide-goals", el("ul", {}, ...guide.goals.map((goal) => el("li", { text: goal })))),
      section("print.guide.words", "guide-words", el("dl", { class: "guide-words" },
        ...guide.words.flatMap((word) => [el("dt", { text: word.word }), el("dd", { text: word.meaning })])))),
    section("print.guide.unplugged", "guide-unplugged", el("p", { text: guide.unplugged })),
    el("div", { class: "guide-columns" },
      section("print.guide.inClass", "guide-in-class", levelList(guide.levels.inClass, "levels-in-class")),
      section("print.guide.quickOnes", "guide-quick-ones", guide.levels.quickOnes.length
        ? levelList(guide.levels.quickOnes, "levels-quick-ones") : el("p", { class: "muted", text: t("print.guide.noQuickOnes") }))),
    section("print.guide.questions", "guide-questions", el("ol", {}, ...guide.questions.map((question) => el("li", { text: question })))),
    section("print.guide.extension", "guide-extension", el("p", { text: guide.extension })),
    section("print.guide.connections", "guide-connections", el("div", { class: "guide-columns" },
      neighbour("print.guide.previous", guide.episode - 1, guide.previous, "guide-previous"),
      neighbour("print.guide.next", guide.episode + 1, guide.next, "guide-next"))));
}

function drawPicker() {
  $("episode-select").replaceChildren(...state.episodes.map((episode) => el("option", { value: String(episode.number),
    selected: episode.number === state.episode, text: t("print.common.episode", { number: episode.number, name: episode.name }) })));
  const numbers = state.episodes.map((episode) => episode.number);
  const place = numbers.indexOf(state.episode);
  $("previous-guide").disabled = place <= 0;
  $("next-guide").disabled = place < 0 || place >= numbers.length - 1;
}

async function draw() {
  try {
    const [catalog, guide] = await Promise.all([
      api(inPageLanguage("/api/router/episodes")),
      api(inPageLanguage(`/api/router/episodes/${encodeURIComponent(state.episode)}/guide`)).catch((error) => {
        if (error.status === 404) return null;
        throw error;
      }),
    ]);
    state.episodes = catalog.episodes;
    setAddress({ episode: state.episode, lang: language() });
    drawPicker();
    $("guide").hidden = !guide;
    if (guide) drawGuide(guide);
    else failed({ message: t("print.guide.notFound", { last: state.episodes.length }) });
    ready();
  } catch (error) {
    failed(error);
  }
}

async function go(number) {
  state.episode = number;
  document.body.dataset.ready = "false";
  await draw();
}

$("episode-select").addEventListener("change", (event) => go(Number(event.target.value)));
$("previous-guide").addEventListener("click", () => go(state.episode - 1));
$("next-guide").addEventListener("click", () => go(state.episode + 1));

startPage(draw);
await draw();
