"""Online play in the browser: two people, each in their own browser context (their own cookies), sign up, confirm
their address by the e-mailed link, and play a game by turns: created in the lobby, joined by its invitation link,
a few actions each, a chat, the players' clocks and the "your turn" marker in the tab title."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, Page, expect

from grognard.server.app import create_app
from grognard.server.db import Database
from grognard.server.online import Online
from grognard.server.store import GameStore
from tests.server.conftest import Mailbox, cheap_accounts
from tests.server.live import free_port, serve_in_thread
from tests.web.conftest import DOCS

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def online_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Mailbox]]:
    """An app with accounts, mailing through a real SMTP server in the test process."""
    box = Mailbox()
    ctl = Controller(box, hostname="127.0.0.1", port=free_port())
    ctl.start()
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('online') / 'g.db'}")
    store = GameStore(db)
    from grognard.server.notify import SmtpConfig

    online = Online(store, acc=cheap_accounts(db), smtp=SmtpConfig(host="127.0.0.1", port=ctl.port), outbox_poll=0.1)
    with serve_in_thread(create_app(store=store, online=online)) as base:
        store.base_url = online.accounts.base_url = base
        yield base, box
    ctl.stop()
    db.dispose()


def person(browser: Browser, base: str) -> Page:
    ctx = browser.new_context(viewport={"width": 1500, "height": 950}, base_url=base)
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(f"{page.url}: {e} {e.stack}"))  # type: ignore[attr-defined]
    return page


def mail_link(box: Mailbox, to: str, pattern: str) -> str:
    end = time.monotonic() + 15
    while time.monotonic() < end:
        for m in box.to(to):
            if found := re.search(pattern, m.get_content()):
                return found.group(0)
        time.sleep(0.05)
    raise AssertionError(f"no e-mail to {to} with {pattern}")


def sign_up(page: Page, box: Mailbox, name: str) -> None:
    """Sign up, follow the confirmation link of the e-mail, log in."""
    page.goto("/#/account")
    page.fill("#signup-form input[name=name]", name)
    page.fill("#signup-form input[name=email]", f"{name}@example.org")
    page.fill("#signup-form input[name=password]", PASSWORD)
    page.click("#signup-go")
    expect(page.locator(".notice")).to_contain_text("confirm your address")
    page.goto(mail_link(box, f"{name}@example.org", r"http://\S+/api/users/verify\?token=\S+"))
    expect(page.locator(".notice")).to_contain_text("your address is confirmed")
    page.fill("#login-form input[name=name]", name)
    page.fill("#login-form input[name=password]", PASSWORD)
    page.click("#login-go")
    page.wait_for_url("**/#/lobby")
    expect(page.locator("#nav-me")).to_have_text(name)


def play_one(page: Page) -> None:
    """Take one action on the player's own screen: pass when one may, else the last choice offered."""
    before = page.get_attribute("body", "data-version")
    passing = page.locator("#buttons button[data-index]:text-is('Pass')")
    (passing if passing.count() else page.locator("#buttons button[data-index]").last).click()
    if page.locator("#forecast:not([hidden])").count():
        page.click("#fc-go")
    page.wait_for_function("b => document.body.dataset.version !== b", arg=before, timeout=20_000)


def test_two_people_play_online_by_turns(browser: Browser, online_server: tuple[str, Mailbox]) -> None:
    base, box = online_server
    alice, bob = person(browser, base), person(browser, base)
    sign_up(alice, box, "alice")
    sign_up(bob, box, "bob")

    # Alice creates a game by invitation, playing the Empire
    alice.select_option("#online-new select[name=side]", "empire")
    alice.select_option("#online-new select[name=public]", "")
    alice.click("#create-game")
    link = alice.inner_text("#invite-link")
    assert link.startswith(base + "/#/invite/")
    expect(alice.locator("#my-games")).to_contain_text("waiting for players")  # the new game is listed at once
    alice.fill("#invite-by-name input[name=name]", "nobody")
    alice.click("#invite-go")
    expect(alice.locator("#invite-by-name .error")).to_have_text("No user 'nobody'.")
    alice.fill("#invite-by-name input[name=name]", "bob")
    alice.click("#invite-go")
    expect(alice.locator("#invite-by-name .notice")).to_have_text("bob is sent the invitation.")
    assert mail_link(box, "bob@example.org", re.escape(link)) == link  # by e-mail, with the same link
    alice.click("#open-created")
    expect(alice.locator("#online-row")).to_contain_text("Waiting for players")
    assert not alice.locator("#buttons button[data-index]").count()  # nothing to play before the start

    # Bob follows the link and accepts; Alice sees him arrive (pushed) and starts the game
    bob.goto(link)
    bob.click("button[data-side=coalition]")
    bob.wait_for_url("**/#/game/*")
    gid = bob.url.rsplit("/", 1)[1]
    assert alice.url.endswith(gid)
    expect(bob.locator("#online-row")).to_contain_text("Every seat is taken: waiting for alice to start the game")
    expect(alice.locator("#online-bar .players")).to_contain_text("bob")
    alice.click("#start-online")
    expect(alice.locator("#online-bar .clock.running")).to_be_visible()
    for page in (alice, bob):
        expect(page.locator("#online-bar .players")).to_contain_text("(you)")

    # A few actions each, each on their own screen; the tab title tells whose move it is
    pages = {"empire": alice, "coalition": bob}
    done = {"empire": 0, "coalition": 0}
    for _ in range(60):
        active = alice.get_attribute("body", "data-active") or ""
        if active not in pages or min(done.values()) >= 2:
            break
        me, other = pages[active], pages["coalition" if active == "empire" else "empire"]
        expect(me).to_have_title(re.compile("^● Your turn"))
        expect(me.locator("#buttons button[data-index]").first).to_be_visible()
        assert not other.title().startswith("●") and not other.locator("#buttons button[data-index]").count()
        expect(me.locator("#turn")).to_have_class("mine")  # the panel says whose move it is, by name
        name = "alice" if active == "empire" else "bob"
        expect(other.locator("#turn")).to_have_text(f"Waiting for {name} ({active.capitalize()}) to move.")
        version = me.get_attribute("body", "data-version")
        play_one(me)
        done[active] += 1
        # the other screen follows by the push
        now = me.get_attribute("body", "data-version")
        other.wait_for_function("v => document.body.dataset.version === v", arg=now, timeout=20_000)
        alice.wait_for_function("v => document.body.dataset.version === v", arg=now, timeout=20_000)
        assert now != version
    assert min(done.values()) >= 2, done

    # The chat: a message reaches the other player's screen by the push
    alice.click("#chat-tab")
    alice.fill("#chat-form input[name=text]", "Vive l'Empereur! Good luck.")
    alice.click("#chat-form button")
    expect(bob.locator("#chat-tab")).to_have_text("Chat ●")
    bob.click("#chat-tab")
    expect(bob.locator("#chat-log")).to_contain_text("Vive l'Empereur! Good luck.")
    bob.fill("#chat-form input[name=text]", "Und Ihnen auch.")
    bob.press("#chat-form input[name=text]", "Enter")
    expect(alice.locator("#chat-log")).to_contain_text("Und Ihnen auch.")
    active = alice.get_attribute("body", "data-active") or "empire"
    shot = pages.get(active, alice)
    expect(shot).to_have_title(re.compile("^● Your turn"))
    shot.click("#chat-tab")
    shot.screenshot(path=str(DOCS / "web-online-game.png"))

    # An observer (another account, no seat) gets the spectator's view: no hand, no buttons, no chat box
    carol = person(browser, base)
    sign_up(carol, box, "carol")
    carol.goto(f"/#/game/{gid}")
    expect(carol.locator("#online-row")).to_contain_text("You are watching")
    assert not carol.locator("#buttons button[data-index]").count()
    assert carol.locator("#chat-form").is_hidden()
    assert not carol.title().startswith("●")

    # Carol opens a public game against whoever comes: it is listed among the open games
    carol.goto("/#/lobby")
    carol.select_option("#online-new select[name=side]", "coalition")
    carol.click("#create-game")
    expect(carol.locator("#open-created")).to_be_visible()
    assert not carol.locator("#invite-link").count()

    # My games: the game where it is my move comes first, marked; the open games offer to join
    me = pages.get(active, alice)
    me.goto("/#/lobby")
    expect(me.locator("#my-games li.my-turn").first).to_contain_text("your move")
    expect(me.locator("#nav-lobby .turns")).to_have_text("1")
    expect(me.locator("#open-games li button")).to_have_text("Join as Empire")
    expect(me).to_have_title(re.compile("^● Your turn"))
    expect(me.locator("#my-games li").first).to_contain_text("Napoleon against Europe — 1815, the Hundred Days")
    me.screenshot(path=str(DOCS / "web-lobby.png"))
    # the start screen lists the same game with its players by name
    me.goto("/#/")
    expect(me.locator("#games")).to_contain_text("Empire: alice, Coalition: bob")
    assert "user:" not in me.inner_text("#games")

    for page in (alice, bob, carol):
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_account_pages_reset_settings_pause_and_log_out(browser: Browser, online_server: tuple[str, Mailbox]) -> None:
    base, box = online_server
    dora = person(browser, base)
    sign_up(dora, box, "dora")
    # the profile: notification settings per event and channel, and a webhook address
    dora.click("#nav-me")
    dora.uncheck("input[name=n-chat-webhook]")
    dora.check("input[name=n-chat-email]")
    dora.fill("#profile-form input[name=webhook_url]", "https://example.org/hook")
    dora.click("#save-profile")
    expect(dora.locator("#profile-form .error")).to_have_text("Saved.")
    me = dora.evaluate("fetch('/api/users/me').then(r => r.json())")
    assert me["notify"]["chat"] == ["email"] and me["webhook_url"] == "https://example.org/hook"

    # a game against the computer starts at once; a vacation pause by the only player stops the clocks
    dora.goto("/#/lobby")
    dora.select_option("#online-new select[name=side]", "empire")
    dora.select_option("#online-new select[name=other]", "ai:random")
    dora.click("#create-game")
    dora.click("#open-created")
    expect(dora.locator("#online-bar .players")).to_contain_text("ai:random")
    dora.click("#pause")
    expect(dora.locator("#online-row")).to_contain_text("The clocks are stopped")
    assert not dora.locator("#online-bar .clock.running").count()
    dora.click("#pause")
    expect(dora.locator("#online-row")).not_to_contain_text("The clocks are stopped")

    # log out; a forgotten password is reset by the e-mailed link, which lands on its page
    dora.click("#nav-me")
    dora.click("#logout")
    expect(dora.locator("#nav-login")).to_be_visible()
    dora.goto("/#/account")
    dora.fill("form:has(button:text('Send me a reset link')) input[name=email]", "dora@example.org")
    dora.click("button:text('Send me a reset link')")
    expect(dora.locator("text=a reset link is on its way")).to_be_visible()
    dora.goto(mail_link(box, "dora@example.org", r"http://\S+/#/reset\?token=\S+"))
    dora.fill("input[name=password]", "a brand new password")
    dora.click("button:text('Change my password')")
    expect(dora.locator(".notice")).to_contain_text("Your password is changed")
    dora.goto("/#/account")
    dora.fill("#login-form input[name=name]", "dora")
    dora.fill("#login-form input[name=password]", "a brand new password")
    dora.click("#login-go")
    expect(dora.locator("#nav-me")).to_have_text("dora")
    assert not dora.errors, dora.errors  # type: ignore[attr-defined]
    dora.context.close()
