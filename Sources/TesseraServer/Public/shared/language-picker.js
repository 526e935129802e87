// The language picker every page can put in its dark top bar (issue 38): a small labelled <select>
// of the languages the server has (each named in its own language, as GET /api/languages names it,
// so a person on a page in the wrong language can still find theirs), with a drawn globe. Choosing
// one calls words.js's setLanguage (remembered site-wide; the page's marked words follow at once and
// the page redraws the rest on `tessera:language`). Its look travels with it, so a page needs only:
//   import { mountLanguagePicker } from "/shared/language-picker.js";
//   mountLanguagePicker(document.querySelector("header.bar"));
// By default it sits at the end of the bar (margin-inline-start: auto, so it mirrors in a
// right-to-left language). Its own words: `shared.language.label`.
import { el } from "/shared/api.js";
import { catalogue, language, languages, onLanguageChange, setLanguage, t } from "/shared/words.js";

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  .language-picker { display: inline-flex; flex-direction: row; align-items: center; gap: .3rem; flex: none;
    margin-inline-start: auto; color: #fff; font-size: .9rem; }
  .language-picker svg { width: 1.15rem; height: 1.15rem; flex: none; }
  .language-picker select { min-width: 0; min-height: 2.75rem; padding-block: .3rem; padding-inline: .4rem; font-size: .9rem;
    border-radius: .4rem; border: 1px solid rgba(255, 255, 255, .4); background: var(--ink); color: #fff; cursor: pointer; }
  .language-picker select:focus-visible { outline: 3px solid #f2b705; outline-offset: 1px; }
  .language-picker option { background: #fff; color: var(--ink); }
  @media (max-width: 520px) { .language-picker select { font-size: .82rem; padding-inline: .15rem; max-width: 9rem; } }
  /* A bar with a picker may wrap onto a second line (long words, a narrow phone): the picker then
     keeps to the end of its line. */
  header.bar:has(> .language-picker) { flex-wrap: wrap; row-gap: .35rem; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attributes, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

function globe() {
  const line = { fill: "none", stroke: "currentColor", "stroke-width": 1.4 };
  return svg("svg", { viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
    svg("circle", { cx: 10, cy: 10, r: 8, ...line }),
    svg("ellipse", { cx: 10, cy: 10, rx: 3.5, ry: 8, ...line }),
    svg("path", { d: "M2,10H18M3.5,5.5H16.5M3.5,14.5H16.5", ...line }));
}

/** Adds the picker to `host` (before `before`, else at the end) and answers its <label>. */
export async function mountLanguagePicker(host, before = null) {
  const available = await languages();
  // The server's languages, and the page's own if it is not one of them (the pseudo-language en-XA).
  const shown = available.some((each) => each.code === language())
    ? available : [...available, { code: language(), name: catalogue()?.language?.name ?? language() }];
  const select = el("select", { "data-testid": "language", "aria-label": t("shared.language.label") },
    ...shown.map(({ code, name }) => el("option", { value: code, lang: code, text: name, selected: code === language() })));
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    select.value = language(); // a language that could not be loaded is not shown as chosen
  });
  const label = el("label", { class: "language-picker", title: t("shared.language.label") }, globe(), select);
  onLanguageChange((code) => {
    select.value = code;
    select.setAttribute("aria-label", t("shared.language.label"));
    label.title = t("shared.language.label");
  });
  host.insertBefore(label, before);
  return label;
}
