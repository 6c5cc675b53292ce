"""The grand campaigns in the browser: a 1805 game against the computer through its first interphase (1806: the
declarations of war, hand building, a purchase of the budget, a diplomatic action on a power chosen in the
diplomatic table, a strategic redeployment) up to the 1806 activation phase; a 1809 hotseat game's Europe panel.
Screenshots of the budget, the diplomatic phase and the redeployment go to docs/web-grand-*.png.

The 1805 game starts from the position after 1805's activation and conquest phases, reached in the server's store
by the heuristic players (about 100 actions): clicking them through would add minutes and test nothing new."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

from fastapi import FastAPI
from playwright.sync_api import Page, expect
from sqlalchemy import insert, update

from grognard.agents import make_agent
from grognard.core.machine import State
from grognard.games.nae import describe
from grognard.server.models import ActionRow, GameRow, SnapshotRow
from tests.web.conftest import DOCS
from tests.web.test_nae_map_asset import ASSET
from tests.web.test_play import every_computer_move_shown, wait_turn

MAX_DECISIONS = 120  # the Empire's interphase takes about 30 clicks here; this bounds a stuck phase
MAX_RANDOM = 400  # random players move a squadron of the Empire after about 70 actions (seed 21)


def interphase_game(app: FastAPI, seed: int) -> str:
    """A 1805 game (the Empire at this browser, the Coalition the computer) at its 1806 interphase."""
    store = app.state.service.store
    gid = store.create_game("nae", "1805", {}, {"empire": "hotseat", "coalition": "ai:easy"}, seed)
    agents = {side: make_agent("heuristic", seed + i) for i, side in enumerate(("empire", "coalition"))}
    while True:
        st, version, _ = store.load(gid)
        if st.g["phase"] == "interphase":
            return gid
        store.append_action(gid, version, st.active, agents[st.active].choose(st, st.active))


def click(page: Page, label: str) -> None:
    page.click(f"#buttons button[data-index]:text-is({label!r})")


def test_grand_1805_first_interphase_against_the_computer(app: FastAPI, page: Page) -> None:
    gid = interphase_game(app, seed=3)
    page.goto(f"/#/game/{gid}")
    wait_turn(page, None)
    expect(page.locator("#who")).to_contain_text("1806 interphase: declarations of war (7.1)")
    expect(page.locator("#tab-europe")).to_be_visible()  # a new phase of the year opens the Europe panel
    expect(page.locator("#vp-track")).to_contain_text("Victory level 5")
    expect(page.locator("#escalade")).to_contain_text("Escalade 0 of 15")
    expect(page.locator("#stage-help")).to_contain_text("may declare war on neutral powers")  # what 7.1 asks
    expect(page.locator("#powers tr[data-power=prussia]")).to_contain_text("neutral")
    expect(page.locator("#powers tr[data-power=austria]")).to_contain_text("Coalition")
    expect(page.locator("#powers tr[data-power=bavaria]")).to_contain_text("France")  # allied to France
    did = {"bought": False, "placed": False, "diplomacy": False, "redeployed": False, "moved": False}
    seen: list[str] = []
    for _ in range(MAX_DECISIONS):
        who = page.inner_text("#who")
        if "interphase" not in who:
            break
        stage = who.split(" — ")[0]
        if stage not in seen:
            seen.append(stage)
        prompt = page.inner_text("#prompt")
        before = page.get_attribute("body", "data-version")
        labels = page.locator("#buttons button[data-index]").all_inner_texts()
        if prompt.startswith("Budget of France") and not did["bought"]:
            expect(page.locator("#purse")).to_contain_text("Budget of France")
            expect(page.locator("#stage-help")).to_contain_text("what is not spent is lost (7.3)")
            purse = int(page.inner_text("#purse .coins"))
            page.screenshot(path=str(DOCS / "web-grand-budget.png"))
            build = page.locator("#buttons button[data-index]", has_text=re.compile(r"^Build ")).first
            bought = build.inner_text()
            build.click()
            wait_turn(page, before)
            expect(page.locator("#prompt")).to_contain_text("Choose the reinforcement zone")  # 7.3.4
            # undo within one's own turn (the budget is the Empire's): the purchase is taken back
            before = page.get_attribute("body", "data-version")
            page.click("#undo")
            wait_turn(page, before)
            expect(page.locator("#prompt")).to_contain_text("Budget of France")
            expect(page.locator("#purse .coins")).to_have_text(str(purse))
            before = page.get_attribute("body", "data-version")
            click(page, bought)
            wait_turn(page, before)
            did["bought"] = True
            continue
        if prompt.startswith("Choose the reinforcement zone"):  # 7.3.4: a zone clicked on the map
            page.locator("#map path.zone.legal").first.dispatch_event("click")
            if not did["placed"]:
                wait_turn(page, before)
                assert int(page.inner_text("#purse .coins")) < purse  # placed: the purse is lighter
                did["placed"] = True
                continue
        elif "diplomatic phase: play a card" in prompt and not did["diplomacy"]:
            page.locator("#buttons button[data-index]", has_text="for a diplomatic action").first.click()
            wait_turn(page, before)
            expect(page.locator("#prompt")).to_contain_text("choose the country of this diplomatic action")
            expect(page.locator("#tab-europe")).to_be_visible()
            expect(page.locator("#map path.zone.legal").first).to_be_attached()  # the powers' zones light up
            expect(page.locator("#powers tr.legal button").first).to_contain_text(re.compile(r" — \d+%$"))  # 8.2.3
            page.screenshot(path=str(DOCS / "web-grand-diplomacy.png"))
            before = page.get_attribute("body", "data-version")
            page.locator("#powers tr.legal button").first.click()  # the power chosen in the diplomatic table
            did["diplomacy"] = True
        elif prompt.startswith("Strategic redeployment of France") and not did["redeployed"]:
            page.locator("#buttons button[data-index]", has_text=re.compile(r"^Move (?!to )")).first.click()  # a force
            did["redeployed"] = True
        elif "MP left: move on" in prompt and not did["moved"]:
            page.locator("#buttons button[data-index]", has_text=re.compile(r"^Move to ")).first.click()
            wait_turn(page, before)
            page.screenshot(path=str(DOCS / "web-grand-redeploy.png"))
            did["moved"] = True
            continue
        else:
            finish = [x for x in labels if x in (
                "Declare no (more) war", "Keep these cards and draw", "Play no more budget events: on to the budgets",
                "Finish (what is left is lost)", "Done", "Finish this power's moves", "Stop here")]
            click(page, finish[0] if finish else labels[0])
        wait_turn(page, before)
        every_computer_move_shown(page)
    expect(page.locator("#who")).to_contain_text("1806, round 1")
    assert seen == [f"1806 interphase: {p}" for p in (
        "declarations of war (7.1)", "hand building (7.2)", "budget phase (7.3)", "diplomatic phase (7.4)",
        "movement of the neutral majors (7.5)", "strategic redeployment (7.6)")]
    assert did == {"bought": True, "placed": True, "diplomacy": True, "redeployed": True, "moved": True}
    page.click("#tabs button[data-tab=log]")
    expect(page.locator("#tab-log")).to_contain_text("diplomatic")  # the action's roll and its result (8.2)


def test_grand_1809_hotseat_europe_panel(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("#scenario option[value='nae/1809']", state="attached")
    page.wait_for_selector("select[data-side=coalition] option[value^='ai:']", state="attached")
    page.select_option("#scenario", "nae/1809")
    for side in ("empire", "coalition"):
        page.select_option(f"select[data-side={side}]", "me")
    page.fill("input[name=seed]", "5")
    page.click("#start-game")
    page.wait_for_url("**/#/game/*")
    wait_turn(page, None)
    expect(page.locator("#who")).to_contain_text("1809, round 1")
    page.click("#tabs button[data-tab=europe]")
    expect(page.locator("#tab-europe")).to_contain_text("No escalade in this scenario (20.3)")
    expect(page.locator("#powers tr[data-power=austria]")).to_contain_text("Coalition")
    expect(page.locator("#powers tr[data-power=spain]")).to_contain_text("at war")
    side = page.get_attribute("body", "data-active")
    page.click("#tabs button[data-tab=hand]")
    expect(page.locator("#tab-hand .cardx").first).to_be_visible()  # the hand of the side to act, with card texts
    click(page, "Pass")
    other = "Empire" if side == "coalition" else "Coalition"
    expect(page.locator("#ho-title")).to_have_text(f"Hand the device to the {other}")  # the hand hidden meanwhile
    expect(page.locator("#tab-hand .cardx")).to_have_count(0)


def naval_game(app: FastAPI) -> str:
    """A 1805 hotseat game where the Empire moves a squadron (17.2), reached by random players."""
    store = app.state.service.store
    gid = store.create_game("nae", "1805", {}, {"empire": "hotseat", "coalition": "hotseat"}, 21)
    agents = {side: make_agent("random", 5 + i) for i, side in enumerate(("empire", "coalition"))}
    for _ in range(MAX_RANDOM):
        st, version, _ = store.load(gid)
        if st.step == "naval.move" and st.active == "empire":
            return gid
        store.append_action(gid, version, st.active, agents[st.active].choose(st.copy(), st.active))
    raise AssertionError("no squadron of the Empire moved")


def test_grand_17_2_a_squadron_sails_into_a_sea_zone_clicked_on_the_map(app: FastAPI, page: Page) -> None:
    gid = naval_game(app)
    page.goto(f"/#/game/{gid}")
    wait_turn(page, None)
    expect(page.locator("#prompt")).to_contain_text("Squadron of")
    sea = page.locator("#map path.sea-zone.legal").first
    sea_id = sea.get_attribute("data-sea")
    # the map pans to the sea zones offered when one lies off the opening view (the South Atlantic, from Cadiz)
    x, y, w, h = (float(n) for n in str(page.get_attribute("#map", "viewBox")).split())
    spot = json.loads(ASSET.read_text(encoding="utf-8"))["seas"][sea_id]
    assert x + 40 < spot["x"] < x + w - 40 and y + 40 < spot["y"] < y + h - 40, (sea_id, spot, (x, y, w, h))
    sea.dispatch_event("mouseenter")
    expect(page.locator("#hover-tip")).to_contain_text("fleet")  # the sea's fleets, in it and in its ports and boxes
    expect(page.locator("#map g.fleet").first).to_be_attached()  # the fleets as counters
    before = page.get_attribute("body", "data-version")
    done = len(app.state.service.store.load(gid)[0].actions)
    sea.dispatch_event("click")
    # the next question may be the Coalition's (a card window opens whenever it holds a card, 6.6): the hotseat
    # screen then asks to hand the device over, or the Empire's next view comes
    page.wait_for_selector(f"#ho-title:visible, body:not([data-version='{before}'])", timeout=30_000)
    st = app.state.service.store.load(gid)[0]
    assert st.actions[done] == ("sea", sea_id)


def stored_position(app: FastAPI, scenario: str, seed: int, seats: dict[str, str],
                    stop: Callable[[State], bool]) -> str:
    """A game in the server's store at the first position where ``stop`` holds, reached by the heuristic players.
    The ~1,500 actions of a grand campaign are played in memory and written in one transaction, as the store writes
    them one by one (its log rows, version, digest and snapshot), which spares a minute of per-action commits."""
    store = app.state.service.store
    gid = store.create_game("nae", scenario, {}, seats, seed)
    st, _, _ = store.load(gid)
    agents = {side: make_agent("heuristic", seed + i) for i, side in enumerate(("empire", "coalition"))}
    rows = []
    while not stop(st):
        side = st.active
        action = agents[side].choose(st, side)
        st.apply(action)
        rows.append({"game_id": gid, "seq": len(rows) + 1, "side": side, "kind": "action", "action": list(action),
                     "at": time.time()})
    with store.db.session() as s:
        s.execute(insert(ActionRow.__table__), rows)
        s.execute(update(GameRow.__table__).where(GameRow.id == gid).values(
            version=len(rows), digest=st.digest(), active=st.active))
        s.execute(update(SnapshotRow.__table__).where(SnapshotRow.game_id == gid)
                  .values(version=len(rows), state=st.to_json()))
    assert store.load(gid)[1] == len(rows)
    return gid


def last_round_of_1814(st: State) -> bool:
    g = st.g
    return (g["year"], g["round"], g["phase"], st.active) == (1814, g["last_round"], "activation", "empire")


def test_grand_19_the_end_of_the_1809_campaign_says_who_won_and_why(app: FastAPI, page: Page) -> None:
    """19.3: from the Empire's last move of 1814 (round 6, the heuristic players having played 1809-1814), the
    Empire plays out the year against the computer; the conquest phase and the final victory phase follow, and the
    end screen names the winner and the victory record that decided, with each of its conditions."""
    gid = stored_position(app, "1809", 3, {"empire": "hotseat", "coalition": "ai:easy"}, last_round_of_1814)
    page.goto(f"/#/game/{gid}")
    wait_turn(page, None)
    expect(page.locator("#who")).to_contain_text("1814, round 6")
    for _ in range(MAX_DECISIONS):
        if page.locator("#endgame:not([hidden])").count():
            break
        before = page.get_attribute("body", "data-version")
        labels = page.locator("#buttons button[data-index]").all_inner_texts()
        click(page, next((x for x in labels if x in ("Pass", "Done", "Stop here", "No more counter-marches")),
                         labels[0]))
        wait_turn(page, before)
    st = app.state.service.store.load(gid)[0]
    assert st.over and st.g["year"] == 1814
    winner = st.result["winner"]  # the Empire is the player at this screen
    said = f"The {winner.capitalize()} wins — you {'win' if winner == 'empire' else 'lose'}" if winner else ""
    expect(page.locator("#end-title")).to_have_text(said or "Both sides lose")
    expect(page.locator("#end-why")).to_have_text(describe.outcome(st))
    expect(page.locator("#end-why")).to_contain_text("19.")  # the victory record that decided, by its section
    expect(page.locator("#who")).to_contain_text("1814 victory phase (5.4, 19) — game over")
    page.screenshot(path=str(DOCS / "web-grand-end.png"))
    page.click("#end-map")
    page.click("#tabs button[data-tab=europe]")
    expect(page.locator("#vp-track")).to_contain_text(f"Victory level {st.g['vp']}")  # the final level (19)
    # the replay of the six years, from its end back to a battle of 1809
    page.locator("#end-replay").dispatch_event("click")
    page.wait_for_url("**/#/replay/*")
    n = len(st.actions)
    expect(page.locator("#replay-pos")).to_have_text(f"0 / {n}")
    expect(page.locator("#who")).to_contain_text("1809, round 1")
    page.click("#replay-bar button[data-step=last]")
    expect(page.locator("#replay-pos")).to_have_text(f"{n} / {n}")
    expect(page.locator("#who")).to_contain_text("1814 victory phase (5.4, 19)")
    expect(page.locator("#prompt")).to_contain_text(re.compile(rf"^Move {n}, (Empire|Coalition): "))
    page.click("#replay-bar button[data-step=first]")
    page.click("#replay-bar button[data-step=battle]")
    expect(page.locator("#replay-pos")).not_to_have_text(f"0 / {n}")
    page.click("#tabs button[data-tab=battle]")
    expect(page.locator("#tab-battle")).to_contain_text("Battle in")


def test_grand_11_fog_of_war_stacks_say_what_is_hidden(page: Page) -> None:
    """11, option ``fog_of_war``: the other side's stacks show their commander and « fog » for a strength, and say
    why in their tooltip and the force panel (no bare « ? »)."""
    page.goto("/")
    page.wait_for_selector("#scenario option[value='nae/1805']", state="attached")
    page.wait_for_selector("select[data-side=coalition] option[value^='ai:']", state="attached")
    page.select_option("#scenario", "nae/1805")
    page.select_option("select[data-side=empire]", "me")
    page.select_option("select[data-side=coalition]", "ai:easy")
    page.click("#options-box summary")  # the optional rules, folded until asked for
    page.check("input[name=opt][value=fog_of_war]")
    page.fill("input[name=seed]", "11")
    page.click("#start-game")
    page.wait_for_url("**/#/game/*")
    wait_turn(page, None)
    mack = page.locator("#map g.stack.hidden-stack", has=page.locator("text", has_text="Mack")).first
    expect(mack.locator("text.str")).to_have_text("fog")
    expect(mack.locator("title")).to_have_text("Mack: hidden by the fog of war (11), only its commander is seen")
    assert page.locator("#map g.stack:not(.hidden-stack) text.str", has_text="?").count() == 0
    own = page.locator("#map g.stack:not(.hidden-stack)").first
    expect(own.locator("text.str")).to_have_text(re.compile(r"^\d+$"))  # one's own stacks keep their strength
    mack.dispatch_event("click")
    expect(page.locator("#fog-note")).to_contain_text("The fog of war (11) hides what this stack holds")
    expect(page.locator("#tab-force")).not_to_contain_text("Combat value ?")
