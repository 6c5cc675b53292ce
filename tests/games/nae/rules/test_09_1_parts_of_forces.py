"""9.1: a corps inside a larger force, even an army, may be activated alone (1 AP); a subordinate general of an army
may be activated apart with some of its units (his initiative), e.g. Soult with 3 steps out of the Grande Armée for
2 AP while Napoléon's army stays; a general is never left without units (10.3). 10.3: a subordinate general may be
sent to the reserve during his army's activation."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, play, put


def _grande_armee(st, cavalry: bool = True):
    units = {"fr_garde": 2, "fr_i": 2, "fr_vi": 1} | ({"fr_cav_reserve": 2} if cavalry else {})
    return put(st, "reims", units, commander="napoleon", army="grande_armee", subs=["soult"])


def test_9_1_a_corps_is_activated_alone_out_of_the_grande_armee_for_1_ap():
    st = board()
    napoleon = _grande_armee(st)
    play(st, ("op", None))
    offered = st.legal_actions()
    assert {("unit", "fr_i"), ("unit", "fr_garde"), ("unit", "fr_vi")} <= set(offered)
    assert ("unit", "fr_cav_reserve") not in offered  # 10.1: reserve cavalry serves only in an army
    play(st, ("unit", "fr_i"))
    alone = st.frame["fid"]
    assert alone != napoleon and st.g["forces"][alone]["units"] == {"fr_i": 2}
    assert st.g["forces"][napoleon]["units"] == {"fr_garde": 2, "fr_vi": 1, "fr_cav_reserve": 2}
    play(st, ("forced_march", 0), ("zone", "soissons"), ("done", None))
    assert st.step == "activation" and st.frame["ap"] == 0
    assert st.g["forces"][alone]["zone"] == "soissons" and st.g["forces"][napoleon]["zone"] == "reims"


def test_9_1_soult_leaves_the_grande_armee_with_3_steps_for_2_ap_while_the_army_stays():
    st = board()
    napoleon = _grande_armee(st, cavalry=False)
    st.g["ap_reserve"]["empire"] = 1
    play(st, ("op", None), ("subordinate", "soult"))
    assert st.step == "detach" and ("done", None) not in st.legal_actions()  # he needs a combat unit
    play(st, ("unit", "fr_i"), ("unit", "fr_vi"))
    assert ("unit", "fr_garde") not in st.legal_actions()  # the army keeps a combat unit (10.3)
    play(st, ("done", None))
    soult = st.frame["fid"]
    assert st.g["forces"][soult]["commander"] == "soult" and st.g["forces"][soult]["units"] == {"fr_i": 2, "fr_vi": 1}
    army = st.g["forces"][napoleon]
    assert army["subs"] == [] and army["units"] == {"fr_garde": 2}
    play(st, ("forced_march", 0), ("done", None))
    assert st.step == "activation" and st.frame["ap"] == 0 and ("force", napoleon) not in st.legal_actions()


def test_10_3_a_general_is_never_left_without_units_and_a_lone_corps_force_has_no_parts():
    st = board()
    put(st, "reims", ["fr_i"], commander="ney")
    put(st, "paris", ["fr_ii"])
    play(st, ("op", None))
    assert not [a for a in st.legal_actions() if a[0] in ("unit", "subordinate", "army")]


def test_10_3_a_subordinate_general_is_sent_to_the_reserve_during_his_armys_activation():
    st = board()
    napoleon = _grande_armee(st)
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0))
    assert ("dismiss", "soult") in st.legal_actions()
    play(st, ("dismiss", "soult"))
    assert st.g["forces"][napoleon]["subs"] == [] and "soult" in st.g["removed"]


def test_9_1_a_lone_corps_that_force_marches_or_fights_costs_2_ap():
    st = board()
    corps = put(st, "reims", ["fr_i"])
    put(st, "soissons", ["pr_i"], commander="kleist")
    play(st, ("op", None), ("force", corps))
    assert st.legal_actions() == [("forced_march", 0)]  # 1 AP only: no forced march
    play(st, ("forced_march", 0))
    assert ("zone", "soissons") not in st.legal_actions() and ("zone", "paris") in st.legal_actions()
    st = board()
    corps = put(st, "reims", ["fr_i"])
    put(st, "soissons", ["pr_i"], commander="kleist")
    st.g["ap_reserve"]["empire"] = 1
    play(st, ("op", None), ("force", corps), ("forced_march", 1))
    assert any("force-marches: its activation costs a second AP" in e["text"] for e in st.log)
    assert ("zone", "soissons") in st.legal_actions()  # the second AP is paid once
    activation = next(f for f in st.core["stack"] if f["step"] == "activation")
    assert activation["ap"] == 0


def test_9_1_optional_a_lone_corps_entering_a_zone_its_side_does_not_control_costs_2_ap():
    from tests.games.nae.rules.helpers import GAME

    st = GAME.new_state("1815", seed=1, options={"lone_corps_enemy_zone": True})
    for fid in list(st.g["forces"]):
        S.take_force(st, fid)
    st.g["round"], st.g["turn"], st.g["hands"] = 2, "empire", {"empire": [], "coalition": []}
    corps = put(st, "lille", ["fr_i"])
    play(st, ("op", None), ("force", corps), ("forced_march", 0))
    assert ("zone", "brussels") not in st.legal_actions()  # British-controlled
    assert ("zone", "soissons") in st.legal_actions()  # French
