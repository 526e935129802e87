"""What a teacher prints for a Rapid Router lesson (issue 36, items 2, 3 and 6), printed to PDF by
headless Chromium exactly as the browser's Print would, and the PDF read back page by page:

- a level's pack (/router/print.html?level=ID): page 1 the map (its roads drawn, the depot's sign,
  landscape for a wide map), page 2 the block cards, and for a signed-in teacher page 3 the answer
  (blocks and Python); a visitor's or a pupil's pack has two pages, and their browser never asks
  for the answer; a level a pupil made prints its pack too (with its "only N allowed" cards);
- the lesson guide of episode 3 (/router/guide.html) in English and in Spanish: goals, words, the
  levels (linked to the player), the two questions, and links to the neighbouring guides;
- certificates (/router/certificates.html): one page per pupil who finished the episode (by the
  class's scoreboard), none for the one who has not; anyone else is told who prints them.

The PDF is read with the standard library only (`pdf_pages`): Chromium writes each page's text as
glyph numbers with a ToUnicode map per font, which is enough to tell the pages apart.
Screenshots of each page on screen (desktop, tablet, phone) and as printed go to SHOTS.
Own server: the tests sign teachers up and pupils in, and must not share counts with other files."""
import os
import re
import uuid
import zlib
from datetime import date

import pytest
from playwright.sync_api import expect

from conftest import browser_contexts, own_server, watch_errors
from test_accessibility import assert_clean, check
from test_classroom_signin import call, pupil_login, teacher_with_class
from test_router import new_player, reference_program

SHOTS = "/tmp/shots-teaching-print"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
ROAD = (0x5F, 0x65, 0x70)  # the grass theme's asphalt (map-geometry.js): only a drawn map has it


@pytest.fixture(scope="module")
def school():
    with own_server("tessera-print-", "print-server.log") as base:
        yield base


@pytest.fixture
def device(browser, school):
    """A new browser context (one person on one machine), closed afterwards."""
    with browser_contexts(browser, school) as new_context:
        yield lambda size=DESKTOP: new_context(**size)


# ---- reading a PDF that Chromium printed ---------------------------------------------------------
OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)endobj", re.S)


def pdf_objects(pdf):
    """{number: (dictionary bytes, stream bytes or None)}, streams inflated."""
    found = {}
    for match in OBJECT.finditer(pdf):
        body = match.group(2)
        stream = re.search(rb"stream\r?\n(.*?)\r?\nendstream", body, re.S)
        data = None
        if stream:
            data = stream.group(1)
            if b"/FlateDecode" in body[:stream.start()]:
                data = zlib.decompress(data)
        found[int(match.group(1))] = (body[:stream.start()] if stream else body, data)
    return found


def to_unicode(cmap):
    """A ToUnicode CMap as {glyph number: text}."""
    table, text = {}, cmap.decode("latin-1")
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for source, target in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            table[int(source, 16)] = bytes.fromhex(target).decode("utf-16-be", "replace")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for low, high, target in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                table[code] = chr(int(target, 16) + offset)
    return table


def pdf_pages(pdf):
    """Each page in order: {"text": its words ("\\n" between text runs), "size": (width, height) in
    points, "colours": every fill colour it paints, as (r, g, b) in 0…255}."""
    objects = pdf_objects(pdf)
    tree = next(body for body, _ in objects.values() if re.search(rb"/Type\s*/Pages\b", body))
    kids = [int(n) for n in re.findall(rb"(\d+) 0 R", re.search(rb"/Kids\s*\[(.*?)\]", tree, re.S).group(1))]
    pages = []
    for number in kids:
        body, _ = objects[number]
        fonts = {}
        fonts_dict = re.search(rb"/Font\s*<<(.*?)>>", body, re.S)
        for name, ref in re.findall(rb"/(\w+)\s+(\d+) 0 R", fonts_dict.group(1) if fonts_dict else b""):
            unicode_ref = re.search(rb"/ToUnicode\s+(\d+) 0 R", objects[int(ref)][0])
            fonts[name] = to_unicode(objects[int(unicode_ref.group(1))][1]) if unicode_ref else {}
        contents = re.search(rb"/Contents\s+(\d+) 0 R", body)
        stream = objects[int(contents.group(1))][1] if contents else b""
        words, font = [], {}
        for token in re.finditer(rb"/(\w+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|(ET)", stream):
            if token.group(1):
                font = fonts.get(token.group(1), {})
            elif token.group(3):
                words.append("\n")
            else:
                glyphs = bytes.fromhex(token.group(2).decode())
                words.append("".join(font.get(int.from_bytes(glyphs[i:i + 2], "big"), "") for i in range(0, len(glyphs), 2)))
        box = [float(n) for n in re.search(rb"/MediaBox\s*\[([^\]]*)\]", body).group(1).split()]
        colours = {tuple(round(float(part) * 255) for part in triple.split())
                   for triple in re.findall(rb"([\d.]+ [\d.]+ [\d.]+) rg", stream)}
        pages.append({"text": "".join(words), "size": (box[2] - box[0], box[3] - box[1]), "colours": colours})
    return pages


def printed(page, name):
    """Prints `page` to PDF on A4 (as the browser's Print dialog does, @page rules included), keeps
    it and a screenshot of the print layout in SHOTS, and answers its pages (pdf_pages)."""
    os.makedirs(SHOTS, exist_ok=True)
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    with open(os.path.join(SHOTS, f"{name}.pdf"), "wb") as handle:
        handle.write(pdf)
    page.emulate_media(media="print")
    page.screenshot(path=os.path.join(SHOTS, f"{name}-print.png"), full_page=True)
    page.emulate_media(media="screen")
    return pdf_pages(pdf)


def flat(text):
    """Text without its line breaks and spaces: PDF text runs break lines and words anywhere."""
    return re.sub(r"\s+", "", text)


def has_colour(page, colour, slack=2):
    return any(all(abs(a - b) <= slack for a, b in zip(seen, colour)) for seen in page["colours"])


# ---- the pages ---------------------------------------------------------------------------------
def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def fits(page):
    """Nothing sticks out sideways (measured against the screen: a phone widens its layout)."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], f"the page is {wide}px wide on a {page.viewport_size['width']}px screen"


def open_ready(page, path):
    page.goto(path)
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


def answer_requests(page):
    """The URLs of every request `page` makes for a level's answer, from now on."""
    asked = []
    page.on("request", lambda request: "/solution" in request.url and asked.append(request.url))
    return asked


def make_level(context, name, toolbox):
    """Saves a copy of our level 13 as the signed-in person's own level: its id ("custom-…")."""
    level = context.request.get("/api/router/levels/13").json()
    level.update(name=name, lesson="Count the squares before you start.", toolbox=toolbox)
    status, made = call(context, "POST", "/api/router/levels", level)
    assert status == 201, made
    return made["id"]


EPISODE_ONE = ("1", "2", "3", "4", "5", "6")


def solve(context, levels):
    """The signed-in pupil solves `levels` with their reference programs, as the game would post them."""
    for level in levels:
        status, run = call(context, "POST", f"/api/router/levels/{level}/runs", {"program": reference_program(level), "player": new_player(), "seconds": 20})
        assert status == 200 and run["outcome"]["success"], (level, run)


# ---- tests -------------------------------------------------------------------------------------
def test_a_teachers_pack_prints_the_map_the_cards_and_the_answer_on_three_pages(device):
    context = device()
    teacher_with_class(context, [])
    page = context.new_page()
    problems = watch_errors(page)
    asked = answer_requests(page)
    open_ready(page, "/router/print.html?level=13")
    expect(page.get_by_test_id("level-title")).to_have_text("Level 13: The long road")
    expect(page.get_by_test_id("print-map").locator("svg .road")).not_to_have_count(0)
    expect(page.get_by_test_id("block-card").and_(page.locator("[data-type=move_forwards]"))).to_have_count(8)
    expect(page.get_by_test_id("answer-blocks")).to_contain_text("Repeat 8 times")
    expect(page.get_by_test_id("answer-python")).to_contain_text("my_van.move_forwards()")
    expect(page.get_by_test_id("sheet-map")).to_have_attribute("data-orientation", "landscape")
    assert len(asked) == 1
    shot(page, "pack-teacher-desktop")
    assert_clean(check(page, "a teacher's pack"))

    pages = printed(page, "pack-teacher")
    assert len(pages) == 3, [p["text"][:80] for p in pages]
    the_map, cards, answer = pages
    # Page 1: the level's name and lesson over its drawn map (the roads' asphalt, the depot's sign).
    assert "Level13:Thelongroad" in flat(the_map["text"]) and "DEPOT" in the_map["text"]
    assert has_colour(the_map, ROAD) and not has_colour(cards, ROAD) and not has_colour(answer, ROAD)
    assert the_map["size"][0] > the_map["size"][1], "a wide map prints landscape"
    assert "Blockcards" not in flat(the_map["text"]) and "my_van" not in the_map["text"]
    # Page 2: the cards, eight "Move forwards" among them; page 3: the answer, as blocks and as Python.
    assert "Blockcards" in flat(cards["text"]) and flat(cards["text"]).count("Moveforwards") == 8
    assert cards["size"][0] < cards["size"][1], "the cards print the paper's usual way up"
    assert "my_van" not in cards["text"] and "Theanswer" not in flat(cards["text"])
    assert "Theanswer:Level13" in flat(answer["text"]) and "Repeat8times" in flat(answer["text"])
    assert "my_van.move_forwards()" in flat(answer["text"])
    assert problems == []


def test_a_visitors_and_a_pupils_pack_have_two_pages_and_never_ask_for_the_answer(device):
    visitor = device().new_page()
    problems = watch_errors(visitor)
    asked = answer_requests(visitor)
    open_ready(visitor, "/router/print.html?level=13")
    expect(visitor.get_by_test_id("sheet-answer")).to_be_hidden()
    pages = printed(visitor, "pack-visitor")
    assert len(pages) == 2 and "Blockcards" in flat(pages[1]["text"])
    assert "my_van" not in "".join(p["text"] for p in pages)

    _, made, passwords = teacher_with_class(device(), ["Mia"])
    pupil_context = device(PHONE)
    assert pupil_login(pupil_context, made["code"], "Mia", passwords["Mia"]) == 200
    pupil = pupil_context.new_page()
    pupil_problems = watch_errors(pupil)
    pupil_asked = answer_requests(pupil)
    with pupil.expect_response(re.compile(r"/api/auth/me$")) as me:
        open_ready(pupil, "/router/print.html?level=13&lang=es")
    assert me.value.json()["user"]["role"] == "pupil"
    expect(pupil.get_by_test_id("level-title")).to_have_text(re.compile(r"^Nivel 13: "))
    expect(pupil.get_by_test_id("sheet-answer")).to_be_hidden()
    fits(pupil)
    shot(pupil, "pack-pupil-spanish-phone")
    assert len(printed(pupil, "pack-pupil-spanish")) == 2
    assert asked == [] and pupil_asked == []
    assert problems == [] and pupil_problems == []


def test_a_level_a_pupil_made_prints_its_pack(device):
    _, made, passwords = teacher_with_class(device(), ["Leo"])
    context = device(TABLET)
    assert pupil_login(context, made["code"], "Leo", passwords["Leo"]) == 200
    level = make_level(context, "Leo's long road", [{"block": "move_forwards", "limit": 3}, {"block": "controls_repeat", "limit": 1}])
    assert level.startswith("custom-")
    page = context.new_page()
    problems = watch_errors(page)
    open_ready(page, f"/router/print.html?level={level}")
    expect(page.get_by_test_id("level-title")).to_have_text("Leo's long road")
    expect(page.get_by_test_id("level-lesson")).to_have_text("Count the squares before you start.")
    # As many cards as the level allows, each saying so.
    expect(page.locator("[data-testid=block-card][data-card=move_forwards]")).to_have_count(3)
    expect(page.locator("[data-testid=block-card][data-card=controls_repeat]")).to_have_count(1)
    expect(page.get_by_test_id("card-limit").first).to_have_text("only 3 allowed")
    fits(page)
    shot(page, "pack-own-level-tablet")
    pages = printed(page, "pack-own-level")
    assert len(pages) == 2
    assert "Leo'slongroad" in flat(pages[0]["text"]) and has_colour(pages[0], ROAD)
    assert flat(pages[1]["text"]).count("Moveforwards") == 3 and "only3allowed" in flat(pages[1]["text"])

    # A teacher's own level has no stored answer: no answer page, and the page says why.
    teacher = device()
    teacher_with_class(teacher, [])
    own = make_level(teacher, "Ms Rivera's road", [{"block": "move_forwards"}])
    teacher_page = teacher.new_page()
    open_ready(teacher_page, f"/router/print.html?level={own}")
    expect(teacher_page.get_by_test_id("no-answer")).to_be_visible()
    expect(teacher_page.get_by_test_id("sheet-answer")).to_be_hidden()
    assert problems == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guide_for_episode_3_shows_its_goals_words_and_two_questions(device, lang):
    page = device().new_page()
    problems = watch_errors(page)
    guide = page.request.get(f"/api/router/episodes/3/guide?lang={lang}").json()
    open_ready(page, f"/router/guide.html?episode=3&lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    episode = "Episode" if lang == "en" else "Episodio"
    expect(page.get_by_test_id("guide-title")).to_have_text(f"{episode} 3: {guide['title']}")
    expect(page.get_by_test_id("guide-goals").locator("li")).to_have_text(guide["goals"])
    expect(page.get_by_test_id("guide-words").locator("dt")).to_have_text([word["word"] for word in guide["words"]])
    expect(page.get_by_test_id("guide-words").locator("dd")).to_have_text([word["meaning"] for word in guide["words"]])
    assert len(guide["questions"]) == 2
    expect(page.get_by_test_id("guide-questions").locator("li")).to_have_text(guide["questions"])
    expect(page.get_by_test_id("guide-unplugged")).to_contain_text(guide["unplugged"])
    expect(page.get_by_test_id("guide-extension")).to_contain_text(guide["extension"])
    # Each level opens in the player; the neighbouring guides are a click away, in the same language.
    first = guide["levels"]["inClass"][0]
    expect(page.get_by_test_id("levels-in-class").get_by_test_id("guide-level").first).to_have_attribute("href", f"/router/#level={first['id']}")
    expect(page.get_by_test_id("guide-previous-link")).to_have_attribute("href", f"/router/guide.html?episode=2&lang={lang}")
    expect(page.get_by_test_id("guide-next-link")).to_have_attribute("href", f"/router/guide.html?episode=4&lang={lang}")
    shot(page, f"guide-3-{lang}-desktop")
    assert_clean(check(page, f"the guide in {lang}"))
    pages = printed(page, f"guide-3-{lang}")
    assert 1 <= len(pages) <= 2
    text = flat("".join(p["text"] for p in pages))
    assert all(flat(question) in text for question in guide["questions"])

    # The picker goes to another episode's guide, and the address follows.
    page.get_by_test_id("next-guide").click()
    expect(page.get_by_test_id("guide-title")).to_have_text(re.compile(rf"^{episode} 4: "))
    assert f"episode=4&lang={lang}" in page.url
    for name, size in [("tablet", TABLET), ("phone", PHONE)]:
        small = device(size).new_page()
        open_ready(small, f"/router/guide.html?episode=3&lang={lang}")
        fits(small)
        shot(small, f"guide-3-{lang}-{name}")
    assert problems == []


def test_certificates_print_one_page_per_pupil_who_finished_the_episode(device):
    teacher = device()
    _, made, passwords = teacher_with_class(teacher, ["Ada Lovelace", "Ben", "Cleo"])
    for name, levels in [("Ada Lovelace", EPISODE_ONE), ("Cleo", EPISODE_ONE), ("Ben", ("1",))]:
        pupil = device()
        assert pupil_login(pupil, made["code"], name, passwords[name]) == 200
        solve(pupil, levels)

    page = teacher.new_page()
    problems = watch_errors(page)
    open_ready(page, f"/router/certificates.html?class={made['id']}&episode=1")
    expect(page.get_by_test_id("summary")).to_have_text("2 of 3 pupils have finished Episode 1.")
    expect(page.get_by_test_id("not-yet")).to_have_text("Not finished yet: Ben (1 of 6 levels).")
    certificates = page.get_by_test_id("certificate")
    expect(certificates).to_have_count(2)
    expect(certificates.get_by_test_id("certificate-name")).to_have_text(["Ada Lovelace", "Cleo"])
    expect(certificates.first.get_by_test_id("certificate-episode")).to_have_text("for finishing Episode 1: Getting started")
    expect(certificates.first.get_by_test_id("certificate-stars")).to_have_text("★ 18 of 18 stars")
    today = date.today()
    # Today, written out as the teacher's browser writes English dates ("27 November 2026", "November 27, 2026").
    expect(certificates.first.get_by_test_id("certificate-date")).to_have_text(
        re.compile(rf"^Date: (\b{today.day} {today:%B}|{today:%B} {today.day}\b),? {today.year}$"))
    expect(certificates.first.get_by_test_id("certificate-art")).to_be_visible()
    shot(page, "certificates-desktop")
    assert_clean(check(page, "the certificates"))
    page.set_viewport_size(TABLET["viewport"])
    fits(page)
    shot(page, "certificates-tablet")
    page.set_viewport_size(DESKTOP["viewport"])
    pages = printed(page, "certificates")
    assert len(pages) == 2
    assert ["AdaLovelace" in flat(p["text"]) for p in pages] == [True, False]
    assert ["Cleo" in flat(p["text"]) for p in pages] == [False, True]
    assert all(p["size"][0] > p["size"][1] for p in pages), "certificates print landscape"
    assert not any("Ben" in p["text"] for p in pages)

    # In Spanish, on a phone: the same two, with the date in Spanish.
    spanish = teacher.new_page()
    spanish.set_viewport_size(PHONE["viewport"])
    open_ready(spanish, f"/router/certificates.html?class={made['id']}&episode=1&lang=es")
    expect(spanish.get_by_test_id("summary")).to_have_text("2 de 3 alumnos han terminado el episodio 1.")
    expect(spanish.get_by_test_id("certificate")).to_have_count(2)
    expect(spanish.get_by_test_id("certificate-date").first).to_contain_text(" de ")
    fits(spanish)
    shot(spanish, "certificates-spanish-phone")
    assert problems == []


def test_certificates_tell_a_pupil_and_a_visitor_who_prints_them(device):
    _, made, passwords = teacher_with_class(device(), ["Noor"])
    visitor = device(PHONE).new_page()
    open_ready(visitor, f"/router/certificates.html?class={made['id']}&episode=1")
    expect(visitor.get_by_test_id("not-teacher")).to_be_visible()
    expect(visitor.get_by_test_id("sign-in-link")).to_have_attribute("href", "/classroom/")
    expect(visitor.get_by_test_id("certificate")).to_have_count(0)
    shot(visitor, "certificates-visitor-phone")

    pupil_context = device()
    assert pupil_login(pupil_context, made["code"], "Noor", passwords["Noor"]) == 200
    pupil = pupil_context.new_page()
    asked = []
    pupil.on("request", lambda request: "/api/classes" in request.url and asked.append(request.url))
    open_ready(pupil, f"/router/certificates.html?class={made['id']}&episode=1")
    expect(pupil.get_by_test_id("not-teacher-text")).to_contain_text("signed in as Noor, a pupil")
    assert asked == []
