// A picture class's own sign-in page (/c/CODE opens /classroom/pictures.html?code=CODE): for
// children who cannot yet type a password. The class's names come from GET /api/auth/classes/{code}
// (only a picture class answers); a child taps her name, then two of the twelve pictures in order
// (shown as the chosen pair, with Undo), and the second tap signs her in and takes her to Rapid
// Router. A wrong pair is cleared with a kind word that gives nothing away; too many wrong pairs
// lock the name until the teacher unlocks it (429). Names and pictures are read aloud when tapped,
// where the browser can speak, unless Sound is switched off (remembered on this device).
// Every word is the catalogues' `classroom.pictures.*` (i18n.js), spoken in the page's language.
import { $, api, el } from "/shared/api.js";
import { keep, language, release, rich, routerWords, sayText, show, t, tell } from "./i18n.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
import { PICTURES, pictureImage, pictureName } from "./picture-art.js";

const SOUND_KEY = "tessera.pictures.sound";
const PAIR = 2;
const TONES = 6;
const canSpeak = typeof window.speechSynthesis !== "undefined" && typeof window.SpeechSynthesisUtterance === "function";

const state = { group: null, name: null, chosen: [], busy: false, sound: readSound() };

function readSound() {
  try {
    return localStorage.getItem(SOUND_KEY) !== "off";
  } catch {
    return true;
  }
}

function speak(text) {
  if (!canSpeak || !state.sound) return;
  try {
    window.speechSynthesis.cancel();
    const words = new SpeechSynthesisUtterance(text);
    words.lang = language();
    words.rate = 0.9;
    window.speechSynthesis.speak(words);
  } catch { /* a browser that cannot speak just stays quiet */ }
}

function showSound() {
  const button = $("sound");
  button.hidden = !canSpeak;
  button.setAttribute("aria-pressed", String(state.sound));
  show(button, state.sound ? "pictures.soundOn" : "pictures.soundOff");
}

$("sound").addEventListener("click", () => {
  state.sound = !state.sound;
  try { localStorage.setItem(SOUND_KEY, state.sound ? "on" : "off"); } catch { /* kept for this visit only */ }
  if (!state.sound && canSpeak) window.speechSynthesis.cancel();
  showSound();
});

// ---- which class -------------------------------------------------------------------------------
const codeFromAddress = () => (new URLSearchParams(location.search).get("code") ?? "").trim().toUpperCase();

function showStep(step) {
  for (const id of ["find-class", "names", "pictures"]) $(id).hidden = id !== step;
}

// The page's title and heading: the class's name once it is known (someone's data, not our words).
function showTitle() {
  const name = state.group?.name;
  keep(document.querySelector("title"), (title) => { title.textContent = name ? t("pictures.page.titleClass", { name }) : t("pictures.page.title"); });
  // The class's name is not a message: nothing may put "Sign in" back over it on a change of language.
  delete $("class-name").dataset.i18n;
  delete document.querySelector("title").dataset.i18n;
  if (name) {
    release($("class-name"));
    $("class-name").textContent = name;
  } else {
    show($("class-name"), "pictures.page.heading");
  }
}

function findClass(key, args = {}, problem = false) {
  state.group = null;
  showTitle();
  showStep("find-class");
  if (key) tell(key, args, !problem);
  const input = $("code-form").code;
  input.value = codeFromAddress();
  input.focus();
}

async function load() {
  const code = codeFromAddress();
  if (!code) return findClass("pictures.find.typeCode");
  tell("pictures.find.wait", {}, true);
  try {
    state.group = await api(`/api/auth/classes/${encodeURIComponent(code)}`);
  } catch (error) {
    if (error.status === 404) return findClass("pictures.find.notFound", { code }, true);
    findClass(null);
    return sayText(error.message);
  }
  sayText("");
  showTitle();
  const wanted = history.state?.name;
  if (wanted && state.group.pupils.includes(wanted)) showPictures(wanted, { focus: false });
  else showNames({ focus: false });
}

$("code-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = event.currentTarget.code.value.trim().toUpperCase();
  if (!code) return tell("pictures.find.codeFirst");
  history.replaceState(null, "", `?code=${encodeURIComponent(code)}`);
  load();
});

// ---- step 1: names -----------------------------------------------------------------------------
// Each name has a coloured first letter, the same colour every time, to help find it again.
function tone(name) {
  let sum = 0;
  for (const char of name) sum = (sum * 31 + char.codePointAt(0)) % 9973;
  return `tone-${sum % TONES}`;
}

function showNames({ focus = true } = {}) {
  state.name = null;
  state.chosen = [];
  const pupils = state.group.pupils;
  $("name-list").replaceChildren(...pupils.map((name) => el("li", {},
    el("button", { type: "button", class: "name-button", "data-testid": "name-button", onclick: () => pickName(name) },
      el("span", { class: `initial ${tone(name)}`, "aria-hidden": "true", text: [...name][0]?.toUpperCase() ?? "?" }),
      el("span", { class: "name-text", text: name })))));
  $("no-names").hidden = pupils.length > 0;
  showStep("names");
  if (focus) $("names-title").focus();
}

function pickName(name) {
  speak(name);
  history.pushState({ name }, "", location.href);
  showPictures(name);
}

// ---- step 2: two pictures ----------------------------------------------------------------------
function showPictures(name, { focus = true } = {}) {
  state.name = name;
  state.chosen = [];
  show($("hello"), "pictures.step.hello", { name });
  clearMessage();
  const pictures = state.group.pictures?.length ? state.group.pictures : PICTURES;
  $("picture-grid").replaceChildren(...pictures.map((picture) =>
    el("button", { type: "button", class: "picture", "data-testid": "picture", "data-picture": picture, onclick: () => tap(picture) },
      pictureImage(picture))));
  showChosen();
  showStep("pictures");
  if (focus) $("hello").focus();
}

function showChosen() {
  const slots = $("pictures").querySelectorAll("[data-testid=slot]");
  slots.forEach((slot, index) => {
    const picture = state.chosen[index];
    slot.replaceChildren(el("span", { class: "slot-number", "aria-hidden": "true", text: String(index + 1) }),
      picture ? pictureImage(picture, { "data-testid": "chosen-picture" }) : "");
    slot.classList.toggle("filled", Boolean(picture));
    slot.classList.toggle("next", index === state.chosen.length);
  });
  $("undo").disabled = state.chosen.length === 0 || state.busy;
  for (const button of $("picture-grid").querySelectorAll("button")) button.disabled = state.busy;
  $("pictures").setAttribute("aria-busy", String(state.busy));
}

function tap(picture) {
  if (state.busy || state.chosen.length >= PAIR) return;
  speak(pictureName(picture));
  state.chosen.push(picture);
  clearMessage();
  showChosen();
  if (state.chosen.length === PAIR) signIn();
}

$("undo").addEventListener("click", () => {
  if (state.busy) return;
  state.chosen.pop();
  showChosen();
  $("picture-grid").querySelector("button")?.focus();
});

$("not-me").addEventListener("click", () => {
  if (history.state?.name) history.back();
  else showNames();
});

window.addEventListener("popstate", () => {
  if (!state.group) return;
  const name = history.state?.name;
  if (name && state.group.pupils.includes(name)) showPictures(name);
  else showNames();
});

async function signIn() {
  state.busy = true;
  showChosen();
  const message = $("picture-message");
  try {
    await api("/api/auth/login", { method: "POST", body: { classCode: state.group.code, name: state.name, pictures: state.chosen } });
    message.className = "picture-message good";
    show(message, "pictures.step.wellDone", { name: state.name });
    speak(t("pictures.speak.wellDone"));
    // A moment to see it worked; replace(), so Back does not return to the pictures.
    setTimeout(() => location.replace("/router/"), 700);
    return;
  } catch (error) {
    message.className = "picture-message";
    if (error.status === 401) {
      show(message, "pictures.step.wrong");
      speak(t("pictures.speak.tryAgain"));
    } else if (error.status === 429) {
      show(message, "pictures.step.tooMany", { name: state.name });
      speak(t("pictures.speak.askTeacher"));
    } else {
      release(message);
      message.textContent = error.message;
    }
  }
  state.busy = false;
  state.chosen = [];
  showChosen();
}

function clearMessage() {
  release($("picture-message"));
  $("picture-message").textContent = "";
}

// The way back to typed passwords names Rapid Router's button in its own words.
rich($("typed-instead"), "pictures.find.typedInstead", () => ({ link: el("a", { href: "/router/", text: "Rapid Router" }), button: routerWords.button() }));
mountLanguagePicker(document.querySelector("header.bar"), $("sound"));
showSound();
await load();
document.body.dataset.ready = "true";
