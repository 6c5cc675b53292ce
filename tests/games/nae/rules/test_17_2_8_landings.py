"""17.2.7-17.2.8 landings in an enemy port: « Le débarquement d'une unité dans un port adverse sans opposition est
considéré comme un assaut maritime automatiquement réussi »; 1 MP to enter the port from its blockade box and 1 MP to
land (« effectuer un assaut maritime, 3 PM » from the sea zone); 2 steps an assault at most; none in winter."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import GAME, board, play, put, rolls


def fleets(st, **where):
    st.g["fleets"] = {fl: {"power": S.data().counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


def _crossing(units=("gb_corps_2",), *, round_no=2, second=None):
    """Two British fleets at Portsmouth carry a force of Portsmouth into the Channel (1 MP), where Rouen is a French
    port without fortress."""
    st = board(round_no=round_no, turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("port", "portsmouth"), gb_fleet_1=("port", "portsmouth"))
    force = put(st, "portsmouth", list(units), commander="graham")
    extra = put(st, "portsmouth", [second]) if second else None
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("fleet", "gb_fleet_1"), ("done", None), ("embark", force))
    if extra:
        play(st, ("embark", extra))
    play(st, ("sea", "manche"))
    return st, force, extra


def test_17_2_8_an_unopposed_landing_is_a_won_assault_that_takes_the_port():
    st, force, _ = _crossing()
    assert st.step == "naval.move" and st.frame["mp"] == 7
    assert ("assault", "rouen") in st.legal_actions()
    assert GAME.label(st, ("assault", "rouen")) == \
        "Land troops in the enemy port of Rouen (3 MP: through its blockade box, 17.2.8)"
    play(st, ("assault", "rouen"))
    assert st.step == "naval.landing" and st.legal_actions() == [("land_enemy", force)]
    assert GAME.label(st, ("land_enemy", force)) == "Land Graham at Rouen"
    play(st, ("land_enemy", force))
    assert st.g["forces"][force]["zone"] == "rouen" and not st.g["aboard"]
    assert S.controller(st, "rouen") == "coalition"
    assert st.frame["mp"] == 4 and (st.frame["at"], st.frame["where"]) == ("port", "rouen")
    assert st.g["fleets"]["gb_calder"] == {"power": "britain", "at": "port", "where": "rouen"}
    assert any(e["rule"] == "17.2.8" and "the amphibious assault succeeds" in e["text"] for e in st.log)
    assert ("sea", "manche") in st.legal_actions()  # 17.2.8: 1 MP back to the port's sea zone
    play(st, ("sea", "manche"), ("zone", "portsmouth"), ("done", None))
    assert st.step == "activation" and ("force", force) not in st.legal_actions()  # 17.2.7: no land move after


def test_17_2_8_no_assault_in_winter():
    st, _, _ = _crossing()
    assaults = [a[1] for a in st.legal_actions() if a[0] == "assault"]
    assert assaults == ["dunkirk", "boulogne", "rouen", "cherbourg"]  # Rouen unopposed, the others' fortresses alone
    st, _, _ = _crossing(round_no=6)  # 16: « aucun assaut maritime n'est autorisé » in the winter rounds
    assert not [a for a in st.legal_actions() if a[0] == "assault"]


def test_17_2_8_an_assault_lands_2_steps_at_most():
    st, force, other = _crossing(second="gb_corps_3")
    assert S.steps(st.g["aboard"][other]["force"]) == 2
    play(st, ("assault", "rouen"))
    assert st.legal_actions() == [("land_enemy", force), ("land_enemy", other)]
    play(st, ("land_enemy", force))
    assert ("disembark", other) not in st.legal_actions()  # the assault has landed its 2 steps
    play(st, ("done", None))  # still aboard at the end of the move, in the port it may not land in: lost
    assert other not in st.g["forces"] and "gb_corps_3" in st.g["reserve"]["units"]
    st, force, _ = _crossing(("gb_corps_1", "gb_corps_3"))
    assert S.steps(st.g["aboard"][force]["force"]) > 2 and ("assault", "rouen") not in st.legal_actions()


def _before_cherbourg(dice):
    """The crossing, then an assault on Cherbourg: an active French fortress (level 1) with no troops or fleets."""
    st, force, _ = _crossing()
    st.core["script"].extend(dice)
    assert ("assault", "cherbourg") in st.legal_actions()
    play(st, ("assault", "cherbourg"))
    return st, force


def test_17_2_8_a_fortress_alone_fights_the_squadron_then_the_landed_force_has_two_siege_attacks():
    # the squadron 3 + 4 = 7 against the fortress's die 5: it lands; siege 5 +1 (Graham) = 6: honours of war
    st, force = _before_cherbourg([3, 4, 5, 5])
    assert [r["row"] for r in rolls(st, "17.2.8")] == ["total 7", "the squadron lands"]
    assert st.step == "naval.landing" and st.legal_actions() == [("land_enemy", force)]
    play(st, ("land_enemy", force))
    assert rolls(st, "15.4")[0]["total"] == 6 and len(rolls(st, "15.4")) == 1  # taken at the first attack
    assert S.controller(st, "cherbourg") == "coalition" and st.g["forces"][force]["zone"] == "cherbourg"
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"]) == ("port", "cherbourg")


def test_17_2_8_the_force_that_has_not_taken_the_port_is_destroyed():
    # lands (7 against 5); sieges 3 +1 = 4 and 3 +1 +1 (Siege 1) = 5: stable twice
    st, force = _before_cherbourg([3, 4, 5, 3, 3])
    play(st, ("land_enemy", force))
    assert [r["total"] for r in rolls(st, "15.4")] == [4, 5]
    assert force not in st.g["forces"] and S.controller(st, "cherbourg") == "empire"
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"]) == ("sea", "manche")
    assert not [a for a in st.legal_actions() if a[0] == "assault"]  # no other assault in its activation


def test_17_2_8_a_squadron_beaten_by_the_fortress_falls_back_with_its_troops():
    # 1 + 1 = 2 against 2: a tie, fought again; 1 + 2 = 3 against 5: the fortress holds
    st, force = _before_cherbourg([1, 1, 2, 1, 2, 5])
    assert [r["row"] for r in rolls(st, "17.2.8") if r["row"] != "total 2" and r["row"] != "total 3"] == [
        "tie: another round", "the fortress holds"]
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"]) == ("sea", "manche")
    assert force in st.g["aboard"] and st.frame["mp"] == 4
