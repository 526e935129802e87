"""The words the server writes, in the page's language (issue 22, item 6): a run's ending and its score,
a Python refusal with its line and suggestion, and the banner when the server can't be reached.

- In Spanish a crashing block program ends with the server's Spanish sentence on the result card (moves
  counted, where the van went wrong), marked lang="es"; switching to English afterwards leaves that
  sentence as it was (the van has already driven) and keeps saying which language it is in.
- A Python program with a typo is refused in Spanish on the status line, naming the line and the method
  meant (Python itself stays English), and the editor marks that line.
- With the server out of reach, the banner and the status line speak Spanish.
- `tessera router run … --lang es` prints the run and its score in Spanish, and a refusal too.
- Screenshots of the Spanish crash card, refusal and banner at desktop, tablet with touch and phone in
  /tmp/shots-messages-es/."""
import json
import os
import re
import subprocess
import tempfile

import pytest
from playwright.sync_api import expect

from conftest import _binary, checked_sizes
from test_router import new_player
from test_router_i18n import SIZES, spanish_page

SHOTS = "/tmp/shots-messages-es"
CRASH = {"program": {"blocks": [{"type": "move_forwards"}] * 3}, "mode": "blocks"}
TYPO = "from van import Van\nmy_van = Van()\nmy_van.move_forward()\n"

# English words a Spanish sentence must not hold once its code (`…`) is taken out.
ENGLISH = {"the", "van", "house", "move", "moves", "square", "squares", "road", "your", "program", "is", "and",
           "with", "it", "there", "can't", "only", "line", "write", "or", "of", "to", "at", "in", "on", "not",
           "did", "mean", "try", "again", "reach", "server", "crashed", "drove", "no", "score", "this", "time"}


def english_words(text):
    prose = re.sub(r"`[^`]*`", " ", text)
    return sorted({word for word in re.findall(r"[a-z']+", prose.lower()) if word in ENGLISH} - {"no"})


def prose(locator):
    """The words of `locator` without its code (the page shows `…` as <code>)."""
    return locator.evaluate("node => { const copy = node.cloneNode(true); copy.querySelectorAll('code').forEach((code) => code.remove()); return copy.textContent; }")


def open_spanish(page, level_id, saved=None):
    page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(new_player())})")
    if saved:
        key = f"tessera.router.program.{level_id}"
        page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(saved))})")
    page.goto(f"/router/#level={level_id}")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.locator("html")).to_have_attribute("lang", "es")


def play(page):
    page.get_by_test_id("speed").select_option("fast")
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)


def test_a_crash_is_told_in_spanish_and_stays_so_after_a_change_of_language(browser, server):
    with spanish_page(browser, server) as page:
        open_spanish(page, "1", CRASH)
        play(page)
        message = page.get_by_test_id("result-message")
        expect(message).to_contain_text("La furgoneta se ha salido de la carretera y se ha chocado después de 2 movimientos")
        expect(message).to_have_attribute("lang", "es")
        assert english_words(prose(message)) == []
        # A change of language redraws the card's own words; the server's sentence stays as it was.
        page.get_by_test_id("language").select_option("en")
        expect(page.get_by_test_id("result-title")).to_have_text("Oh no!")
        expect(message).to_contain_text("La furgoneta se ha salido de la carretera")
        expect(message).to_have_attribute("lang", "es")
        # The next run is asked in English.
        page.get_by_test_id("play").click()
        expect(message).to_contain_text("The van drove off the road and crashed after 2 moves", timeout=30_000)
        expect(message).to_have_attribute("lang", "en")


def test_the_words_css_draws_on_blocks_are_spanish_too(browser, server):
    """The mark on the block where the van went wrong and the bin's words are drawn by CSS, not by a script."""
    with spanish_page(browser, server) as page:
        open_spanish(page, "1", CRASH)
        play(page)
        failing = page.locator(".block.failing > .row:first-child").first
        expect(failing).to_be_visible()
        assert failing.evaluate("node => getComputedStyle(node, '::after').content") == '"⚠ aquí"'
        words = page.evaluate("""() => ["--words-bin-drop", "--words-bin-let-go"]
            .map((name) => getComputedStyle(document.body).getPropertyValue(name).trim())""")
        assert words == ['"Suelta aquí para quitarlo"', '"Suelta para quitarlo"']
        page.get_by_test_id("language").select_option("en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        assert failing.evaluate("node => getComputedStyle(node, '::after').content") == '"⚠ here"'


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_the_spanish_crash_card_fits(browser, server, size):
    with spanish_page(browser, server, size) as page:
        open_spanish(page, "1", CRASH)
        play(page)
        expect(page.get_by_test_id("result-message")).to_contain_text("La furgoneta se ha salido de la carretera")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"crash-{size}.png"))


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_a_python_refusal_names_its_line_and_the_method_in_spanish(browser, server, size):
    with spanish_page(browser, server, size, allow=("422",)) as page:
        open_spanish(page, "51")
        page.get_by_test_id("python-code").fill(TYPO)
        page.get_by_test_id("play").click()
        status = page.get_by_test_id("message")
        expect(status).to_contain_text("Línea 3: my_van.move_forward(): la furgoneta no tiene move_forward; ¿querías decir move_forwards?")
        expect(status.locator("code")).to_have_text(["my_van.move_forward()", "move_forward", "move_forwards"])  # code stays code
        assert english_words(prose(status)) == []
        # The editor marks the line the message names.
        expect(page.get_by_test_id("error-line")).to_have_text("3")
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"python-refusal-{size}.png"))


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_the_connection_banner_speaks_spanish(browser, server, size):
    with spanish_page(browser, server, size, allow=("Failed to load resource", "ERR_FAILED", "net::")) as page:
        open_spanish(page, "1", CRASH)
        # The server goes out of reach: runs and the health check both fail.
        page.route(re.compile(r".*/api/router/levels/1/runs.*"), lambda route: route.abort())
        page.route(re.compile(r".*/health$"), lambda route: route.abort())
        page.get_by_test_id("play").click()
        banner = page.get_by_test_id("connection-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("No se puede conectar con el servidor del juego")
        expect(page.get_by_test_id("connection-retry")).to_have_text("Intentar ahora")  # shared.connection, as every page
        expect(page.get_by_test_id("message")).to_contain_text("No se puede conectar con el servidor del juego, así que no se ha enviado")
        assert english_words(banner.inner_text()) == []
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"banner-{size}.png"))
        # Back again: the banner says so in Spanish.
        page.unroute(re.compile(r".*/health$"))
        page.get_by_test_id("connection-retry").click()
        expect(banner).to_contain_text("Conectado otra vez.")


def test_the_cli_runs_in_spanish():
    data = tempfile.mkdtemp(prefix="tessera-messages-es-")
    crash = os.path.join(data, "crash.json")
    typo = os.path.join(data, "typo.py")
    with open(crash, "w") as handle:
        json.dump(CRASH["program"], handle)
    with open(typo, "w") as handle:
        handle.write(TYPO)

    def run(program, *more):
        return subprocess.run([_binary(), "router", "run", "--level", "1", "--program", program, "--data-dir", data, *more],
                              capture_output=True, text=True, timeout=60)

    spanish = run(crash, "--lang", "es")
    assert spanish.returncode == 1
    lines = spanish.stdout.splitlines()
    assert lines[0].startswith("La furgoneta se ha salido de la carretera y se ha chocado después de 2 movimientos"), spanish.stdout
    assert lines[1].startswith("puntos 0/20 (ruta 0, algoritmo 0)")
    assert english_words(spanish.stdout) == []
    assert run(crash).stdout.startswith("The van drove off the road and crashed after 2 moves")
    refused = run(typo, "--lang", "es")
    assert refused.returncode != 0 and "Línea 3: `my_van.move_forward()`: la furgoneta no tiene `move_forward`" in refused.stderr, refused.stderr
    assert run(crash, "--lang", "xx").returncode != 0
