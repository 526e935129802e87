"""The Maze page in every language (issue 38): every word it shows comes from the catalogue (`maze.*`).

- In the pseudo-language (`?lang=en-XA`) every visible word is inside ⟦ ⟧ and nothing is cut off or
  sticks out, at the three sizes, in its main states: no maze yet, a maze explored to the end with the
  figures' explanation open, and a mistake in the options explained. Only names and codes are left
  outside: "Tessera", and the figures' technical names (in <code>: the API's field names).
- In Spanish no English message of the page is left, in the same states.
Screenshots of each go to $TESSERA_SHOTS when it is set, as maze-<lang>-<size>-<state>.png."""
import json
import os
import re

import pytest
from playwright.sync_api import expect

from conftest import ROOT, browsing, checked_sizes
from pseudo import cut_off, untranslated

CATALOGUES = os.path.join(ROOT, "Sources", "Languages", "catalogues")
SHOTS = os.environ.get("TESSERA_SHOTS")  # a folder for screenshots of every state checked, if wanted
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
NAMES = [r"^Tessera$"]  # the site's name
# Where a page shows what is not ours to translate (a name, code, or the person's data), by element,
# as pseudo.untranslated describes it; each test module names its own.
MAZE_DATA = {"code"}  # the figures' technical names: the API's field names


# ---- the catalogues ------------------------------------------------------------------------------
def flatten(node, prefix=""):
    out = {}
    for key, value in node.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def load(lang, area):
    with open(os.path.join(CATALOGUES, lang, f"{area}.json"), encoding="utf-8") as handle:
        return flatten(json.load(handle), f"{area}.")


def outside_arguments(message):
    """The text of a message outside its {…} (arguments, plurals, selects): the pieces in between."""
    pieces, depth, piece = [], 0, ""
    for char in message:
        if char == "{":
            if depth == 0:
                pieces.append(piece)
                piece = ""
            depth += 1
        elif char == "}":
            depth -= 1
        elif depth == 0:
            piece += char
    pieces.append(piece)
    return pieces


def english_patterns(areas):
    """A regex per English message of `areas` that Spanish words differently: its text, with anything
    where an argument stands. Messages without two letters in a row outside arguments are left out."""
    patterns = []
    for area in areas:
        english, spanish = load("en", area), load("es", area)
        assert english.keys() == spanish.keys(), f"{area}: Spanish and English have different keys"
        for key, message in english.items():
            if message == spanish[key]:
                continue  # names and words both languages share ("Prim", "Original", "{seconds} s")
            pieces = outside_arguments(message)
            if not any(re.search(r"[A-Za-z]{2}", piece) for piece in pieces):
                continue
            body = ".+?".join(re.escape(piece) for piece in pieces if piece) if len(pieces) > 1 else re.escape(message)
            start = r"(?<!\w)" if re.match(r"\w", message) else ""
            end = r"(?!\w)" if re.search(r"\w$", message) else ""
            patterns.append((key, message, re.compile(start + body + end)))
    return patterns


# ---- what a page shows -----------------------------------------------------------------------------
# Every word a person sees or hears: visible text (and the options of visible selects, which
# pseudo.untranslated does not read), the names and tips screen readers and mice get, placeholders,
# and the tab's title; each with where it is, as pseudo.untranslated names it.
PAGE_WORDS = """() => {
  const where = (node) => node.tagName.toLowerCase() + (node.id ? "#" + node.id : "")
    + (node.dataset.testid ? `[data-testid=${node.dataset.testid}]` : "");
  const seen = (node) => node.checkVisibility({ visibilityProperty: true }) && !node.closest("[aria-hidden=true]");
  const words = [["title", document.title]];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !parent || parent.closest("script, style")) continue;
    if (parent.tagName === "OPTION" ? seen(parent.closest("select")) : seen(parent)) words.push([where(parent), text]);
  }
  for (const node of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!seen(node)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      if (node.getAttribute(name)) words.push([`${where(node)}[${name}]`, node.getAttribute(name)]);
    }
  }
  return words;
}"""


def page_words(page, data=()):
    """[(where, text)] of PAGE_WORDS, without what is in a place of the person's data (`data`: places)."""
    return [(where, text) for where, text in page.evaluate(PAGE_WORDS) if where not in data]


def english_left(page, patterns, data=()):
    """The English messages the page still shows: [(key, text it was found in)]."""
    found = []
    for where, text in page_words(page, data):
        for key, _message, pattern in patterns:
            if pattern.search(text):
                found.append((key, f"{where}: {text[:100]}"))
    return found


def not_ours(page, data=(), allow=NAMES):
    """pseudo.untranslated, less the places of the person's data (`data`), and the options of the
    visible selects (which it does not read) that are outside ⟦ ⟧, but for the language picker's
    language names."""
    problems = [(where, text) for where, text in untranslated(page, allow=allow) if where not in data]
    options = page.evaluate("""() => [...document.querySelectorAll("select:not([data-testid=language]) option")]
      .filter((option) => option.closest("select").checkVisibility()).map((option) => option.textContent.trim())""")
    problems += [("option", text) for text in options if not (text.startswith("⟦") and text.endswith("⟧"))]
    return problems


def shoot(page, name):
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


class Checker:
    """Checks a page at each of its states in one language: en-XA (nothing outside ⟦ ⟧ but `data`,
    nothing cut off) or es (no English message of `areas`, nothing cut off); shoots each state."""

    def __init__(self, page, lang, size, area, areas, data=()):
        self.page, self.lang, self.size, self.area, self.data = page, lang, size, area, set(data)
        self.patterns = english_patterns(areas) if lang != "en-XA" else []
        self.problems = []

    def check(self, state):
        page = self.page
        page.wait_for_timeout(50)  # let a state's last words land (a status line, a fade)
        if self.lang == "en-XA":
            self.problems += [(state, "untranslated", item) for item in not_ours(page, self.data)]
        else:
            self.problems += [(state, "English", item) for item in english_left(page, self.patterns, self.data)]
        self.problems += [(state, "cut off", item) for item in cut_off(page) if not self.only_heard(item)]
        shoot(page, f"{self.area}-{self.lang}-{self.size}-{state}")

    def only_heard(self, cut):
        """Is this "cut off" text only for screen readers (a visually hidden label or live region,
        clipped to 1 px by design), which pseudo.cut_off counts as cut?"""
        heard = self.page.evaluate("""() => [...document.querySelectorAll("body *")]
          .filter((node) => getComputedStyle(node).clipPath === "inset(50%)")
          .map((node) => node.textContent.trim().slice(0, 60))""")
        return any(text and cut.endswith(": " + text) for text in heard)

    def assert_clean(self):
        assert self.problems == [], "\n".join(map(str, self.problems))


def context_for(browser, server, size, lang):
    # The browser speaks English, so nothing but ?lang= makes the page Spanish or pseudo.
    return browser.new_context(base_url=server, locale="en-GB", **SIZES[size])


# ---- the maze ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en-XA", "es"])
@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_the_maze_says_everything_in_the_pages_language(browser, server, size, lang):
    with browsing(context_for(browser, server, size, lang)) as page:
        checker = Checker(page, lang, size, "maze", ["maze", "shared"], MAZE_DATA)
        page.goto(f"/maze/?lang={lang}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_test_id("placeholder")).to_be_visible()
        checker.check("start")

        # A linked maze explores itself at once; to the end, with the figures explained.
        page.goto(f"/maze/?lang={lang}&seed=4242&width=7&height=7&latency=none")
        expect(page.get_by_test_id("stats-valid")).to_have_attribute("data-valid", "true", timeout=20_000)
        expect(page.get_by_test_id("generate")).to_be_enabled()
        page.get_by_test_id("stats-help").locator("summary").click()
        page.get_by_test_id("show-path").check()
        checker.check("explored")

        # A mistake in the options, explained before anything is sent.
        page.get_by_test_id("width").fill("12")
        page.get_by_test_id("generate").click()
        expect(page.get_by_test_id("width")).to_have_attribute("aria-invalid", "true")
        checker.check("mistake")
        checker.assert_clean()


def test_the_maze_changes_language_in_place(browser, server):
    """The picker switches the page: the marked words and what the page wrote itself (the status
    line, the figures, the time) follow, with numbers written the new language's way."""
    with browsing(context_for(browser, server, "desktop", "en")) as page:
        page.goto("/maze/?lang=en&seed=4242&width=7&height=7&latency=none")
        expect(page.get_by_test_id("stats-valid")).to_have_text("yes", timeout=20_000)
        expect(page.get_by_test_id("message")).to_contain_text("Explored all")
        page.get_by_test_id("language").select_option("es")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("stats-valid")).to_have_text("sí")
        expect(page.get_by_test_id("message")).to_contain_text("Exploradas las")
        expect(page.get_by_test_id("generate")).to_have_text("Crear")
        assert "," in page.get_by_test_id("time").text_content()  # 0,12 s
        assert english_left(page, english_patterns(["maze"]), MAZE_DATA) == []
