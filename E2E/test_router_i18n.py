"""Rapid Router in two languages (issue 22, item 6): every word comes from one catalogue per language
(Sources/Languages/catalogues/en/router.json and es/router.json, Rapid Router's words as `router.*`, served
at /api/languages/{code} and read by shared/words.js through router/shared/i18n.js), and a switcher in
the top bar changes the language and remembers it.

- The two catalogues have exactly the same keys, the same arguments and the same `code` per message,
  a message with a count is a plural with both forms, and the Python keywords and `my_van` methods
  stay English.
- The level designer in Spanish shows no English from the English file: in every state a teacher
  reaches (each tool's settings, a light, cows, things to fix, the toolbox, My levels with rename and
  share open, the "are you sure?" question, the keyboard cursor's words) the visible text, the
  aria-labels, titles and placeholders are searched for every English message that differs in Spanish.
- The choice survives a reload and beats the browser's language; switching back to English works.
- Spanish words stay inside their buttons and the page never scrolls sideways: desktop, tablet with
  touch, phone.
- A message Spanish lacks shows in English and is reported once as a warning, never an error."""
import json
import os
import re

import pytest
from playwright.sync_api import expect

from conftest import ROOT, browsing, checked_sizes, watch_errors
from test_router_designer import ROUTE, mouse_drag, open_designer, square_point, tap_with_mouse

CATALOGUES = os.path.join(ROOT, "Sources", "Languages", "catalogues")
ARTIFACTS = os.path.join(ROOT, "E2E", "artifacts")
SIZES = {"desktop": ({"width": 1280, "height": 860}, False), "tablet": ({"width": 1024, "height": 768}, True),
         "phone": ({"width": 390, "height": 844}, True)}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


# ---- the catalogues, read as the tests read them -------------------------------------------------
def load(lang):
    """Rapid Router's words in a language: its catalogue's `router.json` (the `router.*` keys)."""
    with open(os.path.join(CATALOGUES, lang, "router.json"), encoding="utf-8") as handle:
        return json.load(handle)


OPEN, CLOSE = "\ue000", "\ue001"  # a quoted, literal { and } (see literal_braces)


def literal_braces(message):
    """ICU quoting, as the catalogues use it: '' is one apostrophe, and an apostrophe before a brace
    starts literal text up to the next lone apostrophe ('{"blocks": …}'). Literal braces become
    OPEN/CLOSE, so the parsers here pass them over; `shown` turns them back."""
    out, at, quoted = [], 0, False
    while at < len(message):
        char, following = message[at], message[at + 1:at + 2]
        if char == "'" and following == "'":
            out.append("'")
            at += 2
            continue
        if char == "'" and (quoted or following in ("{", "}", "#", "|")):
            quoted = not quoted
        elif quoted and char in "{}":
            out.append(OPEN if char == "{" else CLOSE)
        else:
            out.append(char)
        at += 1
    return "".join(out)


def shown(text):
    """Text as a page shows it: literal braces back as braces."""
    return text.replace(OPEN, "{").replace(CLOSE, "}")


def flatten(node, prefix=""):
    """{"designer.side.save": "Save", "designer.side.toolboxCount": "{count, plural, one {(# block)} …}", …},
    quoted braces made literal (literal_braces)."""
    out = {}
    for key, value in node.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = literal_braces(value)
    return out


def closing(text, start):
    """The index of the `}` that closes the `{` at `start` (our catalogues quote no braces)."""
    depth = 0
    for index in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return index
    raise ValueError(f"no closing brace in {text!r}")


def branches(text):
    """A plural's or select's branches as they are written inside it: {"one": "# block", …}."""
    found, at = {}, 0
    while at < len(text):
        opening = text.find("{", at)
        if opening < 0:
            break
        end = closing(text, opening)
        found[text[at:opening].strip()] = text[opening + 1:end]
        at = end + 1
    return found


def pound(branch, name):
    """A plural's branch with its own # (not those of a plural inside it) written as {name}."""
    out, depth = "", 0
    for char in branch:
        depth += {"{": 1, "}": -1}.get(char, 0)
        out += "{" + name + "}" if char == "#" and depth == 0 else char
    return out


def forms(message, count="count"):
    """The texts a message can show, its other arguments left as {name}: one per branch of each plural
    or select (a plural's # written as {its argument})."""
    results, at = [""], 0
    while at < len(message):
        opening = message.find("{", at)
        if opening < 0:
            return [done + message[at:] for done in results]
        end = closing(message, opening)
        inner = message[opening + 1:end]
        head = re.match(r"\s*(\w+)\s*,\s*(plural|select)\s*,", inner)
        if head:
            name = head.group(1) if head.group(2) == "plural" else count
            choices = [text for branch in branches(inner[head.end():]).values()
                       for text in forms(pound(branch, name) if head.group(2) == "plural" else branch, name)]
        else:
            choices = ["{" + re.match(r"\s*(\w+)", inner).group(1) + "}"]
        results = [done + message[at:opening] + choice for done in results for choice in choices]
        at = end + 1
    return results


def arguments(message):
    """The names of a message's arguments ({name}, {count, plural, …}), in its branches too."""
    names, at = set(), 0
    while (opening := message.find("{", at)) >= 0:
        end = closing(message, opening)
        inner = message[opening + 1:end]
        head = re.match(r"\s*(\w+)\s*(?:,\s*(plural|select)\s*,)?", inner)
        names.add(head.group(1))
        if head.group(2):
            for branch in branches(inner[head.end():]).values():
                names |= arguments(branch)
        at = end + 1
    return names


def plural_categories(message):
    """The branches of a message's plurals (empty for a message without one)."""
    found = set()
    for match in re.finditer(r"\{\s*\w+\s*,\s*plural\s*,", message):
        start = match.start()
        found |= set(branches(message[match.end():closing(message, start)]))
    return found


def english_patterns():
    """A regex per English message that Spanish words differently: its words, with each {placeholder}
    standing for any text. Messages that are only placeholders and punctuation say nothing to find."""
    english, spanish = flatten(load("en")), flatten(load("es"))
    patterns = []
    for key, message in english.items():
        theirs = set(forms(spanish[key]))
        for value in dict.fromkeys(forms(message)):  # each plural's forms in turn
            if value in theirs:
                continue  # names (Python, Tessera…) and words both languages share ("Total", "Normal")
            pieces = [shown(piece) for piece in PLACEHOLDER.split(value)[::2]]
            if not any(re.search(r"[A-Za-z]{2}", piece) for piece in pieces):
                continue
            body = ".+?".join(re.escape(piece) for piece in pieces)
            start = r"(?<![\w])" if re.match(r"\w", value) else ""
            end = r"(?![\w])" if re.search(r"\w$", value) else ""
            patterns.append((key, value, re.compile(start + body + end)))
    return patterns


ENGLISH = english_patterns()

# Everything a person can see or hear on the page: text in visible elements (and the options of
# visible selects), the names and tips screen readers and mice get, placeholders, the tab's title.
# Python code (in <code> and <pre>) is left out: its keywords and my_van's methods stay English.
PAGE_WORDS = """() => {
  const words = [document.title];
  const seen = (node) => node.checkVisibility({ visibilityProperty: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent.trim();
    if (text && parent && !parent.closest("script, style, code, pre") && (parent.tagName === "OPTION" ? seen(parent.closest("select")) : seen(parent))) words.push(text);
  }
  for (const node of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!seen(node)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) if (node.getAttribute(name)) words.push(node.getAttribute(name));
  }
  return words;
}"""


def english_on(page, where, found, ignore=()):
    """Adds to `found` every English message the page shows now (`where` names the state). Each text
    in `ignore` (words the server sends, such as a level's name or lesson, which stay English this
    session) is taken out of what the page shows before the search."""
    ignore = sorted({text for text in ignore if text}, key=len, reverse=True)
    for text in page.evaluate(PAGE_WORDS):
        for words in ignore:
            text = text.replace(words, " ")
        for key, value, pattern in ENGLISH:
            if pattern.search(text):
                found.append(f"{where}: {key} = {value!r} in {text!r}")


def spanish_context(browser, server, size="desktop"):
    viewport, touch = SIZES[size]
    return browser.new_context(base_url=server, viewport=viewport, has_touch=touch, locale="es-ES")


def spanish_page(browser, server, size="desktop", allow=()):
    """A page in a Spanish-speaking browser at `size` (see conftest's `browsing`)."""
    return browsing(spanish_context(browser, server, size), allow)


def shot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, f"router-i18n-{name}.png"), full_page=True)


# ---- tests -------------------------------------------------------------------------------------
def test_english_and_spanish_have_the_same_keys_placeholders_and_code():
    english, spanish = flatten(load("en")), flatten(load("es"))
    assert sorted(set(english) - set(spanish)) == [] and sorted(set(spanish) - set(english)) == []
    plurals = 0
    for key, value in english.items():
        assert isinstance(value, str) and isinstance(spanish[key], str), key
        assert value.strip() and spanish[key].strip(), f"{key} is empty"
        assert arguments(value) == arguments(spanish[key]), key
        # Code (between backticks) is Python: keywords and my_van's methods stay English.
        assert re.findall(r"`([^`]*)`", value) == re.findall(r"`([^`]*)`", spanish[key]), key
        # A message with a count has both forms in both languages (CLDR's "one" and "other" for each).
        if plural_categories(value) or plural_categories(spanish[key]):
            plurals += 1
            assert plural_categories(value) == plural_categories(spanish[key]) == {"one", "other"}, key
    assert plurals >= 38
    # The player's words and the block labels are there for the player page's conversion.
    assert english["blocks.label.move_forwards"] == "Move forwards" and spanish["blocks.label.move_forwards"] == "Avanzar"
    assert english["player.run.play"] == "▶ Play" and spanish["player.run.play"] == "▶ Jugar"


def test_the_designer_in_spanish_shows_no_english(browser, server):
    with browsing(spanish_context(browser, server)) as page:
        # i18n.js reports a key it cannot find (the page would show the key itself): none may be missing.
        missing = []
        page.on("console", lambda message: missing.append(message.text) if "i18n:" in message.text else None)
        questions = []
        page.on("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
        found = []
        open_designer(page)  # no choice stored: the browser's Spanish is taken
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("tool-road")).to_have_text("Carretera")
        expect(page.get_by_role("combobox", name="Idioma")).to_have_value("es")
        page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
        english_on(page, "empty level", found)

        mouse_drag(page, ROUTE)
        mouse_drag(page, [(3, 3), (3, 2)])
        english_on(page, "road drawn", found)
        for tool, square in [("erase", None), ("depot", (1, 3)), ("house", (5, 5)), ("light", (2, 3)), ("cow", (4, 3)),
                             ("scenery", (8, 1))]:
            page.get_by_test_id(f"tool-{tool}").click()
            english_on(page, f"{tool} tool", found)
            if square:
                tap_with_mouse(page, *square)
                english_on(page, f"{tool} placed", found)
        page.get_by_test_id("tool-light").click()
        tap_with_mouse(page, 2, 3)  # pick the light: its settings
        expect(page.get_by_test_id("light-options")).to_be_visible()
        english_on(page, "a light's settings", found)
        page.get_by_test_id("tool-house").click()
        tap_with_mouse(page, 3, 3)
        tap_with_mouse(page, 0, 0)  # off the road: the status line says why not
        expect(page.get_by_test_id("message")).to_contain_text("carretera")
        english_on(page, "a house off the road", found)
        page.get_by_test_id("tool-cow").click()
        page.get_by_test_id("cow-new-group").click()
        tap_with_mouse(page, 3, 2)
        english_on(page, "two cow groups", found)

        # Things to fix and tips: no fuel, a wrong limit, no name.
        page.get_by_test_id("max-fuel").fill("0")
        page.get_by_test_id("limit-move_forwards").fill("999")
        page.get_by_test_id("level-name").fill("")
        expect(page.get_by_test_id("problem").first).to_be_visible()
        expect(page.get_by_test_id("advice").first).to_be_visible()
        english_on(page, "things to fix", found)
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("message")).to_contain_text("Todavía no")
        english_on(page, "refused save", found)
        page.get_by_test_id("max-fuel").fill("50")
        page.get_by_test_id("limit-move_forwards").fill("")
        page.get_by_test_id("level-name").fill("Mi carretera")

        # The keyboard cursor says what is on a square.
        page.get_by_test_id("designer-map").focus()
        page.keyboard.press("ArrowRight")
        expect(page.get_by_test_id("message")).to_contain_text("Casilla")
        english_on(page, "keyboard cursor", found)

        # Saved, then My levels with its rename and share panels.
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("message")).to_contain_text("guardado en Mis niveles")
        expect(page.get_by_test_id("my-level")).to_have_count(1)
        english_on(page, "saved", found)
        page.get_by_test_id("my-level-rename").click()
        english_on(page, "rename open", found)
        page.get_by_test_id("my-level-share").click()
        english_on(page, "share open", found)
        page.get_by_test_id("copy-link").click()
        expect(page.get_by_test_id("share-link")).to_be_visible()
        english_on(page, "link shown", found)
        # A duplicate is named in Spanish too (the server's "Copia de …", asked with ?lang=es).
        page.get_by_test_id("my-level-duplicate").click()
        expect(page.get_by_test_id("my-level")).to_have_count(2)
        expect(page.get_by_test_id("my-level").first).to_contain_text("Copia de Mi carretera")
        english_on(page, "copy made", found)

        # The "are you sure?" question, after a change that is not saved.
        page.get_by_test_id("tool-road").click()
        mouse_drag(page, [(7, 5), (8, 5)])
        page.get_by_test_id("new-level").click()
        assert questions == ["¿Empezar un nivel nuevo? Este no está guardado."]
        shot(page, "designer-es")
        assert found == []
        assert missing == []


def test_the_choice_is_remembered_and_english_comes_back(browser, server):
    with browsing(browser.new_context(base_url=server, viewport={"width": 1280, "height": 860}, locale="en-GB")) as page:
        open_designer(page)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_test_id("tool-road")).to_have_text("Road")
        expect(page.get_by_test_id("level-name")).to_have_value("My level")
        switcher = page.get_by_role("combobox", name="Language")
        expect(switcher).to_have_value("en")

        switcher.select_option("es")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("tool-road")).to_have_text("Carretera")
        expect(page.get_by_test_id("save")).to_have_text("Guardar")
        expect(page.get_by_test_id("message")).to_have_text("La página ya está en español.")  # said in the live region
        expect(page.get_by_test_id("level-name")).to_have_value("Mi nivel")  # an untouched draft's name follows
        expect(page.get_by_test_id("problem").first).to_contain_text("Dibuja una carretera")
        expect(page).to_have_title("Diseñador de niveles · Rapid Router · Tessera")

        mouse_drag(page, ROUTE)
        page.reload()
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("tool-road")).to_have_text("Carretera")
        expect(page.get_by_test_id("toolbox-count")).to_have_text("(13 bloques)")
        expect(page.get_by_test_id("message")).to_have_text("Tu nivel está tal como lo dejaste.")

        # Back to English with the keyboard alone.
        switcher = page.get_by_role("combobox", name="Idioma")
        switcher.focus()
        page.keyboard.press("Home")  # English is listed first
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_test_id("tool-road")).to_have_text("Road")
        expect(page.get_by_test_id("saved-note")).to_have_text("Not saved yet.")
        expect(page.get_by_test_id("level-name")).to_have_value("Mi nivel")  # a drawn level keeps the name it has
        page.reload()
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        expect(page.get_by_test_id("tool-road")).to_have_text("Road")

    # A choice made in this browser beats the browser's own Spanish.
    context = browser.new_context(base_url=server, locale="es-ES")
    page = context.new_page()
    try:
        page.add_init_script("localStorage.setItem('tessera.language', 'en')")
        open_designer(page)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_test_id("tool-road")).to_have_text("Road")
    finally:
        context.close()


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_spanish_words_fit_their_buttons(browser, server, size):
    with spanish_page(browser, server, size) as page:
        open_designer(page)
        mouse_drag(page, ROUTE)
        page.get_by_test_id("tool-house").click()
        tap_with_mouse(page, 5, 5)
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("my-level")).to_have_count(1)
        page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
        page.get_by_test_id("tool-light").click()
        tap_with_mouse(page, 2, 3)
        expect(page.get_by_test_id("light-options")).to_be_visible()
        overflowing = page.evaluate("""() => [...document.querySelectorAll("button, select, .tool, summary")]
          .filter((node) => node.checkVisibility() && node.scrollWidth > node.clientWidth + 1)
          .map((node) => `${node.dataset.testid ?? node.tagName}: ${node.textContent.trim()}`)""")
        assert overflowing == []
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        # The tools stay one tap each: the map is still under the finger where the test expects it.
        x, y = square_point(page, 0, 0)
        assert 0 < x < SIZES[size][0]["width"]
        shot(page, f"designer-es-{size}")


def test_a_message_spanish_lacks_shows_in_english_and_is_reported_once(browser, server):
    context = spanish_context(browser, server)
    page = context.new_page()
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    errors = watch_errors(page)
    try:
        open_designer(page)
        said = page.evaluate("""async () => {
          const { t } = await import("/router/shared/i18n.js");
          const { catalogue } = await import("/shared/words.js");
          delete catalogue("es").messages.router.designer.saved.never;
          return [t("designer.saved.never"), t("designer.saved.never"), t("designer.saved.clean"), t("no.such.key")];
        }""")
        assert said == ["Not saved yet.", "Not saved yet.", "Guardado en Mis niveles.", "no.such.key"]
        assert len([text for text in warnings if "designer.saved.never" in text]) == 1
        assert errors == []
    finally:
        context.close()
