"""A signed-in teacher's browser: the session cookie is HttpOnly (page scripts cannot read it), the
pages' own requests carry the CSRF token so everything still works signed in, and a request that
does not repeat the token is refused. Anonymous play needs no account."""
import uuid

from playwright.sync_api import expect

from conftest import watch_errors
from test_tictactoe import start_local


def sign_up(page, email=None):
    """Signs a new teacher up from the page's own origin, as a sign-up form would."""
    email = email or f"teacher-{uuid.uuid4().hex[:8]}@school.org"
    answer = page.evaluate(
        """async (email) => {
            const response = await fetch("/api/auth/teachers", {method: "POST", headers: {"Content-Type": "application/json"},
                body: JSON.stringify({name: "Ms Rivera", email, password: "a long enough password"})});
            return {status: response.status, body: await response.json()};
        }""", email)
    assert answer["status"] == 201, answer
    return answer["body"]["user"]


def test_a_signed_in_teacher_still_plays_and_only_the_csrf_cookie_is_readable(page):
    problems = watch_errors(page)
    page.goto("/tictactoe/")
    user = sign_up(page)
    assert user["role"] == "teacher"
    readable = page.evaluate("document.cookie")
    assert "tessera_csrf=" in readable and "tessera_session" not in readable, "the session cookie is HttpOnly"
    me = page.evaluate("fetch('/api/auth/me').then(r => r.json())")
    assert me["user"]["id"] == user["id"]
    # The page's own writes go through api(), which repeats the token: the game starts and plays.
    start_local(page)
    page.get_by_test_id("cell-1-1").click()
    expect(page.get_by_test_id("cell-1-1")).to_have_text("X")
    assert problems == []


def test_a_signed_in_write_without_the_token_is_refused_and_anonymous_play_is_not(page, new_page):
    page.goto("/tictactoe/")
    sign_up(page)
    forged = page.evaluate(
        """async () => {
            const response = await fetch("/api/tictactoe/games", {method: "POST", headers: {"Content-Type": "application/json"},
                body: JSON.stringify({mode: "local", players: ["A", "B"]})});
            return {status: response.status, body: await response.json()};
        }""")
    assert forged["status"] == 403 and forged["body"]["error"]["code"] == "csrf_token_mismatch"
    # Signing out ends the session on the server; the page then plays anonymously again.
    signed_out = page.evaluate(
        """async () => {
            const token = document.cookie.match(/tessera_csrf=([^;]+)/)[1];
            const response = await fetch("/api/auth/logout", {method: "POST", headers: {"X-CSRF-Token": token}});
            return response.status;
        }""")
    assert signed_out == 204
    assert page.evaluate("fetch('/api/auth/me').then(r => r.status)") == 401
    assert "tessera_csrf" not in page.evaluate("document.cookie")
    anonymous = new_page()
    anonymous.goto("/tictactoe/")
    start_local(anonymous)
    anonymous.get_by_test_id("cell-0-0").click()
    expect(anonymous.get_by_test_id("cell-0-0")).to_have_text("X")
