"""15.3 at the end of the activation phase (5.2.1): « Si le nombre d'unités nécessaire au maintien du siège n'est
plus réuni, le siège est levé et les forces assiégeantes doivent se redéployer dans une zone adjacente ». A besieger
that the last, free siege attack (15.2) leaves below 2 steps per fortress level lifts the siege at once and
withdraws, before the attrition of the end of the phase. A random 1809 game (seed 5) left a one-step Saxon corps
besieging Prague through the Austrians' attrition, then standing before the fortress into the next year."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_15_3_a_besieger_the_last_siege_attack_leaves_too_weak_lifts_the_siege_and_withdraws() -> None:
    st = board([1], round_no=6, turn="coalition")
    besieger = put(st, "namur", {"fr_i": 2})  # 2 steps: just enough for a level-1 fortress (15.2)
    garrison = put(st, "namur", ["pr_i"])
    S.set_in_fortress(st, garrison, True)
    S.set_fortress(st, "namur", siege=0, besieger=besieger)
    play(st, ("pass", None))  # the last round ends: the free siege attack of 5.2.1
    assert rolls(st, "15.4")[0]["row"] == "Besieger repulsed"
    play(st, ("loss", "fr_i"))
    assert st.g["fortresses"]["namur"] == {"level": 1, "active": True, "siege": None, "besieger": None}
    assert st.step == "retreat" and st.active == "empire" and "too weak to besiege" in st.prompt
    assert not any(e["text"].startswith("Attrition of Prussian I") for e in st.log)  # not besieged any more
    play(st, ("zone", "reims"))
    assert st.g["forces"][besieger]["zone"] == "reims"
