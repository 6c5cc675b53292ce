"""12.5 evasion: Jean (initiative 2) crosses an unbridged river to attack Masséna (initiative 1): Masséna gets +1
(initiative) +1 (difficult terrain: 2 MP to enter) and evades on a natural 3."""

from __future__ import annotations

from tests.games.nae.rules.helpers import board, play, put, rolls


def _jean_attacks(dice):
    st = board(dice, turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    jean = put(st, "mannheim", ["au_i", "au_ii"], commander="jean")  # the Rhine at Speyer, unbridged
    massena = put(st, "landau", ["fr_i"], commander="massena")
    play(st, ("op", None), ("force", jean), ("forced_march", 0), ("zone", "landau"))
    assert st.active == "empire"
    assert set(st.legal_actions()) == {("stand", None), ("fortress", None), ("evade", None)}
    play(st, ("evade", None))
    return st, jean, massena


def test_12_5_massena_evades_on_a_3():
    st, _jean, massena = _jean_attacks([3])
    roll = rolls(st, "12.5")[0]
    assert roll["mods"] == [["better initiative", 1], ["difficult terrain", 1]] and roll["row"] == "evades"
    zones = [a[1] for a in st.legal_actions()]
    assert "mannheim" not in zones and "metz" in zones  # never into the zone the attacker came from
    play(st, ("zone", "metz"))
    assert st.g["forces"][massena]["zone"] == "metz"


def test_12_5_massena_caught_on_a_2_fights():
    st, _jean, _massena = _jean_attacks([2, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    assert rolls(st, "12.5")[0]["row"] == "caught"
    assert any(e["text"].startswith("Battle in Landau") for e in st.log)


def test_15_1_withdrawing_into_the_fortress_is_automatic():
    st = board(turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    jean = put(st, "bade", ["au_i", "au_ii"], commander="jean")
    massena = put(st, "strasbourg", ["fr_i"], commander="massena")
    play(st, ("op", None), ("force", jean), ("forced_march", 0), ("zone", "strasbourg"), ("fortress", None))
    assert st.g["forces"][massena]["in_fortress"]
    assert st.g["fortresses"]["strasbourg"]["besieger"] == jean


def test_15_1_a_unit_withdraws_into_the_fortress_while_the_rest_evades():
    st = board([3], turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    jean = put(st, "mannheim", ["au_i", "au_ii"], commander="jean")
    massena = put(st, "landau", ["fr_i", "fr_ii"], commander="massena")
    play(st, ("op", None), ("force", jean), ("forced_march", 0), ("zone", "landau"))
    assert {("garrison", "fr_i"), ("garrison", "fr_ii")} <= set(st.legal_actions())
    play(st, ("garrison", "fr_ii"))
    assert rolls(st, "12.5")[0]["row"] == "evades"
    play(st, ("zone", "metz"))
    inside = next(fid for fid, f in st.g["forces"].items() if f["units"] == {"fr_ii": 2})
    assert st.g["forces"][inside]["in_fortress"] and st.g["forces"][inside]["zone"] == "landau"
    assert st.g["forces"][massena]["zone"] == "metz" and st.g["forces"][massena]["units"] == {"fr_i": 2}
    assert st.g["fortresses"]["landau"]["besieger"] == jean
