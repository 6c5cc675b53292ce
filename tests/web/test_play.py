"""A whole 1815 game played by clicks against the computer: a card played as an event, an undo, a battle with its
forecast shown, the end screen; screenshots of the map, a battle and the end screen go to docs/."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, TimeoutError, expect

from tests.web.conftest import DOCS

MAX_DECISIONS = 400  # a random-ish Empire needs about 50 in 1815; this bounds a stuck game


def wait_turn(page: Page, before: str | None) -> None:
    """Until a new view is on screen and it is either the player's move or the end of the game."""
    try:
        page.wait_for_function(
            """before => document.body.dataset.version !== before && (
                 document.querySelector('#endgame:not([hidden])') ||
                 document.querySelector('#buttons button[data-index]'))""",
            arg=before, timeout=30_000)
    except TimeoutError:
        shown = {k: page.inner_text(k) for k in ("#status", "#who", "#prompt", "#buttons")}
        raise AssertionError(f"no new view after version {before}: {shown}") from None


def every_computer_move_shown(page: Page) -> None:
    """The feed lists each move the computer says it just made (a power's budget is dozens of them)."""
    feed = page.inner_text("#ai-feed summary") if page.is_visible("#ai-feed") else ""
    made = re.search(r"just made (\d+) move", feed)
    if made:
        expect(page.locator("#ai-feed .ai-move.new")).to_have_count(int(made.group(1)))


def start(page: Page, seats: dict[str, str], seed: int) -> None:
    page.goto("/")
    page.wait_for_selector("select[data-side=coalition] option[value^='ai:']", state="attached")
    for side, seat in seats.items():
        page.select_option(f"select[data-side={side}]", seat)
    page.fill("input[name=seed]", str(seed))
    page.click("#start-game")
    page.wait_for_url("**/#/game/*")


def computer(page: Page) -> str:
    page.wait_for_selector("select[data-side=coalition] option[value^='ai:']", state="attached")
    options = page.eval_on_selector_all("select[data-side=coalition] option", "os => os.map(o => o.value)")
    return "ai:easy" if "ai:easy" in options else next(o for o in options if o.startswith("ai:"))


def test_a_whole_1815_game_against_the_computer(page: Page) -> None:
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=4)
    wait_turn(page, None)
    expect(page.locator("[data-fleet=gb_cornwallis] title")).to_contain_text("the blockade box of Brest")  # 17.2.6
    page.screenshot(path=str(DOCS / "web-map.png"))
    rng = random.Random(4)
    did = {"event": False, "undo": False, "forecast": False}
    battle_shot = False
    for _ in range(MAX_DECISIONS):
        if page.is_visible("#endgame"):
            break
        before = page.get_attribute("body", "data-version")
        buttons = page.locator("#buttons button[data-index]")
        forecast = page.locator("#buttons button.forecast")
        event = page.locator("#tab-hand .cardx.legal button[data-verb=event]")
        if forecast.count():
            forecast.first.click()
            expect(page.locator("#forecast")).to_be_visible()
            expect(page.locator("#fc-bar")).to_contain_text("attacker wins")
            if not did["forecast"]:
                page.screenshot(path=str(DOCS / "web-forecast.png"))
            page.click("#fc-go")
            did["forecast"] = True
        elif not did["event"] and event.count():
            page.click("#tabs button[data-tab=hand]")
            event.first.click()  # a card played as an event, from the hand panel
            did["event"] = True
        elif not did["undo"] and page.locator("#undo").count():
            prompt = page.inner_text("#prompt")
            page.click("#undo")
            page.wait_for_function("p => document.querySelector('#prompt').innerText !== p", arg=prompt)
            did["undo"] = True
            continue
        else:
            labels = buttons.all_inner_texts()
            if "Pass" in labels and rng.random() < 0.5:
                page.click("#buttons button:text-is('Pass')")
            else:
                buttons.nth(rng.randrange(len(labels))).click()
        wait_turn(page, before)
        every_computer_move_shown(page)
        if did["forecast"] and not battle_shot and page.locator("#tab-battle h4").count():
            page.click("#tabs button[data-tab=battle]")
            page.screenshot(path=str(DOCS / "web-battle.png"))
            battle_shot = True
    expect(page.locator("#endgame")).to_be_visible()
    expect(page.locator("#end-title")).to_contain_text(re.compile(r"wins — you (win|lose)|A draw"))
    expect(page.locator("#end-why")).to_contain_text("Decided by 20.1")  # the deciding record and its conditions
    # the deciding record's condition: France's conquest (18.2.1) or, since the Coalition's heuristic hunts him,
    # Napoléon off the map (20.1)
    expect(page.locator("#end-why")).to_contain_text(re.compile(r"conquered|Napoleon is off the map"))
    page.screenshot(path=str(DOCS / "web-end.png"))
    # closed to look at the map, the result is still said, and the end screen comes back on demand
    page.click("#end-map")
    expect(page.locator("#endgame")).to_be_hidden()
    over = re.compile(r"The game is over: (the \w+ wins \(you (win|lose)\)|a draw)")
    expect(page.locator("#turn")).to_contain_text(over)
    page.click("#show-end")
    expect(page.locator("#endgame")).to_be_visible()
    assert did == {"event": True, "undo": True, "forecast": True}
