"""Levels a teacher approves (issue 37), with three people on three machines: a pupil shares a
level with her class and it waits (her My levels says so); a classmate does not see it until the
teacher approves it in "Levels waiting for you" on the dashboard, then finds it under Shared with
me; a level the teacher rejects is no longer shared with the class (its maker keeps it); a pupil's
link share is refused in the server's words until the teacher turns on "Pupils may share levels
by link" beside the queue. Set up through the API; the pages are what is tested. Screenshots of
the waiting note, the level select's Approve and Reject and the dashboard panel (desktop, tablet
and phone, touch) go to /tmp/issue37/shots/approval.

The classroom tests' own server (sign-in failures are counted per address; see test_classroom)."""
import os

from playwright.sync_api import expect

from conftest import browser_contexts, watch_errors
from test_accessibility import assert_clean, check
from test_classroom import classroom_server  # noqa: F401 (fixture)
from test_classroom_school import SIZES
from test_classroom_signin import call, open_router, pupil_login, teacher_with_class
from test_level_sharing import my_levels
from test_router_designer import open_designer

SHOTS = "/tmp/issue37/shots/approval"
LINKS_OFF = "403 (Forbidden)"  # Sam's refused link share: the browser logs it itself


def shots(make, signed_in, name, url, ready, where):
    """Opens `url` as the person in `signed_in` (a storage state) at every size, after `ready(page)`,
    and screenshots the screen around `where(page)`; nothing sticks out sideways."""
    os.makedirs(SHOTS, exist_ok=True)
    for size, options in SIZES.items():
        page = make(storage_state=signed_in, **options).new_page()
        page.goto(url)
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        ready(page)
        where(page).evaluate("node => node.scrollIntoView({block: 'center'})")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= page.viewport_size["width"], f"{name}-{size}: {wide}px wide on a {page.viewport_size['width']}px screen"
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{size}.png"))
        page.close()


def pupil_level(context, name):
    """A level of the signed-in pupil in `context` (level 1's map under a new name): its id."""
    status, level = call(context, "GET", "/api/router/levels/1")
    assert status == 200, level
    level["name"] = name
    status, made = call(context, "POST", "/api/router/levels", level)
    assert status == 201, made
    return made["id"]


def share_with_class(context, level_id, class_id):
    status, answer = call(context, "PUT", f"/api/router/levels/{level_id}/sharing", {"classes": [class_id], "link": False})
    assert status == 200, answer
    assert answer["shares"]["waiting"] == [class_id], answer


def open_panel(page, class_id):
    page.goto(f"/router/teacher.html#class={class_id}")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("class-select")).to_have_value(class_id)
    return page.get_by_test_id("class-levels")


def waiting_level(page, name):
    return page.get_by_test_id("waiting-level").filter(has_text=name)


def test_a_classmate_sees_a_pupils_level_once_the_teacher_approves_it_and_links_wait_for_the_teacher(browser, classroom_server):
    with browser_contexts(browser, classroom_server) as make:
        teacher_context = make(**SIZES["desktop"])
        _, oaks, passwords = teacher_with_class(teacher_context, ["Sam", "Ana"], "Oaks")
        sam_context = make(**SIZES["desktop"])
        sam_context.grant_permissions(["clipboard-read", "clipboard-write"])
        assert pupil_login(sam_context, oaks["code"], "Sam", passwords["Sam"]) == 200
        ana_context = make(**SIZES["tablet"])
        assert pupil_login(ana_context, oaks["code"], "Ana", passwords["Ana"]) == 200

        # Sam shares a level with her class: it waits, and her My levels says so.
        racetrack = pupil_level(sam_context, "Sam's racetrack")
        share_with_class(sam_context, racetrack, oaks["id"])
        sam = sam_context.new_page()
        sam_problems = watch_errors(sam, allow=(LINKS_OFF,))
        open_designer(sam)
        row = my_levels(sam).locator(f"[data-id='{racetrack}']")
        waiting_note = "Shared with Oaks — waiting for your teacher to approve it"
        expect(row.get_by_test_id("my-level-shared")).to_have_text(waiting_note)

        # Ana does not see it.
        ana = ana_context.new_page()
        ana_problems = watch_errors(ana)
        open_router(ana)
        expect(ana.get_by_test_id("shared-levels")).to_be_hidden()
        expect(ana.get_by_test_id(f"level-{racetrack}")).to_have_count(0)

        # The teacher's dashboard lists it, with its maker, a link to play it, Approve and Reject.
        teacher = teacher_context.new_page()
        teacher_problems = watch_errors(teacher)
        panel = open_panel(teacher, oaks["id"])
        expect(panel.get_by_test_id("level-approval")).to_be_checked()
        expect(panel.get_by_test_id("pupil-links")).not_to_be_checked()
        item = waiting_level(teacher, "Sam's racetrack")
        expect(item).to_contain_text("by Sam")
        expect(item.get_by_test_id("waiting-play")).to_have_attribute("href", f"/router/#level={racetrack}")
        expect(panel.get_by_test_id("waiting-none")).to_be_hidden()
        assert_clean(check(teacher, "dashboard with levels waiting"))
        signed_in = {"teacher": teacher_context.storage_state(), "sam": sam_context.storage_state()}
        shots(make, signed_in["teacher"], "dashboard-waiting", f"/router/teacher.html#class={oaks['id']}",
              lambda page: expect(waiting_level(page, "Sam's racetrack")).to_be_visible(), lambda page: page.get_by_test_id("class-levels"))
        shots(make, signed_in["teacher"], "router-teacher-waiting", "/router/",
              lambda page: expect(page.get_by_test_id(f"approve-{racetrack}")).to_be_visible(),
              lambda page: page.get_by_test_id(f"waiting-{racetrack}"))
        shots(make, signed_in["sam"], "designer-waiting", "/router/designer.html",
              lambda page: expect(my_levels(page).locator(f"[data-id='{racetrack}']")).to_contain_text(waiting_note),
              lambda page: page.get_by_test_id("my-levels-list"))

        item.get_by_test_id("waiting-approve").click()
        expect(teacher.get_by_test_id("message")).to_contain_text("Approved “Sam's racetrack”")
        expect(waiting_level(teacher, "Sam's racetrack")).to_have_count(0)
        expect(panel.get_by_test_id("waiting-none")).to_be_visible()

        # Now Ana finds it under Shared with me, and Sam's note says it is shared.
        ana.reload()
        expect(ana.locator("body[data-ready=true]")).to_have_count(1)
        expect(ana.get_by_test_id("shared-levels").get_by_test_id(f"level-{racetrack}")).to_contain_text("Sam's racetrack")
        sam.reload()
        expect(sam.locator("body[data-ready=true]")).to_have_count(1)
        row = my_levels(sam).locator(f"[data-id='{racetrack}']")
        expect(row.get_by_test_id("my-level-shared")).to_have_text("Shared with Oaks")

        # A level the teacher rejects is no longer shared with the class; Sam keeps it.
        maze = pupil_level(sam_context, "Sam's maze")
        share_with_class(sam_context, maze, oaks["id"])
        teacher.reload()
        expect(teacher.locator("body[data-ready=true]")).to_have_count(1)
        waiting_level(teacher, "Sam's maze").get_by_test_id("waiting-reject").click()
        expect(teacher.get_by_test_id("message")).to_contain_text("Rejected “Sam's maze”")
        expect(waiting_level(teacher, "Sam's maze")).to_have_count(0)
        ana.reload()
        expect(ana.locator("body[data-ready=true]")).to_have_count(1)
        expect(ana.get_by_test_id(f"level-{racetrack}")).to_be_visible()
        expect(ana.get_by_test_id(f"level-{maze}")).to_have_count(0)
        sam.reload()
        expect(sam.locator("body[data-ready=true]")).to_have_count(1)
        expect(my_levels(sam).locator(f"[data-id='{maze}']").get_by_test_id("my-level-shared")).to_have_text("Only you can see it")

        # Sharing by link: refused in the server's words until the teacher turns it on.
        row = my_levels(sam).locator(f"[data-id='{racetrack}']")
        row.get_by_test_id("my-level-share").click()
        row.get_by_test_id("copy-link").click()
        expect(sam.get_by_test_id("message")).to_have_text(
            "Your teacher has not turned on sharing by link for your class; share it with your class instead.")
        expect(row.get_by_test_id("my-level-shared")).to_have_text("Shared with Oaks")
        panel.get_by_test_id("pupil-links").check()
        expect(teacher.get_by_test_id("message")).to_have_text("Pupils of Oaks may now share their levels by link.")
        teacher.reload()
        expect(teacher.locator("body[data-ready=true]")).to_have_count(1)
        expect(teacher.get_by_test_id("pupil-links")).to_be_checked()  # kept by the server
        row.get_by_test_id("copy-link").click()
        expect(sam.get_by_test_id("message")).to_contain_text("Link copied")
        expect(row.get_by_test_id("my-level-shared")).to_have_text("Shared with Oaks; anyone with the link can play it")
        assert teacher_problems == [], teacher_problems
        assert sam_problems == [], sam_problems
        assert ana_problems == [], ana_problems
