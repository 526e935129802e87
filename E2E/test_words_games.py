"""The home page, TicTacToe and Pentominoes in every language (issue 38): their words come from the
catalogues' `home`, `tictactoe`, `pentomino` and `shared` areas (Sources/Languages/catalogues/<code>/).

- In the pseudo-language (`?lang=en-XA`: every message accented, longer, inside ⟦ ⟧) each page and
  its main states (a game on, a game won, the "are you sure?" dialog, an invite to join, a puzzle
  with a tile on it, a solved puzzle, the "can't reach the server" banner) shows no word outside
  ⟦ ⟧ but the players' own names and our names and addresses, and nothing is cut off or sticks out
  sideways, at desktop, tablet (touch) and phone (touch, mobile) sizes.
- In Spanish no visible word is left in English (no text reads as an English message of ours that
  differs from the Spanish), and <html lang> says so.
- The language picker in the top bar switches a page in place.

Set TESSERA_WORDS_SHOTS to a folder to keep a screenshot of every page and state looked at."""
import os
import re

import pytest
from playwright.sync_api import expect

from conftest import browsing, checked_sizes
from pseudo import _TEXTS, cut_off, untranslated

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SIZES = {"desktop": DESKTOP, "tablet": TABLET, "phone": PHONE}
AREAS = ("home", "tictactoe", "pentomino", "shared")

# Not words of ours: the players' names, our product's name, the command and the addresses the home
# page links to.
# A message with an argument shown as its own element (the host's name in "Join Ann's game") is
# split over several text nodes, which pseudo.py judges one by one: its first and last pieces hold
# one bracket each, and are allowed as such (a piece with no bracket at all is still caught).
ALLOWED = [r"^(Ann|Bob)$", r"^Tessera$", r"^tessera$", r"^/openapi\.yaml$", r"^/health$", r"^⟦[^⟧]*$|^[^⟦]*⟧$"]
SHOTS = os.environ.get("TESSERA_WORDS_SHOTS")


def api(context, method, path, body=None):
    response = context.request.fetch(path, method=method, data=body)
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    return response.json()


def with_lang(path, lang):
    return f"{path}{'&' if '?' in path else '?'}lang={lang}"


# ---- the pages in their states (each opens the page at `lang` and waits until it has drawn) ------
def home(page, lang):
    page.goto(with_lang("/", lang))
    expect(page.get_by_test_id("language")).to_be_visible()


def tictactoe_setup(page, lang):
    page.goto(with_lang("/tictactoe/", lang))
    expect(page.get_by_test_id("language")).to_be_visible()
    expect(page.get_by_test_id("names-label")).not_to_be_empty()


def local_game(context, moves):
    game = api(context, "POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ann", "Bob"]})
    for row, col in moves:
        api(context, "POST", f"/api/tictactoe/games/{game['id']}/moves", {"row": row, "col": col})
    return game["id"]


def tictactoe_game_and_a_refusal(page, lang):
    """A game on, and the message for a tap on a taken square."""
    game = local_game(page.context, [(1, 1)])
    page.goto(with_lang(f"/tictactoe/?game={game}", lang))
    expect(page.get_by_test_id("cell-1-1")).to_have_text("X")
    page.get_by_test_id("cell-1-1").click()
    expect(page.get_by_test_id("message")).not_to_be_empty()


def tictactoe_asks(page, lang):
    """The "start a new game?" dialog over a game on."""
    game = local_game(page.context, [(0, 0)])
    page.goto(with_lang(f"/tictactoe/?game={game}", lang))
    expect(page.get_by_test_id("cell-0-0")).to_have_text("X")
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("ask")).to_be_visible()


def tictactoe_won(page, lang):
    game = local_game(page.context, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    page.goto(with_lang(f"/tictactoe/?game={game}", lang))
    expect(page.locator("#winner-label.won")).to_be_visible()


def tictactoe_invited(page, lang):
    game = api(page.context, "POST", "/api/tictactoe/games", {"mode": "online", "players": ["Ann"]})
    page.goto(with_lang(f"/tictactoe/?join={game['id']}", lang))
    expect(page.get_by_test_id("join-host")).to_have_text("Ann")


def tictactoe_unreachable(page, lang):
    """The shared banner (and the status line) when the server cannot be reached."""
    tictactoe_setup(page, lang)
    page.route("**/api/tictactoe/games", lambda route: route.abort())
    page.route("**/health", lambda route: route.abort())
    page.get_by_test_id("name-x").fill("Ann")
    page.get_by_test_id("name-o").fill("Bob")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("connection-banner")).to_be_visible()
    expect(page.get_by_test_id("connection-retry")).to_be_visible()


def new_puzzle(context, board="6x10"):
    return api(context, "POST", "/api/pentomino/puzzles", {"board": board, "flips": True})["id"]


def pentomino_fresh(page, lang):
    page.goto(with_lang("/pentomino/", lang))
    expect(page.locator('.tile[data-state="tray"]')).to_have_count(12)
    expect(page.get_by_test_id("message")).not_to_be_empty()


def place_hints(context, puzzle, count):
    for _ in range(count):
        hint = api(context, "GET", f"/api/pentomino/puzzles/{puzzle}/hint")["hint"]
        api(context, "POST", f"/api/pentomino/puzzles/{puzzle}/placements", {
            "tile": hint["tile"], "quarterTurns": hint["quarterTurns"], "flipped": hint["flipped"],
            "row": hint["row"], "col": hint["col"]})


def pentomino_asks(page, lang):
    """A puzzle with two tiles on it, and the "start a new puzzle?" dialog."""
    puzzle = new_puzzle(page.context)
    place_hints(page.context, puzzle, 2)
    page.goto(with_lang(f"/pentomino/?puzzle={puzzle}", lang))
    expect(page.locator('.tile[data-state="board"]')).to_have_count(2)
    page.get_by_test_id("board-size").select_option("5x12")
    expect(page.get_by_test_id("ask")).to_be_visible()


def pentomino_solved(page, lang):
    puzzle = new_puzzle(page.context)
    place_hints(page.context, puzzle, 12)
    page.goto(with_lang(f"/pentomino/?puzzle={puzzle}", lang))
    expect(page.get_by_test_id("solved")).to_be_visible()


STATES = [home, tictactoe_setup, tictactoe_game_and_a_refusal, tictactoe_asks, tictactoe_won, tictactoe_invited,
          tictactoe_unreachable, pentomino_fresh, pentomino_asks, pentomino_solved]


# ---- checks --------------------------------------------------------------------------------------
def english_patterns(context):
    """Every English message of our areas that Spanish says differently, as a regex a visible text
    matches when it is that message (an argument or plural/select part matches anything)."""
    english = context.request.get("/api/languages/en").json()["messages"]
    spanish = context.request.get("/api/languages/es").json()["messages"]

    def flat(node, prefix=""):
        for key, value in node.items():
            if isinstance(value, str):
                yield prefix + key, value
            else:
                yield from flat(value, f"{prefix}{key}.")

    def outside(message):
        """The message's text outside any {…}, as pieces (each argument between two)."""
        pieces, depth, text = [], 0, ""
        for char in message:
            if char == "{":
                if depth == 0:
                    pieces.append(text)
                    text = ""
                depth += 1
            elif char == "}":
                depth -= 1
            elif depth == 0:
                text += char
        return pieces + [text]

    spanish_flat = {key: value for area in AREAS for key, value in flat(spanish.get(area, {}), f"{area}.")}
    patterns = []
    for area in AREAS:
        for key, message in flat(english.get(area, {}), f"{area}."):
            pieces = outside(message)
            if spanish_flat.get(key) != message and re.search(r"[A-Za-z]{3}", "".join(pieces)):
                patterns.append((key, re.compile("^" + ".*".join(map(re.escape, pieces)).strip() + "$")))
    return patterns


def english_left(page, patterns):
    texts = [item["text"].strip() for item in page.evaluate(_TEXTS)]
    return [(key, text) for text in texts if text for key, found in patterns if found.match(text)]


def shot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def wide(page):
    """How far the page reaches sideways beyond the screen (0 when it fits): on a phone the window
    grows with the page, so this is measured against the screen's width."""
    return max(0, page.evaluate("document.documentElement.scrollWidth") - page.viewport_size["width"])


# The banner's retry, the dialog's 404 for an unknown puzzle and the aborted requests are provoked.
EXPECTED_ERRORS = ("net::ERR_FAILED", "Failed to load resource")


@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_every_word_comes_from_the_catalogue_in_the_pseudo_language(browser, server, size):
    with browsing(browser.new_context(base_url=server, **SIZES[size]), allow=EXPECTED_ERRORS) as page:
        for state in STATES:
            state(page, "en-XA")
            expect(page.locator("html")).to_have_attribute("lang", "en-XA")
            assert page.title().startswith("⟦") or page.title() == "Tessera", page.title()
            assert untranslated(page, allow=ALLOWED) == [], state.__name__
            assert cut_off(page) == [], state.__name__
            assert wide(page) == 0, state.__name__
            shot(page, f"{state.__name__.split('_')[0]}-en-XA-{size}-{state.__name__}")
            page.unroute_all()


# Spanish on a phone (where long words bite first); at every size when the screenshots are kept.
@pytest.mark.parametrize("size", SIZES if SHOTS else ["phone"])
def test_no_english_is_left_in_spanish(browser, server, size):
    with browsing(browser.new_context(base_url=server, locale="en-GB", **SIZES[size]), allow=EXPECTED_ERRORS) as page:
        patterns = english_patterns(page.context)
        assert len(patterns) > 100
        for state in STATES:
            state(page, "es")
            expect(page.locator("html")).to_have_attribute("lang", "es")
            assert english_left(page, patterns) == [], state.__name__
            assert cut_off(page) == [], state.__name__
            assert wide(page) == 0, state.__name__
            shot(page, f"{state.__name__.split('_')[0]}-es-{size}-{state.__name__}")
            page.unroute_all()


def test_the_picker_switches_a_game_in_place_and_is_remembered(browser, server):
    with browsing(browser.new_context(base_url=server, locale="en-GB", **DESKTOP)) as page:
        game = local_game(page.context, [(1, 1)])
        page.goto(f"/tictactoe/?game={game}")
        expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")
        page.get_by_test_id("cell-1-1").click()
        expect(page.get_by_test_id("message")).to_have_text("Illegal move, (1, 1) is not empty.")

        page.get_by_test_id("language").select_option("es")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("turn-label")).to_have_text("Turno de Bob (O)")
        expect(page.get_by_test_id("message")).to_have_text("Ese movimiento no vale: la casilla (1, 1) ya está ocupada.")
        expect(page.get_by_role("button", name="Partida nueva")).to_be_visible()
        expect(page.get_by_role("grid", name="Tablero de tres en raya")).to_be_visible()
        assert page.title() == "Tres en raya · Tessera"

        # The choice holds on the next page, the home page, and the picker there says so.
        page.goto("/")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("language")).to_have_value("es")
        expect(page.get_by_test_id("card-pentomino")).to_contain_text("Pentominós")
