"""14 battles of the example of play (digest 8.3-8.5), on hand-made 1815 positions with scripted dice: Ulm
(round 4), Charles against the intercepting Napoleon (round 5), the Rome skirmish (round 5) and Kutuzov's attack on
Vienna (round 6). The odds and level examples of 8.8 (9 vs 6, 8 vs 10, 6 vs 8) are tests of the tables
(tests/games/nae/test_tables.py)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation
from tests.games.nae.rules.helpers import board, play, put, rolls


def french_line(st: State, *zones: str) -> None:
    """The Grande Armée's supply line of rounds 4-6: a depot in Baden, then Ulm, Munich, Salzburg, Vienna."""
    for zone in ("bade", *zones):
        S.set_control(st, zone, "france")
    S.add_fixed_depot(st, "bade", "france")


def texts(st: State) -> list[str]:
    return [e["text"] for e in st.log]


def test_14_round_4_ulm_mack_is_caught_jean_joins_him_and_the_austrian_army_is_destroyed():
    """Mack's evasion 6 - 3 (Turning Movement) fails; Jean counter-marches 4 + 1 = 5, attrition 3 + 1 = 4 costs
    nothing, and goes to the reserve (he outranks Mack). 13 vs 9: 1:1, minor battle (22 but the weaker side has 9);
    morale 5 against 3. Napoleon +7 (attack 3, cavalry superiority, Soult 2, an elite corps at the head +1): the
    book's "8 + 8 = 15" is a slip for 8 + 7 (digest 9.1 #10), "4C"; Mack 6, "1+". Mack loses 4 steps, one of them his
    reserve cavalry ("C"); Soult's wound test 3: unhurt; Mack's morale 3 - 3 = 0 fails whatever the die; pursuit
    5 + 3 + 2 + 1 = 11: 5 more losses destroy the army."""
    st = board([6, 4, 3, 4, 4, 3, 3, 3, 1, 5], round_no=4, hands={"empire": ["19F"], "coalition": []})
    french_line(st)  # Vienna is still Austrian
    S.set_control(st, "ulm", "austria")  # Mack took Ulm in round 3
    napoleon = put(st, "bade", ["fr_i", "fr_iii", "fr_iv", "fr_v", "fr_ix", "fr_garde", "fr_cav_reserve"],
                   commander="napoleon", army="grande_armee", subs=["davout", "murat", "soult"])
    mack = put(st, "ulm", {"au_i": 2, "au_ii": 2, "au_iii": 2, "au_cav_reserve": 1}, commander="mack",
               army="armee_allemagne", subs=["ferdinand"])
    jean = put(st, "innsbruck", ["au_viii"], commander="jean")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0))
    st.g["forces"][napoleon]["units"]["fr_garde"] = 1  # the Garde is reduced in 1805 (no 1815 replacements, 20.1)
    play(st, ("zone", "ulm"), ("done", None), ("evade", None), ("card", "19F"), ("done", None))
    assert rolls(st, "12.5")[0]["total"] == 3 and rolls(st, "12.5")[0]["row"] == "caught"
    # 14.1: the Coalition counter-marches with Jean from the Tyrol
    assert st.step == "countermarch" and st.legal_actions() == [("force", jean), ("done", None)]
    play(st, ("force", jean), ("done", None))
    march, attrition = rolls(st, "14.1")
    assert march["mods"] == [["tactical value", 1]] and march["total"] == 5 and march["row"] == "arrives"
    assert attrition["mods"] == [["counter-march MP", 1]] and attrition["total"] == 4
    assert attrition["row"].endswith(": 0")
    assert jean not in st.g["forces"] and "jean" in st.g["removed"] and "au_viii" in st.g["forces"][mack]["units"]
    assert "Battle in Ulm: Napoleon (Grande Armée) (13) attacks Mack (Army of Germany) (9); odds 1:1" in texts(st)
    assert "Total 22, weaker side 9: Minor battle" in texts(st)
    # 14.5.5 / 14.5.6: the Emperor puts an elite corps at the head, not the Garde, and lends Soult's value
    assert st.step == "battle.choose" and st.legal_actions() == [
        ("spearhead", "fr_i"), ("spearhead", "fr_garde"), ("spearhead", "fr_cav_reserve"), ("spearhead", None)]
    play(st, ("spearhead", "fr_i"))
    assert st.legal_actions() == [("subordinate", "davout"), ("subordinate", "murat"), ("subordinate", "soult"),
                                  ("subordinate", None)]
    play(st, ("subordinate", "soult"))
    assert "Morale: Napoleon (Grande Armée) 5, Mack (Army of Germany) 3" in texts(st)
    att, dfn = rolls(st, "14.6")
    assert att["mods"] == [["cavalry superiority", 1], ["spearhead French I Corps", 1], ["Napoleon", 3],
                           ["Soult (subordinate)", 2]]
    assert att["dice"] == [4, 4] and att["total"] == 15 and att["row"] == "8-21: 4C"
    assert dfn["mods"] == [] and dfn["total"] == 6 and dfn["row"] == "8-21: 1+"
    assert rolls(st, "14.7")[0]["row"] == "unhurt"
    # 14.8: the French loss falls on the spearhead; "C": one of Mack's 4 losses is his reserve cavalry
    assert st.active == "empire" and st.legal_actions() == [("loss", "fr_i")]
    play(st, ("loss", "fr_i"))
    assert st.g["forces"][napoleon]["units"]["fr_i"] == 1
    assert st.active == "coalition" and st.frame["n"] == 4
    play(st, ("loss", "au_i"), ("loss", "au_i"), ("loss", "au_ii"))
    assert st.legal_actions() == [("loss", "au_cav_reserve")]
    play(st, ("loss", "au_cav_reserve"))
    # 14.10 / 14.9.1: Mack's route is settled before his test, as a retreat across the Danube would cost a step
    assert st.step == "retreat" and ("zone", "nuremberg") in st.legal_actions()
    play(st, ("zone", "munich"))
    demo = rolls(st, "14.9.1")[0]
    assert "= 0)" in demo["text"] and demo["row"] == "demoralized"
    pursuit = rolls(st, "14.9.2")[0]
    assert pursuit["mods"] == [["attack value", 3], ["reserve cavalry", 2], ["cavalry generals", 1]]
    assert pursuit["total"] == 11 and pursuit["row"] == "5 pursuit losses"
    while st.step == "losses":
        play(st, st.legal_actions()[0])
    assert mack not in st.g["forces"] and {"mack", "ferdinand"} <= set(st.g["removed"])
    assert st.step == "march" and ("siege", None) in st.legal_actions()  # the free siege of Ulm follows (15.2)


def test_14_round_5_charles_attacks_into_napoleons_interception_and_is_destroyed():
    """Napoleon intercepts Charles south of Vienna and defends with +1. Charles: morale 2 (3, Vienna French), 6
    against 10 steps is 1:2 (the book's "6 against 12", digest counters note), -1, +1 Charles: rolls 8, "1+".
    Napoleon +9 (defence 3, interception 1, cavalry 1, Davout 3, a reduced elite corps at the head 1): 7 + 9 = 16,
    "4+C". Charles 2 + 1 - 3 = 0: demoralized whatever the die; Davout unhurt; pursuit 2 + 3 + 2 + 1 = 8: two more
    losses destroy Charles' force.

    The interception die is the book's 3 + 1 (cavalry superiority) + 1 (better initiative) = 5: Vienna to the zone
    south of it costs 1 MP, no difficult terrain. Charles' earlier attrition (digest 9.1 #11) is left out: his force
    starts with the 6 steps it had left."""
    st = board([3, 1, 4, 4, 3, 4, 2, 1, 2], round_no=5, turn="coalition", hands={"empire": ["5F"], "coalition": []})
    french_line(st, "ulm", "munich", "salzburg", "vienna")
    st.g["ap_reserve"]["coalition"] = 2
    napoleon = put(st, "vienna", {"fr_i": 1, "fr_iii": 2, "fr_iv": 2, "fr_v": 2, "fr_garde": 1, "fr_cav_reserve": 2},
                   commander="napoleon", army="grande_armee", subs=["davout", "murat", "soult"])
    charles = put(st, "laibach", ["au_iv", "au_v", "au_vi"], commander="charles")
    play(st, ("op", None), ("force", charles), ("forced_march", 0), ("zone", "graz"))
    play(st, ("intercept", napoleon), ("card", "5F"), ("done", None))  # the whole army intercepts
    interception = rolls(st, "12.4")[0]
    assert interception["total"] == 5 and interception["row"] == "intercepts"
    assert sorted(interception["mods"]) == [["better initiative", 1], ["cavalry superiority", 1]]
    assert st.step == "battle.choose" and st.active == "empire"
    play(st, ("spearhead", "fr_i"), ("subordinate", "davout"))
    assert "Battle in Graz: Archduke Charles (6) attacks Napoleon (Grande Armée) (10); odds 1:2" in texts(st)
    assert "Morale: Archduke Charles 2, Napoleon (Grande Armée) 5" in texts(st)
    att, dfn = rolls(st, "14.6")
    assert att["mods"] == [["odds", -1], ["Archduke Charles", 1]] and att["total"] == 8 and att["row"] == "8-21: 1+"
    assert sorted(dfn["mods"]) == sorted([["cavalry superiority", 1], ["spearhead French I Corps", 1], ["Napoleon", 3],
                                          ["Davout (subordinate)", 3], ["interceptor", 1]])
    assert dfn["total"] == 16 and dfn["row"] == "8-21: 4+C"
    assert rolls(st, "14.7")[0]["row"] == "unhurt"
    play(st, ("loss", "au_iv"), ("loss", "au_iv"), ("loss", "au_v"), ("loss", "au_v"))  # no cavalry: "C" asks nothing
    play(st, ("loss", "fr_i"))
    assert "fr_i" not in st.g["forces"][napoleon]["units"]  # the reduced spearhead is destroyed
    assert "= 0)" in rolls(st, "14.9.1")[0]["text"] and rolls(st, "14.9.1")[0]["row"] == "demoralized"
    assert rolls(st, "14.9.2")[0]["total"] == 8 and rolls(st, "14.9.2")[0]["row"] == "2 pursuit losses"
    play(st, ("loss", "au_vi"), ("loss", "au_vi"))
    assert charles not in st.g["forces"] and "charles" in st.g["removed"]
    assert st.g["forces"][napoleon]["zone"] == "graz"  # the winning interceptor stays


def test_14_round_5_rome_skirmish_the_french_win_on_the_plus_and_the_neapolitans_fall_back():
    """2 against 2, column 1-7: the Neapolitans roll 6, "0"; Saint-Cyr 7 + 1 = 8, "0+". No losses, the French
    win on the "+", the Neapolitan corps retreats to Naples and its activation ends; no demoralization test."""
    st = board([3, 3, 3, 4], round_no=5, turn="coalition")
    put(st, "rome", ["fr_xi"], commander="saint_cyr")
    neapolitans = put(st, "naples", ["nap_1"], side="coalition")
    # the third force of the Major Campaign: activated by the event, it owes no AP (9.1)
    activation.push_event_activation(st, "coalition", 1, "Major Campaign (event)")
    st._advance()
    play(st, ("force", neapolitans), ("forced_march", 0), ("zone", "rome"), ("stand", None))
    assert "Total 4, weaker side 2: Skirmish" in texts(st)
    att, dfn = rolls(st, "14.6")
    assert att["mods"] == [] and att["total"] == 6 and att["row"] == "1-7: 0"
    assert dfn["mods"] == [["Gouvion Saint-Cyr", 1]] and dfn["total"] == 8 and dfn["row"] == "1-7: 0+"
    assert "Gouvion Saint-Cyr wins the battle (0 against 0+)" in texts(st)
    assert not rolls(st, "14.9.1") and not rolls(st, "14.8")
    assert st.g["forces"][neapolitans] == {**st.g["forces"][neapolitans], "zone": "naples", "units": {"nap_1": 2}}
    assert st.step == "activation" and ("force", neapolitans) not in st.legal_actions()


def test_14_round_6_kutuzov_attacks_vienna_is_beaten_holds_and_falls_back():
    """7 against 7, minor battle; morale 5 against 4 (two Russian elite corps hold 4 steps of morale 4).
    Kutuzov 10 + 3 (attack 1, Buxhowden 1, an elite corps at the head 1) = 13, "3"; Napoleon 8 + 7 (defence 3,
    cavalry 1, Soult 1, the Garde at the head 2) = 15, "4C". France loses the Garde and an elite corps (3 steps),
    the Russians their spearhead corps, the Austrian step and a step of the other elite corps (4). No wounds.
    Kutuzov's morale 4 + 1 - 1 = 4, die 3: he holds and retreats where he came from; his activation ends."""
    st = board([5, 5, 4, 4, 1, 1, 3], round_no=6, turn="coalition")
    french_line(st, "ulm", "munich", "salzburg", "vienna")
    S.set_fortress(st, "vienna", active=False)  # taken with the honours of war and left empty this round
    st.g["ap_reserve"]["coalition"] = 2
    napoleon = put(st, "vienna", {"fr_iii": 2, "fr_iv": 2, "fr_garde": 1, "fr_cav_reserve": 2}, commander="napoleon",
                   army="grande_armee", subs=["murat", "soult"])
    davout = put(st, "salzburg", ["fr_v"], commander="davout")  # left on the line of communication
    kutuzov = put(st, "leopoldstadt", {"ru_i": 2, "ru_ii": 2, "ru_garde": 2, "au_ix": 1}, commander="koutouzov",
                  army="premiere_armee", subs=["buxhowden"])
    play(st, ("op", None), ("force", kutuzov), ("forced_march", 0), ("zone", "vienna"), ("stand", None))
    assert st.step == "countermarch" and st.legal_actions() == [("force", davout), ("done", None)]
    play(st, ("done", None))
    assert st.active == "coalition"
    assert st.legal_actions() == [("spearhead", "ru_i"), ("spearhead", "ru_garde"), ("spearhead", None)]
    play(st, ("spearhead", "ru_i"))
    assert st.active == "empire"
    assert st.legal_actions() == [("spearhead", "fr_iii"), ("spearhead", "fr_garde"), ("spearhead", "fr_cav_reserve"),
                                  ("spearhead", None)]
    play(st, ("spearhead", "fr_garde"), ("subordinate", "buxhowden"), ("subordinate", "soult"))
    assert "Battle in Vienna: Kutuzov (1st Army) (7) attacks Napoleon (Grande Armée) (7); odds 1:1" in texts(st)
    assert "Morale: Kutuzov (1st Army) 4, Napoleon (Grande Armée) 5" in texts(st)
    att, dfn = rolls(st, "14.6")
    assert att["mods"] == [["spearhead Russian I Corps", 1], ["Kutuzov", 1], ["Buxhowden (subordinate)", 1]]
    assert att["total"] == 13 and att["row"] == "8-21: 3"
    assert dfn["mods"] == [["cavalry superiority", 1], ["spearhead French Imperial Guard", 2], ["Napoleon", 3],
                           ["Soult (subordinate)", 1]]
    assert dfn["total"] == 15 and dfn["row"] == "8-21: 4C"
    assert [r["row"] for r in rolls(st, "14.7")] == ["unhurt", "unhurt"]
    play(st, ("loss", "ru_i"), ("loss", "ru_i"), ("loss", "au_ix"), ("loss", "ru_ii"))
    assert st.legal_actions() == [("loss", "fr_garde")]
    play(st, ("loss", "fr_garde"), ("loss", "fr_iii"), ("loss", "fr_iii"))
    assert st.g["forces"][napoleon]["units"] == {"fr_iv": 2, "fr_cav_reserve": 2}
    assert st.g["forces"][kutuzov]["units"] == {"ru_ii": 1, "ru_garde": 2}
    demo = rolls(st, "14.9.1")[0]
    assert "= 4)" in demo["text"] and demo["total"] == 3 and demo["row"] == "holds"
    assert st.g["forces"][kutuzov]["zone"] == "leopoldstadt" and not st.g["forces"][kutuzov]["demoralized"]
    assert st.step == "activation" and ("force", kutuzov) not in st.legal_actions()
