"""20.2 special rule 2 (optional, French text only), the option ``prussian_army_posture``: « tant qu'une force
adverse n'a pas pénétré dans le territoire de la Prusse, l'armée prussienne doit demeurer dans une zone adjacente à
un territoire adverse (territoire national ou mineur allié), cette zone peut être située dans un pays mineur allié à
la Prusse (Saxe, Hesse ou Clèves) »."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, posture
from tests.games.nae.rules.helpers import GAME, put


def prussia_at_war(option: bool) -> tuple[State, str]:
    """The 1805 start with Prussia and its allied minors gone over to the Coalition, the Coalition to act, the
    Army of the Elbe (Brunswick) in Magdeburg; returns the state and that force."""
    st = GAME.new_state("1805", seed=1, options={posture.POSTURE_OPTION: option})
    for power in ("prussia", "saxony", "hesse", "cleves"):
        S.set_side(st, power, "coalition")
        st.g["status"][power] = "at_war" if power == "prussia" else "allied"
    S.follow_sides(st, ["prussia", "saxony", "hesse", "cleves"])
    st.g["turn"] = "coalition"
    st.g["sieges_due"] = []
    st._legal = None
    fid = next(fid for fid, f in st.g["forces"].items() if f["army"] == "armee_elbe")
    assert S.force(st, fid)["zone"] == "magdeburg"
    return st, fid


def march_zones(st: State, fid: str) -> set[str]:
    """The zones the force may march into once activated with the Coalition's best card for AP."""
    best = max(st.g["hands"]["coalition"], key=lambda c: cards.ap_value(st, c))
    st.apply(("card", best))
    st.apply(("force", fid))
    while st.step != "march":  # no pick-up, no forced march
        st.apply(("done", None) if st.step == "pickup" else ("forced_march", 0))
    return {z for verb, z in st.legal_actions() if verb == "zone"}


def test_20_2_rule_2_the_prussian_army_stays_next_to_enemy_territory() -> None:
    st, fid = prussia_at_war(True)
    rule = posture.binding(st)
    assert rule is not None
    # Magdeburg borders Hanover (British, held by the Empire's ally); Kassel (Hesse, allied to Prussia) borders it too
    assert posture.on_post(st, rule, "magdeburg", "coalition") and posture.on_post(st, rule, "kassel", "coalition")
    assert not posture.on_post(st, rule, "berlin", "coalition")  # inside Prussia, far from the enemy
    assert not posture.on_post(st, rule, "hanover", "coalition")  # enemy ground is no post: it must stay
    assert march_zones(st, fid) == {"kassel"}
    reason = posture.posture_refusal(st, fid, "magdeburg", "berlin")
    assert reason is not None and "20.2 special rule 2" in reason
    others = next(f for f, x in st.g["forces"].items() if x["commander"] == "hohenlohe")
    assert posture.posture_refusal(st, others, "breslau", "glogau" if "glogau" in S.data().map.zones else
                                   S.data().map.neighbours("breslau")[0]) is None  # only the army is bound


def test_20_2_rule_2_is_off_without_the_option() -> None:
    st, fid = prussia_at_war(False)
    assert posture.binding(st) is None
    assert {"berlin", "leipzig", "kassel"} <= march_zones(st, fid)


def test_20_2_rule_2_an_enemy_force_in_prussia_frees_the_army_for_good() -> None:
    st, fid = prussia_at_war(True)
    french = put(st, "berlin", ["fr_i"])
    posture.update_posture(st)
    assert st.g["posture_lifted"] and posture.binding(st) is None
    assert any("free to move" in e["text"] and e["rule"] == "20.2" for e in st.log)
    S.take_force(st, french)  # it leaves again: the rule stays lifted
    assert "berlin" in march_zones(st, fid)
