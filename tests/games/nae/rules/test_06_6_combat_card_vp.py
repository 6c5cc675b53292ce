"""6.6 / 6.2: « Les évènements avec la mention CC accordent des bonus lors de la résolution des batailles »: a
combat card played in a battle is played as its event, so « Lorsque la carte est jouée en tant qu'évènement, les
points d'escalade et de victoire sont ajustés en conséquence »: 44C Leipzig's VP -1 (reconstructed value)."""

from __future__ import annotations

from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import play, put


def test_6_6_leipzig_played_in_a_major_battle_moves_the_victory_level() -> None:
    st = board_1806([3] * 8)
    st.g.update(periods=["epic", "punishments"], phase="activation", round=2, turn="empire", last_round=6)
    st.core["stack"].clear()
    st.push("round")
    st.g["hands"] = {"empire": [], "coalition": ["44C"]}
    napoleon = put(st, "reims", ["fr_garde", "fr_i", "fr_ii", "fr_iii", "fr_iv", "fr_v"], commander="napoleon",
                   army="grande_armee")
    put(st, "troyes", ["ru_i", "ru_ii", "ru_iii", "gb_elite_1", "gb_elite_2"], commander="koutouzov",
        army="premiere_armee")
    vp = st.g["vp"]
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0), ("zone", "troyes"), ("stand", None),
         ("morale", 5), ("spearhead", None), ("spearhead", None))
    assert st.step == "cards.window" and ("card", "44C") in st.legal_actions()
    play(st, ("card", "44C"))
    assert st.g["vp"] == vp - 1 and "44C" in st.g["out"] and "44C" in st.g["events_played"]
    assert any(e["rule"] == "6.2" and e["text"].startswith("Victory level -1: Leipzig") for e in st.log)
