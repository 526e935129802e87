"""Two-step sign-in for teachers (issue 37) on the teachers' page: a teacher turns it on (her
password again, a QR code and the same secret as text, a code from the "app" — computed here from
the secret as RFC 6238 says — then ten recovery codes shown once), and on another machine signs in
with her password and a code; a used code is refused, a recovery code works once; she turns it off.
Screenshots of the steps (desktop and phone) go to /tmp/issue37/shots.

The classroom tests' own server (sign-in failures are counted per address; see test_classroom)."""
import base64
import hashlib
import hmac
import struct
import time

from playwright.sync_api import expect

from conftest import browser_contexts, watch_errors
from test_accessibility import assert_clean, check
from test_classroom import PASSWORD, classroom_server, fill_sign_in  # noqa: F401 (fixture)
from test_classroom_school import SIZES, shot, teacher_by_api

WRONG = "401 (Unauthorized)"


def totp(secret, at=None, step=30, digits=6):
    """The code an authenticator app shows (RFC 6238: HMAC-SHA1 over the 30-second counter)."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    counter = int((time.time() if at is None else at) // step)
    mac = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    value = struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(value % 10 ** digits).zfill(digits)


def test_a_teacher_turns_on_two_step_sign_in_and_signs_in_with_a_code(browser, classroom_server):
    with browser_contexts(browser, classroom_server) as new_context:
        home = new_context(**SIZES["desktop"])
        email = teacher_by_api(home, "Ms Vale")
        page = home.new_page()
        problems = watch_errors(page, allow=(WRONG,))
        page.goto("/classroom/")
        two_step = page.get_by_test_id("two-step")
        expect(two_step.locator("summary")).to_have_text("Two-step sign-in: off")
        two_step.locator("summary").click()
        page.get_by_test_id("two-step-start-password").fill("not my password")
        page.get_by_test_id("two-step-start-submit").click()
        expect(page.get_by_test_id("two-step-start-error")).not_to_be_empty()
        page.get_by_test_id("two-step-start-password").fill(PASSWORD)
        page.get_by_test_id("two-step-start-submit").click()

        # The QR code and the same secret, typed in groups of four.
        expect(page.get_by_test_id("two-step-qr").locator("svg")).to_be_visible()
        secret = page.get_by_test_id("two-step-secret").get_attribute("data-secret")
        assert page.get_by_test_id("two-step-secret").inner_text().replace(" ", "") == secret
        expect(page.get_by_test_id("two-step-code")).to_be_focused()
        shot(page, "two-step-scan-desktop")
        report = check(page, "two-step sign-in: scanning the code")
        page.get_by_test_id("two-step-code").fill("12345")
        page.get_by_test_id("two-step-confirm-submit").click()
        expect(page.get_by_test_id("two-step-confirm-error")).to_contain_text("six digits")
        page.get_by_test_id("two-step-code").fill(totp(secret))
        page.get_by_test_id("two-step-confirm-submit").click()
        codes = page.get_by_test_id("two-step-recovery-codes").locator("li")
        expect(codes).to_have_count(10)
        recovery = codes.nth(0).inner_text()
        expect(page.get_by_test_id("message")).to_contain_text("Two-step sign-in is on")
        shot(page, "two-step-recovery-desktop")
        report += check(page, "two-step sign-in: the recovery codes")
        page.get_by_test_id("two-step-done").click()
        expect(two_step.locator("summary")).to_have_text("Two-step sign-in: on")
        expect(page.get_by_test_id("two-step-on")).to_contain_text("10 recovery codes are left")

        # Another machine (a phone): the password, then the code the app shows next.
        phone = new_context(**SIZES["phone"]).new_page()
        phone_problems = watch_errors(phone, allow=(WRONG,))
        phone.goto("/classroom/")
        fill_sign_in(phone, email)
        expect(phone.get_by_test_id("sign-in-error")).to_contain_text("six-digit code")
        expect(phone.get_by_test_id("sign-in-code")).to_be_focused()
        shot(phone, "two-step-sign-in-phone")
        code = totp(secret, time.time() + 30)  # the confirming code's step is used up
        phone.get_by_test_id("sign-in-code").fill(code)
        phone.get_by_test_id("sign-in").click()
        expect(phone.get_by_test_id("who")).to_have_text("Signed in as Ms Vale")

        # A code works once; a recovery code works once too.
        again = new_context(**SIZES["desktop"]).new_page()
        again_problems = watch_errors(again, allow=(WRONG,))
        again.goto("/classroom/")
        fill_sign_in(again, email)
        again.get_by_test_id("sign-in-code").fill(code)
        again.get_by_test_id("sign-in").click()
        expect(again.get_by_test_id("sign-in-error")).to_contain_text("did not work")
        again.get_by_test_id("sign-in-code").fill(recovery)
        again.get_by_test_id("sign-in").click()
        expect(again.get_by_test_id("who")).to_have_text("Signed in as Ms Vale")

        # She turns it off on the phone: signing in is one step again.
        phone.get_by_test_id("two-step").locator("summary").click()
        expect(phone.get_by_test_id("two-step-on")).to_contain_text("9 recovery codes are left")
        phone.get_by_test_id("two-step-off-password").fill(PASSWORD)
        phone.get_by_test_id("two-step-off-submit").click()
        expect(phone.get_by_test_id("message")).to_contain_text("Two-step sign-in is off")
        expect(phone.get_by_test_id("two-step").locator("summary")).to_have_text("Two-step sign-in: off")
        last = new_context(**SIZES["desktop"]).new_page()
        last.goto("/classroom/")
        fill_sign_in(last, email)
        expect(last.get_by_test_id("who")).to_have_text("Signed in as Ms Vale")

        assert problems == [] and phone_problems == [] and again_problems == []
        assert_clean(report)
