"""Rapid Router's own levels in Spanish (issue 22, item 6): our levels' names, lessons and hints and
our episodes' names and summaries come from the server in the page's language (?lang=).

- In Spanish the level list shows every episode and level by its Spanish name (none of the words of
  the English level files), marked lang="es"; an opened level's name, lesson and hint are Spanish.
- Switching to English redraws the open level's words and the list in English, without a reload and
  without losing the program; switching back shows Spanish again.
- The longer Spanish words fit: desktop, tablet with touch, phone (screenshots in /tmp/shots-levels-es/).
- `tessera router show ID --lang es` and `router levels --lang es` print the Spanish words."""
import glob
import json
import os
import subprocess
import tempfile

import pytest
from playwright.sync_api import expect

from conftest import _binary, browsing, checked_sizes
from test_router import ROOT, new_player, solve_before
from test_router_blocks import program_blocks
from test_router_i18n import SIZES, spanish_context
from test_router_i18n_player import play, reference, with_program

SHOTS = "/tmp/shots-levels-es"
LEVELS = os.path.join(ROOT, "Sources", "RouterKit", "Levels")


def english_levels():
    """Level id → the English level file (our words as the level files have them)."""
    levels = {}
    for path in glob.glob(os.path.join(LEVELS, "[0-9]*.json")):
        with open(path, encoding="utf-8") as handle:
            level = json.load(handle)
        levels[level["id"]] = level
    return levels


def english_episodes():
    with open(os.path.join(LEVELS, "episodes.json"), encoding="utf-8") as handle:
        return {episode["number"]: episode for episode in json.load(handle)}


def spanish():
    """Our levels' Spanish words: the catalogue's es/levels.json, as {"episodes": …, "levels": …}."""
    with open(os.path.join(ROOT, "Sources", "Languages", "catalogues", "es", "levels.json"), encoding="utf-8") as handle:
        read = json.load(handle)
    return {"episodes": read["episode"], "levels": read["level"]}


def open_player(page, path="/router/"):
    page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(new_player())})")
    page.goto(path)
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


# What the level list shows of our words: each episode's name and summary, each tile's name, with lang.
LIST_WORDS = """() => ({
  episodes: [...document.querySelectorAll("#episodes section.episode")].map((card) => ({
    number: Number(card.dataset.testid.split("-")[1]),
    name: card.querySelector("h3 span[lang]").textContent, nameLang: card.querySelector("h3 span[lang]").lang,
    summary: card.querySelector("p.muted").textContent, summaryLang: card.querySelector("p.muted").lang })),
  levels: [...document.querySelectorAll("#episodes .level-tile")].map((tile) => ({
    id: tile.dataset.testid.slice("level-".length), name: tile.querySelector(".level-name").textContent,
    lang: tile.querySelector(".level-name").lang })),
})"""


def check_list(page, lang):
    """Every episode and level of the list is in `lang`, by the file of that language, and says so."""
    english, episodes, es = english_levels(), english_episodes(), spanish()
    shown = page.evaluate(LIST_WORDS)
    assert len(shown["episodes"]) == len(episodes) >= 15
    assert len(shown["levels"]) == len(english) >= 120
    for episode in shown["episodes"]:
        theirs = episodes[episode["number"]]
        want = es["episodes"][str(episode["number"])] if lang == "es" else theirs
        assert (episode["name"], episode["summary"]) == (want["name"], want["summary"]), episode
        assert episode["nameLang"] == episode["summaryLang"] == lang, episode
        if lang == "es":
            assert episode["name"] != theirs["name"] and episode["summary"] != theirs["summary"], episode
    for level in shown["levels"]:
        want = es["levels"][level["id"]]["name"] if lang == "es" else english[level["id"]]["name"]
        assert level["name"] == want and level["lang"] == lang, level
        if lang == "es":
            assert level["name"] != english[level["id"]]["name"], level


def check_level(page, level_id, lang):
    """The open level's name, lesson and hint are in `lang`, and marked so."""
    words = spanish()["levels"][level_id] if lang == "es" else english_levels()[level_id]
    expect(page.get_by_test_id("level-title")).to_contain_text(words["name"])
    expect(page.get_by_test_id("level-lesson")).to_have_text(words["lesson"])
    expect(page.get_by_test_id("level-lesson")).to_have_attribute("lang", lang)
    expect(page.locator("#level-hint")).to_have_text(words["hint"])
    expect(page.locator("#level-hint")).to_have_attribute("lang", lang)
    if lang == "es":
        english = english_levels()[level_id]
        assert english["lesson"] not in page.locator("main").inner_text()
        assert english["name"] not in page.get_by_test_id("level-title").inner_text()


def test_our_levels_speak_spanish_and_english_comes_back(browser, server):
    with browsing(spanish_context(browser, server)) as page:
        with_program(page, "5", reference("5"))
        with_program(page, "6", reference("6"))
        open_player(page)  # the browser's Spanish is taken
        # Level 6 ends the episode below only once the levels before it are solved (5 is, in the page).
        solve_before(page, page.evaluate("localStorage.getItem('tessera.router.player')"), "5")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("episode-1")).to_contain_text("Primeros pasos")
        check_list(page, "es")
        expect(page.get_by_test_id("carry-on")).to_contain_text("Primer viaje")

        page.get_by_test_id("level-5").click()
        check_level(page, "5", "es")
        expect(page).to_have_title("Nivel 5: Escalera · Rapid Router · Tessera")
        blocks = program_blocks(page).count()
        assert blocks > 0

        # English at once, with the same program on the same level (no reload).
        page.get_by_role("combobox", name="Idioma").select_option("en")
        check_level(page, "5", "en")
        expect(page.get_by_test_id("level-title")).to_have_text("Level 5: Stairs")
        expect(program_blocks(page)).to_have_count(blocks)
        play(page)
        expect(page.get_by_test_id("result-title")).to_have_text("Full marks!")

        # Spanish again, and the end of episode 1 names the episodes in Spanish.
        page.get_by_role("combobox", name="Language").select_option("es")
        check_level(page, "5", "es")
        page.goto("/router/#level=6")
        check_level(page, "6", "es")
        play(page)
        card = page.locator("#episode-card")
        expect(card).to_be_visible()
        expect(card).to_contain_text("Primeros pasos")
        expect(card).to_contain_text("El camino más corto")
        page.get_by_role("combobox", name="Idioma").select_option("en")
        expect(card).to_contain_text("Getting started")
        expect(card).to_contain_text("Shortest route")
        page.get_by_test_id("episode-stay").click()

        # The list follows the switcher too.
        page.get_by_test_id("to-levels").click()
        expect(page.get_by_test_id("episode-1")).to_contain_text("Getting started")
        check_list(page, "en")
        page.get_by_role("combobox", name="Language").select_option("es")
        expect(page.get_by_test_id("episode-1")).to_contain_text("Primeros pasos")
        check_list(page, "es")


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_spanish_level_words_fit(browser, server, size):
    """The list and the level with the longest Spanish lesson and hint, at each size: nothing spills."""
    es = spanish()["levels"]
    english = english_levels()
    wordiest = lambda ids: max(ids, key=lambda id: len(es[id]["lesson"]) + len(es[id]["hint"]))  # noqa: E731
    # The wordiest level with blocks and the wordiest Python level (the Python Den's lessons are longest).
    longest = [wordiest([id for id, level in english.items() if level["blocklyEnabled"]]),
               wordiest([id for id, level in english.items() if not level["blocklyEnabled"]])]
    with browsing(spanish_context(browser, server, size)) as page:
        overflow = """() => [...document.querySelectorAll(".level-tile, .level-name, #episodes h3, #episodes p, #carry-on, #level-title, #level-lesson, #level-hint, summary")]
          .filter((node) => node.checkVisibility() && node.scrollWidth > node.clientWidth + 1)
          .map((node) => `${node.dataset.testid ?? node.id ?? node.tagName}: ${node.textContent.trim().slice(0, 60)}`)"""
        sideways = "document.documentElement.scrollWidth <= window.innerWidth"
        os.makedirs(SHOTS, exist_ok=True)
        open_player(page)
        check_list(page, "es")
        assert page.evaluate(overflow) == []
        assert page.evaluate(sideways)
        page.screenshot(path=os.path.join(SHOTS, f"list-{size}.png"))

        for level_id in longest:
            page.goto(f"/router/#level={level_id}")
            check_level(page, level_id, "es")
            page.locator("details.hint").evaluate("(details) => { details.open = true; }")
            assert page.evaluate(overflow) == []
            assert page.evaluate(sideways)
            # The lesson and the open hint are read whole: not cut off by the box around them.
            for selector in ("#level-lesson", "#level-hint"):
                box = page.locator(selector).evaluate("(node) => node.scrollHeight <= node.clientHeight + 1")
                assert box, f"{selector} of level {level_id} is cut off at {size}"
            page.screenshot(path=os.path.join(SHOTS, f"level-{level_id}-{size}.png"), full_page=True)


def test_the_cli_shows_a_level_in_spanish():
    data = tempfile.mkdtemp(prefix="tessera-levels-es-")
    tessera = _binary()

    def router(*args):
        return subprocess.run([tessera, "router", *args, "--data-dir", data], capture_output=True, text=True, timeout=60)

    es, english = spanish()["levels"]["5"], english_levels()["5"]
    shown = router("show", "5", "--lang", "es")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[:3] == [f"5: {es['name']}", es["lesson"], f"Pista: {es['hint']}"]
    assert english["lesson"] not in shown.stdout
    plain = router("show", "5")
    assert plain.stdout.splitlines()[:3] == [f"5: {english['name']}", english["lesson"], f"Hint: {english['hint']}"]
    listed = router("levels", "--lang", "es")
    assert listed.returncode == 0 and "Episodio 1: Primeros pasos" in listed.stdout and "Primer viaje" in listed.stdout
    refused = router("show", "5", "--lang", "tlh")
    assert refused.returncode != 0 and "--lang must be one of" in refused.stderr
