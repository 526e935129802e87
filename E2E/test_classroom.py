"""The classroom as a teacher and a pupil meet it: a teacher signs up on /classroom/, makes a class,
adds pupils and sees their passwords once, prints the login cards; a pupil signs in on Rapid Router
with the class code (typed any way); a reset password replaces the old one; an archived class
leaves the list; another teacher cannot see the class. Phone and tablet layouts do not overflow.

These tests run their own server: sign-in failures are counted per client address for 15 minutes,
and every browser here is 127.0.0.1, so the failures these tests make on purpose must not reach
(or be reached by) the other files' shared server."""
import os
import re
import uuid

import pytest
from playwright.sync_api import expect

from conftest import browser_contexts, checked_sizes, own_server, watch_errors

SHOTS = "/tmp/shots-classroom"
PASSWORD = "a long enough password"
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 860}},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
# The browser itself logs every refused request; these are the ones a test provokes on purpose.
WRONG_PASSWORD = "401 (Unauthorized)"
EMAIL_TAKEN = "409 (Conflict)"
NOT_YOURS = "404 (Not Found)"


@pytest.fixture(scope="module")
def classroom_server():
    with own_server("tessera-classroom-", "classroom-server.log") as base:
        yield base


@pytest.fixture
def open_page(browser, classroom_server):
    """Opens a page in a browser context of its own (one person on one machine) at a size from SIZES."""
    with browser_contexts(browser, classroom_server) as new_context:
        yield lambda size="desktop": new_context(**SIZES[size]).new_page()


def shot(page, name, full_page=True):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def fits(page):
    """Nothing sticks out sideways: no horizontal scrolling on this screen."""
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]}px wide on a {width[1]}px screen"


def fill_sign_up(page, name, email, password=PASSWORD):
    """Fills in and sends the teacher's sign-up form (the test checks what follows)."""
    page.get_by_test_id("sign-up-name").fill(name)
    page.get_by_test_id("sign-up-email").fill(email)
    page.get_by_test_id("sign-up-password").fill(password)
    page.get_by_test_id("sign-up").click()


def fill_sign_in(page, email, password=PASSWORD):
    """Fills in and sends the teacher's sign-in form (the test checks what follows)."""
    page.get_by_test_id("sign-in-email").fill(email)
    page.get_by_test_id("sign-in-password").fill(password)
    page.get_by_test_id("sign-in").click()


def sign_up(page, name="Ms Rivera"):
    email = f"teacher-{uuid.uuid4().hex[:8]}@school.org"
    page.goto("/classroom/")
    expect(page.get_by_test_id("sign-up-form")).to_be_visible()
    fill_sign_up(page, name, email)
    expect(page.get_by_test_id("who")).to_have_text(f"Signed in as {name}")
    expect(page.get_by_test_id("classes-view")).to_be_visible()
    return email


def make_class(page, name):
    page.get_by_test_id("new-class-name").fill(name)
    page.get_by_test_id("new-class").click()
    item = page.get_by_test_id("class-list").get_by_test_id("class-item").filter(has_text=name)
    expect(item).to_be_visible()
    return item


def add_pupils(page, names):
    """Adds pupils on the open class; returns {name: password} as the page shows them (once)."""
    page.get_by_test_id("pupil-names").fill("\n".join(names))
    page.get_by_test_id("add-pupils").click()
    rows = page.get_by_test_id("new-password-row")
    expect(rows).to_have_count(len(names))
    shown = {}
    for index in range(len(names)):
        row = rows.nth(index)
        shown[row.locator("th").inner_text()] = row.get_by_test_id("shown-password").inner_text()
    return shown


def pupil_signs_in(page, code, name, password):
    page.get_by_test_id("class-sign-in").click()
    dialog = page.get_by_test_id("class-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("class-code-input").fill(code)
    dialog.get_by_test_id("pupil-name-input").fill(name)
    dialog.get_by_test_id("pupil-password-input").fill(password)
    dialog.get_by_test_id("class-sign-in-submit").click()
    return dialog


def test_the_signed_out_page_shows_the_password_rule_first_and_the_servers_words(open_page):
    page = open_page()
    elsewhere = open_page()  # the same teacher on another computer
    elsewhere_problems = watch_errors(elsewhere, allow=(WRONG_PASSWORD,))
    problems = watch_errors(page, allow=(EMAIL_TAKEN, WRONG_PASSWORD))
    page.goto("/")
    page.get_by_test_id("card-classroom").click()
    expect(page).to_have_url(re.compile(r"/classroom/$"))
    expect(page.get_by_test_id("sign-in-form")).to_be_visible()
    # The 10-character rule is there before anyone types, and pupils are sent to Rapid Router.
    expect(page.get_by_test_id("sign-up-form")).to_contain_text("at least 10 characters")
    expect(page.get_by_test_id("pupil-note").get_by_role("link", name="Rapid Router")).to_have_attribute("href", "/router/")
    fill_sign_up(page, "Mr Okafor", "okafor@school.org", "too short")
    expect(page.get_by_test_id("sign-up-error")).to_contain_text("at least 10 characters")
    fill_sign_up(page, "Mr Okafor", "okafor@school.org")
    expect(page.get_by_test_id("who")).to_have_text("Signed in as Mr Okafor")
    expect(page.get_by_test_id("no-classes")).to_be_visible()
    page.get_by_test_id("sign-out").click()
    expect(page.get_by_test_id("sign-in-form")).to_be_visible()
    expect(page.get_by_test_id("who")).to_be_hidden()
    # The same email again: the server's own words, next to the form.
    fill_sign_up(page, "Mr Okafor", "OKAFOR@school.org")
    expect(page.get_by_test_id("sign-up-error")).to_contain_text("already exists; sign in instead")
    # Signing in with the account works and lands on "My classes".
    fill_sign_in(page, "okafor@school.org")
    expect(page.get_by_test_id("classes-view")).to_be_visible()
    elsewhere.goto("/classroom/")
    fill_sign_in(elsewhere, "okafor@school.org")
    expect(elsewhere.get_by_test_id("classes-view")).to_be_visible()
    # Change password: a wrong current one is refused in the server's words, then it works.
    page.get_by_test_id("account").locator("summary").click()
    page.get_by_test_id("current-password").fill("not my password")
    page.get_by_test_id("new-password").fill("an even longer password")
    page.get_by_test_id("change-password").click()
    expect(page.get_by_test_id("password-error")).to_contain_text("not right")
    page.get_by_test_id("current-password").fill(PASSWORD)
    page.get_by_test_id("change-password").click()
    expect(page.get_by_test_id("message")).to_contain_text("Your password is changed")
    expect(page.get_by_test_id("password-form")).to_be_hidden()
    # The other computer's session ended with the change: it is back at the forms and says why.
    elsewhere.reload()
    expect(elsewhere.get_by_test_id("sign-in-form")).to_be_visible()
    expect(elsewhere.get_by_test_id("message")).to_contain_text("You have been signed out")
    assert elsewhere_problems == [], elsewhere_problems
    page.get_by_test_id("sign-out").click()
    fill_sign_in(page, "okafor@school.org", "an even longer password")
    expect(page.get_by_test_id("who")).to_have_text("Signed in as Mr Okafor")
    # Rename a class.
    make_class(page, "Year 4 Coding club")
    page.get_by_test_id("class-item").filter(has_text="Year 4").get_by_test_id("rename").click()
    page.get_by_test_id("rename-name").fill("Year 4 Coders")
    page.get_by_test_id("rename-save").click()
    expect(page.get_by_test_id("class-list").get_by_test_id("open-class")).to_have_text(["Year 4 Coders"])
    assert problems == [], problems


def test_a_teacher_adds_pupils_prints_cards_and_a_pupil_signs_in_on_rapid_router(open_page):
    teacher = open_page()
    teacher_problems = watch_errors(teacher, allow=(NOT_YOURS,))
    sign_up(teacher)
    year4_code = make_class(teacher, "Year 4 Coding club").get_by_test_id("class-code").inner_text()
    item = make_class(teacher, "5B")
    code = item.get_by_test_id("class-code").inner_text()
    assert len(code) == 6
    item.get_by_test_id("open-class").click()
    expect(teacher.get_by_test_id("class-title")).to_have_text("5B")
    class_id = teacher.url.split("#class=")[1]
    passwords = add_pupils(teacher, ["Ann Smith", "Bob K", "Chloe"])
    expect(teacher.get_by_test_id("passwords-warning")).to_contain_text("shown only now")
    expect(teacher.get_by_test_id("pupil")).to_have_count(3)

    # The login cards: one per pupil with the code and password; sessionStorage only, cleared by "Done".
    with teacher.context.expect_page() as opened:
        teacher.get_by_test_id("print-cards").click()
    cards = opened.value
    cards_problems = watch_errors(cards)
    assert teacher.evaluate("sessionStorage.length") == 0, "the passwords went with the cards tab only"
    expect(cards.get_by_test_id("login-card")).to_have_count(3)
    for name, password in passwords.items():
        card = cards.get_by_test_id("login-card").filter(has_text=name)
        expect(card.get_by_test_id("card-code")).to_have_text(code)
        expect(card.get_by_test_id("card-password")).to_have_text(password)
        expect(card.get_by_test_id("card-how")).to_contain_text("/router/")
    assert passwords["Ann Smith"] not in cards.evaluate("JSON.stringify(localStorage)")
    # The print dialog closing (printed or cancelled, the browser does not say) keeps them; Done clears.
    cards.evaluate("window.dispatchEvent(new Event('afterprint'))")
    expect(cards.get_by_test_id("login-card")).to_have_count(3)
    cards.get_by_test_id("forget").click()
    expect(cards.get_by_test_id("login-card")).to_have_count(0)
    assert cards.evaluate("sessionStorage.getItem('tessera.classroom.cards')") is None
    cards.close()
    assert cards_problems == [], cards_problems

    # Shown once: after a reload the names are there, the passwords are not.
    teacher.reload()
    expect(teacher.get_by_test_id("pupil")).to_have_count(3)
    expect(teacher.get_by_test_id("new-password-row")).to_have_count(0)
    assert passwords["Bob K"] not in teacher.content()

    # A pupil on another machine, the code typed in lower case; a wrong password first.
    pupil = open_page()
    pupil_problems = watch_errors(pupil, allow=(WRONG_PASSWORD,))
    pupil.goto("/router/")
    expect(pupil.locator("body[data-ready=true]")).to_have_count(1)
    dialog = pupil_signs_in(pupil, code.lower(), "Ann Smith", "not-her-password")
    expect(dialog.get_by_test_id("class-sign-in-error")).to_contain_text("not right")
    dialog.get_by_test_id("pupil-password-input").fill(passwords["Ann Smith"])
    dialog.get_by_test_id("class-sign-in-submit").click()
    expect(dialog.get_by_test_id("class-signed-in")).to_have_text("Signed in as Ann Smith")
    dialog.get_by_test_id("class-close").click()
    expect(dialog).to_be_hidden()
    expect(pupil.get_by_test_id("class-sign-in")).to_contain_text("Signed in as Ann Smith")
    expect(pupil.get_by_test_id("level-1")).to_be_visible()
    pupil.reload()
    expect(pupil.get_by_test_id("class-sign-in")).to_contain_text("Signed in as Ann Smith")
    # Sign out, then Bob; the teacher gives Bob a new password and the old one stops working.
    pupil.get_by_test_id("class-sign-in").click()
    pupil.get_by_test_id("class-sign-out").click()
    expect(pupil.get_by_test_id("class-sign-in")).to_contain_text("I'm in a class")

    bob = teacher.get_by_test_id("pupil").filter(has_text="Bob K")
    bob.get_by_test_id("reset-password").click()
    teacher.get_by_test_id("ask-yes").click()
    expect(teacher.get_by_test_id("new-password-row")).to_have_count(1)
    new_password = teacher.get_by_test_id("shown-password").inner_text()
    assert new_password != passwords["Bob K"]
    dialog = pupil_signs_in(pupil, code, "Bob K", passwords["Bob K"])
    expect(dialog.get_by_test_id("class-sign-in-error")).to_contain_text("not right")
    dialog.get_by_test_id("pupil-password-input").fill(new_password)
    dialog.get_by_test_id("class-sign-in-submit").click()
    expect(dialog.get_by_test_id("class-signed-in")).to_have_text("Signed in as Bob K")
    # The teachers' page tells a pupil it is not for them.
    pupil.goto("/classroom/")
    expect(pupil.get_by_test_id("pupil-here")).to_contain_text("This page is for teachers")
    expect(pupil.get_by_test_id("who")).to_have_text("Signed in as Bob K")
    expect(pupil.get_by_test_id("classes-view")).to_be_hidden()
    assert pupil_problems == [], pupil_problems

    # Move Chloe to the other class, remove Ann (both asked first).
    chloe = teacher.get_by_test_id("pupil").filter(has_text="Chloe")
    chloe.get_by_test_id("move-pupil").click()
    expect(chloe.get_by_test_id("move-to").locator("option")).to_have_text(["Year 4 Coding club (" + year4_code + ")"])
    chloe.get_by_test_id("move-confirm").click()
    expect(teacher.get_by_test_id("pupil")).to_have_count(2)
    expect(teacher.get_by_test_id("message")).to_contain_text("Chloe is now in Year 4 Coding club")
    teacher.get_by_test_id("pupil").filter(has_text="Ann Smith").get_by_test_id("remove-pupil").click()
    teacher.get_by_test_id("ask-yes").click()
    expect(teacher.get_by_test_id("pupil")).to_have_count(1)

    # Archive: the class leaves the list, into the closed "Archived classes".
    teacher.get_by_test_id("all-classes").click()  # Bob's new password still shows: asked first
    expect(teacher.get_by_test_id("ask")).to_contain_text("Leave without the passwords?")
    teacher.get_by_test_id("ask-no").click()
    expect(teacher.get_by_test_id("new-password-row")).to_have_count(1)
    teacher.get_by_test_id("all-classes").click()
    teacher.get_by_test_id("ask-yes").click()
    five_b = teacher.get_by_test_id("class-list").get_by_test_id("class-item").filter(has_text="5B")
    expect(five_b.get_by_test_id("pupil-count")).to_have_text("1 pupil")
    five_b.get_by_test_id("archive").click()
    teacher.get_by_test_id("ask-yes").click()
    expect(five_b).to_have_count(0)
    archived = teacher.get_by_test_id("archived")
    expect(archived.locator("summary")).to_have_text("Archived classes (1)")
    expect(archived.get_by_test_id("archived-list").get_by_text("5B")).to_be_hidden()
    archived.locator("summary").click()
    archived.get_by_test_id("class-item").filter(has_text="5B").get_by_test_id("unarchive").click()
    expect(five_b).to_have_count(1)
    expect(archived).to_be_hidden()
    five_b.get_by_test_id("archive").click()
    teacher.get_by_test_id("ask-yes").click()
    expect(five_b).to_have_count(0)
    expect(teacher.get_by_test_id("class-list").get_by_test_id("class-item").filter(has_text="Year 4 Coding club")
           .get_by_test_id("pupil-count")).to_have_text("1 pupil")

    # Another teacher on a third machine: the class is not there, and asking for it is a 404.
    other = open_page()
    other_problems = watch_errors(other, allow=(NOT_YOURS,))
    sign_up(other, "Mrs Chen")
    expect(other.get_by_test_id("no-classes")).to_be_visible()
    status = other.evaluate("id => fetch(`/api/classes/${id}/pupils`).then(r => r.status)", class_id)
    assert status == 404
    other.goto(f"/classroom/#class={class_id}")
    expect(other.get_by_test_id("message")).to_contain_text("not among yours")
    expect(other.get_by_test_id("class-view")).to_be_hidden()
    assert other_problems == [], other_problems
    assert teacher_problems == [], teacher_problems


def test_nobody_signed_in_plays_rapid_router_without_asking_about_accounts(open_page):
    page = open_page()
    problems = watch_errors(page)
    asked = []
    page.on("request", lambda request: "/api/auth/" in request.url and asked.append(request.url))
    page.goto("/router/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_role("button", name="I'm in a class", exact=True)).to_be_visible()
    page.get_by_test_id("level-1").click()
    expect(page.get_by_test_id("map").locator("svg")).to_be_visible()
    page.get_by_test_id("class-sign-in").click()
    expect(page.get_by_test_id("class-code-input")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("class-dialog")).to_be_hidden()
    expect(page.get_by_test_id("class-sign-in")).to_be_focused()
    assert asked == [], asked
    assert problems == [], problems


@pytest.mark.parametrize("size", checked_sizes(["desktop", "tablet", "phone"]))
def test_every_state_fits_the_screen(open_page, size):
    page = open_page(size)
    problems = watch_errors(page)
    page.goto("/classroom/")
    expect(page.get_by_test_id("sign-up-form")).to_be_visible()
    fits(page)
    shot(page, f"{size}-signed-out")
    sign_up(page)
    make_class(page, "Year 4 Coding club")
    item = make_class(page, "Class 6 Kingfishers and Herons")
    fits(page)
    shot(page, f"{size}-classes")
    code = item.get_by_test_id("class-code").inner_text()
    item.get_by_test_id("open-class").click()
    passwords = add_pupils(page, ["Ann Smith", "Bob K", "Charlotte-Rose Featherstonehaugh"])
    fits(page)
    expect(page.get_by_test_id("print-cards")).to_be_in_viewport()
    shot(page, f"{size}-new-passwords")
    with page.context.expect_page() as opened:
        page.get_by_test_id("print-cards").click()
    cards = opened.value
    expect(cards.get_by_test_id("login-card")).to_have_count(3)
    fits(cards)
    shot(cards, f"{size}-cards")
    cards.emulate_media(media="print")
    shot(cards, f"{size}-cards-print")
    cards.close()
    page.get_by_test_id("hide-passwords").click()
    page.get_by_test_id("pupil").first.get_by_test_id("move-pupil").click()
    fits(page)
    shot(page, f"{size}-class")
    pupil = open_page(size)
    pupil.goto("/router/")
    expect(pupil.locator("body[data-ready=true]")).to_have_count(1)
    button = pupil.get_by_test_id("class-sign-in")
    expect(button).to_be_in_viewport(ratio=1)
    fits(pupil)
    # The dialog with its own hint (no wrong password sent: failures are counted per address).
    button.click()
    dialog = pupil.get_by_test_id("class-dialog")
    dialog.get_by_test_id("class-code-input").fill(code.lower())
    dialog.get_by_test_id("class-sign-in-submit").click()
    expect(dialog.get_by_test_id("class-sign-in-error")).to_contain_text("Fill in all three")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["viewport"]["width"]
    shot(pupil, f"{size}-router-dialog", full_page=False)
    dialog.get_by_test_id("class-cancel").click()
    dialog = pupil_signs_in(pupil, code, "Ann Smith", passwords["Ann Smith"])
    expect(dialog.get_by_test_id("class-signed-in")).to_be_visible()
    shot(pupil, f"{size}-router-signed-in", full_page=False)
    dialog.get_by_test_id("class-close").click()
    fits(pupil)
    shot(pupil, f"{size}-router-header-signed-in", full_page=False)
    assert problems == [], problems


def test_each_class_leads_to_its_scoreboard_from_the_list_and_from_the_class(open_page):
    page = open_page()
    sign_up(page)
    make_class(page, "Oaks")
    willows = make_class(page, "Willows")
    willows.get_by_test_id("scoreboard-link").click()
    expect(page).to_have_url(re.compile(r"/router/teacher\.html#class="))
    expect(page.get_by_test_id("board-title")).to_contain_text("Willows")

    page.goto("/classroom/")
    page.get_by_test_id("class-list").get_by_test_id("class-item").filter(has_text="Oaks").get_by_test_id("open-class-button").click()
    page.get_by_test_id("open-dashboard").click()
    expect(page.get_by_test_id("board-title")).to_contain_text("Oaks")
