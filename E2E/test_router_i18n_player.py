"""Rapid Router's player page in two languages (issue 22, item 6; the designer's side and the
catalogues themselves are in test_router_i18n.py, whose helpers these tests use).

- In Spanish the player page shows no English from the English catalogue in any state a child reaches: the
  level list, a level with blocks dragged in, a failed run with the hint offered, a success card, the
  vehicle picker, the end of an episode, the Python tab with its Commands panel and console, the
  Python view, the number blocks, the block menu, stepping, the designer's test drive. Words the server sends (our level and episode names, lessons and hints, which
  are Spanish with ?lang=es as test_router_i18n_levels.py checks, and a run's message) are left out
  of the search; so is Python code, which stays English
  in every language.
- The language chosen on the designer carries over to the player page and back, and switching on
  the player redraws an open level and its result card at once, without a reload.
- Spanish words fit their buttons and the page never scrolls sideways: desktop, tablet with touch,
  phone (screenshots in /tmp/shots-i18n-player/)."""
import json
import os

import pytest
from playwright.sync_api import expect

from conftest import browsing, checked_sizes
from test_router import new_player, reference_program, solve_before
from test_router_blocks import below, drag, program_blocks
from test_router_designer import ROUTE, mouse_drag, open_designer, tap_with_mouse
from test_router_i18n import SIZES, english_on, spanish_context

SHOTS = "/tmp/shots-i18n-player"


# ---- helpers -----------------------------------------------------------------------------------
def reference(level_id):
    """A level's reference program as the page stores it ({program} for blocks, {python} for Python)."""
    program = reference_program(level_id)
    if "python" in program:
        return {"python": program["python"], "mode": "python"}
    return {"program": program, "mode": "blocks"}


def with_program(page, level_id, saved):
    """Stores `saved` as the program of `level_id` in this browser, as the page itself would."""
    page.add_init_script(f"localStorage.setItem({json.dumps(f'tessera.router.program.{level_id}')}, {json.dumps(json.dumps(saved))})")


class ServerWords:
    """The words the server sends (our levels' own words as ?lang=es gives them, which
    test_router_i18n_levels.py checks): every episode's name and summary,
    every level's name, and the name, lesson and hint of each level opened; run messages are added
    as the result card shows them."""

    def __init__(self, page):
        self.page = page
        self.words = set()
        for episode in page.request.get("/api/router/episodes?lang=es").json()["episodes"]:
            self.words |= {episode["name"], episode.get("summary", "")} | {level["name"] for level in episode["levels"]}

    def level(self, level_id):
        level = self.page.request.get(f"/api/router/levels/{level_id}?lang=es").json()
        self.words |= {level["name"], level.get("lesson", ""), level.get("hint", "")}

    def result(self):
        self.words.add(self.page.get_by_test_id("result-message").inner_text().strip())

    def check(self, where, found):
        english_on(self.page, where, found, ignore=self.words)


def open_spanish(page, path="/router/"):
    page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(new_player())})")
    page.goto(path)
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


def play(page):
    page.get_by_test_id("speed").select_option("fast")
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)


def drag_move(page):
    blocks = page.locator(".block.start > .body > .block")
    anchor = blocks.last if blocks.count() else page.get_by_test_id("start-block")
    drag(page, page.get_by_test_id("palette-move_forwards"), below(anchor))


def missing_keys(page):
    """i18n.js reports a key it cannot find (the page would show the key itself)."""
    missing = []
    page.on("console", lambda message: missing.append(message.text) if "i18n:" in message.text else None)
    return missing


def shot(page, name, full=False):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full)


# ---- tests -------------------------------------------------------------------------------------
def test_the_player_in_spanish_shows_no_english(browser, server):
    with browsing(spanish_context(browser, server)) as page:
        missing = missing_keys(page)
        with_program(page, "6", reference("6"))
        found = []
        open_spanish(page)  # no choice stored: the browser's Spanish is taken
        server_words = ServerWords(page)
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_role("heading", name="Elige un nivel")).to_be_visible()
        expect(page.get_by_test_id("carry-on")).to_contain_text("Empieza aquí: nivel 1")
        expect(page.get_by_test_id("episode-1")).to_contain_text("Episodio 1")
        expect(page.get_by_test_id("level-1").locator(".level-name")).to_have_attribute("lang", "es")  # our levels speak Spanish too
        server_words.check("level list", found)

        # The class sign-in, with the words for a form not filled in.
        page.get_by_test_id("class-sign-in").click()
        expect(page.get_by_role("heading", name="Entra en tu clase")).to_be_visible()
        page.get_by_test_id("class-sign-in-submit").click()
        expect(page.get_by_test_id("class-sign-in-error")).to_have_text(
            "Rellena las tres cosas: el código de la clase, tu nombre y tu contraseña.")
        server_words.check("class sign-in", found)
        page.get_by_test_id("class-cancel").click()

        # Level 1 with blocks dragged in: a short program fails twice, and the hint is offered.
        server_words.level("1")
        page.get_by_test_id("level-1").click()
        expect(page.get_by_test_id("level-title")).to_have_text("Nivel 1: Primer viaje")
        expect(page).to_have_title("Nivel 1: Primer viaje · Rapid Router · Tessera")
        expect(page.get_by_test_id("play")).to_have_text("▶ Jugar")
        # The level's own words are Spanish too (?lang=es), and say so to screen readers.
        expect(page.get_by_test_id("level-lesson")).to_have_attribute("lang", "es")
        server_words.check("level 1", found)
        drag_move(page)
        expect(program_blocks(page)).to_have_count(1)
        for _ in range(2):
            play(page)
            expect(page.get_by_test_id("result-title")).to_have_text("¡Oh, no!")
            page.get_by_test_id("try-again").click()
        play(page)
        expect(page.get_by_test_id("hint-offer")).to_be_visible()
        server_words.result()
        page.get_by_test_id("show-hint").click()
        server_words.check("failed run with the hint offered", found)

        # Blocks keep working in Spanish: one more block dragged in, and the van gets there.
        page.get_by_test_id("try-again").click()
        drag_move(page)
        expect(program_blocks(page)).to_have_count(2)
        play(page)
        expect(page.get_by_test_id("result")).to_have_attribute("data-success", "true")
        expect(page.get_by_test_id("result-title")).to_have_text("¡Puntuación máxima!")
        expect(page.get_by_test_id("next-level")).to_have_text("Siguiente nivel ▸")
        server_words.result()
        server_words.check("success card", found)

        # The vehicle picker, with the tractor chosen, and the Python view.
        page.get_by_test_id("vehicle-picker").select_option("tractor")
        expect(page.get_by_test_id("vehicle-picker").locator("option").first).to_have_text("El del nivel (Furgoneta)")
        page.get_by_test_id("pyview-toggle").click()
        expect(page.get_by_test_id("pyview-status")).to_contain_text("Este es tu programa en Python")
        server_words.check("vehicle picker and Python view", found)
        page.get_by_test_id("vehicle-picker").select_option("")

        # The end of an episode: level 6 played with its reference program, the levels before it solved.
        player = page.evaluate("localStorage.getItem('tessera.router.player')")
        solve_before(page, player, "6")
        server_words.level("6")
        page.goto("/router/#level=6")
        expect(page.get_by_test_id("level-title")).to_have_text("Nivel 6: " + page.request.get("/api/router/levels/6?lang=es").json()["name"])
        play(page)
        expect(page.get_by_test_id("episode-card")).to_be_visible()
        expect(page.get_by_test_id("episode-card")).to_contain_text("Episodio 1 terminado")
        server_words.result()
        server_words.check("end of an episode", found)
        page.get_by_test_id("episode-stay").click()

        # The Python tab: the Commands panel open, a program run, what it printed in the console.
        server_words.level("51")
        page.goto("/router/#level=51")
        expect(page.get_by_test_id("python-code")).to_be_visible()
        expect(page.get_by_test_id("console-note")).to_contain_text("Las líneas que tu programa escribe")
        page.get_by_test_id("commands-toggle").click()
        expect(page.get_by_test_id("commands-panel")).to_contain_text("Conducir la furgoneta")
        page.get_by_test_id("command-print").click()
        expect(page.get_by_test_id("commands-status")).to_have_text('Añadido print("Hello!") en la línea 5.')
        server_words.check("Python tab with the Commands panel", found)
        page.get_by_test_id("python-code").fill(reference("51")["python"] + 'print("Hola")\n')
        play(page)
        expect(page.get_by_test_id("console-line")).to_have_text(["Hola"])
        server_words.result()
        server_words.check("Python run with its console", found)
        assert found == []
        assert missing == []


def test_the_choice_carries_between_designer_and_player_and_redraws_an_open_level(browser, server):
    with browsing(browser.new_context(base_url=server, viewport={"width": 1280, "height": 860}, locale="en-GB")) as page:
        missing = missing_keys(page)
        with_program(page, "1", reference("1"))
        open_designer(page)
        page.get_by_role("combobox", name="Language").select_option("es")
        expect(page.get_by_test_id("tool-road")).to_have_text("Carretera")

        open_spanish(page, "/router/#level=1")  # chosen on the designer: Spanish here too
        expect(page.locator("html")).to_have_attribute("lang", "es")
        switcher = page.get_by_role("combobox", name="Idioma")
        expect(switcher).to_have_value("es")
        expect(page.get_by_test_id("play")).to_have_text("▶ Jugar")
        play(page)
        expect(page.get_by_test_id("result-title")).to_have_text("¡Puntuación máxima!")

        # Switched on the player: the open level and its result card follow at once.
        switcher.select_option("en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_test_id("message")).to_have_text("The page is now in English.")
        expect(page.get_by_test_id("result-title")).to_have_text("Full marks!")
        expect(page.get_by_test_id("level-title")).to_have_text("Level 1: First drive")
        expect(page).to_have_title("Level 1: First drive · Rapid Router · Tessera")
        expect(page.get_by_test_id("play")).to_have_text("▶ Play")
        expect(page.get_by_test_id("mute")).to_contain_text("Sound on")
        expect(page.get_by_test_id("vehicle-picker").locator("option").first).to_have_text("Level's choice (Van)")
        expect(page.get_by_test_id("nav-next")).to_have_attribute("aria-label", "Next level: level 2")
        expect(page.get_by_test_id("palette-move_forwards")).to_contain_text("Move forwards")
        expect(page.get_by_test_id("block-count")).to_have_text("2 blocks")
        switcher = page.get_by_role("combobox", name="Language")
        switcher.select_option("es")
        expect(page.get_by_test_id("message")).to_have_text("La página ya está en español.")
        expect(page.get_by_test_id("palette-move_forwards")).to_contain_text("Avanzar")
        expect(page.get_by_test_id("block-count")).to_have_text("2 bloques")
        expect(page.get_by_test_id("map").locator(".depot-sign")).to_have_text("ALMACÉN")
        page.get_by_role("combobox", name="Idioma").select_option("en")

        # The level list drawn again in English, and the designer in English on its next visit.
        page.get_by_test_id("to-levels").click()
        expect(page.get_by_role("heading", name="Choose a level")).to_be_visible()
        expect(page.get_by_test_id("episode-1")).to_contain_text("Episode 1")
        open_designer(page)
        expect(page.get_by_test_id("tool-road")).to_have_text("Road")
        assert missing == []


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_spanish_words_fit_the_player(browser, server, size):
    with browsing(spanish_context(browser, server, size)) as page:
        with_program(page, "1", reference("1"))
        overflow = """() => [...document.querySelectorAll("button, select, a.make-level, .tabs [role=tab], summary, .level-tile")]
          .filter((node) => node.checkVisibility() && node.scrollWidth > node.clientWidth + 1)
          .map((node) => `${node.dataset.testid ?? node.tagName}: ${node.textContent.trim()}`)"""
        sideways = "document.documentElement.scrollWidth <= window.innerWidth"
        open_spanish(page)
        assert page.evaluate(overflow) == []
        assert page.evaluate(sideways)
        shot(page, f"list-{size}")

        page.goto("/router/#level=1")
        expect(page.get_by_test_id("play")).to_have_text("▶ Jugar")
        play(page)
        expect(page.get_by_test_id("result-title")).to_have_text("¡Puntuación máxima!")
        assert page.evaluate(overflow) == []
        assert page.evaluate(sideways)
        shot(page, f"level-result-{size}", full=True)

        page.goto("/router/#level=51")
        page.get_by_test_id("commands-toggle").click()
        expect(page.get_by_test_id("commands-panel")).to_be_visible()
        assert page.evaluate(overflow) == []
        assert page.evaluate(sideways)
        shot(page, f"python-{size}", full=True)


def test_numbers_the_block_menu_stepping_and_a_test_drive_in_spanish(browser, server):
    with browsing(spanish_context(browser, server)) as page:
        missing = missing_keys(page)
        with_program(page, "60", reference("60"))
        found = []
        # A variables level: the palette's number and condition groups, the blocks with their holes.
        open_spanish(page, "/router/#level=60")
        server_words = ServerWords(page)
        server_words.level("60")
        expect(page.get_by_test_id("palette")).to_contain_text("Números:")
        server_words.check("numbers and variables", found)
        # The block menu, opened with a right-click on the first block of the program.
        page.locator(".block.start > .body > .block > .row").first.click(button="right", position={"x": 12, "y": 12})
        expect(page.get_by_test_id("block-menu")).to_be_visible()
        expect(page.get_by_test_id("menu-duplicate")).to_contain_text("Duplicar")
        server_words.check("block menu", found)
        page.keyboard.press("Escape")
        # Step by step: the status line says what to do next.
        page.get_by_test_id("step").click()
        expect(page.get_by_test_id("message")).to_contain_text("Paso 1 hecho", timeout=15_000)
        server_words.check("stepping", found)
        page.get_by_test_id("stop").click()
        expect(page.get_by_test_id("message")).to_contain_text("Parado.")

        # The designer's test drive: its note, its way back and its own words on the result card.
        open_designer(page)
        mouse_drag(page, ROUTE)
        page.get_by_test_id("tool-house").click()
        tap_with_mouse(page, 5, 5)
        page.get_by_test_id("level-name").fill("Mi carretera")
        page.get_by_test_id("test-drive").click()
        expect(page.get_by_test_id("level-title")).to_have_text("Prueba: Mi carretera")
        expect(page.get_by_test_id("test-drive-note")).to_contain_text("Prueba: tu nivel no está guardado")
        expect(page.get_by_test_id("to-designer")).to_have_text("◂ Diseñador")
        server_words.words.add("Mi carretera")
        server_words.check("test drive", found)
        assert found == []
        assert missing == []
