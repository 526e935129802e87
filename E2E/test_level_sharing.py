"""Levels belong to whoever made them (Rapid Router): a pupil makes a level in the designer and
saves it, and nobody else sees it; she shares it with her class, where it waits for the teacher's
approval (a classmate on another machine does not see it yet); the teacher (a third machine)
approves it on the level select; the classmate finds it under "Shared with me" and plays it; the
teacher removes it, and it is gone for both pupils. Without an account, "My levels" in the
designer keeps a browser's own levels: rename, duplicate, delete (asked first), saving changes in
place, and a link that lets someone else play the level without it being listed for them.

The classroom tests' own server (sign-in failures are counted per address; see test_classroom)."""
import os
import secrets

from playwright.sync_api import expect

from conftest import watch_errors
from test_classroom import add_pupils, classroom_server, make_class, open_page, sign_up  # noqa: F401 (fixtures)
from test_accessibility import assert_clean, check
from test_classroom_progress import sign_in_on_router
from test_router import add, play_and_wait
from test_router_designer import ROUTE, mouse_drag, open_designer, tap_with_mouse

SHOTS = "/tmp/shots-levels"
APPROVAL_SHOTS = "/tmp/issue37/shots/approval"
# The browser logs a refused request itself: opening a removed level answers 404 on purpose.
NOT_FOUND = "404 (Not Found)"


def shot(page, name, near=None, folder=SHOTS):
    """A screenshot of the whole page, or of the screen around `near` (a locator)."""
    os.makedirs(folder, exist_ok=True)
    if near is not None:
        # One call that finds the node and scrolls it: the level select may redraw its tiles
        # (a later answer arriving), which detached the node between the two steps of Playwright's own scroll.
        near.evaluate("node => node.scrollIntoView({block: 'nearest'})")
    page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=near is None)


def draw_and_save(page, name):
    """Draws the test route with a house at its end, names it and saves it; answers its id."""
    open_designer(page)
    mouse_drag(page, ROUTE)
    page.get_by_test_id("tool-house").click()
    tap_with_mouse(page, 5, 5)
    page.get_by_test_id("level-name").fill(name)
    expect(page.get_by_test_id("ready")).to_be_visible()
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("message")).to_contain_text(f"Saved “{name}” in My levels")
    return page.locator("body").get_attribute("data-saved-id")


def my_levels(page):
    """Opens the designer's My levels (once) and answers its list."""
    details = page.get_by_test_id("my-levels")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    return page.get_by_test_id("my-levels-list")


def solve(page):
    """Builds the route's program with clicks (three moves, a left turn, a move) and plays it."""
    add(page, "move_forwards", 3)
    add(page, "turn_left")
    add(page, "move_forwards")
    play_and_wait(page, success=True)


def test_a_pupil_shares_a_level_the_teacher_approves_it_a_classmate_plays_it_and_the_teacher_removes_it(open_page):
    teacher = open_page("phone")
    teacher_problems = watch_errors(teacher)
    sign_up(teacher)
    item = make_class(teacher, "Oaks")
    code = item.get_by_test_id("class-code").inner_text()
    item.get_by_test_id("open-class").click()
    passwords = add_pupils(teacher, ["Sam", "Ana"])

    # Sam makes a level: it is hers alone until she shares it.
    sam = open_page("desktop")
    sam_problems = watch_errors(sam)
    sign_in_on_router(sam, code, "Sam", passwords["Sam"])
    level_id = draw_and_save(sam, "Sam's racetrack")
    listed = my_levels(sam).get_by_test_id("my-level")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Sam's racetrack")
    expect(listed.get_by_test_id("my-level-shared")).to_have_text("Only you can see it")

    ana = open_page("tablet")
    ana_problems = watch_errors(ana, allow=(NOT_FOUND,))
    sign_in_on_router(ana, code, "Ana", passwords["Ana"])
    expect(ana.get_by_test_id("level-select")).to_be_visible()
    expect(ana.get_by_test_id("shared-levels")).to_be_hidden()
    expect(ana.get_by_test_id(f"level-{level_id}")).to_have_count(0)
    teacher.goto("/router/")
    expect(teacher.locator("body[data-ready=true]")).to_have_count(1)
    expect(teacher.get_by_test_id(f"level-{level_id}")).to_have_count(0)

    # Sam shares it with her class: it waits for the teacher's approval, and Ana does not see it yet.
    listed.get_by_test_id("my-level-share").click()
    share = listed.locator("input[type=checkbox]")
    expect(listed.locator(".my-level-share label")).to_have_text("Share with my class (Oaks)")
    share.check()
    expect(sam.get_by_test_id("message")).to_contain_text("Shared with Oaks — waiting for your teacher to approve it")
    expect(listed.get_by_test_id("my-level-shared")).to_have_text("Shared with Oaks — waiting for your teacher to approve it")
    expect(share).to_be_focused()  # redrawn, the list keeps her place
    shot(sam, "designer-shared-desktop", near=listed)
    shot(sam, "designer-waiting-desktop", near=listed, folder=APPROVAL_SHOTS)
    ana.reload()
    expect(ana.locator("body[data-ready=true]")).to_have_count(1)
    expect(ana.get_by_test_id("shared-levels")).to_be_hidden()
    expect(ana.get_by_test_id(f"level-{level_id}")).to_have_count(0)

    # The teacher sees it waiting on the level select and approves it.
    teacher.reload()
    expect(teacher.locator("body[data-ready=true]")).to_have_count(1)
    waiting = teacher.get_by_test_id(f"waiting-{level_id}")
    expect(waiting).to_contain_text("Waiting for your approval")
    shot(teacher, "router-teacher-waiting-phone", near=waiting, folder=APPROVAL_SHOTS)
    teacher.get_by_test_id(f"approve-{level_id}").click()
    expect(teacher.get_by_test_id("message")).to_contain_text("Approved “Sam's racetrack”")
    expect(teacher.get_by_test_id(f"waiting-{level_id}")).to_have_count(0)
    expect(teacher.get_by_test_id("shared-levels").get_by_test_id(f"level-{level_id}")).to_be_visible()
    sam.reload()
    expect(sam.locator("body[data-ready=true]")).to_have_count(1)
    expect(my_levels(sam).get_by_test_id("my-level-shared")).to_have_text("Shared with Oaks")

    # Ana finds it under Shared with me and plays it through.
    ana.reload()
    expect(ana.locator("body[data-ready=true]")).to_have_count(1)
    tile = ana.get_by_test_id("shared-levels").get_by_test_id(f"level-{level_id}")
    expect(tile).to_contain_text("Sam's racetrack")
    expect(ana.get_by_test_id(f"remove-{level_id}")).to_have_count(0)  # a pupil cannot remove it
    shot(ana, "router-shared-tablet", near=tile)
    assert_clean(check(ana, "router level select with Shared with me"))
    tile.click()
    expect(ana.get_by_test_id("level-title")).to_have_text("Sam's racetrack")
    solve(ana)

    # The teacher sees it shared with the class and removes it, for everyone.
    teacher.reload()
    expect(teacher.locator("body[data-ready=true]")).to_have_count(1)
    shared = teacher.get_by_test_id("shared-levels")
    expect(shared.get_by_test_id(f"level-{level_id}")).to_contain_text("Sam's racetrack")
    shot(teacher, "router-teacher-shared-phone", near=shared)
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.get_by_test_id(f"remove-{level_id}").click()
    expect(teacher.get_by_test_id("message")).to_contain_text("Removed “Sam's racetrack”")
    expect(shared).to_be_hidden()

    sam.reload()
    expect(sam.locator("body[data-ready=true]")).to_have_count(1)
    expect(my_levels(sam).get_by_test_id("my-level")).to_have_count(0)
    ana.goto("/router/")
    ana.reload()
    expect(ana.locator("body[data-ready=true]")).to_have_count(1)
    expect(ana.get_by_test_id("shared-levels")).to_be_hidden()
    ana.goto(f"/router/#level={level_id}")
    expect(ana.get_by_test_id("message")).to_contain_text("was not found")
    assert teacher_problems == [], teacher_problems
    assert sam_problems == [], sam_problems
    assert ana_problems == [], ana_problems


def test_my_levels_renames_duplicates_deletes_saves_in_place_and_shares_a_link(open_page):
    maker = open_page("desktop")
    maker.context.grant_permissions(["clipboard-read", "clipboard-write"])
    problems = watch_errors(maker)
    level_id = draw_and_save(maker, "Twisty road")
    listed = my_levels(maker)
    expect(listed.get_by_test_id("my-level")).to_have_count(1)

    # Changing the level and saving again changes it in place (still one level, the same id).
    maker.get_by_test_id("level-name").fill("Twisty road 2")
    maker.get_by_test_id("save").click()
    expect(maker.get_by_test_id("message")).to_have_text("Saved your changes to “Twisty road 2”.")
    expect(maker.locator("body")).to_have_attribute("data-saved-id", level_id)
    expect(listed.get_by_test_id("my-level")).to_have_count(1)
    expect(listed.get_by_test_id("my-level")).to_contain_text("Twisty road 2")

    # Rename, from the list.
    row = listed.locator(f"[data-id='{level_id}']")
    row.get_by_test_id("my-level-rename").click()
    expect(row.get_by_test_id("my-level-new-name")).to_be_focused()
    row.get_by_test_id("my-level-new-name").fill("Round the pond")
    row.get_by_test_id("my-level-rename-save").click()
    expect(maker.get_by_test_id("message")).to_have_text("Renamed to “Round the pond”.")
    expect(maker.get_by_test_id("level-name")).to_have_value("Round the pond")  # the open level keeps up
    expect(maker.get_by_test_id("saved-note")).to_have_text("Saved in My levels.")

    # Duplicate: a copy on top; delete the copy after saying no once.
    row.get_by_test_id("my-level-duplicate").click()
    expect(maker.get_by_test_id("message")).to_contain_text("Made “Copy of Round the pond”")
    expect(listed.get_by_test_id("my-level")).to_have_count(2)
    copy = listed.get_by_test_id("my-level").first
    expect(copy).to_contain_text("Copy of Round the pond")
    maker.once("dialog", lambda dialog: dialog.dismiss())
    copy.get_by_test_id("my-level-delete").click()
    expect(listed.get_by_test_id("my-level")).to_have_count(2)
    maker.once("dialog", lambda dialog: dialog.accept())
    copy.get_by_test_id("my-level-delete").click()
    expect(maker.get_by_test_id("message")).to_have_text("Deleted “Copy of Round the pond”.")
    expect(listed.get_by_test_id("my-level")).to_have_count(1)

    # Share by link: anyone with it may play, but it is listed for nobody else.
    row.get_by_test_id("my-level-share").click()
    expect(row.get_by_text("Sign in with your class")).to_be_visible()  # no class to share with yet
    row.get_by_test_id("copy-link").click()
    expect(maker.get_by_test_id("message")).to_contain_text("Link copied")
    link = row.get_by_test_id("share-link").input_value()
    assert link.endswith(f"/router/#level={level_id}"), link
    expect(row.get_by_test_id("my-level-shared")).to_have_text("Anyone with the link can play it")
    assert_clean(check(maker, "designer with My levels and sharing open"))
    for size in ("desktop", "tablet", "phone"):
        viewport = {"desktop": (1280, 860), "tablet": (1024, 768), "phone": (390, 844)}[size]
        maker.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        row.scroll_into_view_if_needed()
        shot(maker, f"designer-my-levels-{size}")
        assert maker.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The maker's own level select lists it under My levels.
    maker.goto("/router/")
    expect(maker.get_by_test_id("custom-levels").get_by_test_id(f"level-{level_id}")).to_contain_text("Round the pond")

    friend = open_page("phone")
    friend_problems = watch_errors(friend)
    friend.goto("/router/")
    expect(friend.locator("body[data-ready=true]")).to_have_count(1)
    expect(friend.get_by_test_id(f"level-{level_id}")).to_have_count(0)
    friend.goto(link.replace(link.split("/router/")[0], ""))
    expect(friend.get_by_test_id("level-title")).to_have_text("Round the pond")
    solve(friend)
    assert problems == [], problems
    assert friend_problems == [], friend_problems


def test_the_level_select_shows_my_newest_twenty_levels_and_more_on_request(open_page):
    page = open_page("tablet")
    problems = watch_errors(page)
    key = secrets.token_hex(32)
    page.add_init_script(f"localStorage.setItem('tessera.router.ownerKey', '{key}')")
    level = page.request.get("/api/router/levels/1").json()
    made = []
    for index in range(21):
        level["name"] = f"Practice {index + 1}"
        answer = page.request.post("/api/router/levels", headers={"X-Tessera-Owner-Key": key}, data=level)
        assert answer.status == 201, answer.text()
        made.append(answer.json()["id"])
    page.goto("/router/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    mine = page.get_by_test_id("custom-levels")
    expect(mine.locator(".level-tile")).to_have_count(20)
    expect(mine.locator(".level-tile").first).to_contain_text("Practice 21")  # newest first
    shot(page, "router-my-levels-more-tablet", near=page.get_by_test_id("more-mine"))
    page.get_by_test_id("more-mine").click()
    expect(mine.locator(".level-tile")).to_have_count(21)
    expect(page.get_by_test_id(f"level-{made[0]}")).to_be_focused()
    expect(page.get_by_test_id("more-mine")).to_have_count(0)
    expect(page.get_by_test_id("message")).to_have_text("1 more level.")
    assert problems == [], problems
