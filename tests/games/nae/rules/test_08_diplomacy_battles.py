"""8.1.4 / 8.3.3 The battles the political events bring, no force moving in (``battle.STANDING``): the battle a French
force accepts when a forced alliance is broken by an event, and the Tyrolean rising's (18C) on Empire troops in
Innsbruck, with the evasion the text allows and the Coalition corps without general it eliminates."""

from __future__ import annotations

from collections.abc import Sequence

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, peace
from grognard.games.nae.rules import diplomacy as D
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import play, put, rolls
from tests.games.nae.rules.test_08_diplomacy import campaign, legal, phase


def broken_alliance(dice: Sequence[int]) -> tuple[State, str, str]:
    """Austria a forced ally of France; Davout's 3 corps beside Charles's 2 Austrian corps in Salzburg; an event
    brings Austria back into the Coalition: the French force must withdraw or fight (8.1.4)."""
    st = board_1806(dice)
    st.g["status"]["austria"] = "forced_alliance"
    davout = put(st, "salzburg", ["fr_iii", "fr_iv", "fr_v"], commander="davout", side="empire")
    charles = put(st, "salzburg", ["au_i", "au_ii"], commander="charles", side=None)
    st.core["stack"].clear()
    st.push("round")
    D.join(st, "austria", "coalition", "8.1")
    st._advance()
    assert st.step == "forced.part" and ("stand", None) in st.legal_actions()
    play(st, ("stand", None))
    return st, davout, charles


def fight_on(st: State) -> None:
    """The sides play no combat card, the French use no spearhead, the owners take their losses in order."""
    while st.step in ("cards.window", "battle.choose", "losses"):
        play(st, ("done", None) if st.step == "cards.window" else st.legal_actions()[-1]
             if st.step == "battle.choose" else st.legal_actions()[0])


def test_8_1_4_the_french_force_accepts_the_battle_as_defender_and_wins() -> None:
    """8.1.4: « ou accepter une bataille immédiatement en position de défenseur »: the Austrians attack where they
    stand (no border crossed, no entry zone), are beaten « 1 » against « 1+ » and retreat by the defender's
    priorities (14.10: they came from nowhere); Davout, alone, takes control of Salzburg (« les unités de l'Empire
    prennent le contrôle des zones qu'elles sont seules à occuper »)."""
    st, davout, charles = broken_alliance([3, 2, 3, 2, 6, 1])  # Charles's demoralization test fails (6)
    fight_on(st)
    combat = rolls(st, "14.6")
    assert combat[0]["mods"] == [["odds", -1], ["Archduke Charles", 1]]  # no border: no entry zone
    assert [r["row"] for r in combat] == ["8-21: 1", "8-21: 1+"]
    assert st.step == "retreat" and st.active == "coalition"
    assert st.legal_actions() == [("zone", z) for z in D.battle.retreat_options(st, charles, "salzburg", "")]
    play(st, st.legal_actions()[0])
    assert S.force(st, charles)["zone"] != "salzburg" and S.force(st, davout)["zone"] == "salzburg"
    assert st.g["control"]["salzburg"] == "france"
    assert st.step == "round"


def test_8_1_4_beaten_the_french_may_fall_back_into_the_zones_fortress() -> None:
    """8.1.4: « avec repli possible dans la forteresse de la zone s'il en existe une », though the fortress is the
    Coalition's now (14.10 would only let a friendly one take it in); inside, the French hold it."""
    st, davout, _ = broken_alliance([6, 6, 1, 1, 6])
    fight_on(st)
    assert st.step == "retreat" and st.legal_actions()[0] == ("zone", "fortress")
    play(st, ("zone", "fortress"))
    assert S.force(st, davout)["in_fortress"] and st.g["control"]["salzburg"] == "france"


def tyrol(dice: Sequence[int], *forces: tuple[str, list[str], str | None, str]) -> State:
    """The Kingdom of Bavaria exists; the Coalition holds Tyrol (18C) in the diplomatic phase; ``forces`` (zone,
    units, commander, side) stand on the board."""
    st = campaign(dice, hands={"empire": [], "coalition": ["18C"]})
    st.g["flags"] = ["kingdom_of_bavaria"]
    for zone, units, commander, side in forces:
        put(st, zone, units, commander=commander, side=side)
    phase(st)
    return st


def test_8_3_3_tyrol_18c_the_tyrolean_corps_attacks_the_empire_troops_in_innsbruck() -> None:
    """8.3.3: « Si des troupes du joueur impérial sont au Tyrol au moment du jeu de cette carte, une bataille
    s'engage entre elles et le corps tyrolien. Une tentative d'esquive des troupes impériales est possible »."""
    st = tyrol([6, 6, 1, 1], ("innsbruck", ["fr_vii"], "augereau", "empire"))
    assert ("event", "18C") in legal(st)
    play(st, ("event", "18C"))
    assert st.step == "evade" and st.active == "empire" and ("evade", None) in st.legal_actions()
    play(st, ("stand", None))
    fight_on(st)
    assert [r["row"] for r in rolls(st, "14.6")] == ["1-7: 1+", "1-7: 0"]
    assert st.step == "retreat"
    play(st, st.legal_actions()[0])
    tyroleans = S.outside(st, "innsbruck", "coalition")
    assert tyroleans and S.force(st, tyroleans[0])["units"] == {"tyr_1": 2}
    assert not S.outside(st, "innsbruck", "empire") and st.step == "diplomacy.phase"


def test_8_3_3_tyrol_18c_the_empire_troops_evade() -> None:
    st = tyrol([6], ("innsbruck", ["fr_vii"], "augereau", "empire"))
    play(st, ("event", "18C"), ("evade", None))
    assert rolls(st, "12.5")[0]["row"] == "evades" and st.step == "evade.where"
    play(st, ("zone", "trento"))
    assert not rolls(st, "14.6") and S.outside(st, "trento", "empire")


def test_8_3_3_tyrol_18c_eliminates_a_coalition_corps_without_general() -> None:
    """8.3.3: « Si un corps coalisé sans général est présent au Tyrol au moment du jeu de cette carte, l'apparition
    du corps tyrolien impose l'élimination automatique du corps coalisé afin de respecter les règles d'empilement
    (voir 11) »."""
    st = tyrol([], ("innsbruck", ["au_i"], None, "coalition"))
    play(st, ("event", "18C"))
    assert "au_i" in st.g["reserve"]["units"]
    (fid,) = S.outside(st, "innsbruck", "coalition")
    assert S.force(st, fid)["units"] == {"tyr_1": 2}
    assert any(e["rule"] == "8.3.3" and "eliminated" in e["text"] for e in st.log)


def test_8_3_3_tyrol_18c_waits_while_an_empire_garrison_alone_holds_innsbrucks_fortress() -> None:
    st = tyrol([], ("innsbruck", ["fr_vii"], None, "empire"))
    S.set_in_fortress(st, S.forces_in(st, "innsbruck", "empire")[0], True)
    assert ("event", "18C") not in legal(st)


def test_8_3_3_the_tyrolean_rising_fights_on_through_austrias_forced_peace_and_its_end() -> None:
    """8.3.3: « Le sort du Tyrol est indépendant des conséquences d'une conquête de l'Autriche »; glossary « Révolte
    nationale »: « leur sort ne dépend pas des puissances majeures de la coalition ». Austria's forced peace (18.2.1)
    and its end, neutral (18.2.3), leave the Tyrolean corps fighting for the Coalition: a neutral corps in a
    Bavarian Innsbruck let a Bavarian corps be built beside it, and both sides stood there once Austria came back
    with Tyrol (1805 heuristic seed 2)."""
    st = tyrol([5])
    play(st, ("event", "18C"))
    peace.surrender(st, "austria", "empire")
    (fid,) = S.forces_in(st, "innsbruck")
    assert st.g["sides"]["austria"] is None and st.g["sides"]["tyrol"] == "coalition"
    assert S.force(st, fid)["side"] == "coalition"
    st.g["year"] += 1
    peace.check_forced_peaces(st)
    assert st.g["status"]["austria"] == "neutral" and st.g["sides"]["tyrol"] == "coalition"
    assert S.force(st, fid)["side"] == "coalition"
    assert "innsbruck" not in budget.reinforcement_zones(st, "bavaria")
