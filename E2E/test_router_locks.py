"""A teacher's locks: on the dashboard the teacher locks Episode 2 (and one level of Episode 1)
for the class; the class's pupil sees them locked on Rapid Router's level select with the
teacher's message and cannot start them (the tile, the address and the server all refuse); an
anonymous visitor on another machine still plays every level (free play: no progress needed, not
even by the level's address); unlocked, the pupil plays again.
A signed-in teacher gets a "Teacher's dashboard" link on Rapid Router.

The classroom tests' own server (sign-in failures are counted per address; see test_classroom)."""

from playwright.sync_api import expect

from conftest import watch_errors
from test_classroom import add_pupils, classroom_server, make_class, open_page, sign_up  # noqa: F401 (fixtures)
from test_classroom_progress import sign_in_on_router
from test_router import new_player, open_router, reference_program
from test_teacher_dashboard import open_dashboard, shot

MESSAGE = "Your teacher has locked"


def run(page, level, player=None):
    """Posts the level's reference solution as this page's browser would (with its CSRF token when signed in)."""
    token = next((cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "tessera_csrf"), None)
    headers = {"X-CSRF-Token": token} if token else {}
    return page.request.post(f"/api/router/levels/{level}/runs", headers=headers,
                             data={"program": reference_program(level), "player": player or new_player(), "seconds": 2.5})


def episode_levels(page, number):
    episodes = page.request.get("/api/router/episodes").json()["episodes"]
    return [level["id"] for level in next(e for e in episodes if e["number"] == number)["levels"]]


def test_a_locked_episode_cannot_be_started_by_the_class_and_stays_open_to_everyone_else(open_page):
    teacher = open_page()
    teacher_problems = watch_errors(teacher)
    sign_up(teacher)
    item = make_class(teacher, "Locks")
    code = item.get_by_test_id("class-code").inner_text()
    item.get_by_test_id("open-class").click()
    password = add_pupils(teacher, ["Hana"])["Hana"]

    # The teacher finds the dashboard from Rapid Router, then locks Episode 2 and level 3 of Episode 1.
    teacher.goto("/router/")
    expect(teacher.get_by_test_id("teacher-link")).to_be_visible()
    shot(teacher, "router-teacher-link-desktop")
    teacher.get_by_test_id("teacher-link").click()
    expect(teacher.locator("body[data-ready=true]")).to_have_count(1)
    expect(teacher.get_by_test_id("episode-lock-state")).to_contain_text("Episode 1 is open to this class")
    teacher.get_by_test_id("lock-level-3").click()
    expect(teacher.get_by_test_id("lock-level-3")).to_have_attribute("aria-pressed", "true")
    expect(teacher.get_by_test_id("episode-lock-state")).to_have_text("Level 3 is locked for this class; the rest of episode 1 is open.")
    expect(teacher.get_by_test_id("level-head-3")).to_contain_text("Locked")
    teacher.get_by_test_id("episode-select").select_option("2")
    expect(teacher.get_by_test_id("board-title")).to_contain_text("Episode 2")
    teacher.get_by_test_id("episode-lock").click()
    expect(teacher.get_by_test_id("episode-lock-state")).to_have_text("Episode 2 is locked for this class: its pupils cannot start these levels.")
    expect(teacher.get_by_test_id("episode-lock")).to_have_attribute("aria-pressed", "true")
    first_of_two = episode_levels(teacher, 2)[0]
    expect(teacher.get_by_test_id(f"lock-level-{first_of_two}")).to_be_disabled()  # locked with its episode
    shot(teacher, "dashboard-locked-desktop")
    teacher.reload()  # stored on the server, and the episode is remembered
    expect(teacher.get_by_test_id("episode-lock")).to_have_attribute("aria-pressed", "true")
    assert teacher_problems == [], teacher_problems

    # The pupil has finished Episode 1 but level 3 (locked now); Episode 2 would be open to anyone, but for the lock.
    pupil = open_page("tablet")
    # The browser logs the run the server refuses below (403) as a console error; nothing else may fail.
    pupil_problems = watch_errors(pupil, allow=("403 (Forbidden)",))
    sign_in_on_router(pupil, code, "Hana", password)
    expect(pupil.get_by_test_id("teacher-link")).to_be_hidden()
    for level in episode_levels(pupil, 1):
        if level != "3":
            assert run(pupil, level).ok
    pupil.reload()
    expect(pupil.get_by_test_id("class-sign-in")).to_have_attribute("data-user", "Hana")
    expect(pupil.get_by_test_id("level-2")).to_have_attribute("data-solved", "true")
    episode_two = pupil.get_by_test_id("episode-2")
    expect(episode_two.get_by_test_id("lock-note")).to_contain_text(MESSAGE)
    tile = pupil.get_by_test_id(f"level-{first_of_two}")
    expect(tile).to_have_attribute("data-teacher-locked", "true")
    expect(tile).to_have_attribute("aria-label", f"{first_of_two}: {tile.locator('.level-name').inner_text()} (locked by your teacher)")
    expect(pupil.get_by_test_id("level-3")).to_have_attribute("data-teacher-locked", "true")
    expect(pupil.get_by_test_id("episode-1").get_by_test_id("lock-note")).to_contain_text(f"{MESSAGE} these for now: level 3.")
    shot(pupil, "locked-level-select-tablet", full_page=True)
    # aria-disabled (a screen reader hears it cannot be played) still takes a tap, which says why;
    # Playwright counts aria-disabled as "not enabled", hence force.
    tile.tap(force=True)
    expect(pupil.get_by_test_id("message")).to_have_text(f"{MESSAGE} level {first_of_two} for now. Pick another level, or ask your teacher.")
    expect(pupil.get_by_test_id("level-view")).to_be_hidden()
    # Not by its address either, nor by the server.
    pupil.evaluate(f"location.hash = 'level={first_of_two}'")
    expect(pupil.get_by_test_id("message")).to_contain_text(MESSAGE)
    expect(pupil.get_by_test_id("level-view")).to_be_hidden()
    refused = run(pupil, first_of_two)
    assert refused.status == 403 and refused.json()["error"]["code"] == "level_locked", refused.text()

    # "Next up" is never a level the teacher locked: after Episode 1 comes Episode 3, past the locked Episode 2.
    expect(pupil.get_by_test_id(f"level-{first_of_two}")).to_have_attribute("data-next", "false")
    expect(pupil.get_by_test_id(f"level-{episode_levels(pupil, 3)[0]}")).to_have_attribute("data-next", "true")

    # An anonymous visitor on another machine opens Episode 2 by its address, with nothing done, and plays every level of it.
    visitor = open_page("phone")
    visitor_problems = watch_errors(visitor)
    player = new_player()
    open_router(visitor, player, f"/router/#level={first_of_two}")
    expect(visitor.get_by_test_id("level-view")).to_be_visible()
    expect(visitor.get_by_test_id("level-title")).to_contain_text(f"Level {first_of_two}")
    visitor.get_by_test_id("to-levels").click()
    for level in episode_levels(visitor, 2):
        answer = run(visitor, level, player)
        assert answer.ok and answer.json()["outcome"]["success"], (level, answer.text())
    visitor.reload()
    expect(visitor.get_by_test_id(f"level-{first_of_two}")).to_have_attribute("data-solved", "true")
    expect(visitor.get_by_test_id("lock-note")).to_have_count(0)
    assert visitor_problems == [], visitor_problems

    # The teacher opens Episode 2 again: the pupil plays it.
    open_dashboard(teacher)
    teacher.get_by_test_id("episode-lock").click()
    expect(teacher.get_by_test_id("episode-lock-state")).to_have_text("Episode 2 is open to this class.")
    pupil.reload()
    expect(pupil.get_by_test_id("class-sign-in")).to_have_attribute("data-user", "Hana")
    expect(pupil.get_by_test_id("episode-2").get_by_test_id("lock-note")).to_have_count(0)
    pupil.get_by_test_id(f"level-{first_of_two}").click()
    expect(pupil.get_by_test_id("level-view")).to_be_visible()

    # Locked while the pupil is in the level: Play says why, and the level select shows it locked.
    teacher.get_by_test_id(f"lock-level-{first_of_two}").click()
    expect(teacher.get_by_test_id(f"lock-level-{first_of_two}")).to_have_attribute("aria-pressed", "true")
    pupil.get_by_test_id("palette-move_forwards").click()
    pupil.get_by_test_id("play").click()
    expect(pupil.get_by_test_id("message")).to_have_text("Your teacher has locked this level for now. Pick another level, or ask your teacher.")
    expect(pupil.get_by_test_id("play")).to_be_enabled()
    pupil.get_by_test_id("to-levels").click()
    expect(pupil.get_by_test_id(f"level-{first_of_two}")).to_have_attribute("data-teacher-locked", "true")
    assert pupil_problems == [], pupil_problems
