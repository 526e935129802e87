"""The pages' words (issue 38): shared/words.js, the one runtime every page uses to show a catalogue's
messages (Sources/Languages/catalogues/<code>/, served at /api/languages/{code}).

- Its formatter gives every shared case (Tests/Fixtures/words/messageformat-cases.json, which the
  server's formatter passes too): arguments, numbers for the language (Latin digits), plural forms by
  the catalogue's CLDR rules with exact matches first, select, apostrophes; a broken message throws.
- The page's language: `?lang=` in the address, then the choice remembered in this browser
  ("tessera.language"), then the browser's languages, else English; a language the server does not
  have is passed over. <html lang dir> say which, and the page's words follow.
- A language added at test time (a folder given to --languages-dir) is offered with no code change,
  chosen from the browser's language by its primary subtag, and lays a right-to-left page out as such;
  a key it lacks shows in English."""
import json
import os
import shutil
import tempfile

import pytest
from playwright.sync_api import expect

import tessera_server
from conftest import ROOT, browsing, start_server

CASES = os.path.join(ROOT, "Tests", "Fixtures", "words", "messageformat-cases.json")
CATALOGUES = os.path.join(ROOT, "Sources", "Languages", "catalogues")
# A 404 for a language the server lacks is logged by the browser itself; that is the test.
NO_SUCH_LANGUAGE = ("404",)

FORMAT_ALL = """async (cases) => {
  const { format } = await import("/shared/words.js");
  return cases.map(({ lang, plural, message, args }) => {
    try {
      return format(message, args, { lang, plural });
    } catch (error) {
      return `error: ${error.message}`;
    }
  });
}"""


def open_router(page, path="/router/"):
    page.goto(path)
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


def context(browser, server, locale="en-GB", stored=None):
    """A browser speaking `locale`, with `stored` as the language chosen before (or none)."""
    made = browser.new_context(base_url=server, locale=locale)
    if stored:
        made.add_init_script(f"localStorage.setItem('tessera.language', {json.dumps(stored)})")
    return made


def test_format_gives_every_shared_case(browser, server):
    with open(CASES, encoding="utf-8") as handle:
        cases = json.load(handle)
    assert len(cases) >= 37
    with browsing(browser.new_context(base_url=server)) as page:
        page.goto("/")
        got = page.evaluate(FORMAT_ALL, cases)
        wrong = [f"{case['lang']} {case['message']!r} {case['args']}: {answer!r}, not {case['expected']!r}"
                 for case, answer in zip(cases, got) if answer != case["expected"]]
        assert wrong == []

        # A message that cannot be read is an error, not words on a page.
        broken = ["{count, plural, one {# block}}", "{name", "text }", "{count, plural, one {x} other {y}",
                  "{count, plural, lots {x} other {y}}", "{name, date}"]
        answers = page.evaluate("""async (broken) => {
          const { format } = await import("/shared/words.js");
          return broken.map((message) => { try { return format(message, { count: 2, name: "x" }); } catch { return "thrown"; } });
        }""", broken)
        assert answers == ["thrown"] * len(broken)


def test_every_catalogue_message_reads_in_the_page(browser, server):
    """The catalogues as the server serves them: every message of every language formats, with the
    same argument names in each language as in English."""
    with browsing(browser.new_context(base_url=server)) as page:
        page.goto("/")
        problems = page.evaluate("""async () => {
          const { format, languages } = await import("/shared/words.js");
          const problems = [];
          const flat = (node, prefix = "") => Object.entries(node).flatMap(([key, value]) =>
            typeof value === "string" ? [[prefix + key, value]] : flat(value, `${prefix}${key}.`));
          for (const { code } of await languages()) {
            const { language, messages } = await (await fetch(`/api/languages/${code}`)).json();
            for (const [key, message] of flat(messages)) {
              try { format(message, {}, { lang: language.code, plural: language.plural }); }
              catch (error) { problems.push(`${code} ${key}: ${error.message}`); }
            }
          }
          return problems;
        }""")
        assert problems == []


def test_lang_in_the_address_comes_first(browser, server):
    with browsing(context(browser, server, locale="en-GB", stored="en")) as page:
        open_router(page, "/router/?lang=es")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.locator("html")).to_have_attribute("dir", "ltr")
        expect(page.get_by_role("heading", name="Elige un nivel")).to_be_visible()
        assert page.evaluate("async () => (await import('/shared/words.js')).language()") == "es"

    # The pseudo-language is made by the server from English, and is no language to choose from.
    with browsing(context(browser, server)) as page:
        open_router(page, "/router/?lang=en-XA")
        expect(page.locator("html")).to_have_attribute("lang", "en-XA")
        heading = page.locator("#select-title").inner_text()
        assert heading.startswith("⟦") and heading.endswith("⟧"), heading
        assert "en-XA" not in [each["code"] for each in page.request.get("/api/languages").json()["languages"]]


def test_a_stored_choice_beats_the_browsers_language(browser, server):
    with browsing(context(browser, server, locale="es-ES", stored="en")) as page:
        open_router(page)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_role("heading", name="Choose a level")).to_be_visible()

    with browsing(context(browser, server, locale="en-GB", stored="es")) as page:
        open_router(page)
        expect(page.locator("html")).to_have_attribute("lang", "es")

    # No choice yet: the browser's language, by its primary subtag (es-MX → es).
    with browsing(context(browser, server, locale="es-MX")) as page:
        open_router(page)
        expect(page.locator("html")).to_have_attribute("lang", "es")


def test_a_language_the_server_lacks_falls_back(browser, server):
    # An unknown ?lang= is passed over: the browser's language is next.
    with browsing(context(browser, server, locale="es-ES"), allow=NO_SUCH_LANGUAGE) as page:
        open_router(page, "/router/?lang=xx")
        expect(page.locator("html")).to_have_attribute("lang", "es")

    # So is a remembered language the server no longer has, and a browser language it never had.
    with browsing(context(browser, server, locale="sw-KE", stored="xx"), allow=NO_SUCH_LANGUAGE) as page:
        open_router(page, "/router/?lang=../../etc")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("html")).to_have_attribute("dir", "ltr")
        expect(page.get_by_role("heading", name="Choose a level")).to_be_visible()
        changed = page.evaluate("async () => (await import('/shared/words.js')).setLanguage('xx')")
        assert changed is False
        expect(page.locator("html")).to_have_attribute("lang", "en")


def test_switching_language_in_the_page(browser, server):
    with browsing(context(browser, server)) as page:
        open_router(page)
        said = page.evaluate("""async () => {
          const words = await import("/shared/words.js");
          const heard = [];
          words.onLanguageChange((code) => heard.push(code));
          const changed = await words.setLanguage("es");
          return { changed, heard, language: words.language(), stored: localStorage.getItem("tessera.language"),
                   print: words.t("router.print.common.print"), count: words.t("router.blocks.say.count", { count: 2 }),
                   number: words.formatNumber(12345.5), list: words.list(["a", "b", "c"]),
                   languages: (await words.languages()).map((each) => each.code) };
        }""")
        assert said["changed"] is True and said["heard"] == ["es"] and said["language"] == "es" and said["stored"] == "es"
        assert said["print"] == "Imprimir" and said["count"] == "2 bloques"
        assert said["number"] == "12.345,5" and said["list"] == "a, b y c"
        assert {"en", "es"} <= set(said["languages"])
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_role("heading", name="Elige un nivel")).to_be_visible()  # the marked words follow


# ---- a language added at test time ----------------------------------------------------------------
ARABIC = {
    "language": {"code": "ar", "name": "العربية", "dir": "rtl",
                 "plural": {"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10", "many": "n % 100 = 11..99"}},
    "messages": {"router": {"player": {"select": {"title": "اختر مستوى"}},
                            "blocks": {"say": {"count": "{count, plural, zero {لا كتل} one {كتلة واحدة} two {كتلتان} few {# كتل} many {# كتلة} other {# كتلة}}"}}}},
}


@pytest.fixture(scope="module")
def server_with_arabic():
    languages = tempfile.mkdtemp(prefix="tessera-languages-")
    with open(os.path.join(languages, "ar.json"), "w", encoding="utf-8") as handle:
        json.dump(ARABIC, handle, ensure_ascii=False)
    data_dir = tempfile.mkdtemp(prefix="tessera-e2e-words-")
    process, port = start_server(data_dir, "--languages-dir", languages, log_name="words-server.log")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        tessera_server.stop(process, data_dir)
        shutil.rmtree(languages, ignore_errors=True)


def test_a_language_added_as_a_file_is_offered_and_right_to_left(browser, server_with_arabic):
    page_context = browser.new_context(base_url=server_with_arabic, locale="ar-EG")
    with browsing(page_context) as page:
        open_router(page)  # no choice stored: the browser's ar-EG is our ar
        expect(page.locator("html")).to_have_attribute("lang", "ar")
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(page.get_by_role("heading", name="اختر مستوى")).to_be_visible()
        expect(page.get_by_test_id("language")).to_have_value("ar")  # the switcher offers it
        said = page.evaluate("""async () => {
          const words = await import("/shared/words.js");
          return { direction: words.direction(), number: words.formatNumber(1234),
                   counts: [0, 1, 2, 3, 11, 100].map((count) => words.t("router.blocks.say.count", { count })),
                   english: words.t("router.print.common.print") };
        }""")
        assert said["direction"] == "rtl" and said["number"] == "1,234"  # Latin digits
        assert said["counts"] == ["لا كتل", "كتلة واحدة", "كتلتان", "3 كتل", "11 كتلة", "100 كتلة"]
        assert said["english"] == "طباعة"  # what the added file lacks, the shipped Arabic says
