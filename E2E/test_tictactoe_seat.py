"""TicTacToe's online seats (issue 39): a seat that survives — each player's private seat link takes
the seat on any device (a closed tab or a dropped phone page is no longer a spectator), and a page
without a seat says it is watching; and the terminal joins the browser — `tessera tictactoe join`
plays an online game live against a page, by invite or by seat link."""
import re
import subprocess
import threading
import time

import pytest
from playwright.sync_api import expect

from conftest import _binary, browsing

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
WATCHING = "You are watching this game: only its two players can move."


def press(page, test_id, touch):
    target = page.get_by_test_id(test_id)
    target.tap() if touch else target.click()


def host(page, name="Ann"):
    """Starts an online game as X: the invite link."""
    page.goto("/tictactoe/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    page.get_by_test_id("mode-online").check()
    page.get_by_test_id("name-x").fill(name)
    page.get_by_test_id("start").click()
    invite = page.get_by_test_id("invite-link")
    expect(invite).to_have_value(re.compile(r"/tictactoe/\?join="))
    return invite.input_value()


def join(page, invite, name="Bob"):
    page.goto(invite)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join").click()
    expect(page.get_by_test_id("names-label")).to_have_text(f"Ann (X) vs {name} (O)")


def seat_link(page):
    link = page.get_by_test_id("seat-link")
    expect(link).to_be_visible()
    expect(link).to_have_value(re.compile(r"/tictactoe/\?game=\w+#seat=[0-9a-f]+$"))
    return link.input_value()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_seat_link_takes_the_seat_on_another_device_and_others_watch(browser, server, size):
    touch = size == "phone"
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as ann:
        invite = host(ann)
        expect(ann.get_by_test_id("watching")).to_be_hidden()
        bob_context = browser.new_context(base_url=server, **SIZES[size])
        bob = bob_context.new_page()
        join(bob, invite)
        link = seat_link(bob)
        bob_context.close()  # the tab is gone, and the seat with it on that device

        with browsing(browser.new_context(base_url=server, **SIZES["phone"])) as phone:
            phone.goto(link)
            expect(phone.get_by_test_id("message")).to_have_text("You are in your seat: you play O.")
            expect(phone).to_have_url(re.compile(r"\?game=\w+$"))  # the secret leaves the address bar
            expect(phone.get_by_test_id("watching")).to_be_hidden()
            press(ann, "cell-0-0", touch)
            expect(phone.get_by_test_id("cell-0-0")).to_have_text("X")
            phone.get_by_test_id("cell-1-1").tap()
            expect(ann.get_by_test_id("cell-1-1")).to_have_text("O")
            # The page dropped and opened again from its plain address: still seated.
            phone.reload()
            expect(phone.get_by_test_id("game-summary")).to_have_text("Online: you play O")
            expect(phone.get_by_test_id("seat-link")).to_have_value(link)

            # The wrong seat link below is refused (403), which the browser logs.
            with browsing(browser.new_context(base_url=server, **SIZES[size]), allow=("status of 403",)) as watcher:
                watcher.goto(link.split("#")[0])
                expect(watcher.get_by_test_id("watching")).to_have_text(WATCHING)
                expect(watcher.get_by_test_id("seat-panel")).to_be_hidden()
                press(watcher, "cell-2-2", touch)
                expect(watcher.get_by_test_id("message")).to_have_text(WATCHING)
                expect(watcher.get_by_test_id("cell-2-2")).to_have_text("")
                # A link whose seat is not the game's leaves the page watching, and says why.
                watcher.goto(link.split("#")[0] + "#seat=0123456789abcdef")
                expect(watcher.get_by_test_id("message")).to_contain_text("That seat link does not work")
                expect(watcher.get_by_test_id("watching")).to_be_visible()


class Terminal:
    """`tessera tictactoe join …` with its input piped: what it printed so far, read as it comes."""

    def __init__(self, *args):
        self.process = subprocess.Popen([_binary(), "tictactoe", "join", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.output = ""
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            with self.changed:
                self.output += line
                self.changed.notify_all()

    def wait_for(self, text, count=1, timeout=10):
        """Waits until `text` has been printed `count` times."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while self.output.count(text) < count:
                left = deadline - time.monotonic()
                assert left > 0, f"waited for {text!r} ×{count}; the terminal said:\n{self.output}"
                self.changed.wait(left)

    def type(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def finish(self, timeout=10):
        """The exit status, once the command ends by itself (within `timeout` seconds)."""
        return self.process.wait(timeout=timeout)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def run_join(*args):
    done = subprocess.run([_binary(), "tictactoe", "join", *args], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=20)
    return done.returncode, done.stdout + done.stderr


def test_the_terminal_takes_the_free_seat_and_plays_a_browser_live(browser, server):
    with browsing(browser.new_context(base_url=server, **SIZES["desktop"])) as ann:
        invite = host(ann)
        terminal = Terminal(invite, "--name", "Tom")
        try:
            terminal.wait_for("#seat=")
            terminal.wait_for("Waiting for Ann (X)’s move.")
            expect(ann.get_by_test_id("names-label")).to_have_text("Ann (X) vs Tom (O)")
            ann.get_by_test_id("cell-0-0").click()
            terminal.wait_for("Your move (O):")
            terminal.type("b2")  # the centre
            expect(ann.get_by_test_id("cell-1-1")).to_have_text("O")
            ann.get_by_test_id("cell-0-1").click()
            terminal.wait_for("Your move (O):", 2)
            terminal.type("2 2")  # row 2, column 2 from 0: the bottom right
            expect(ann.get_by_test_id("cell-2-2")).to_have_text("O")
            ann.get_by_test_id("cell-0-2").click()
            terminal.wait_for("Ann (X) wins.")
            assert terminal.finish() == 0
        finally:
            terminal.close()
        expect(ann.get_by_test_id("winner-label")).to_have_text("The winner is Ann (X)")
        # Both seats are taken now; a wrong link is refused before any network call.
        code, said = run_join(invite, "--name", "Zoe")
        assert code == 1 and "Both seats" in said, said
        code, said = run_join("http://127.0.0.1:1/pentomino/", "--name", "Zoe")
        assert code != 0 and "not a TicTacToe link" in said, said


def test_the_terminal_plays_on_in_a_browsers_seat(browser, server):
    with browsing(browser.new_context(base_url=server, **SIZES["desktop"])) as ann, \
            browsing(browser.new_context(base_url=server, **SIZES["phone"])) as bob:
        invite = host(ann)
        terminal = Terminal(seat_link(ann))  # Ann carries on from the terminal, still X
        try:
            terminal.wait_for("You are Ann and play X.")
            terminal.wait_for("Waiting for an opponent to join.")
            join(bob, invite)
            terminal.wait_for("Your move (X):")
            terminal.type("5")
            expect(bob.get_by_test_id("cell-1-1")).to_have_text("X")
            bob.get_by_test_id("cell-0-0").tap()
            terminal.wait_for("Your move (X):", 2)
            terminal.type("0 0")  # taken: said, and nothing is sent
            terminal.wait_for("That square is taken")
            terminal.type("a3")
            expect(bob.get_by_test_id("cell-2-0")).to_have_text("X")
            bob.get_by_test_id("cell-0-2").tap()
            terminal.wait_for("Your move (X):", 3)
            terminal.type("b1")  # X: centre, bottom left, top middle: no line yet
            expect(bob.get_by_test_id("cell-0-1")).to_have_text("X")
            bob.get_by_test_id("cell-2-1").tap()
            terminal.wait_for("Your move (X):", 4)
            terminal.type("6")  # middle right
            bob.get_by_test_id("cell-1-0").tap()
            terminal.wait_for("Your move (X):", 5)
            terminal.type("9")  # the last square: a draw
            terminal.wait_for("It's a draw.")
            assert terminal.finish() == 0
        finally:
            terminal.close()
        expect(bob.get_by_test_id("winner-label")).to_have_text("It's a draw")
