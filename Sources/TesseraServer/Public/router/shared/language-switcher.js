// The language switcher: a small labelled select ("English" / "Español", each in its own language as
// the server's list names it, so a person on the wrong page can still find theirs), with a drawn
// globe. It sits in a page's dark top bar; its look travels with it (as teacher-link.js does), so
// any page can mount the same one:
//   mountLanguageSwitcher(document.querySelector("header.bar"));
// Choosing a language calls setLanguage (remembered; the page redraws on `tessera:language`).
import { el } from "/shared/api.js";
import { svgEl } from "../map/map-geometry.js";
import { LANGUAGES, language, languageName, onLanguageChange, setLanguage, t } from "./i18n.js";

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  .language-switcher { display: inline-flex; flex-direction: row; align-items: center; gap: .3rem; color: #fff; font-size: .9rem; flex: none; }
  .language-switcher svg { width: 1.15rem; height: 1.15rem; flex: none; }
  .language-switcher select { min-width: 0; min-height: 2.75rem; padding: .3rem .4rem; font-size: .9rem; border-radius: .4rem;
    border: 1px solid rgba(255, 255, 255, .4); background: var(--ink); color: #fff; cursor: pointer; }
  .language-switcher select:focus-visible { outline: 3px solid #f2b705; outline-offset: 1px; }
  .language-switcher option { background: #fff; color: var(--ink); }
  @media (max-width: 520px) { .language-switcher select { font-size: .82rem; padding: .2rem .15rem; } }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

function globe() {
  const line = { fill: "none", stroke: "currentColor", "stroke-width": 1.4 };
  return svgEl("svg", { viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
    svgEl("circle", { cx: 10, cy: 10, r: 8, ...line }),
    svgEl("ellipse", { cx: 10, cy: 10, rx: 3.5, ry: 8, ...line }),
    svgEl("path", { d: "M2,10H18M3.5,5.5H16.5M3.5,14.5H16.5", ...line }));
}

/** Adds the switcher to `host` (at `before`, else at the end) and answers its <label>. */
export function mountLanguageSwitcher(host, before = null) {
  // The server's languages, and the page's own if it is not one of them (the pseudo-language en-XA).
  const codes = LANGUAGES.includes(language()) ? LANGUAGES : [...LANGUAGES, language()];
  const select = el("select", { "data-testid": "language", "aria-label": t("common.language.label") },
    ...codes.map((code) => el("option", { value: code, lang: code, text: languageName(code), selected: code === language() })));
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    select.value = language(); // a language that could not be loaded is not shown as chosen
  });
  const label = el("label", { class: "language-switcher", title: t("common.language.label") }, globe(), select);
  onLanguageChange((lang) => {
    select.value = lang;
    select.setAttribute("aria-label", t("common.language.label"));
    label.title = t("common.language.label");
  });
  host.insertBefore(label, before);
  return label;
}
