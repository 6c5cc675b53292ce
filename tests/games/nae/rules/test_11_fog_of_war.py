"""11 (glossary « Brouillard de guerre », optional), the option ``fog_of_war``: « il n'est pas possible d'examiner le
contenu des piles ou le verso des flottes de l'adversaire. Seul le général commandant une force ou une unité seule
dans une zone est visible. » Twin tests: two positions that differ only in what a hidden stack holds look the same
to the other side and to a spectator (board, summary, terminal lines, browser additions, log, step)."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae import webview
from grognard.games.nae.rules import command, fog
from grognard.server.app import create_app
from tests.games.nae.rules.helpers import GAME, board, play, put

FOG = {fog.FOG_OPTION: True}


def seen_by(st: State, side: str | None) -> dict[str, Any]:
    """Everything ``side`` is shown: the view (board, summary, log, step, prompt), the terminal's lines and what the
    browser adds (figures of forces, forecasts)."""
    view = st.view(side)
    return {"view": view, "lines": GAME.describe(st, side), "web": webview.annotate(st, side, st.view(side))}


def stacks(st: State, side: str) -> list[str]:
    """The forces of ``side`` led by a general with two units or more, whose content the fog hides."""
    return [fid for fid, f in st.g["forces"].items() if f["side"] == side and f["commander"] and len(f["units"]) > 1
            and not f["group"]]


def other_content(st: State, fid: str) -> State:
    """A twin of ``st`` whose force ``fid`` holds less: its last unit gone (out of play, not eliminated), its first
    reduced, one depot more."""
    twin = st.copy()
    f = twin.g["forces"][fid]
    units = dict(f["units"])
    units.pop(list(units)[-1])
    first = next(iter(units))
    reduced = S.unit(first).reduced
    if reduced is not None and units[first] == S.unit(first).steps:
        units[first] = reduced
    f["units"] = units
    f["depots"] = [*f["depots"], S.major_of(twin, f["power"])]
    f["subs"] = []
    return twin


def test_11_a_hidden_stack_shows_only_its_commander_in_every_scenario() -> None:
    for scenario in ("1815", "1805", "1809"):
        st = GAME.new_state(scenario, seed=2, options=FOG)
        for owner in S.SIDES:
            enemy = S.other(owner)
            fid = stacks(st, owner)[0]
            shown = st.view(enemy)["board"]["forces"][fid]
            f = st.g["forces"][fid]
            assert shown["hidden"] and shown["units"] == {} and shown["subs"] == [] and shown["depots"] == []
            assert (shown["commander"], shown["zone"], shown["army"]) == (f["commander"], f["zone"], f["army"])
            assert st.view(owner)["board"]["forces"][fid]["units"] == f["units"]  # its owner sees it all
            lone = next(x for x, g in st.g["forces"].items() if g["side"] == owner and not g["commander"])
            assert st.view(enemy)["board"]["forces"][lone]["units"] == st.g["forces"][lone]["units"]
            twin = other_content(st, fid)
            assert seen_by(twin, enemy) == seen_by(st, enemy), (scenario, owner)
            assert seen_by(twin, None) == seen_by(st, None), (scenario, owner)
            assert twin.view(owner) != st.view(owner)


def test_11_without_the_option_every_stack_is_open() -> None:
    st = GAME.new_state("1815", seed=2)
    fid = stacks(st, "coalition")[0]
    assert st.view("empire")["board"]["forces"][fid]["units"] == st.g["forces"][fid]["units"]
    assert seen_by(other_content(st, fid), "empire") != seen_by(st, "empire")


def test_11_the_other_sides_fleets_show_only_their_front() -> None:
    st = GAME.new_state("1805", seed=2, options=FOG)
    theirs = [fl for fl, x in st.g["fleets"].items() if S.side_of(st, x["power"]) == "coalition"]
    board_view = st.view("empire")["board"]
    assert not set(theirs) & set(board_view["fleets"])  # no id: the admiral's name is on the back
    shown = [x for x in board_view["summary"]["fleets"] if x["side"] == "coalition"]
    assert len(shown) == len(theirs) and all(x["tactical"] == "?" and x["name"].endswith(" fleet") for x in shown)
    mine = [x for x in board_view["summary"]["fleets"] if x["side"] == "empire"]
    assert all(x["id"] in st.g["fleets"] and x["tactical"] != "?" for x in mine)
    # two British fleets in the same port swapped: nothing the Empire sees changes
    twin = st.copy()
    same = next((a, b) for a in theirs for b in theirs if a < b and st.g["fleets"][a] == st.g["fleets"][b] and
                S.data().counters.fleets[a].initiative == S.data().counters.fleets[b].initiative)
    twin.g["fleets"][same[0]], twin.g["fleets"][same[1]] = dict(st.g["fleets"][same[1]]), dict(st.g["fleets"][same[0]])
    twin.g["fleets"] = dict(reversed(list(twin.g["fleets"].items())))
    assert seen_by(twin, "empire")["view"]["board"]["fleets"] == seen_by(st, "empire")["view"]["board"]["fleets"]


def kleist_marches(units: dict[str, int]) -> State:
    """1815: Kleist (Cleves), holding ``units``, force-marches +2 into Hanover and stops; his attrition test rolls a
    6 (one loss, taken on the Prussian IV Corps): his owner spends his depot, the Empire watches."""
    st = GAME.new_state("1815", seed=1, options=FOG, dice=[6, 6, 6, 6])
    S.force(st, "f9")["units"] = units
    play(st, ("pass", None), ("card", "12C"), ("force", "f9"), ("forced_march", 2), ("zone", "hanover"),
         ("done", None))
    assert st.step == "attrition.depot"
    assert st.view("empire")["step"] == "activation" and st.view("coalition")["step"] == "attrition.depot"
    play(st, ("depot", "mobile"))
    assert st.step == "losses"
    play(st, ("loss", "pr_iv"))
    assert st.step == "activation" and st.active == "coalition"
    return st


def test_11_twins_stay_alike_to_the_other_side_through_a_march_and_its_attrition() -> None:
    four = kleist_marches({"pr_iv": 2, "pr_v": 2})
    three = kleist_marches({"pr_iv": 2, "pr_v": 1})
    assert S.force(four, "f9")["units"] == {"pr_iv": 1, "pr_v": 2}
    assert S.force(three, "f9")["units"] == {"pr_iv": 1, "pr_v": 1}
    for side in ("empire", None):
        assert seen_by(four, side) == seen_by(three, side)
    log = four.log_for("empire")
    assert any(e["text"] == "Kleist's force tests attrition (end of its move); the fog of war hides the result"
               for e in log)
    assert not any("steps" in e["text"] or "IV Corps" in e["text"] or "depot" in e["text"] for e in log)
    mine = four.log_for("coalition")
    assert any("Attrition of Kleist (4 steps" in e["text"] for e in mine)
    assert any(e["text"] == "Prussian IV Corps is reduced (attrition)" for e in mine)
    assert four.view("coalition") != three.view("coalition")


def attack_on_blucher(fog_on: bool) -> tuple[State, str, str]:
    """Davout (Reims) about to march into Luxembourg, where Blücher's stack stands."""
    st = board(hands={"empire": [], "coalition": []})
    st.setup["options"] = FOG if fog_on else {}
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "luxembourg", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0))
    return st, davout, blucher


def test_11_a_battle_reveals_both_forces_and_no_forecast_is_offered_against_a_hidden_one() -> None:
    st, davout, blucher = attack_on_blucher(False)
    web = webview.annotate(st, "empire", st.view("empire"))
    assert str(web["legal"].index(["zone", "luxembourg"])) in web["forecasts"]  # without the fog: the odds
    st, davout, blucher = attack_on_blucher(True)
    web = webview.annotate(st, "empire", st.view("empire"))
    assert str(web["legal"].index(["zone", "luxembourg"])) not in web["forecasts"]  # the stack it meets is hidden
    assert web["forces"][blucher]["combat"] == "?" and web["forces"][davout]["combat"] == S.combat_value(
        st.g["forces"][davout])
    play(st, ("zone", "luxembourg"))
    assert st.step == "evade" and st.active == "coalition"
    assert not webview.annotate(st, "coalition", st.view("coalition"))["forecasts"]
    play(st, ("stand", None))
    assert str(st.step).startswith("battle") and fog.revealed(st) == {davout, blucher}
    for side in (*S.SIDES, None):
        forces = st.view(side)["board"]["forces"]
        for fid in (davout, blucher):
            assert forces[fid]["units"] == st.g["forces"][fid]["units"] and not forces[fid].get("hidden")


def test_11_determinized_copies_redeal_the_hidden_units_alike_for_twins() -> None:
    st = GAME.new_state("1815", seed=3, options=FOG)
    hidden = [fid for fid in stacks(st, "coalition") if S.force(st, fid)["power"] == "austria"]
    a, b = hidden[0], hidden[1]
    twin = st.copy()
    fa, fb = twin.g["forces"][a], twin.g["forces"][b]
    ua, ub = list(fa["units"])[-1], list(fb["units"])[-1]
    fa["units"][ub] = fb["units"].pop(ub)
    fb["units"][ua] = fa["units"].pop(ua)
    copies = [x.determinize("empire", random.Random(5)) for x in (st, twin)]
    assert copies[0].g["forces"] == copies[1].g["forces"]
    moved = 0
    for fid, f in copies[0].g["forces"].items():
        truth = st.g["forces"][fid]
        assert (f["zone"], f["commander"], f["army"], f["side"]) == (truth["zone"], truth["commander"], truth["army"],
                                                                      truth["side"])
        if not fog.hidden(st, fid, "empire"):
            assert f["units"] == truth["units"]  # what the Empire sees stays
            continue
        assert S.combat_value(f) > 0 and command.within_command(copies[0], f["commander"], f["army"], f["units"])
        moved += f["units"] != truth["units"]
    assert moved  # the search does not play on the truth
    pool = sorted(u for fid, f in st.g["forces"].items() if fog.hidden(st, fid, "empire") for u in f["units"])
    assert pool == sorted(u for fid, f in copies[0].g["forces"].items() if fog.hidden(st, fid, "empire")
                          for u in f["units"])
    depots = [sorted(d for fid, f in x.g["forces"].items() if fog.hidden(st, fid, "empire") for d in f["depots"])
              for x in (st, copies[0])]
    assert depots[0] == depots[1]  # the mobile depots too, each with a general of its nation
    assert all(S.major_of(st, S.general(f["commander"]).power) in f["depots"] or not f["depots"]
               for fid, f in copies[0].g["forces"].items() if fog.hidden(st, fid, "empire"))
    subs = [sorted(g for fid, f in x.g["forces"].items() if fog.hidden(st, fid, "empire") for g in f["subs"])
            for x in (st, copies[0])]
    assert subs[0] == subs[1]
    assert all(len(f["subs"]) <= command.ARMY_SUBORDINATES for f in copies[0].g["forces"].values())
    rng = random.Random(1)
    for _ in range(60):  # the copy plays on
        copies[0].apply(rng.choice(copies[0].legal_actions()))


def test_11_twins_look_alike_all_through_random_games() -> None:
    """At every position of random games (1815 whole, 1805 and 1809 into their second year), a twin whose hidden
    stack holds less shows the other side and a spectator the same views, whatever step the game is at."""
    checked = 0
    for scenario, seed, limit in (("1815", 5, 400), ("1805", 6, 300), ("1809", 7, 300)):
        st = GAME.new_state(scenario, seed=seed, options=FOG)
        rng = random.Random(seed)
        for _ in range(limit):
            if st.over:
                break
            owner = rng.choice(S.SIDES)
            candidates = [fid for fid in stacks(st, owner) if fog.hidden(st, fid, S.other(owner))]
            if candidates:
                twin = other_content(st, rng.choice(candidates))
                for viewer in (S.other(owner), None):
                    assert seen_by(twin, viewer) == seen_by(st, viewer), (scenario, st.step, viewer)
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked >= 600


def test_11_labels_reasons_and_why_name_no_hidden_piece() -> None:
    """What the browser lists of the computer's moves (to every seat) and what ``why`` answers locate nothing the
    fog hides: Kleist's stack (Cleves) holds the Prussian IV and V Corps."""
    st = GAME.new_state("1815", seed=1, options=FOG)
    assert GAME.redact_text(st, "Leave Prussian IV Corps here", None) == "Leave a unit here"
    assert GAME.redact_text(st, "Leave Prussian IV Corps here", "coalition") == "Leave Prussian IV Corps here"
    assert GAME.redact_text(st, "Take the loss on French I Corps (2)", None) == "Take the loss on French I Corps (2)"
    assert st.active == "empire"
    assert GAME.why(st, "Prussian IV Corps") == "'Prussian IV Corps' names no zone and no force on the map."
    assert GAME.why(st, "pr_iv") == "'pr_iv' names no zone and no force on the map."
    assert "Kleist" in GAME.why(st, "Kleist")  # the commanding general shows
    assert "no force on the map" not in GAME.why(GAME.new_state("1815", seed=1), "Prussian IV Corps")


def test_11_the_options_are_offered_and_the_fog_holds_over_http(tmp_path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}")) as c:
        nae = next(g for g in c.get("/api/scenarios").json()["games"] if g["id"] == "nae")
        assert {fog.FOG_OPTION, "austrian_grenadiers", "prussian_army_posture"} <= set(nae["options"])
        seats = {"empire": "hotseat", "coalition": "hotseat"}
        r = c.post("/api/games", json={"game": "nae", "scenario": "1815", "seats": seats, "seed": 1, "options": FOG})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        empire = c.get(f"/api/games/{gid}/view?side=empire").json()
        coalition = c.get(f"/api/games/{gid}/view?side=coalition").json()
    kleist = empire["board"]["forces"]["f9"]
    assert kleist["hidden"] and kleist["units"] == {} and kleist["commander"] == "kleist"
    assert empire["forces"]["f9"]["combat"] == "?"
    assert next(f for f in empire["board"]["summary"]["forces"] if f["id"] == "f9")["units"] == []
    assert coalition["board"]["forces"]["f9"]["units"] == {"pr_iv": 2, "pr_v": 2}
    assert coalition["board"]["forces"]["f24"].get("hidden")  # Napoleon's stack, for the Coalition
