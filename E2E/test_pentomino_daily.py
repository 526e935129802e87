"""Pentominoes, easier and harder: a Hard puzzle's given tiles are pinned (mouse and finger alike
leave them where they are), and finishing the daily puzzle keeps a streak in the browser."""
import re
from datetime import datetime, timedelta, timezone

from playwright.sync_api import expect

from conftest import browsing

from test_pentomino import center, move_origin_to, start_drag

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def utc_day(days_ago=0):
    return (datetime.now(timezone.utc).date() - timedelta(days=days_ago)).isoformat()


def open_hard_puzzle(page):
    """Opens the page, chooses Hard and answers the first given tile: (letter, row, col)."""
    page.goto("/pentomino/")
    expect(page).to_have_url(re.compile(r"\?puzzle=\w+"))
    first = page.url
    page.get_by_test_id("difficulty").select_option("hard")
    expect(page).not_to_have_url(first)
    expect(page.get_by_test_id("message")).to_contain_text("hard: the pinned tiles stay where they are.")
    tile = page.locator('.tile[data-given="true"]').first
    expect(tile).to_have_attribute("data-state", "board")
    expect(tile).to_have_class(re.compile(r"\bgiven\b"))
    return tile.get_attribute("data-letter"), tile.get_attribute("data-row"), tile.get_attribute("data-col")


def expect_pinned(page, letter, row, col):
    tile = page.get_by_test_id(f"tile-{letter}")
    expect(page.get_by_test_id("message")).to_have_text(f"{letter} was placed for you: it stays where it is.")
    expect(tile).to_have_attribute("data-state", "board")
    expect(tile).to_have_attribute("data-row", row)
    expect(tile).to_have_attribute("data-col", col)
    puzzle_id = page.url.split("puzzle=")[1]
    kept = page.request.get(f"/api/pentomino/puzzles/{puzzle_id}").json()["placements"]
    assert any(p["tile"] == letter and p["given"] and (p["row"], p["col"]) == (int(row), int(col)) for p in kept)


def finish_daily(page, press_hint):
    """Opens today's daily puzzle, places all but one of the remaining tiles through the API (the
    hints follow its one solution) and lets the page place the last one with its Hint button."""
    expect(page.get_by_test_id("message")).to_have_text(
        f"The daily puzzle for {utc_day()}: there is exactly one way to finish it. The pinned tiles stay where they are.")
    puzzle_id = page.url.split("puzzle=")[1]
    puzzle = page.request.get(f"/api/pentomino/puzzles/{puzzle_id}").json()
    assert puzzle["daily"] == utc_day() and page.request.get(f"/api/pentomino/puzzles/{puzzle_id}/solutions").json()["solutions"] == 1
    for _ in range(11 - len(puzzle["placements"])):
        hint = page.request.get(f"/api/pentomino/puzzles/{puzzle_id}/hint").json()["hint"]
        placed = page.request.post(f"/api/pentomino/puzzles/{puzzle_id}/placements", data={key: hint[key] for key in ("tile", "quarterTurns", "flipped", "row", "col")})
        assert placed.ok, placed.text()
    press_hint(page.get_by_test_id("hint"))
    expect(page.get_by_test_id("solved")).to_be_visible()
    expect(page.get_by_test_id("message")).to_have_text("Daily puzzle solved! Come back tomorrow for the next one.")


def test_on_a_desktop_given_tiles_stay_and_the_first_daily_starts_a_streak(browser, server):
    with browsing(browser.new_context(base_url=server, **DESKTOP)) as page:
        letter, row, col = open_hard_puzzle(page)
        grip = start_drag(page, letter)
        move_origin_to(page, grip, 0, 0)
        page.mouse.up()
        expect_pinned(page, letter, row, col)
        page.get_by_test_id(f"tile-{letter}").focus()
        page.keyboard.press("Delete")
        expect_pinned(page, letter, row, col)

        streak = page.get_by_test_id("streak")
        expect(streak).to_be_hidden()
        page.get_by_test_id("daily").click()
        finish_daily(page, lambda hint: hint.click())
        expect(streak).to_have_text("Streak: 1 day")


def test_on_a_phone_a_finger_cannot_lift_a_given_tile_and_yesterdays_streak_grows(browser, server):
    context = browser.new_context(base_url=server, **PHONE)
    with browsing(context) as page:
        page.goto("/pentomino/")
        page.evaluate("day => localStorage.setItem('pentomino:streak', JSON.stringify({last: day, days: 1}))", utc_day(1))
        letter, row, col = open_hard_puzzle(page)
        streak = page.get_by_test_id("streak")
        expect(streak).to_have_text("Streak: 1 day")

        cdp = context.new_cdp_session(page)
        x, y = center(page.get_by_test_id(f"tile-{letter}").locator(".block").first.bounding_box())
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 6):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + 12 * step, "y": y + 20 * step}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect_pinned(page, letter, row, col)

        # The refusal shows for a moment (a red edge, a shake); the next tap comes once it has faded,
        # as a person's would: a tap straight after the refused drag was lost now and then.
        expect(page.locator(".tile.refused")).to_have_count(0)
        page.get_by_test_id("daily").tap()
        finish_daily(page, lambda hint: hint.tap())
        expect(streak).to_have_text("Streak: 2 days")
