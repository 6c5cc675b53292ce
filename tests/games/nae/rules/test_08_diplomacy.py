"""8 Diplomacy, 7.4 the diplomatic phase, 6.5 foreign wars and the diplomatic choices of an activation round (5.2),
on the empty 1815 board given the 1805 statuses and markers (a position no 1805 set-up would need to reach)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import diplomacy as D
from grognard.games.nae.rules import foreign_wars as FW
from grognard.games.nae.rules import iberia as I
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import board, play, push, put, rolls


def campaign(dice: Sequence[int] = (), hands: dict[str, list[str]] | None = None, year: int = 1806,
             decks: dict[str, list[str]] | None = None) -> State:
    """A grand-campaign position: the empty board with the 1805 statuses of 20.2 and chosen hands and piles."""
    st = board(dice, hands=hands)
    sc = S.data().scenarios["1805"]
    st.g.update(scenario="1805", year=year, vp=sc.header.victory_level, escalade=sc.header.escalade_level)
    st.g["sides"] = {p: (sc.side_of(p) if p in sc.statuses else None) for p in S.data().map.powers}
    st.g["ally_of"] = {p: s.ally_of for p, s in sc.statuses.items()
                       if s.status in ("allied", "protectorate") and s.ally_of}
    st.g["status"] = {p: s.status for p, s in sc.statuses.items()}
    st.g["forced"] = {}
    st.g["events_played"] = sorted({c for side in S.SIDES for c in getattr(sc.header.cards, side).events_used})
    st.g["decks"] = decks or {"empire": ["30F", "31F", "32F"], "coalition": ["30C", "31C", "32C"]}
    return st


def ally(st: State, power: str, status: str, side: str | None, major: str | None = None) -> None:
    """Give ``power`` a status and side (and its major, for a minor) through the state's setters."""
    st.g["status"][power] = status
    S.set_side(st, power, side)
    if major is not None:
        S.set_ally_of(st, power, major)


def legal(st: State) -> list[tuple[str, object]]:
    """The legal actions after a test changed the position by hand (the state caches them between actions)."""
    st._legal = None
    return st.legal_actions()


def phase(st: State) -> None:
    push(st, "diplomacy.phase", side="coalition", played=0)


# 7.4 / 8.7 The 1806 diplomatic phase of the example of play ------------------------------------------------------

def test_7_4_example_1806_diplomatic_phase() -> None:
    """Example 1806 (22): Bombardement de Copenhague on Egypt, d 4 (+1 card, +0 table) = 5: failure, the card leaves
    the game, escalade +1 (1 -> 2); Intrigues on Prussia (a value-1 card its event allows on a major): d 2 +2 +2 = 6,
    Prussia joins with Saxony and Hesse, which deploy, and the Coalition draws 2 cards (Berlin+Koenigsberg,
    Varsovie); the Empire plays Talleyrand on Egypt: d 3 +2 +1 = 6, Egypt joins, France draws 1 (Le Caire)."""
    st = campaign(dice=[4, 2, 3], hands={"empire": ["14F", "34F"], "coalition": ["24C", "13C", "37C"]},
                  decks={"empire": ["30F", "31F"], "coalition": ["30C", "31C", "32C"]})
    st.g["escalade"] = 1  # after Austria's conquest in 1805
    st.g["reserve"]["units"].append("hes_1")  # a neutral minor's units wait off the map
    phase(st)
    assert ("diplomacy", "24C") in legal(st) and ("diplomacy", "13C") in legal(st)
    play(st, ("diplomacy", "24C"))
    assert ("target", "egypt") in legal(st) and ("target", "prussia") not in legal(st)
    play(st, ("target", "egypt"))
    assert rolls(st, "8.2.3")[-1]["total"] == 5 and S.status_of(st, "egypt") == "neutral"
    assert "24C" in st.g["out"] and st.g["escalade"] == 2
    play(st, ("diplomacy", "13C"), ("target", "prussia"))
    roll = rolls(st, "8.2.3")[-1]
    assert roll["total"] == 6 and roll["mods"] == [["diplomacy table", 2], ["Intrigues", 2]]
    assert S.status_of(st, "prussia") == "at_war" and S.side_of(st, "prussia") == "coalition"
    assert S.side_of(st, "saxony") == S.side_of(st, "hesse") == "coalition"
    assert sorted(st.g["hands"]["coalition"]) == ["31C", "32C", "37C"]
    assert st.step == "diplomacy.deploy"  # Hesse's and Saxony's corps enter their territories
    play(st, ("zone", "kassel"), ("zone", "wittenberg"))
    assert {S.force(st, f)["zone"] for f in st.g["forces"]} == {"wittenberg", "kassel"}
    assert "hes_1" not in st.g["reserve"]["units"]
    assert st.step == "diplomacy.phase" and st.frame["side"] == "coalition"
    assert ("diplomacy", "37C") not in legal(st)  # two cards already played
    play(st, ("done", None))
    assert st.frame["side"] == "empire"
    play(st, ("diplomacy", "14F"), ("target", "egypt"))
    roll = rolls(st, "8.2.3")[-1]
    assert roll["total"] == 6 and roll["mods"] == [["diplomacy table", 1], ["Talleyrand", 2]]
    assert S.side_of(st, "egypt") == "empire" and st.g["ally_of"]["egypt"] == "france"
    assert sorted(st.g["hands"]["empire"]) == ["31F", "34F"]
    play(st, ("done", None))
    assert st.step is None or st.step == "round"
    S.check_derived(st)  # every change went through the state's setters


def test_8_2_3_cards_drawn_are_hidden_from_the_other_side() -> None:
    st = campaign(dice=[6], hands={"empire": [], "coalition": ["13C"]})
    phase(st)
    play(st, ("diplomacy", "13C"), ("target", "prussia"))
    seen = [e["text"] for e in st.log_for("empire")]
    assert any("The Coalition draws 2 card(s)" in t for t in seen)
    assert not any("31C" in t or "32C" in t for t in seen)
    assert any("32C" in e["text"] for e in st.log_for("coalition"))


# 8.2.1 / 8.2.2 Eligibility ----------------------------------------------------------------------------------------

def test_8_2_1_one_major_per_side_per_turn_and_only_in_the_diplomatic_phase() -> None:
    st = campaign(dice=[1], hands={"empire": ["14F", "4F"], "coalition": []})
    assert "spain" in D.card_targets(st, "empire", "14F", "diplomacy")
    assert "spain" not in D.card_targets(st, "empire", "14F", "activation")  # 8.2.1 « lors de la phase diplomatique »
    D.diplomatic_action(st, "empire", "14F", "turkey", "diplomacy")
    assert S.status_of(st, "turkey") == "neutral"
    assert not any(D.is_major(t) for t in D.card_targets(st, "empire", "4F", "diplomacy"))
    st.g["year"] += 1
    assert "spain" in D.card_targets(st, "empire", "4F", "diplomacy")


def test_8_2_3_card_value_needed() -> None:
    """3 on a major, 2 on a minor with units, 1 on a minor without; Intrigues' event allows 1 on a major."""
    st = campaign(hands={"empire": [], "coalition": ["13C", "31C", "42C"]})
    assert D.min_value("prussia") == 3 and D.min_value("denmark") == 2 and D.min_value("egypt") == 1
    assert "prussia" in D.card_targets(st, "coalition", "13C", "diplomacy")
    targets = D.card_targets(st, "coalition", "31C", "diplomacy")  # Squares, value 1
    assert "egypt" in targets and "denmark" not in targets and "prussia" not in targets


def test_8_2_2_minors_allied_to_france() -> None:
    """Epic period: a French ally is a target only with no Empire combat step in its territory; Punishments: always;
    a protectorate never (Stein, 38C, « sauf événement »); a Coalition ally never."""
    st = campaign()
    assert D.eligible(st, "coalition", "bavaria", "diplomacy")
    put(st, "munich", ["fr_i"], side="empire")
    assert not D.eligible(st, "coalition", "bavaria", "diplomacy")
    st.g["periods"] = ["epic", "punishments"]
    assert D.eligible(st, "coalition", "bavaria", "diplomacy")
    st.g["status"]["bavaria"] = "protectorate"
    assert not D.eligible(st, "coalition", "bavaria", "diplomacy")
    assert D.eligible(st, "coalition", "bavaria", "diplomacy", ignore_protectorate=True)
    assert not D.eligible(st, "empire", "portugal", "diplomacy")  # a British ally
    st.g["hands"]["coalition"] = ["38C"]
    assert "bavaria" in D.card_targets(st, "coalition", "38C", "diplomacy")  # Stein


def test_8_2_3_defeated_majors() -> None:
    """+2 on a major the opponent defeated, -1 on one the side defeated itself."""
    st = campaign(dice=[3], hands={"empire": [], "coalition": ["30C"]})
    D.record_defeat(st, "prussia", "france")
    D.record_defeat(st, "prussia", "russia")
    D.diplomatic_action(st, "coalition", "30C", "prussia", "diplomacy")
    roll = rolls(st, "8.2.3")[-1]
    assert roll["mods"] == [["diplomacy table", 2], ["Prussia defeated by the Empire", 2],
                            ["Prussia defeated by the Coalition", -1]]
    assert roll["total"] == 6 and S.side_of(st, "prussia") == "coalition"


def test_8_2_3_bavaria_changes_sides() -> None:
    """8.2.3 example: Bavaria, a French ally, joins the Coalition; its corps stacked with one French step in Bavaria:
    that step and one Bavarian step are eliminated; Bavaria's fortresses go to the Coalition except Ulm, where a
    French corps stands alone."""
    st = campaign(dice=[6], hands={"empire": [], "coalition": ["30C"]})
    for z in D.territory("bavaria"):
        if z in st.g["control"]:
            S.set_control(st, z, "bavaria")
    mixed = put(st, "munich", {"bav_1": 2, "fr_i": 1}, commander="davout", side="empire")
    put(st, "ulm", ["fr_ii"], side="empire")
    D.diplomatic_action(st, "coalition", "30C", "bavaria", "diplomacy")
    assert S.side_of(st, "bavaria") == "coalition" and st.g["ally_of"]["bavaria"] == "britain"
    assert mixed not in st.g["forces"]  # the French step is gone, Davout with it
    bav = [f for f in st.g["forces"].values() if "bav_1" in f["units"]]
    assert bav[0]["side"] == "coalition" and bav[0]["units"]["bav_1"] == S.unit("bav_1").reduced
    assert st.g["control"]["ulm"] == "france" and st.g["control"]["wurzburg"] == "bavaria"
    assert S.controller(st, "wurzburg") == "coalition"
    S.check_derived(st)



def bavaria_joins_with_davout_in_ulm() -> tuple[State, str]:
    """8.2.3: Bavaria, holding its zones, joins the Coalition by 30C while Davout's force with a Bavarian corps
    stands in Ulm; returns the state and Davout's force."""
    st = campaign(dice=[6], hands={"empire": [], "coalition": ["30C"]})
    for z in D.territory("bavaria"):
        if z in st.g["control"]:
            S.set_control(st, z, "bavaria")
    ulm = put(st, "ulm", {"bav_1": 2, "fr_i": 2}, commander="davout", side="empire")
    D.diplomatic_action(st, "coalition", "30C", "bavaria", "diplomacy")
    return st, ulm

def test_8_2_3_parting_in_its_territory_the_two_sides_share_a_zone_only_across_a_fortress_wall() -> None:
    """8.2.3: « Pour celles situées sur son territoire, empilées avec des unités françaises, les unités des deux camps
    sont éliminées à proportion d'un pas pour chaque camp »; with 11 (enemies share a zone only across a fortress
    wall): where French units are left, the minor's hold its fortress (Ulm), and with no fortress there (Munich) they
    part as those outside its territory do (a random 1809 game left Württemberg's corps and the Rhine's corps side by
    side in Stuttgart after 38C Stein)."""
    st, ulm = bavaria_joins_with_davout_in_ulm()
    assert S.force(st, ulm)["units"] == {"fr_i": 1} and not S.force(st, ulm)["in_fortress"]
    bav = [f for f in st.g["forces"].values() if "bav_1" in f["units"]]
    assert bav[0]["side"] == "coalition" and bav[0]["in_fortress"] and bav[0]["zone"] == "ulm"
    assert st.g["control"]["ulm"] == "bavaria"

    st = campaign(dice=[6], hands={"empire": [], "coalition": ["30C"]})
    munich = put(st, "munich", {"bav_1": 2, "fr_i": 2}, commander="davout", side="empire")
    D.diplomatic_action(st, "coalition", "30C", "bavaria", "diplomacy")
    assert S.force(st, munich)["units"] == {"fr_i": 1}
    assert not S.forces_in(st, "munich", "coalition")
    S.check_derived(st)


def test_8_2_3_15_2_the_french_left_outside_the_fortress_the_minor_holds_lay_siege_or_withdraw() -> None:
    """8.2.3 then 15.2-15.3: Davout, one step left outside Ulm that the Bavarians now hold, is too weak to besiege
    it and withdraws at once (a random 1809 game, seed 172, left a French-led Danish corps outside Dutch Amsterdam
    from Holland's change of sides in the diplomatic phase into the next year's first round)."""
    st, ulm = bavaria_joins_with_davout_in_ulm()
    assert st.step == "retreat" and st.frame["why"] == "is too weak to besiege the fortress and must withdraw"
    st.apply(("zone", "stuttgart"))
    assert S.force(st, ulm)["zone"] == "stuttgart" and st.g["fortresses"]["ulm"]["besieger"] is None


def test_8_2_3_15_3_a_minor_changing_sides_lifts_its_siege_of_a_fortress_of_its_new_side() -> None:
    """8.2.3 with 15.3: the Bavarian corps besieging Hesse's Kassel for the Empire goes over to the Coalition, Hesse's
    side: no side besieges a fortress of its own, and the siege is lifted (a random 1805 game left Baden's corps
    besieging Kassel after Baden joined the Coalition)."""
    st = campaign(dice=[6], hands={"empire": [], "coalition": ["30C"]})
    S.set_side(st, "hesse", "coalition")
    S.set_control(st, "kassel", "hesse")
    bav = put(st, "kassel", ["bav_1"], side="empire")
    S.set_fortress(st, "kassel", besieger=bav, siege=1)
    D.diplomatic_action(st, "coalition", "30C", "bavaria", "diplomacy")
    assert S.force(st, bav)["side"] == "coalition"
    assert st.g["fortresses"]["kassel"]["besieger"] is None and st.g["fortresses"]["kassel"]["siege"] is None


def test_8_2_3_parting_with_only_a_french_special_unit() -> None:
    """8.2.3: the French step lost at the parting comes off a special unit when the French have no corps there (a
    random 1809 game once stopped on this case)."""
    st = campaign(dice=[6], hands={"empire": [], "coalition": ["30C"]})
    mixed = put(st, "munich", {"bav_1": 2, "fr_cav_garde": 1}, commander="davout", side="empire")
    D.diplomatic_action(st, "coalition", "30C", "bavaria", "diplomacy")
    assert mixed not in st.g["forces"]  # the Guard Cavalry's one step is lost; no combat unit is left to Davout
    bav = [f for f in st.g["forces"].values() if "bav_1" in f["units"]]
    assert bav[0]["side"] == "coalition" and bav[0]["units"]["bav_1"] == S.unit("bav_1").reduced
    S.check_derived(st)


def test_8_2_3_units_stacked_outside_their_territory_leave_or_are_destroyed() -> None:
    st = campaign(dice=[6], hands={"empire": [], "coalition": ["30C"]})
    put(st, "strasbourg", {"bav_1": 2, "fr_i": 2}, commander="davout", side="empire")
    D.diplomatic_action(st, "coalition", "30C", "bavaria", "diplomacy")
    assert "bav_1" in st.g["reserve"]["units"]  # no Coalition zone within its MF of Strasbourg
    assert [e for e in st.log if "are destroyed" in e["text"]]


# 8.1.5 Protectorates ----------------------------------------------------------------------------------------------

def test_8_1_5_protectorate_by_discarding_a_card_of_value_2() -> None:
    st = campaign(hands={"empire": ["14F", "55F"], "coalition": []})
    ally(st, "saxony", "allied", "empire", "france")
    push(st, "diplomacy.phase", side="empire", played=0)
    assert ("protectorate", "14F") in legal(st) and ("protectorate", "55F") not in legal(st)
    play(st, ("protectorate", "14F"))
    assert legal(st) == [("target", "saxony")]
    play(st, ("target", "saxony"))
    assert S.status_of(st, "saxony") == "protectorate" and st.g["vp"] == 6  # 20.2 starts at 5
    assert not D.eligible(st, "coalition", "saxony", "diplomacy")


def test_8_1_5_joseph_king_of_naples() -> None:
    st = campaign(hands={"empire": ["23F"], "coalition": []})
    push(st, "diplomacy.phase", side="empire", played=0)
    assert ("event", "23F") not in legal(st)  # Naples is a British ally
    ally(st, "naples", st.g["status"]["naples"], "empire", "france")
    assert ("event", "23F") in legal(st)
    play(st, ("event", "23F"))
    assert S.status_of(st, "naples") == "protectorate" and "23F" in st.g["out"]


# 6.5 Foreign wars -------------------------------------------------------------------------------------------------

def test_6_5_foreign_war_persia_and_its_end() -> None:
    """9F Persia: a Russian corps (2 steps) and a Russian general go to the box, the Coalition choosing them; the
    Coalition ends the war with a card of any value: 1d6 + value, 5+."""
    st = campaign(dice=[2, 3], hands={"empire": ["9F", "34F"], "coalition": ["31C", "30C"]})
    put(st, "vilna", ["ru_iii", "ru_iv"], commander="koutouzov", subs=["bagration"])
    push(st, "diplomacy.phase", side="empire", played=0)
    play(st, ("event", "9F"))
    assert st.step == "diplomacy.fw_units" and st.active == "coalition"
    assert ("general", "bagration") in legal(st) and ("general", "koutouzov") not in legal(st)
    play(st, ("unit", "ru_iv"), ("general", "bagration"))
    war = FW.foreign_wars(st)[0]
    assert war == {"card": "9F", "power": "russia", "units": {"ru_iv": 2}, "generals": ["bagration"], "fleets": []}
    assert "9F" in st.g["out"] and st.g["escalade"] == 1
    assert ("event", "34F") not in legal(st)  # 5.2: one foreign war a turn
    play(st, ("done", None))
    st.g["year"] += 1
    phase(st)
    play(st, ("end_war", "31C"), ("war", "9F"))
    assert rolls(st, "6.5")[-1]["total"] == 3 and FW.foreign_wars(st)  # 2 + 1 (Squares): the war goes on
    play(st, ("end_war", "30C"), ("war", "9F"))
    assert rolls(st, "6.5")[-1]["total"] == 6
    assert "30C" in st.g["discards"]["coalition"] and not FW.foreign_wars(st)
    assert st.g["fw_returning"][0]["units"] == {"ru_iv": 2}


def test_6_5_war_with_the_usa_sends_a_fleet_and_costs_resources() -> None:
    st = campaign(hands={"empire": ["34F"], "coalition": []})
    fl = next(f for f, x in S.data().counters.fleets.items() if x.power == "britain")
    st.g["fleets"][fl] = {"at": "port", "where": "london", "side": "coalition"}
    push(st, "diplomacy.phase", side="empire", played=0)
    play(st, ("event", "34F"), ("fleet", fl))
    assert fl not in st.g["fleets"] and FW.foreign_wars(st)[0]["fleets"] == [fl]
    assert st.g["budget_mods"] == [{"power": "britain", "value": -4, "why": "War with the USA"}]


# 5.2 The activation round ----------------------------------------------------------------------------------------

def test_5_2_diplomatic_action_on_a_minor_once_every_two_rounds() -> None:
    st = campaign(dice=[1], hands={"empire": ["14F", "4F"], "coalition": []})
    st.g["round"] = 2
    assert ("diplomacy", "14F") in legal(st)
    play(st, ("diplomacy", "14F"))
    assert ("target", "spain") not in legal(st)  # a major: diplomatic phase only
    play(st, ("target", "egypt"))
    assert S.status_of(st, "egypt") == "neutral" and rolls(st, "8.2.3")
    st.g["round"], st.g["turn"] = 3, "empire"
    st.core["stack"] = [{"step": "round"}]
    assert ("diplomacy", "4F") not in legal(st)
    st.g["round"] = 4
    assert ("diplomacy", "4F") in legal(st)


def test_5_2_winter_round_end_of_a_foreign_war_and_protectorate() -> None:
    st = campaign(hands={"empire": ["14F"], "coalition": ["31C"]})
    st.g["foreign_wars"] = [{"card": "9F", "power": "russia", "units": {}, "generals": [], "fleets": []}]
    st.g["turn"] = "coalition"
    assert ("end_war", "31C") not in legal(st)
    st.g["round"] = 6
    assert ("end_war", "31C") in legal(st)
    st.g["turn"] = "empire"
    ally(st, "saxony", "allied", "empire")
    assert ("protectorate", "14F") in legal(st)


def test_5_2_the_1815_game_offers_no_diplomacy() -> None:
    st = board(hands={"empire": ["14F"], "coalition": []})
    ally(st, "saxony", "allied", "empire")
    assert not D.grand_campaign(st)
    assert not [a for a in legal(st) if a[0] in D.ROUND_VERBS]


# Political events -------------------------------------------------------------------------------------------------

def test_8_events_bernadotte_schonbrunn_dos_de_mayo() -> None:
    st = campaign(hands={"empire": [], "coalition": ["36C", "47C", "22C"]})
    ally(st, "sweden", "allied", "empire")  # a French ally (not a protectorate)
    S.set_ally_of(st, "sweden", "france")
    phase(st)
    now = legal(st)
    assert ("event", "36C") in now and ("event", "47C") not in now and ("event", "22C") not in now
    play(st, ("event", "36C"), ("zone", "stockholm"))
    assert S.side_of(st, "sweden") == "coalition" and st.g["ally_of"]["sweden"] == "britain"
    ally(st, "austria", "forced_alliance", None)
    st.g["events_played"].append("24F")
    assert ("event", "47C") in legal(st) and ("event", "22C") in legal(st)
    play(st, ("event", "22C"))
    assert S.side_of(st, "spain") == "coalition" and D.in_war_of_liberation(st) and st.g["iberia"]["open"]


def test_8_3_1_triumph_of_erfurt() -> None:
    """Austria and Prussia defeated and 6 'R' minors allied: the Confederation, +2 VP and escalade +2."""
    st = campaign(hands={"empire": ["20F"], "coalition": []})
    push(st, "diplomacy.phase", side="empire", played=0)
    assert ("event", "20F") not in legal(st)
    D.record_defeat(st, "austria", "france")
    D.record_defeat(st, "prussia", "france")
    members = D.marked_members("R")
    for m in members:
        ally(st, m, "allied", "empire")
    assert len(members) >= 6 and ("event", "20F") in legal(st)
    play(st, ("event", "20F"))
    assert S.status_of(st, "rhine") == "protectorate" and "rhine" in D.entities(st)
    assert st.g["vp"] == 7 and st.g["escalade"] == 2
    assert not D.eligible(st, "coalition", members[0], "diplomacy")


@pytest.mark.parametrize("cid", ["21C", "18C"])
def test_8_revolts(cid: str) -> None:
    st = campaign(hands={"empire": [], "coalition": [cid]})
    if cid == "18C":
        st.g["flags"] = ["kingdom_of_bavaria"]
    phase(st)
    play(st, ("event", cid))
    entity = {"21C": "serbia", "18C": "tyrol"}[cid]
    assert S.side_of(st, entity) == "coalition" and any(S.unit(u).power == entity for f in st.g["forces"].values()
                                                         for u in f["units"])


# Continental Blockade, Iberia, free attempts ----------------------------------------------------------------------

def test_blockade_in_place_from_st_petersburg_to_zara() -> None:
    """Glossary « Blocus continental »: every continental port from Saint Petersburg to Zara held by France, its
    allies or forced allies, or a major the Empire beat, now neutral or in forced peace; Copenhagen counts, Sicily
    and Cattaro (beyond Zara) do not; Iberia is left out while Spain fights France if the Empire holds the
    Pyrenees."""
    st = campaign(hands={"empire": ["25F"], "coalition": []})
    st.g["round"] = 3
    play(st, ("event", "25F"))
    assert st.g["blockade"] == "25F" and st.g["iberia"]["steps"] == 4
    ports = I.blockade_ports(st)
    assert "copenhagen" in ports and "zara" in ports and "st_petersburg" in ports
    assert "palermo" not in ports and "cattaro" not in ports and "odessa" not in ports
    assert not I.blockade_in_place(st)
    for z in ports:
        S.set_control(st, z, "france")
    assert I.blockade_in_place(st)
    S.set_control(st, "st_petersburg", "russia")
    assert not I.blockade_in_place(st)
    D.record_defeat(st, "russia", "france")
    ally(st, "russia", "forced_peace", None)
    assert I.blockade_in_place(st)
    S.set_control(st, "cadiz", "spain")
    ally(st, "spain", "at_war", "coalition")
    assert not I.blockade_in_place(st)
    for z in ("bayonne", "gerona", "lerida", "pamplona", "perpignan", "san_sebastian", "toulouse"):
        if z in st.g["control"]:
            S.set_control(st, z, "france")
    assert I.pyrenees_held(st) and "cadiz" not in I.blockade_ports(st) and I.blockade_in_place(st)


def test_12_1_iberian_peninsula() -> None:
    """12.1: no other power's force enters Spain or Portugal; after 24F or 25F, French steps up to the cards' number
    and Portugal opens to French and Spanish units, Coalition units then entering both; Dos de Mayo lifts all."""
    from grognard.games.nae.rules import movement

    st = campaign()
    ally(st, "spain", "at_war", "empire")  # Spain an ally of the Empire
    fr = put(st, "bayonne", ["fr_i"], side="empire")
    assert "12.1" in str(movement.enter_refusal(st, fr, "bayonne", "san_sebastian", 6))
    st.g["iberia"] = {"steps": 4, "portugal": True, "open": False}
    st.g["events_played"] = ["24F"]
    assert "8.1.2" in str(movement.enter_refusal(st, fr, "bayonne", "san_sebastian", 6))
    st.g["events_played"] = ["24F", "25F"]
    assert movement.enter_refusal(st, fr, "bayonne", "san_sebastian", 6) is None
    put(st, "madrid", ["fr_ii", "fr_iii"], side="empire")
    assert "at most 4 French steps" in str(movement.enter_refusal(st, fr, "bayonne", "san_sebastian", 6))
    st.g["iberia"]["open"] = True
    assert movement.enter_refusal(st, fr, "bayonne", "san_sebastian", 6) is None


def test_1815_moves_into_spain_stay_free() -> None:
    from grognard.games.nae.rules import movement

    st = board()
    fr = put(st, "bayonne", ["fr_i"], side="empire")
    assert movement.enter_refusal(st, fr, "bayonne", "san_sebastian", 6) is None


def test_8_1_3_free_diplomatic_attempts() -> None:
    """A re-declaration of war on a defeated major: the other side makes three free attempts at +2, even on a power
    in forced peace."""
    st = campaign(dice=[2], hands={"empire": [], "coalition": []})
    ally(st, "austria", "forced_peace", None)
    D.grant_free_attempts(st, "coalition")
    phase(st)
    play(st, ("free_attempt", None))
    assert ("target", "austria") in legal(st)
    play(st, ("target", "austria"))
    roll = rolls(st, "8.1.3")[-1]
    assert roll["total"] == 5 and roll["mods"] == [["diplomacy table", 1], ["free attempt", 2]]
    assert st.g["free_attempts"]["coalition"] == 2 and st.frame["played"] == 0


def test_8_2_3_a_major_joining_brings_its_forces_into_the_war() -> None:
    st = campaign(dice=[6], hands={"empire": [], "coalition": ["30C"]})
    fid = put(st, "berlin", ["pr_i"], side="coalition")
    S.set_force_side(st, fid, None)  # type: ignore[arg-type]  # a neutral's force
    D.diplomatic_action(st, "coalition", "30C", "prussia", "diplomacy")
    assert S.force(st, fid)["side"] == "coalition"


def test_8_3_2_napoleonic_europe_creates_westphalia() -> None:
    """Punishments period, 20F and 24F played, Naples and 4 'W' provinces held: Westphalia, +1 VP, the Westphalian
    corps and Jérôme at Kassel."""
    st = campaign(hands={"empire": ["45F"], "coalition": []})
    st.g["periods"] = ["epic", "punishments"]
    st.g["events_played"] = ["20F", "24F"]
    ally(st, "naples", st.g["status"]["naples"], "empire", "france")
    for p in {pr.owner for pr in S.data().map.provinces.values() if pr.westphalia}:
        ally(st, p, "allied", "empire")
    push(st, "diplomacy.phase", side="empire", played=0)
    play(st, ("event", "45F"))
    assert S.status_of(st, "westphalia") == "protectorate" and "westphalia" in D.entities(st)
    force = next(f for f in st.g["forces"].values() if "wes_1" in f["units"])
    assert force["zone"] == "kassel" and force["commander"] == "jerome" and st.g["vp"] == 6


def test_8_3_5_maria_walewska_creates_poland() -> None:
    st = campaign(hands={"empire": ["22F"], "coalition": []})
    st.g["round"] = 3
    ally(st, "prussia", "at_war", "coalition")
    assert ("event", "22F") not in legal(st)
    S.set_control(st, "warsaw", "france")
    assert ("event", "22F") in legal(st)
    play(st, ("event", "22F"))
    assert S.status_of(st, "poland") == "protectorate" and "poland" in D.entities(st) and st.g["escalade"] == 2
    assert st.g["budget_deploys"][0]["zone"] == "warsaw" and st.g["budget_deploys"][0]["units"] == ["pl_1"]
    assert S.data().tables.cards_on_joining("prussia", "coalition", D.entities(st)) == 1  # Warsaw no longer counts


def test_8_1_statuses_and_military_reform_after_a_second_defeat() -> None:
    st = campaign()
    assert D.is_neutral(st, "prussia") and D.is_protectorate(st, "italy") and not D.in_forced_peace(st, "austria")
    assert D.allied_with(st, "bavaria", "empire") and not D.allied_with(st, "italy", "coalition")
    D.record_defeat(st, "prussia", "france")
    assert "prussia" not in st.g.get("reforms", []) and D.defeated_by(st, "prussia", "empire")
    D.record_defeat(st, "prussia", "france")
    assert st.g["reforms"] == ["prussia"]


def test_every_diplomatic_action_is_in_the_action_catalog() -> None:
    from tests.games.nae.rules.helpers import GAME

    catalog = set(GAME.action_catalog("1805"))
    st = campaign(hands={"empire": ["14F", "9F", "23F"], "coalition": ["13C", "36C", "30C"]})
    st.g["foreign_wars"] = [{"card": "34F", "power": "britain", "units": {}, "generals": [], "fleets": []}]
    st.g["free_attempts"] = {"coalition": 1}
    phase(st)
    seen = set(legal(st))
    for action in [a for a in legal(st) if a[0] != "done"]:
        copy = st.copy()
        copy.apply(action)
        seen |= set(copy.legal_actions())
        assert all(GAME.label(copy, a) for a in copy.legal_actions())
    assert seen <= catalog and ("free_attempt", None) in seen and ("war", "34F") in seen


def test_the_heuristic_plays_the_diplomatic_phase() -> None:
    """The computer player brings Prussia in with Intrigues (+2 +2: 5 chances in 6), sends the weakest units to a
    foreign war, and stops when nothing is worth a card."""
    from grognard.games.nae import ai

    st = campaign(dice=[6], hands={"empire": ["55F"], "coalition": ["13C", "31C"]})
    phase(st)
    action, _ = ai.policy(st, "coalition")
    assert action == ("diplomacy", "13C")
    st.apply(action)
    assert ai.policy(st, "coalition")[0] == ("target", "prussia")
    st.apply(("target", "prussia"))
    while st.step == "diplomacy.deploy":
        st.apply(ai.policy(st, "coalition")[0])
    assert S.side_of(st, "prussia") == "coalition"
    assert ai.policy(st, "coalition")[0] == ("done", None)


def test_12_1_a_power_made_neutral_by_event_sees_every_side_leave_its_territory() -> None:
    """12.1 / 8.1.1: 53F Valençay makes Spain neutral: the French corps in Madrid is redeployed, without attrition,
    to the nearest fortress France holds outside Spain (a random 1809 game left it there, on neutral ground)."""
    from grognard import load_game
    from grognard.games.nae.rules import conquest

    st = load_game("nae").new_state("1809", seed=1)
    french = [fid for fid, f in st.g["forces"].items() if f["side"] == "empire"
              and conquest.territory_of(st, f["zone"]) == "spain"]
    assert french
    D.change_status(st, "spain", "neutral")
    for fid in french:
        if fid in st.g["forces"]:
            f = st.g["forces"][fid]
            assert conquest.territory_of(st, f["zone"]) != "spain" and f["zone"] in st.g["fortresses"]
    assert not [f for f in st.g["forces"].values() if f["side"] and S.is_neutral_ground(st, f["zone"])]


def test_8_1_1_a_power_made_neutral_by_event_keeps_its_forces_at_home_at_war_with_nobody() -> None:
    """8.1.1 / 18.2.3: 53F Valençay makes Spain neutral: its forces stay on its territory with no side, those abroad
    go home to its key zone (Madrid), its militia in Wellington's army leaves it instead of following the British
    out of Spain (a random 1809 game took sp_militia_3 to Portugal), and the British go to a fortress of their
    side."""
    from grognard.games.nae.rules import conquest

    st = board_1806()
    st.g["status"]["spain"] = "at_war"
    S.set_side(st, "spain", "coalition")
    british = put(st, "salamanca", {"gb_corps_1": 3, "sp_militia_3": 1}, commander="wellington", side="coalition")
    militia = put(st, "zaragoza", ["sp_militia_1"], side="coalition")
    abroad = put(st, "lisbon", ["sp_corps_1"], commander="castanos", side="coalition")
    D.change_status(st, "spain", "neutral")
    assert "sp_militia_3" in st.g["reserve"]["units"]
    assert conquest.territory_of(st, S.force(st, british)["zone"]) != "spain"
    assert set(S.force(st, british)["units"]) == {"gb_corps_1"}
    assert S.force(st, militia)["zone"] == "zaragoza" and S.force(st, militia)["side"] is None
    assert S.force(st, abroad)["zone"] == "madrid" and S.force(st, abroad)["side"] is None


def test_8_2_3_17_2_2_a_squadron_grown_past_3_fleets_by_a_power_joining_loses_the_excess() -> None:
    """17.2.2: « Une escadre ne peut jamais excéder 3 flottes »: a neutral Spanish fleet at sea beside three British
    ones joins the Coalition with Spain; the Coalition scuttles one, as at the end of a move (a random Empire
    against the heuristic, 1805 seed 5, kept four Coalition fleets in the South Atlantic)."""
    st = campaign(dice=[], hands={"empire": [], "coalition": []})
    st.g["status"]["spain"] = "neutral"
    S.set_side(st, "spain", None)
    fleets = ("sp_fleet_1", "gb_nelson", "gb_fleet_3", "gb_collingwood")
    for fl in fleets:
        st.g["fleets"][fl] = {"power": S.data().counters.fleets[fl].power, "at": "sea", "where": "south_atlantic"}
    D.join(st, "spain", "coalition", "8.2.3")
    assert st.step == "naval.excess" and st.active == "coalition"
    assert sorted(st.legal_actions()) == sorted(("scuttle", fl) for fl in fleets)
    st.apply(("scuttle", "sp_fleet_1"))
    assert sorted(fl for fl, x in st.g["fleets"].items() if x["where"] == "south_atlantic") == sorted(fleets[1:])
