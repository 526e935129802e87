"""Sign-in for the youngest (issue 37): a teacher switches her class to pictures on its page (after
saying yes to new passwords for everyone) and sees two pictures for each pupil; the login cards show
each pupil's pictures, numbered, and the class's own link /c/CODE. A pupil on a tablet opens that
link, taps her name and her two pictures and lands in Rapid Router signed in; a wrong pair is
cleared with a kind word that names no picture; Undo takes back a tap. Too many wrong pairs say to
ask the teacher, who unlocks her. A code that is no picture class asks for the code again. axe
finds nothing serious on the teacher's class, the cards, the names, the pictures or the code box.
Screenshots (tablet 1024 × 768 and phone 390 × 844, both touch; the cards on screen and as printed)
go to /tmp/issue37/shots/pictures/.

The classroom tests' own server (sign-in failures are counted per address; see test_classroom)."""
import re

from playwright.sync_api import expect

from conftest import browser_contexts, browsing, full_page_shot, watch_errors
from test_classroom import classroom_server  # noqa: F401 (fixture)
from test_accessibility import assert_clean, check
from test_classroom_signin import call, open_class, teacher_with_class

SHOTS = "/tmp/issue37/shots/pictures"
PICTURES = ["apple", "boat", "cat", "drum", "fish", "kite", "moon", "owl", "rocket", "star", "tree", "umbrella"]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
A4 = {"width": 794, "height": 1123}  # 210 × 297 mm at 96 px an inch
# The browser logs every refused request; these are the ones a test provokes on purpose.
WRONG_PAIR = "401 (Unauthorized)"
LOCKED = "429 (Too Many Requests)"
NOT_FOUND = "404 (Not Found)"


def shot(page, name):
    full_page_shot(page, SHOTS, name)


def picture_class(context, names, class_name="Reception Owls"):
    """A new teacher's class of `names` switched to pictures through the API: (class, {name: [two pictures]})."""
    _, one, _ = teacher_with_class(context, names, class_name)
    status, changed = call(context, "PATCH", f"/api/classes/{one['id']}", {"signIn": "pictures"})
    assert status == 200 and changed["signIn"] == "pictures", changed
    return one, {pupil["name"]: pupil["pictures"] for pupil in changed["pupils"]}


def wrong_pair(right):
    """Two pictures that are not `right` (and that do not start with its first picture, so both taps matter)."""
    first = next(picture for picture in PICTURES if picture != right[0])
    return [first, right[1]]


def tap_picture(page, picture):
    page.get_by_test_id("picture-grid").locator(f"[data-picture='{picture}']").tap()


def open_class_link(page, code):
    """The short link printed on the cards: it opens the class's names."""
    page.goto(f"/c/{code}")
    expect(page).to_have_url(re.compile(rf"/classroom/pictures\.html\?code={code}$"))
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("names")).to_be_visible()


def tap_name(page, name):
    page.get_by_test_id("name-button").filter(has=page.get_by_text(name, exact=True)).tap()
    expect(page.get_by_test_id("hello")).to_have_text(f"Hello, {name}!")
    expect(page.get_by_test_id("picture")).to_have_count(12)


def test_a_teacher_switches_to_pictures_and_a_pupil_signs_in_on_a_tablet(browser, classroom_server):  # noqa: F811
    with browser_contexts(browser, classroom_server) as new_context:
        teacher = new_context(**DESKTOP)
        names = ["Mia", "Leo", "Zoë"]
        _, one, _ = teacher_with_class(teacher, names, "Reception Owls")
        code = one["code"]
        with browsing(teacher) as page:
            open_class(page, one)
            expect(page.get_by_test_id("sign-in-words")).to_be_checked()
            expect(page.get_by_test_id("sign-in-how")).to_contain_text("/router/")
            # Changing asks first; "Cancel" keeps typed passwords.
            page.get_by_test_id("sign-in-pictures").click()
            expect(page.get_by_test_id("ask")).to_contain_text("new login card")
            page.get_by_test_id("ask-no").click()
            expect(page.get_by_test_id("sign-in-words")).to_be_checked()
            expect(page.get_by_test_id("new-passwords")).to_be_hidden()
            # Yes: every pupil's two new pictures, shown once, with the cards to print.
            page.get_by_test_id("sign-in-pictures").click()
            page.get_by_test_id("ask-yes").click()
            shown = page.get_by_test_id("new-passwords")
            expect(shown).to_be_visible()
            expect(shown.get_by_test_id("new-password-row")).to_have_count(3)
            expect(page.get_by_test_id("sign-in-pictures")).to_be_checked()
            link = f"{classroom_server}/c/{code}"
            expect(page.get_by_test_id("class-link")).to_have_text(link)
            pictures = {}
            for name in names:
                row = shown.get_by_test_id("new-password-row").filter(has=page.locator("th", has_text=name))
                expect(row.get_by_test_id("shown-picture")).to_have_count(2)
                pictures[name] = [row.get_by_test_id("shown-picture").nth(index).get_attribute("data-picture") for index in (0, 1)]
                assert all(picture in PICTURES for picture in pictures[name]), pictures
            expect(page.get_by_test_id("pupil")).to_have_count(3)
            shot(page, "teacher-class-pictures-desktop")
            report = check(page, "a class's new picture passwords")

            # The cards: each pupil's two pictures in order, and the class's link, large.
            with page.context.expect_page() as opened:
                shown.get_by_test_id("print-cards").click()
            cards = opened.value
            cards_problems = watch_errors(cards)
            expect(cards.get_by_test_id("login-card")).to_have_count(3)
            for name in names:
                card = cards.get_by_test_id("login-card").filter(has=cards.get_by_test_id("card-name").get_by_text(name, exact=True))
                expect(card.get_by_test_id("card-link")).to_have_text(link)
                expect(card.get_by_test_id("card-picture")).to_have_count(2)
                assert [card.get_by_test_id("card-picture").nth(index).get_attribute("data-picture") for index in (0, 1)] == pictures[name]
                expect(card.get_by_test_id("card-how")).to_contain_text("your two pictures")
            # Every picture drew (none is a broken image).
            assert cards.evaluate("[...document.querySelectorAll('.card-picture img')].every((img) => img.complete && img.naturalWidth > 0)")
            report += check(cards, "picture cards")
            for size, viewport in (("tablet", TABLET["viewport"]), ("phone", PHONE["viewport"])):
                cards.set_viewport_size(viewport)
                shot(cards, f"cards-{size}")
            cards.set_viewport_size(A4)
            cards.emulate_media(media="print")
            shot(cards, "cards-printed-a4")
            assert cards_problems == [], cards_problems

        # Mia on the class's tablet: the link, her name, a wrong pair, Undo, then her pair.
        with browsing(new_context(**TABLET), allow=(WRONG_PAIR,)) as tablet:
            open_class_link(tablet, code)
            expect(tablet.get_by_test_id("class-name")).to_have_text("Reception Owls")
            expect(tablet.get_by_test_id("name-button")).to_have_count(3)
            smallest = tablet.evaluate("Math.min(...[...document.querySelectorAll('.name-button')].map((b) => b.getBoundingClientRect().height))")
            assert smallest >= 64, smallest
            shot(tablet, "names-tablet")
            report += check(tablet, "a picture class's names")
            tap_name(tablet, "Mia")
            sizes = tablet.evaluate("[...document.querySelectorAll('[data-testid=picture]')].map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
            assert min(min(size) for size in sizes) >= 64, sizes
            # All twelve fit on the screen without scrolling.
            assert tablet.evaluate("document.documentElement.scrollHeight <= innerHeight"), "the tablet has to scroll to see every picture"
            wrong = wrong_pair(pictures["Mia"])
            tap_picture(tablet, wrong[0])
            expect(tablet.get_by_test_id("chosen-picture")).to_have_count(1)
            tablet.get_by_test_id("undo").tap()
            expect(tablet.get_by_test_id("chosen-picture")).to_have_count(0)
            expect(tablet.get_by_test_id("undo")).to_be_disabled()
            tap_picture(tablet, wrong[0])
            shot(tablet, "pictures-one-chosen-tablet")
            tap_picture(tablet, wrong[1])
            message = tablet.get_by_test_id("picture-message")
            expect(message).to_have_text("Those are not your pictures. Try again, or ask your teacher.")
            expect(tablet.get_by_test_id("chosen-picture")).to_have_count(0)
            assert not any(picture in message.inner_text() for picture in PICTURES)
            shot(tablet, "pictures-wrong-pair-tablet")
            report += check(tablet, "the pictures after a wrong pair")
            for picture in pictures["Mia"]:
                tap_picture(tablet, picture)
            expect(tablet).to_have_url(re.compile(r"/router/$"))
            expect(tablet.locator("body[data-ready=true]")).to_have_count(1)
            expect(tablet.get_by_test_id("class-sign-in")).to_contain_text("Mia")
            status, me = call(tablet.context, "GET", "/api/auth/me")
            assert status == 200 and me["user"]["role"] == "pupil" and me["user"]["name"] == "Mia", me
        assert_clean(report)


def test_a_locked_name_says_ask_the_teacher_and_the_phone_fits(browser, classroom_server):  # noqa: F811
    with browser_contexts(browser, classroom_server) as new_context:
        teacher = new_context(**DESKTOP)
        one, pictures = picture_class(teacher, ["Ava", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hana Long-Surname"], "Nursery Stars")
        code = one["code"]
        with browsing(new_context(**PHONE), allow=(WRONG_PAIR, LOCKED)) as phone:
            open_class_link(phone, code)
            shot(phone, "names-phone")
            tap_name(phone, "Ben")
            sizes = phone.evaluate("[...document.querySelectorAll('[data-testid=picture]')].map((b) => b.getBoundingClientRect().width)")
            assert min(sizes) >= 64, sizes
            tap_picture(phone, pictures["Ben"][0])
            shot(phone, "pictures-one-chosen-phone")
            # Someone guesses at Ben from this phone until his name locks here.
            wrong = [pair for pair in ([a, b] for a in PICTURES for b in PICTURES) if pair != pictures["Ben"]]
            for pair in wrong[:10]:
                status, _ = call(phone.context, "POST", "/api/auth/login", {"classCode": code, "name": "Ben", "pictures": pair})
                assert status == 401, pair
            tap_picture(phone, pictures["Ben"][1])
            message = phone.get_by_test_id("picture-message")
            expect(message).to_contain_text("Ask your teacher to let you in")
            expect(phone.get_by_test_id("chosen-picture")).to_have_count(0)
            shot(phone, "pictures-locked-phone")
            # Not me: back to the names.
            phone.get_by_test_id("not-me").tap()
            expect(phone.get_by_test_id("names")).to_be_visible()
            # The teacher unlocks him; his pair works.
            status, listed = call(teacher, "GET", f"/api/classes/{one['id']}/pupils")
            ben = next(pupil for pupil in listed["pupils"] if pupil["name"] == "Ben")
            assert ben["locked"] is True
            assert call(teacher, "POST", f"/api/classes/{one['id']}/pupils/{ben['id']}/unlock")[0] == 200
            tap_name(phone, "Ben")
            for picture in pictures["Ben"]:
                tap_picture(phone, picture)
            expect(phone).to_have_url(re.compile(r"/router/$"))
            status, me = call(phone.context, "GET", "/api/auth/me")
            assert status == 200 and me["user"]["name"] == "Ben", me

        # A long name on a phone, for the screenshots.
        with browsing(new_context(**PHONE)) as phone:
            open_class_link(phone, code)
            tap_name(phone, "Hana Long-Surname")
            shot(phone, "pictures-phone")


def test_a_code_that_is_no_picture_class_asks_for_the_code(browser, classroom_server):  # noqa: F811
    with browser_contexts(browser, classroom_server) as new_context:
        teacher = new_context(**DESKTOP)
        _, words_class, _ = teacher_with_class(teacher, ["Sam K"], "6T")
        one, _ = picture_class(teacher, ["Ivy"], "Reception Robins")
        with browsing(new_context(**TABLET), allow=(NOT_FOUND,)) as tablet:
            # A class that types its passwords keeps its names private: the same as no class.
            tablet.goto(f"/c/{words_class['code']}")
            expect(tablet.get_by_test_id("find-class")).to_be_visible()
            expect(tablet.get_by_test_id("message")).to_contain_text(f"can't find a picture class with the code “{words_class['code']}”")
            expect(tablet.get_by_test_id("names")).to_be_hidden()
            shot(tablet, "unknown-code-tablet")
            assert_clean(check(tablet, "the class code box"))
            # Typing the right code (in small letters) opens the class.
            tablet.get_by_test_id("code-input").fill(one["code"].lower())
            tablet.get_by_test_id("code-go").tap()
            expect(tablet.get_by_test_id("class-name")).to_have_text("Reception Robins")
            expect(tablet.get_by_test_id("name-button")).to_have_count(1)
            expect(tablet).to_have_url(re.compile(rf"\?code={one['code']}$"))
            # No code at all: the box, with nothing wrong said.
            tablet.goto("/classroom/pictures.html")
            expect(tablet.get_by_test_id("find-class")).to_be_visible()
            expect(tablet.get_by_test_id("message")).to_have_text("Type your class code, then press Go.")


def test_one_new_picture_password_and_back_to_typed_passwords(browser, classroom_server):  # noqa: F811
    with browser_contexts(browser, classroom_server) as new_context:
        teacher = new_context(**PHONE)
        one, pictures = picture_class(teacher, ["Ivy", "Jon"], "Reception Wrens")
        with browsing(teacher) as page:
            open_class(page, one)
            expect(page.get_by_test_id("sign-in-pictures")).to_be_checked()
            expect(page.get_by_test_id("class-link")).to_have_text(f"{classroom_server}/c/{one['code']}")
            # One pupil's new password is two new pictures too.
            page.get_by_test_id("pupil").filter(has=page.get_by_text("Ivy", exact=True)).get_by_test_id("reset-password").click()
            page.get_by_test_id("ask-yes").click()
            shown = page.get_by_test_id("new-passwords")
            expect(shown.get_by_test_id("shown-picture")).to_have_count(2)
            shot(page, "teacher-new-picture-password-phone")
            # Back to typed passwords: asked first, then typed passwords for both, and the old pictures stop working.
            page.get_by_test_id("sign-in-words").click()
            expect(page.get_by_test_id("ask")).to_contain_text("Typed passwords for Reception Wrens?")
            page.get_by_test_id("ask-yes").click()
            expect(shown.get_by_test_id("new-password-row")).to_have_count(2)
            expect(shown.get_by_test_id("shown-picture")).to_have_count(0)
            expect(page.get_by_test_id("sign-in-words")).to_be_checked()
            expect(page.get_by_test_id("sign-in-how")).to_contain_text("/router/")
            typed = shown.get_by_test_id("new-password-row").filter(has=page.locator("th", has_text="Jon")).get_by_test_id("shown-password").inner_text()
        pupil = new_context()
        status, _ = call(pupil, "POST", "/api/auth/login", {"classCode": one["code"], "name": "Jon", "pictures": pictures["Jon"]})
        assert status == 401
        status, _ = call(pupil, "POST", "/api/auth/login", {"classCode": one["code"], "name": "Jon", "password": typed})
        assert status == 200
