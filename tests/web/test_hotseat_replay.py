"""Hotseat: each side sees only its own hand, behind a hand-over screen; the replay viewer steps through a record."""

from __future__ import annotations

import json
import re
import time

import httpx
from playwright.sync_api import Page, expect

from grognard import load_game
from tests.web.conftest import DOCS
from tests.web.test_play import start, wait_turn


def hand_ids(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("#tab-hand > .cards .cardx", "cs => cs.map(c => c.dataset.card)"))


def test_hotseat_never_shows_a_side_the_other_hand(page: Page, server: str) -> None:
    start(page, {"empire": "hotseat", "coalition": "hotseat"}, seed=4)
    wait_turn(page, None)
    gid = page.url.rsplit("/", 1)[1]
    hands = {s: set(httpx.get(f"{server}/api/games/{gid}/view?side={s}").json()["board"]["hand"])
             for s in ("empire", "coalition")}
    assert hand_ids(page) == hands["empire"]
    seen = {"empire": 1, "coalition": 0}
    for _ in range(30):
        before = page.get_attribute("body", "data-version")
        side = page.get_attribute("body", "data-active")
        passing = page.locator("#buttons button:text-is('Pass')")
        (passing if passing.count() else page.locator("#buttons button[data-index]").last).click()
        page.wait_for_function("b => document.body.dataset.version !== b || "
                               "!document.querySelector('#handover').hidden", arg=before)
        if page.is_visible("#handover"):
            # The screen between the players shows no hand at all, then the next player's only.
            assert hand_ids(page) == set()
            # No card of that hand in the page's text or its card elements (an SVG path may spell "2C" by chance)
            html, text = page.content(), page.inner_text("body")
            shown = [c for c in hands[side] if f'data-card="{c}"' in html or re.search(rf"\b{c}\b", text)]
            assert not shown, f"the hand-over screen shows {shown}"
            page.click("#ho-go")
            wait_turn(page, before)
            if seen[page.get_attribute("body", "data-active") or ""]:
                # back at the device: what the other player did meanwhile, in words
                feed = page.locator("#ai-feed")
                expect(feed.locator("summary")).to_contain_text("Since your last move")
                expect(feed).to_contain_text(side.capitalize())
        if page.is_visible("#endgame"):
            break
        now = page.get_attribute("body", "data-active")
        current = set(httpx.get(f"{server}/api/games/{gid}/view?side={now}").json()["board"]["hand"])
        assert hand_ids(page) == current
        other = "coalition" if now == "empire" else "empire"
        assert not current & hands[other]
        seen[now] += 1
        if all(seen.values()) and seen["coalition"] > 1:
            break
    assert seen["coalition"] > 0, "the coalition never got the device"
    expect(page.locator("#other-hand")).to_contain_text("holds")


def finished_record(server: str) -> dict:
    """A whole game played over the API (the Empire passes or takes the first choice) and its record."""
    gid = httpx.post(f"{server}/api/games", json={"scenario": "1815", "seed": 6,
                                                  "seats": {"empire": "me", "coalition": "ai:random"}}).json()["id"]
    for _ in range(2000):
        v = httpx.get(f"{server}/api/games/{gid}/view?side=empire").json()
        if v["over"]:
            break
        if v["active"] == "empire":
            action = ["pass", None] if ["pass", None] in v["legal"] else v["legal"][0]
            httpx.post(f"{server}/api/games/{gid}/actions", json={"side": "empire", "version": v["version"],
                                                                  "action": action})
        else:
            time.sleep(0.02)
    rec = httpx.get(f"{server}/api/games/{gid}/record")
    assert rec.status_code == 200, rec.text
    return dict(rec.json())


def test_the_replay_viewer_steps_through_a_record(page: Page, server: str, tmp_path) -> None:
    record = finished_record(server)
    n = len(record["actions"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page.goto("/")
    page.set_input_files("#record-file", str(path))
    page.wait_for_url("**/#/replay/*")
    expect(page.locator("#replay-pos")).to_have_text(f"0 / {n}")
    page.click("#replay-bar button[data-step=next]")
    expect(page.locator("#replay-pos")).to_have_text(f"1 / {n}")
    first = load_game("nae").new_state(record["scenario"], seed=record["seed"], options=record.get("options"))
    said = f"Move 1, {first.active.capitalize()}: {first.game.label(first, tuple(record['actions'][0]))}. Then: "
    expect(page.locator("#prompt")).to_contain_text(said)  # the move as its player read it on the button
    expect(page.locator("#prompt")).to_contain_text(re.compile(r"Then: Waiting for the (Empire|Coalition)\."))
    page.select_option("#replay-side", "coalition")
    expect(page.locator("#tab-hand h3")).to_contain_text("Your hand")
    page.select_option("#replay-side", "")
    expect(page.locator("#tab-hand")).to_contain_text("A spectator sees no hand")
    page.click("#replay-bar button[data-step=battle]")
    expect(page.locator("#replay-pos")).not_to_have_text(f"1 / {n}")
    expect(page.locator("#tab-battle")).to_be_visible()  # the battle it went to is shown, not the hand
    if page.inner_text("#replay-pos") != f"{n} / {n}":  # a game without a battle: the button goes to its end
        heading = page.locator("#tab-battle h3, #tab-battle h4").first
        expect(heading).to_contain_text(re.compile("Battle in|The last battle"))
    page.click("#replay-bar button[data-step=last]")
    expect(page.locator("#replay-pos")).to_have_text(f"{n} / {n}")
    expect(page.locator("#prompt")).to_contain_text("The game is over")


def test_the_game_screen_fits_a_phone_and_a_wide_screen(browser, server: str) -> None:
    gid = httpx.post(f"{server}/api/games", json={"scenario": "1815", "seed": 8,
                                                  "seats": {"empire": "me", "coalition": "ai:random"}}).json()["id"]
    for width, height, shot in ((400, 800, "web-phone.png"), (1920, 1080, None)):
        ctx = browser.new_context(viewport={"width": width, "height": height}, base_url=server)
        page = ctx.new_page()
        page.goto(f"/#/game/{gid}")
        page.wait_for_selector("#buttons button[data-index]")
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing runs off the side
        box = page.locator("#map").bounding_box()
        assert box is not None and box["width"] >= width * 0.6 and box["height"] >= 300
        if shot:
            page.screenshot(path=str(DOCS / shot))
        ctx.close()
