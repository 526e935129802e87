"""The teacher's dashboard speaks the catalogues (issue 38): every word of /router/teacher.html is a
`router.teacher.*` message (or another `router.*` one with the same words), our episodes' and levels'
names come from the server in the page's language and carry the `lang` it says, and numbers and
times are written by Intl.

One class, set up through the API, has everything the dashboard can show at once: pupils with runs
(solved, failed, stuck on a level), a locked level, a pupil locked out by wrong passwords and a
pupil's level waiting for approval. Opened
- in Spanish: no English message of en/router.json's teacher area (nor of the other keys the page
  borrows) that Spanish words differently is visible or heard, on the dashboard, in a level's menu
  and in a pupil's program; `<html lang="es">`, the level names are Spanish and marked `lang="es"`,
  and the run's sentence the server keeps in English is marked `lang="en"`;
- in the pseudo-language en-XA, at desktop (1280×800) and phone (390×844, touch): nothing outside
  ⟦ ⟧ but the pupils' names, the class's name and numbers (E2E/pseudo.py), and nothing cut off.
- Switching the language on the page redraws what the page drew itself (the scoreboard, the panel).
Screenshots go to /tmp/teacher-shots.

The classroom tests' own server (wrong passwords are counted per address; see test_classroom)."""
import os
import re

import pytest
from playwright.sync_api import expect

from conftest import browser_contexts, watch_errors
from pseudo import cut_off, untranslated
from test_classroom import PASSWORD, classroom_server  # noqa: F401 (fixture)
from test_classroom_signin import call, pupil_login, teacher_with_class
from test_level_approval import pupil_level, share_with_class
from test_router import reference_program
from test_router_i18n import ENGLISH, PAGE_WORDS

SHOTS = "/tmp/teacher-shots"
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
PUPILS = ["Ada Lovelace", "Ben Okafor", "Cleo Park", "Dev Patel"]
CLASS = "6W"
SHARED_LEVEL = "Ada's zigzag"
WRONG = {"blocks": [{"type": "turn_left"}]}  # turns on the spot: never delivers
# Keys of other areas the dashboard shows as they are (the same words): checked with its own.
BORROWED = {"player.select.teacherDashboard", "print.common.elsewhere", "print.common.router", "print.common.episodeLabel",
            "print.certificates.class", "print.certificates.signIn", "player.select.approve", "player.select.approveLabel",
            "player.select.reject", "player.select.rejectLabel", "player.teaching.closeTitle", "player.teaching.replay",
            "player.teaching.blocks", "player.teaching.score", "player.teaching.blockCount"}
TEACHER_ENGLISH = [(key, value, pattern) for key, value, pattern in ENGLISH if key.startswith("teacher.") or key in BORROWED]
# A browser logs refused requests itself: the guesses that lock Dev out are made outside any page.
EXPECTED = ()


@pytest.fixture(scope="module")
def dashboard(browser, classroom_server):
    """The teacher's signed-in state and the class: runs, a stuck pupil, a lock, a locked-out pupil
    and a pupil's level waiting for approval."""
    with browser_contexts(browser, classroom_server) as new_context:
        teacher = new_context()
        email, one, passwords = teacher_with_class(teacher, PUPILS, CLASS)
        pupils = {}
        for name in PUPILS[:3]:
            pupils[name] = new_context()
            assert pupil_login(pupils[name], one["code"], name, passwords[name]) == 200

        def run(name, level, program):
            status, answer = call(pupils[name], "POST", f"/api/router/levels/{level}/runs", {"program": program, "seconds": 75})
            assert status == 200, answer

        run("Ada Lovelace", "1", reference_program("1"))
        run("Ada Lovelace", "2", WRONG)
        run("Ada Lovelace", "2", reference_program("2"))
        run("Ben Okafor", "1", {"blocks": [{"type": "move_forwards"}]})  # one block too few
        for _ in range(3):
            run("Cleo Park", "4", WRONG)  # stuck
        status, answer = call(teacher, "PUT", f"/api/classes/{one['id']}/locks", {"episodes": [], "levels": ["3"]})
        assert status == 200, answer
        share_with_class(pupils["Ada Lovelace"], pupil_level(pupils["Ada Lovelace"], SHARED_LEVEL), one["id"])
        guesser = new_context()
        for guess in range(10):
            assert pupil_login(guesser, one["code"], "Dev Patel", f"guess-{guess}") == 401
        status, listed = call(teacher, "GET", f"/api/classes/{one['id']}/pupils")
        assert {pupil["name"] for pupil in listed["pupils"] if pupil["locked"]} == {"Dev Patel"}
        yield {"state": teacher.storage_state(), "class": one, "email": email}


def open_dashboard(browser, server, dashboard, size, lang):
    """The dashboard in `lang` at `size` (a browser context of its own), everything on it drawn."""
    context = browser.new_context(base_url=server, storage_state=dashboard["state"], **SIZES[size])
    page = context.new_page()
    errors = watch_errors(page, EXPECTED)
    page.goto(f"/router/teacher.html?lang={lang}#class={dashboard['class']['id']}")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("pupil-row")).to_have_count(len(PUPILS))
    expect(page.get_by_test_id("activity-list").locator('[data-state="stuck"]')).to_have_count(1)
    expect(page.get_by_test_id("waiting-level")).to_have_count(1)
    expect(page.get_by_test_id("locked-pupil")).to_have_count(1)
    expect(page.get_by_test_id("level-head-3")).to_have_attribute("data-locked", "true")
    expect(page.get_by_test_id("live")).to_have_attribute("data-state", "live")
    return context, page, errors


def english_shown(page, where, ignore=()):
    """The teacher's English messages the page shows or says now (`ignore`: texts taken out first)."""
    found = []
    for text in page.evaluate(PAGE_WORDS):
        for words in ignore:
            text = text.replace(words, " ")
        found += [f"{where}: {key} = {value!r} in {text!r}" for key, value, pattern in TEACHER_ENGLISH if pattern.search(text)]
    return found


# Text hidden on purpose for screen readers only (.visually-hidden: a 1px box, clipped), described as
# pseudo.cut_off describes what it finds: it is not cut off, it is not shown.
HIDDEN_FOR_SCREEN_READERS = r"""
() => [...document.querySelectorAll("body *")]
  .filter((element) => getComputedStyle(element).clipPath === "inset(50%)")
  .map((element) => `${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ""}: `
    + element.textContent.trim().slice(0, 60))
"""


def cut(page):
    """pseudo.cut_off, less the words only screen readers get; and the page fits the screen's own width
    (a phone browser widens its layout, and window.innerWidth, to fit what sticks out)."""
    hidden = set(page.evaluate(HIDDEN_FOR_SCREEN_READERS))
    found = [item for item in cut_off(page) if item not in hidden]
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > page.viewport_size["width"]:
        found.append(f"the page is {wide}px wide on a {page.viewport_size['width']}px screen")
    return found


def shot(page, name, full_page=True):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def pupil_row(page, name):
    return page.get_by_test_id("pupil-row").filter(has=page.get_by_test_id("pupil-name").get_by_text(name, exact=True))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_dashboard_in_spanish_shows_no_english(browser, classroom_server, dashboard, size):
    context, page, errors = open_dashboard(browser, classroom_server, dashboard, size, "es")
    try:
        missing = []
        page.on("console", lambda message: missing.append(message.text) if "i18n:" in message.text else None)
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("board-title")).to_have_text(f"{CLASS}: Episodio 1")
        expect(page).to_have_title(f"{CLASS} · Panel del profesorado · Tessera")
        expect(page.get_by_test_id("episode-lock-state")).to_have_text("El nivel 3 está bloqueado para esta clase; el resto del episodio 1 está abierto.")
        expect(page.get_by_test_id("activity-count-stuck")).to_have_text("1 atascado")
        # Our levels' and episodes' names are the server's Spanish, marked as Spanish.
        head = page.get_by_test_id("level-head-1").locator(".level-title")
        expect(head).to_have_attribute("lang", "es")
        expect(head).to_have_text("Primer viaje")
        expect(page.get_by_test_id("episode-select").locator('option[value="1"]')).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("activity-level").first).to_have_text("Nivel 4: Izquierda, derecha, izquierda")  # Cleo, stuck
        # Numbers and times in Spanish words: tries, minutes, the whole class's sums.
        ada = pupil_row(page, "Ada Lovelace")
        expect(ada.get_by_test_id("cell-2").locator(".line2")).to_have_text(re.compile(r"^2 intentos · \d+ (min|s)$"))
        cell = ada.get_by_test_id("cell-1").get_by_role("button")
        expect(cell).to_have_attribute("aria-label", re.compile(
            r"^Ada Lovelace, nivel 1: su mejor puntuación es 20 de 20, 3 estrellas, 1 intento, \d+ (min|s) de juego, "
            r"jugado por última vez hoy a las \d\d:\d\d$"))
        expect(cell).to_have_attribute("aria-description", "Ver el programa.")
        expect(page.get_by_test_id("level-total-1").locator(".line1")).to_have_text("1/4 resuelto")
        expect(page.get_by_test_id("level-total-1").locator(".line2")).to_have_text("2 lo han jugado · 2 intentos")
        found = english_shown(page, "dashboard")
        shot(page, f"dashboard-es-{size}")
        assert cut(page) == []

        # A level's menu, and a pupil's program (its run's sentence is the server's English, so marked).
        # In view first: the menu closes when the page scrolls under it.
        page.get_by_test_id("level-menu-2").scroll_into_view_if_needed()
        page.wait_for_timeout(100)
        page.get_by_test_id("level-menu-2").click()
        expect(page.get_by_test_id("level-menu")).to_be_visible()
        expect(page.get_by_test_id("level-menu-heading")).to_have_text(re.compile(r"^Nivel 2: \S"))
        found += english_shown(page, "level menu")
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("level-menu")).to_be_hidden()
        ada.get_by_test_id("cell-2").get_by_role("button").click()
        panel = page.get_by_test_id("program-dialog")
        expect(panel.get_by_test_id("run-summary")).to_have_text(re.compile(r"^Último intento · puntuación \d+/\d+ · \d+ bloques? · hoy a las "))
        expect(panel.get_by_test_id("attempt")).to_have_count(2)
        expect(panel.get_by_test_id("program-title").locator("[lang]")).to_have_count(0)  # the level's name is Spanish, as the page
        outcome = panel.get_by_test_id("run-outcome").locator("[lang]")
        expect(outcome).to_have_attribute("lang", re.compile(r"^(en|es)$"))
        ignore = [outcome.inner_text()] if outcome.get_attribute("lang") == "en" else []
        found += english_shown(page, "program panel", ignore)
        shot(page, f"program-es-{size}", full_page=False)
        page.get_by_test_id("program-close").click()
        assert found == []
        assert missing == [], missing
        assert errors == [], errors
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_word_of_the_dashboard_is_a_catalogue_message_in_the_pseudo_language(browser, classroom_server, dashboard, size):
    context, page, errors = open_dashboard(browser, classroom_server, dashboard, size, "en-XA")
    try:
        expect(page.locator("html")).to_have_attribute("lang", "en-XA")
        expect(page.get_by_test_id("board-title")).to_contain_text("⟦")
        # The person's own data: the pupils' names, the class's name, and Ada's own level's name.
        allow = [rf"^{re.escape(name)}$" for name in PUPILS] + [rf"^{re.escape(CLASS)}$", rf"^{re.escape(SHARED_LEVEL)}$"]
        shot(page, f"dashboard-en-XA-{size}")
        assert untranslated(page, allow) == []
        assert cut(page) == []
        # Scrolled to the end of the table (the totals column and the last levels' heads).
        page.get_by_test_id("board-scroll").evaluate("node => { node.scrollLeft = node.scrollWidth; }")
        assert untranslated(page, allow) == []
        assert cut(page) == []
        shot(page, f"dashboard-en-XA-{size}-scrolled")
        assert errors == [], errors
    finally:
        context.close()


def test_changing_the_language_on_the_page_redraws_the_dashboard(browser, classroom_server, dashboard):
    context, page, errors = open_dashboard(browser, classroom_server, dashboard, "desktop", "en")
    try:
        expect(page.get_by_test_id("board-title")).to_have_text(f"{CLASS}: Episode 1")
        expect(page.get_by_test_id("level-head-1").locator(".level-title")).to_have_text("First drive")
        pupil_row(page, "Ada Lovelace").get_by_test_id("cell-1").get_by_role("button").click()
        panel = page.get_by_test_id("program-dialog")
        expect(panel.get_by_test_id("show-best")).to_have_text("Best run")
        # The panel is modal: the switcher behind it is chosen the way the switcher itself does.
        page.evaluate("import('/shared/words.js').then((words) => words.setLanguage('es'))")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(panel.get_by_test_id("show-best")).to_have_text("Mejor intento")
        expect(panel.get_by_test_id("program-title")).to_have_text(re.compile(r"^Ada Lovelace · Nivel 1: Primer viaje$"))
        page.get_by_test_id("program-close").click()
        expect(page.get_by_test_id("board-title")).to_have_text(f"{CLASS}: Episodio 1")
        expect(page.get_by_test_id("level-head-1").locator(".level-title")).to_have_text("Primer viaje")
        expect(page.get_by_test_id("level-head-1").locator(".level-title")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("live")).to_contain_text("En directo")
        expect(page.get_by_test_id("activity-count-stuck")).to_have_text("1 atascado")
        expect(page.get_by_test_id("episode-lock-state")).to_contain_text("El nivel 3 está bloqueado")
        expect(page.get_by_test_id("locked-pupils")).to_contain_text("Sin acceso")
        expect(page.get_by_test_id("waiting-play")).to_have_text("Jugar")
        assert english_shown(page, "after the switch") == []
        # And back to English with the switcher in the bar.
        page.get_by_test_id("language").select_option("en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_test_id("board-title")).to_have_text(f"{CLASS}: Episode 1")
        expect(page.get_by_test_id("level-head-1").locator(".level-title")).to_have_text("First drive")
        expect(page.get_by_test_id("episode-lock-state")).to_have_text("Level 3 is locked for this class; the rest of episode 1 is open.")
        assert errors == [], errors
    finally:
        context.close()
