"""A school on the teachers' page (issue 37), with four people on four machines: a head teacher
makes her school and an invitation link; a colleague opens the link signed out, signs up from it
and is in the school; she makes him a co-teacher of her class; a pupil on a tablet plays level 1
and it shows live on both teachers' open scoreboards; she gives him a new password and he signs
in with it; a teacher of another school gets 404 for the school's and the class's API paths and
sees nothing of them on her page. A second test joins a school signed in, gives a class away,
makes an admin and removes a teacher, and says what to do with a used or unneeded link.
Screenshots of the school panel and a class's teachers (desktop, tablet and phone, touch) go to
/tmp/issue37/shots.

The classroom tests' own server (sign-in failures are counted per address; see test_classroom)."""
import re
import uuid

from playwright.sync_api import expect

from conftest import browser_contexts, full_page_shot, watch_errors
from test_accessibility import assert_clean, check
from test_classroom import PASSWORD, classroom_server, fill_sign_in, fill_sign_up  # noqa: F401 (fixture)
from test_classroom_progress import sign_in_on_router
from test_classroom_signin import call
from test_teacher_dashboard import pupil_row, sign_in_teacher

SHOTS = "/tmp/issue37/shots"
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
SOLVES_LEVEL_1 = {"program": {"blocks": [{"type": "move_forwards"}, {"type": "move_forwards"}]}, "seconds": 5}
# The browser logs every refused request; these are the ones a test provokes on purpose.
SIGNED_OUT = "401 (Unauthorized)"
NOT_FOUND = "404 (Not Found)"


def shot(page, name):
    full_page_shot(page, SHOTS, name)


def new_email(who):
    return f"{who}-{uuid.uuid4().hex[:8]}@school.org"


def teacher_by_api(context, name):
    """Signs a new teacher up in `context` through the API: their email."""
    email = new_email(name.split()[-1].lower())
    status, answer = call(context, "POST", "/api/auth/teachers", {"name": name, "email": email, "password": PASSWORD})
    assert status == 201, answer
    return email


def class_by_api(context, name, pupils=()):
    """A class of the signed-in teacher in `context`: (the class, {pupil: password})."""
    status, one = call(context, "POST", "/api/classes", {"name": name})
    assert status == 201, one
    passwords = {}
    if pupils:
        status, added = call(context, "POST", f"/api/classes/{one['id']}/pupils", {"names": list(pupils)})
        assert status == 201, added
        passwords = {pupil["name"]: pupil["password"] for pupil in added["pupils"]}
    return one, passwords


def school_by_api(context, name):
    """A school made by the signed-in teacher in `context` (its admin), and an invitation token."""
    status, school = call(context, "POST", "/api/schools", {"name": name})
    assert status == 201, school
    status, invite = call(context, "POST", f"/api/schools/{school['id']}/invites")
    assert status == 201, invite
    return school, invite["link"].split("invite=")[1]


def open_classes(page):
    page.goto("/classroom/")
    expect(page.get_by_test_id("classes-view")).to_be_visible()
    expect(page.get_by_test_id("school-title")).to_be_visible()


def school_teacher(page, name):
    return page.get_by_test_id("school-teacher").filter(has=page.get_by_test_id("school-teacher-name").get_by_text(name, exact=True))


def class_item(page, name):
    return page.get_by_test_id("class-item").filter(has=page.get_by_test_id("open-class").get_by_text(name, exact=True))


def open_board(page, one):
    page.goto(f"/router/teacher.html#class={one['id']}")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("class-select")).to_have_value(one["id"])
    expect(page.get_by_test_id("live")).to_have_attribute("data-state", "live")


def test_a_school_invites_a_colleague_who_co_teaches_and_another_school_sees_nothing(browser, classroom_server):
    with browser_contexts(browser, classroom_server) as new_context:
        # The head teacher on her desktop: her class is set up through the API, the school on the page.
        head_context = new_context(**SIZES["desktop"], permissions=["clipboard-read", "clipboard-write"])
        head_email = teacher_by_api(head_context, "Ms Head")
        one, passwords = class_by_api(head_context, "5H", ["Ada", "Ben"])
        head = head_context.new_page()
        head_problems = watch_errors(head)
        open_classes(head)
        expect(head.get_by_test_id("school-title")).to_have_text("My school")
        head.get_by_test_id("new-school").click()  # no name: the form says what to write
        expect(head.get_by_test_id("new-school-error")).to_contain_text("Write your school's name")
        head.get_by_test_id("new-school-name").fill("Hill Primary")
        head.get_by_test_id("new-school").click()
        expect(head.get_by_test_id("school-name")).to_have_text("Hill Primary")
        expect(head.get_by_test_id("message")).to_contain_text("Hill Primary is made and you are its admin")
        expect(school_teacher(head, "Ms Head").get_by_test_id("school-admin-badge")).to_be_visible()
        expect(head.get_by_test_id("school-class")).to_have_count(1)
        expect(head.get_by_test_id("school-class-teachers")).to_have_text("Teacher: Ms Head")

        # An invitation link, shown whole as an address on this server, with its expiry; Copy copies it.
        head.get_by_test_id("make-invite").click()
        link = head.get_by_test_id("invite-link").inner_text()
        assert re.fullmatch(re.escape(classroom_server) + r"/classroom/\?invite=\S+", link), link
        expect(head.get_by_test_id("invite-expires")).to_contain_text("It works once, until")
        head.get_by_test_id("copy-invite").click()
        expect(head.get_by_test_id("message")).to_contain_text("The link is copied")
        assert head.evaluate("navigator.clipboard.readText()") == link
        school_id = head.evaluate("fetch('/api/auth/me').then((answer) => answer.json()).then(({ user }) => user.school)")
        assert school_id
        report = check(head, "the school panel with an invitation link")

        # The colleague opens the link signed out: a note says so, and signing up joins the school.
        colleague_context = new_context(**SIZES["desktop"])
        colleague = colleague_context.new_page()
        colleague_problems = watch_errors(colleague, allow=(SIGNED_OUT,))
        colleague.goto(link)
        expect(colleague.get_by_test_id("invite-note")).to_contain_text("You have been invited to join a school")
        report += check(colleague, "signed out, with an invitation")
        colleague_email = new_email("jones")
        fill_sign_up(colleague, "Mr Jones", colleague_email)
        expect(colleague.get_by_test_id("who")).to_have_text("Signed in as Mr Jones")
        expect(colleague.get_by_test_id("message")).to_contain_text("you have joined your school")
        expect(colleague).to_have_url(classroom_server + "/classroom/")  # the token is gone from the address
        expect(colleague.get_by_test_id("school-name")).to_have_text("Hill Primary")
        expect(colleague.get_by_test_id("school-about")).to_contain_text("Its admin is Ms Head")
        expect(colleague.get_by_test_id("school-teacher-name")).to_have_text(["Mr Jones", "Ms Head"])
        expect(colleague.get_by_test_id("make-invite")).to_have_count(0)  # admins' tools only
        expect(colleague.get_by_test_id("school-classes")).to_have_count(0)

        # The head sees him, and adds him to her class on the class's page.
        open_classes(head)
        expect(head.get_by_test_id("school-teacher-name")).to_have_text(["Mr Jones", "Ms Head"])
        class_item(head, "5H").get_by_test_id("open-class").click()
        panel = head.get_by_test_id("class-teachers")
        expect(panel.get_by_test_id("class-teacher-name")).to_have_text(["Ms Head"])
        expect(panel.get_by_test_id("colleague-choice")).to_have_text("Mr Jones")
        shot(head, "class-teachers-add-desktop")
        panel.get_by_test_id("add-colleague").click()
        expect(panel.get_by_test_id("class-teacher-name")).to_have_text(["Ms Head", "Mr Jones"])
        expect(panel.get_by_test_id("class-teacher-role")).to_have_text(["the class's teacher", "co-teacher"])
        expect(head.get_by_test_id("message")).to_contain_text("Mr Jones now teaches 5H with you")
        expect(panel.get_by_test_id("no-colleagues")).to_contain_text("Every teacher of your school teaches this class already")
        report += check(head, "a class with a co-teacher")
        head.get_by_test_id("all-classes").click()
        expect(class_item(head, "5H").get_by_test_id("class-with")).to_have_text("With Mr Jones")
        expect(head.get_by_test_id("school-class-teachers")).to_have_text("Teacher: Ms Head · with Mr Jones")

        # His page marks the class as shared with him, and its page lets him leave it.
        colleague.goto("/classroom/")
        shared = class_item(colleague, "5H")
        expect(shared.get_by_test_id("class-with")).to_contain_text("With Ms Head")
        expect(shared).to_contain_text("you co-teach it")
        expect(shared.get_by_test_id("pupil-count")).to_have_text("2 pupils")
        shot(colleague, "colleague-classes-desktop")
        shared.get_by_test_id("open-class").click()
        expect(colleague.get_by_test_id("pupil-name")).to_have_text(["Ada", "Ben"])
        expect(colleague.get_by_test_id("leave-class")).to_be_visible()
        expect(colleague.get_by_test_id("remove-co-teacher")).to_have_count(0)
        colleague.get_by_test_id("class-teachers").scroll_into_view_if_needed()
        shot(colleague, "class-teachers-co-teacher-desktop")

        # Both scoreboards are open when a pupil on a tablet plays level 1: it shows live on both.
        open_board(head, one)
        open_board(colleague, one)
        for board in (head, colleague):
            expect(pupil_row(board, "Ada").get_by_test_id("cell-1")).to_have_attribute("data-played", "false")
        pupil_context = new_context(**SIZES["tablet"])
        pupil = pupil_context.new_page()
        pupil_problems = watch_errors(pupil)
        sign_in_on_router(pupil, one["code"], "Ada", passwords["Ada"])
        status, answer = call(pupil_context, "POST", "/api/router/levels/1/runs", SOLVES_LEVEL_1)
        assert status == 200, answer
        for board in (head, colleague):
            cell = pupil_row(board, "Ada").get_by_test_id("cell-1")
            expect(cell).to_have_attribute("data-played", "true", timeout=3000)
            expect(cell.get_by_test_id("cell-best")).to_have_text("20/20")

        # He forgets his password: the head gives him a new one on her page, shown once.
        open_classes(head)
        school_teacher(head, "Mr Jones").get_by_test_id("teacher-new-password").click()
        expect(head.get_by_test_id("ask")).to_contain_text("A new password for Mr Jones?")
        head.get_by_test_id("ask-yes").click()
        new_password = head.get_by_test_id("shown-teacher-password").inner_text()
        assert len(new_password) >= 10, new_password
        expect(head.get_by_test_id("teacher-password")).to_contain_text("This password is shown only now")
        report += check(head, "a colleague's new password")
        head.get_by_test_id("hide-teacher-password").click()
        expect(head.get_by_test_id("teacher-password")).to_be_hidden()
        # He was signed out everywhere; the old password no longer works, the new one does.
        colleague.goto("/classroom/")
        expect(colleague.get_by_test_id("sign-in-form")).to_be_visible()
        expect(colleague.get_by_test_id("message")).to_contain_text("You have been signed out")
        fill_sign_in(colleague, colleague_email, new_password)
        expect(colleague.get_by_test_id("who")).to_have_text("Signed in as Mr Jones")
        expect(class_item(colleague, "5H")).to_be_visible()

        # A teacher of another school: the school's and the class's API paths are 404, her page shows nothing of them.
        far_context = new_context(**SIZES["desktop"])
        teacher_by_api(far_context, "Ms Far")
        school_by_api(far_context, "Far Academy")
        class_by_api(far_context, "Far 1")
        for path in (f"/api/schools/{school_id}", f"/api/classes/{one['id']}/teachers", f"/api/classes/{one['id']}/pupils",
                     f"/api/classes/{one['id']}/scoreboard"):
            assert call(far_context, "GET", path)[0] == 404, path
        for method, path, body in (("POST", f"/api/schools/{school_id}/invites", None),
                                   ("POST", f"/api/classes/{one['id']}/teachers", {"teacher": "x"}),
                                   ("PUT", f"/api/schools/{school_id}/classes/{one['id']}/teacher", {"teacher": "x"})):
            assert call(far_context, method, path, body)[0] == 404, path
        far = far_context.new_page()
        far_problems = watch_errors(far, allow=(NOT_FOUND,))
        open_classes(far)
        expect(far.get_by_test_id("school-name")).to_have_text("Far Academy")
        expect(far.get_by_test_id("school-teacher-name")).to_have_text(["Ms Far"])
        expect(far.get_by_test_id("school-class-name")).to_have_text(["Far 1"])
        text = far.locator("main").inner_text()
        for unseen in ("Hill Primary", "5H", "Ms Head", "Mr Jones", one["code"]):
            assert unseen not in text, unseen
        far.goto(f"/classroom/#class={one['id']}")
        expect(far.get_by_test_id("message")).to_contain_text("That class is not among yours")
        expect(far.get_by_test_id("class-view")).to_be_hidden()
        far.goto(f"/router/teacher.html#class={one['id']}")
        expect(far.locator("body[data-ready=true]")).to_have_count(1)
        expect(far.get_by_test_id("class-select").locator("option")).to_have_text(["Far 1"])

        # The school panel and the class's teachers at each size (the head signed in on each).
        for size in SIZES:
            context = new_context(**SIZES[size])
            page = context.new_page()
            problems = watch_errors(page)
            sign_in_teacher(page, head_email)
            expect(page.get_by_test_id("school-name")).to_have_text("Hill Primary")
            page.get_by_test_id("make-invite").click()
            expect(page.get_by_test_id("invite-link")).to_be_visible()
            page.get_by_test_id("school").scroll_into_view_if_needed()
            shot(page, f"school-{size}")
            class_item(page, "5H").get_by_test_id("open-class").click()
            expect(page.get_by_test_id("class-teacher")).to_have_count(2)
            page.get_by_test_id("class-teachers").scroll_into_view_if_needed()
            shot(page, f"class-teachers-{size}")
            if size == "phone":
                report += check(page, "phone: a class's teachers")
                page.get_by_test_id("all-classes").click()
                expect(page.get_by_test_id("school-name")).to_have_text("Hill Primary")
                report += check(page, "phone: the school panel")
            assert problems == [], problems

        assert_clean(report)
        for problems in (head_problems, colleague_problems, pupil_problems, far_problems):
            assert problems == [], problems


def test_joining_signed_in_giving_a_class_making_an_admin_and_removing_a_teacher(browser, classroom_server):
    with browser_contexts(browser, classroom_server) as new_context:
        head_context = new_context(**SIZES["desktop"])
        teacher_by_api(head_context, "Ms Head")
        school, token = school_by_api(head_context, "Vale School")
        class_by_api(head_context, "6V", ["Cleo"])
        # Mr Rees has an account and a class; signed in, he opens the link and joins.
        rees_context = new_context(**SIZES["tablet"])
        teacher_by_api(rees_context, "Mr Rees")
        class_by_api(rees_context, "Rees club")
        rees = rees_context.new_page()
        rees_problems = watch_errors(rees)
        rees.goto(f"/classroom/?invite={token}")
        expect(rees.get_by_test_id("invitation-title")).to_have_text("You have been invited to join a school")
        expect(rees.get_by_test_id("school-title")).to_have_text("My school")  # none yet
        report = check(rees, "a signed-in teacher with an invitation")
        shot(rees, "invitation-tablet")
        rees.get_by_test_id("join-school").click()
        expect(rees.get_by_test_id("message")).to_contain_text("Welcome to Vale School!")
        expect(rees.get_by_test_id("invitation")).to_be_hidden()
        expect(rees).to_have_url(classroom_server + "/classroom/")
        expect(rees.get_by_test_id("school-name")).to_have_text("Vale School")

        # The same link again, by a teacher with no school: used, so the page says to ask for a new one.
        solo_context = new_context(**SIZES["phone"])
        teacher_by_api(solo_context, "Ms Solo")
        solo = solo_context.new_page()
        solo_problems = watch_errors(solo, allow=(NOT_FOUND,))
        solo.goto(f"/classroom/?invite={token}")
        solo.get_by_test_id("join-school").click()
        expect(solo.get_by_test_id("join-error")).to_contain_text("Ask your school's admin for a new one")
        expect(solo.get_by_test_id("join-school")).to_be_hidden()
        expect(solo).to_have_url(classroom_server + "/classroom/")
        solo.get_by_test_id("decline-invite").click()  # now "Close"
        expect(solo.get_by_test_id("invitation")).to_be_hidden()
        expect(solo.get_by_test_id("school-title")).to_have_text("My school")
        # Signed out: a used link still makes the account, and says it did not join; a broken one is dropped.
        newcomer = new_context(**SIZES["phone"]).new_page()
        newcomer_problems = watch_errors(newcomer, allow=(NOT_FOUND,))
        newcomer.goto(f"/classroom/?invite={token}")
        expect(newcomer.get_by_test_id("invite-note")).to_be_visible()
        fill_sign_up(newcomer, "Ms Late", new_email("late"))
        expect(newcomer.get_by_test_id("message")).to_contain_text("you have not joined the school. Ask your school's admin for a new link")
        expect(newcomer.get_by_test_id("new-school-form")).to_be_visible()
        expect(newcomer).to_have_url(classroom_server + "/classroom/")
        newcomer.get_by_test_id("sign-out").click()
        newcomer.goto("/classroom/?invite=not-a-token")
        fill_sign_up(newcomer, "Mr Typo", new_email("typo"))
        expect(newcomer.get_by_test_id("sign-up-error")).to_contain_text("press Create account again")
        expect(newcomer.get_by_test_id("invite-note")).to_be_hidden()
        newcomer.get_by_test_id("sign-up-password").fill(PASSWORD)
        newcomer.get_by_test_id("sign-up").click()
        expect(newcomer.get_by_test_id("who")).to_have_text("Signed in as Mr Typo")
        # A teacher already in a school is told why the link is not for her, and it stays unused.
        status, second = call(head_context, "POST", f"/api/schools/{school['id']}/invites")
        assert status == 201, second
        head = head_context.new_page()
        head_problems = watch_errors(head)
        head.goto("/classroom/?" + second["link"].split("?")[1])
        expect(head.get_by_test_id("invitation-title")).to_have_text("This invitation is for a teacher with no school")
        expect(head.get_by_test_id("invitation-text")).to_contain_text("You already belong to Vale School")
        head.get_by_test_id("close-invitation").click()
        expect(head.get_by_test_id("invitation")).to_be_hidden()
        expect(head).to_have_url(classroom_server + "/classroom/")

        # Added to 6V as a co-teacher, he leaves it from its page.
        rees_id = call(rees_context, "GET", "/api/auth/me")[1]["user"]["id"]
        six = next(each for each in call(head_context, "GET", "/api/classes")[1]["classes"] if each["name"] == "6V")
        assert call(head_context, "POST", f"/api/classes/{six['id']}/teachers", {"teacher": rees_id})[0] == 201
        rees.goto("/classroom/")
        class_item(rees, "6V").get_by_test_id("open-class").click()
        rees.get_by_test_id("leave-class").click()
        expect(rees.get_by_test_id("ask")).to_contain_text("Leave 6V?")
        rees.get_by_test_id("ask-yes").click()
        expect(rees.get_by_test_id("message")).to_contain_text("You have left 6V")
        expect(rees.get_by_test_id("classes-view")).to_be_visible()
        expect(class_item(rees, "6V")).to_have_count(0)

        # The head gives 6V to Mr Rees, makes him an admin, then removes him: his classes come to her.
        head.goto("/classroom/")
        expect(head.get_by_test_id("school-class")).to_have_count(2)
        vale = head.get_by_test_id("school-class").filter(has_text="6V")
        vale.get_by_test_id("give-class-to").select_option(label="Mr Rees")
        vale.get_by_test_id("give-class").click()
        expect(head.get_by_test_id("ask")).to_contain_text("Give 6V to Mr Rees?")
        head.get_by_test_id("ask-yes").click()
        expect(head.get_by_test_id("message")).to_contain_text("6V is now Mr Rees's class")
        expect(class_item(head, "6V")).to_have_count(0)
        expect(head.get_by_test_id("school-class").filter(has_text="6V").get_by_test_id("school-class-teachers")).to_have_text("Teacher: Mr Rees")
        school_teacher(head, "Mr Rees").get_by_test_id("teacher-admin").click()
        expect(school_teacher(head, "Mr Rees").get_by_test_id("school-admin-badge")).to_be_visible()
        expect(school_teacher(head, "Mr Rees").get_by_test_id("teacher-admin")).to_have_text("Take admin away")
        rees.goto("/classroom/")
        expect(class_item(rees, "6V")).to_be_visible()
        expect(rees.get_by_test_id("make-invite")).to_be_visible()  # an admin now
        school_teacher(head, "Mr Rees").get_by_test_id("remove-teacher").click()
        expect(head.get_by_test_id("ask")).to_contain_text(re.compile(r"Their classes \((6V and Rees club|Rees club and 6V)\) come to you"))
        head.get_by_test_id("ask-yes").click()
        expect(head.get_by_test_id("message")).to_contain_text("Mr Rees is no longer in Vale School")
        expect(head.get_by_test_id("school-teacher-name")).to_have_text(["Ms Head"])
        expect(class_item(head, "6V")).to_be_visible()
        expect(class_item(head, "Rees club")).to_be_visible()
        rees.goto("/classroom/")
        expect(rees.get_by_test_id("new-school-form")).to_be_visible()  # no school, no classes
        expect(rees.get_by_test_id("no-classes")).to_be_visible()
        assert_clean(report)
        for problems in (head_problems, rees_problems, solo_problems, newcomer_problems):
            assert problems == [], problems
