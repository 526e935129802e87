// Certificates for a class (/router/certificates.html?class=ID&episode=N), for the class's teacher:
// one page per pupil who has finished episode N, that is solved every one of its levels, as the
// class's scoreboard says (GET /api/classes/{id}/scoreboard?episode=N). Each says the pupil's
// name, the episode's number and title (in the page's language), their stars out of the most the
// episode gives, today's date, and carries our van-with-a-ribbon art (certificate-art.js).
// - On screen a line says how many finished and who has not yet (with how far they got); the
//   class and episode can be changed there (the address follows, so the link can be kept).
// - Anyone else (signed out, a pupil) is told who prints certificates and where to sign in.
import { $, api, el, whoIsSignedIn } from "/shared/api.js";
import { inPageLanguage, language, list, t } from "../shared/i18n.js";
import { rosette, vanWithRibbon } from "./certificate-art.js";
import { failed, params, ready, setAddress, setTitle, show, startPage, today } from "./print.js";

const state = { user: undefined, classes: null, classId: params.get("class"), episode: Number(params.get("episode")) || 1 };

function notTeacher(user) {
  const classroom = el("a", { href: "/classroom/", "data-testid": "sign-in-link", text: t("print.certificates.signIn") });
  const text = $("not-teacher-text");
  if (user) {
    text.replaceChildren(t("print.certificates.pupil", { name: user.name }), " ",
      el("a", { href: "/router/", text: t("print.certificates.toGame") }));
  } else {
    text.replaceChildren(t("print.certificates.signedOut"), " ", classroom, " ", t("print.certificates.signedOutThen"));
  }
  show("not-teacher");
}

/** The class and episode pickers (screen only). */
function drawPickers(episodes) {
  const classes = state.classes.filter((one) => !one.archived || one.id === state.classId);
  $("class-select").replaceChildren(...classes.map((one) => el("option", { value: one.id, text: one.name, selected: one.id === state.classId })));
  $("episode-select").replaceChildren(...episodes.map((episode) => el("option", { value: String(episode.number), selected: episode.number === state.episode,
    text: t("print.common.episode", { number: episode.number, name: episode.name }) })));
}

function certificate(pupil, episode, stars, most, date) {
  return el("section", { class: "sheet certificate landscape", "data-testid": "certificate", "data-pupil": pupil.name },
    el("div", { class: "certificate-frame" },
      rosette(episode.number),
      el("p", { class: "certificate-kicker", text: t("print.certificates.kicker") }),
      el("h2", { class: "certificate-title", text: t("print.certificates.title") }),
      el("p", { class: "certificate-line", text: t("print.certificates.goesTo") }),
      el("p", { class: "certificate-name", "data-testid": "certificate-name", text: pupil.name }),
      el("p", { class: "certificate-line", "data-testid": "certificate-episode", text: t("print.certificates.forFinishing", { number: episode.number, name: episode.name }) }),
      el("p", { class: "certificate-stars", "data-testid": "certificate-stars" },
        el("span", { class: "star", "aria-hidden": "true", text: "★" }), " ", t("print.certificates.stars", { stars, max: most })),
      vanWithRibbon(t("print.certificates.art")),
      el("div", { class: "certificate-foot" },
        el("p", { "data-testid": "certificate-date" }, el("span", { class: "foot-label", text: t("print.certificates.date") }), " ", date),
        el("p", {}, el("span", { class: "foot-label", text: t("print.certificates.teacher") }), " ", el("span", { class: "signature" })))));
}

async function drawBoard(catalog) {
  const episodes = catalog.episodes;
  const episode = episodes.find((one) => one.number === state.episode) ?? episodes[0];
  state.episode = episode.number;
  drawPickers(episodes);
  setAddress({ class: state.classId, episode: state.episode });
  const board = await api(`/api/classes/${encodeURIComponent(state.classId)}/scoreboard?episode=${state.episode}`);
  const levels = board.levels ?? [];
  const solved = (pupil) => levels.filter((level) => pupil.levels?.[level.id]?.solved).length;
  const finished = board.pupils.filter((pupil) => levels.length && solved(pupil) === levels.length);
  const waiting = board.pupils.filter((pupil) => !finished.includes(pupil));
  const most = levels.length * (catalog.rules?.maxStars ?? 3);
  const date = today(language());
  setTitle("print.certificates.documentTitle", { name: board.class?.name ?? "", number: episode.number });
  $("summary").textContent = !board.pupils.length ? t("print.certificates.noPupils")
    : t("print.certificates.finished", { count: finished.length, total: board.pupils.length, number: episode.number });
  $("not-yet").textContent = !board.pupils.length ? ""
    : !waiting.length ? t("print.certificates.everyone")
      : t("print.certificates.notYet", { names: list(waiting.map((pupil) => t("print.certificates.progress", { name: pupil.name, solved: solved(pupil), total: levels.length }))) });
  $("certificates").replaceChildren(...finished.map((pupil) => certificate(pupil, episode, pupil.total?.stars ?? 0, most, date)));
}

async function draw() {
  try {
    if (state.user === undefined) state.user = (await whoIsSignedIn()).user;
    if (state.user?.role !== "teacher") {
      notTeacher(state.user);
      ready();
      return;
    }
    const [mine, catalog] = await Promise.all([state.classes ? { classes: state.classes } : api("/api/classes"), api(inPageLanguage("/api/router/episodes"))]);
    state.classes = mine.classes;
    if (!state.classes.length) {
      show("no-classes");
      ready();
      return;
    }
    const known = state.classes.some((one) => one.id === state.classId);
    // A class that is not this teacher's (or none asked for): say so, and show one of theirs.
    $("not-yours").hidden = known || !state.classId;
    if (!known) state.classId = (state.classes.find((one) => !one.archived) ?? state.classes[0]).id;
    show("controls");
    await drawBoard(catalog);
    $("to-dashboard").href = `/router/teacher.html#class=${encodeURIComponent(state.classId)}&episode=${state.episode}`;
    ready();
    // Nothing to print until someone has finished.
    $("print-certificates").disabled = !$("certificates").children.length;
  } catch (error) {
    failed(error);
  }
}

$("class-select").addEventListener("change", async (event) => {
  state.classId = event.target.value;
  $("not-yours").hidden = true;
  await draw();
});
$("episode-select").addEventListener("change", async (event) => {
  state.episode = Number(event.target.value);
  await draw();
});

startPage(draw);
await draw();
