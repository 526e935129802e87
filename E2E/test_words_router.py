"""Rapid Router in every language (issue 38): the player, an open level (blocks and Python), the
level designer and the printable pages say every word from the catalogues, in the pseudo-language at
three sizes, and an Arabic page is right to left with its maps and programs still left to right.

- ?lang=en-XA: `pseudo.untranslated` finds no visible text outside ⟦ ⟧ but code, numbers and the
  site's name; `pseudo.cut_off` finds no word cut off and the page never scrolls sideways
  (desktop, tablet with touch, phone).
- The server's words come in the page's language too: our levels' names, lessons and hints and the
  episodes' names (the answer's `lang` says en-XA).
- ?lang=ar: `<html lang="ar" dir="rtl">`, the top bar's first item on the right, the map and the
  program left to right; screenshots at three sizes (TESSERA_SHOTS=folder keeps them).
The teacher's dashboard has its own (test_teacher_words.py), as have the classroom's pages."""
import os

import pytest
from playwright.sync_api import expect

from conftest import browsing, checked_sizes
from pseudo import cut_off, untranslated
from test_router import new_player

SHOTS = os.environ.get("TESSERA_SHOTS")
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
# Not words: the site's and the game's names, Python code (keywords, `my_van`'s methods), block
# counts such as "3/10", keyboard keys.
ALLOWED = [r"^Tessera$", r"^Rapid Router( ·)?$", r"my_van|\bdef\b|\bwhile\b|\bfor\b|\bif\b|\bimport\b|\bVan\(\)|\(\)$", r"^[A-Z]$"]

# (name, address, what shows it is ready)
PAGES = [
    ("levels", "/router/", "#episodes section.episode"),
    ("level-blocks", "/router/#level=5", "[data-testid=level-title]"),
    ("level-python", "/router/#level=110", "[data-testid=level-title]"),
    ("designer", "/router/designer.html", "#map-host svg"),
    ("pack", "/router/print.html?level=5", "body[data-ready=true]"),
    ("guide", "/router/guide.html?episode=3", "body[data-ready=true]"),
    ("certificates", "/router/certificates.html?episode=1", "body[data-ready=true]"),
]


def open_page(page, address, ready, lang):
    page.add_init_script(f"localStorage.setItem('tessera.router.player', '{new_player()}')")
    joiner = "&" if "?" in address.split("#")[0] else "?"
    path, _, fragment = address.partition("#")
    page.goto(f"{path}{joiner}lang={lang}" + (f"#{fragment}" if fragment else ""))
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.locator(ready).first).to_be_visible()
    page.wait_for_load_state("networkidle")


def shot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"router-{name}.png"), full_page=True)


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_every_router_page_speaks_the_pseudo_language(browser, server, size):
    problems = []
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        for name, address, ready in PAGES:
            open_page(page, address, ready, "en-XA")
            expect(page.locator("html")).to_have_attribute("lang", "en-XA")
            shot(page, f"{name}-en-XA-{size}")
            problems += [(name, "untranslated", each) for each in untranslated(page, allow=ALLOWED)]
            problems += [(name, "cut off", each) for each in cut_off(page)]
        assert problems == [], "\n".join(map(str, problems))


def test_the_servers_words_come_in_the_pages_language(browser, server):
    with browsing(browser.new_context(base_url=server)) as page:
        answer = page.request.get("/api/router/episodes?lang=en-XA").json()
        names = [episode["name"] for episode in answer["episodes"]]
        assert names and all(name.startswith("⟦") for name in names), names[:3]
        level = page.request.get("/api/router/levels/5?lang=en-XA").json()
        assert level["lang"] == "en-XA" and level["lesson"].startswith("⟦")


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_arabic_is_right_to_left_around_left_to_right_maps_and_programs(browser, server, size):
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        for name, address, ready in PAGES[:4]:
            open_page(page, address, ready, "ar")
            expect(page.locator("html")).to_have_attribute("dir", "rtl")
            expect(page.locator("html")).to_have_attribute("lang", "ar")
            assert cut_off(page) == [], name
            shot(page, f"{name}-ar-{size}")
        # The level's map and program read left to right inside the mirrored page.
        open_page(page, "/router/#level=5", "[data-testid=program]", "ar")
        assert page.eval_on_selector(".map-box", "element => getComputedStyle(element).direction") == "ltr"
        assert page.eval_on_selector(".program", "element => getComputedStyle(element).direction") == "ltr"
        # The top bar is mirrored: the site's name sits at the right edge.
        bar = page.locator("header.bar").bounding_box()
        title = page.locator("header.bar h1").bounding_box()
        assert title["x"] + title["width"] > bar["x"] + bar["width"] * 0.6, (title, bar)
