"""17.2.8 the opposed maritime assault: « Si le port de destination est occupé par une force adverse ou est une
forteresse contrôlée par l'adversaire, un assaut maritime a lieu. » The enemy fleets in the port are fought there first
(« il faut les détruire préalablement par combat naval », 17.3.3); a fortress without fleets fights the squadron; the
force lands and fights the troops of the port (« avec des pénalités pour la force qui débarque (-3) »; « En cas de
défaite, la force qui a débarqué ne peut pas battre en retraite dans une zone adjacente et est détruite »), always
supplied; then it besieges the fortress with its two siege attacks.

The crossing (``_crossing``): Graham's British Corps 2 (2 steps) sails from Portsmouth into the Channel on two British
fleets; Rouen (clear, no fortress) and Cherbourg (fortress 1) are French ports of its sea zone."""

from __future__ import annotations

import random
from unittest import mock

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.nae import state as S
from grognard.games.nae.rules import fog, supply
from grognard.games.nae.why import why
from tests.games.nae.rules.helpers import GAME, play, put, rolls
from tests.games.nae.rules.test_17_2_8_landings import _crossing
from tests.games.nae.rules.test_selfplay import check, checked_update


def _assault(port, defender, dice, *, fleet=None, round_no=2):
    """The crossing, the French ``defender`` (units) in ``port`` and ``fleet`` in its port, then the assault."""
    st, force, _ = _crossing(round_no=round_no)
    fr = put(st, port, defender)
    if fleet:
        st.g["fleets"][fleet] = {"power": "france", "at": "port", "where": port}
    st._legal = None
    st.core["script"].extend(dice)
    return st, force, fr


def _fight(st):
    """The landing (the only force aboard), the French spearhead at the head of the defence, its loss if any."""
    while st.step in ("naval.landing", "battle.choose", "losses"):
        play(st, st.legal_actions()[0])


def test_17_2_8_a_port_held_by_enemy_troops_is_taken_by_a_landing_battle_at_minus_3():
    # Graham 6 + 5 -3 (landing) +1 (Graham) = 9 against I Corps 2 + 2 +1 (spearhead) = 5, a skirmish at 1:1
    st, force, fr = _assault("rouen", ["fr_i"], [6, 5, 2, 2])
    assert GAME.label(st, ("assault", "rouen")) == \
        "Assault Rouen: land and fight the enemy troops there at -3, with no retreat (3 MP, 17.2.8)"
    play(st, ("assault", "rouen"))
    assert st.step == "naval.landing" and st.legal_actions() == [("land_enemy", force)]
    assert GAME.label(st, ("land_enemy", force)) == "Land Graham at Rouen"
    _fight(st)
    attack = rolls(st, "14.6")[0]
    assert attack["mods"] == [["landing from the sea", -3], ["Graham", 1]]  # no border, and never unsupplied
    assert attack["total"] == 9 and attack["row"] == "1-7: 1"
    assert st.step == "retreat" and st.active == "empire"  # the beaten defender retreats as usual (14.10)
    play(st, ("zone", "paris"))
    assert st.g["forces"][fr]["zone"] == "paris" and st.g["forces"][fr]["units"] == {"fr_i": 1}
    assert st.g["forces"][force]["zone"] == "rouen" and S.controller(st, "rouen") == "coalition"
    assert any(e["rule"] == "3.2" and "wins the amphibious assault" in e["text"] for e in st.log)
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"], st.frame["mp"]) == ("port", "rouen", 4)
    play(st, ("sea", "manche"), ("zone", "portsmouth"), ("done", None))
    assert st.step == "activation" and ("force", force) not in st.legal_actions()  # 17.2.7: no land move after


def test_17_2_8_a_beaten_landing_force_may_not_retreat_and_is_destroyed():
    # Graham 2 + 2 -3 +1 = 2 against 6 + 5 +1 = 12: beaten, it loses a step, then is destroyed instead of retreating
    st, force, fr = _assault("rouen", ["fr_i"], [2, 2, 6, 5])
    play(st, ("assault", "rouen"))
    _fight(st)
    assert force not in st.g["forces"] and "graham" in st.g["removed"]
    assert any(e["rule"] == "17.2.8" and e["text"].startswith("Graham has landed and may not retreat: it is destroyed")
               for e in st.log)
    assert not rolls(st, "14.9.1")  # no demoralization test nor retreat: destroyed outright
    assert st.g["forces"][fr]["zone"] == "rouen" and S.controller(st, "rouen") == "empire"
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"], st.frame["mp"]) == ("sea", "manche", 4)
    assert not [a for a in st.legal_actions() if a[0] == "assault"]
    assert why(st, "Cherbourg") == (  # Cherbourg's fortress alone would otherwise be offered
        "Sail into the blockade box of Cherbourg (1 MP) is offered; no assault on Cherbourg: its force has been "
        "destroyed in an assault: « cette escadre ne peut pas mener d'autre assaut maritime au-cours de son "
        "activation », 17.2.8.")


def test_17_2_8_enemy_fleets_in_the_port_are_destroyed_first_then_the_force_lands():
    # 17.3.3 in the port: the squadron 6 + 5 = 11 against French fleet 1's 1: difference 10, the fleet is sunk;
    # then the landing battle 6 + 5 -3 +1 = 9 against 2 + 2 +1 = 5
    st, force, _ = _assault("rouen", ["fr_i"], [6, 5, 1, 6, 5, 2, 2], fleet="fr_fleet_1")
    assert GAME.label(st, ("assault", "rouen")) == (
        "Assault Rouen: fight the enemy fleets in its port, then land and fight the enemy troops there at -3, with no "
        "retreat (3 MP, 17.2.8)")
    play(st, ("assault", "rouen"))
    assert [r["total"] for r in rolls(st, "17.3.3")] == [11, 1]
    assert "fr_fleet_1" not in st.g["fleets"] and st.g["ports_attacked"] == [[1815, 2, "rouen"]]
    _fight(st)
    play(st, ("zone", "paris"))
    assert S.controller(st, "rouen") == "coalition" and st.g["forces"][force]["zone"] == "rouen"
    assert (st.frame["at"], st.frame["where"], st.frame["mp"]) == ("port", "rouen", 4)  # 2 MP, then 1 to land


def test_17_2_8_a_fortress_that_fired_in_the_port_combat_does_not_fight_the_squadron_again():
    # 17.3.3: the squadron 6 + 6 = 12 against French fleet 1 and the fortress's die, 1 + 1 = 2: difference 10, two
    # losses, the first cancelled, the one fleet sunk; the force lands before the fortress (no 17.2.8 fortress roll)
    # and its siege 5 +1 = 6 takes it
    st, force, _ = _crossing()
    st.g["fleets"]["fr_fleet_1"] = {"power": "france", "at": "port", "where": "cherbourg"}
    st._legal = None
    st.core["script"].extend([6, 6, 1, 1, 5])
    assert GAME.label(st, ("assault", "cherbourg")) == \
        "Assault Cherbourg: fight the enemy fleets in its port, then land, then besiege the fortress (3 MP, 17.2.8)"
    play(st, ("assault", "cherbourg"))
    assert [len(r["dice"]) for r in rolls(st, "17.3.3")] == [2, 2] and "fr_fleet_1" not in st.g["fleets"]
    assert not rolls(st, "17.2.8")
    play(st, ("land_enemy", force))
    assert [r["total"] for r in rolls(st, "15.4")] == [6] and S.controller(st, "cherbourg") == "coalition"
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"], st.frame["mp"]) == ("port", "cherbourg", 4)


def test_17_2_8_enemy_fleets_left_in_the_port_stop_the_landing():
    # the squadron 3 + 2 = 5 against 3: difference 2, the French fleet stays in its port, and so the troops aboard
    st, force, _ = _assault("rouen", ["fr_i"], [3, 2, 3], fleet="fr_fleet_1")
    play(st, ("assault", "rouen"))
    assert st.g["fleets"]["fr_fleet_1"]["where"] == "rouen" and force in st.g["aboard"]
    assert any(e["rule"] == "17.2.8" and e["text"] == "Enemy fleets are still in the port of Rouen: no landing"
               for e in st.log)
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"], st.frame["mp"]) == ("blockade", "rouen", 5)
    assert "sets out from the sea zone" in why(st, "Rouen")
    play(st, ("sea", "manche"))
    assert ("assault", "rouen") not in st.legal_actions()  # 17.3.3: its port was attacked this round
    assert why(st, "Rouen").endswith("« un même port ne peut être attaqué qu'une seule fois par round », 17.3.3.")
    play(st, ("zone", "portsmouth"), ("done", None))
    assert st.g["forces"][force]["zone"] == "portsmouth"  # back in a friendly port, the troops land


def test_17_2_8_a_squadron_beaten_in_the_port_ends_its_move_and_its_troops_are_lost():
    # the squadron 1 + 1 = 2 against 6: difference 4, it loses the fleet that carries nothing and falls back to
    # the sea zone; the defeat ends its activation (17.3.2), the troops still aboard are lost (17.2.7)
    st, force, _ = _assault("rouen", ["fr_i"], [1, 1, 6], fleet="fr_fleet_1")
    play(st, ("assault", "rouen"))
    assert st.step == "naval.losses" and st.legal_actions() == [("scuttle", "gb_fleet_1")]  # 17.2.7: empty first
    play(st, ("scuttle", "gb_fleet_1"))
    assert "gb_fleet_1" not in st.g["fleets"] and st.g["fleets"]["gb_calder"]["where"] == "manche"
    assert force not in st.g["forces"] and not st.g["aboard"] and "gb_corps_2" in st.g["reserve"]["units"]
    assert st.step == "activation" and S.controller(st, "rouen") == "empire"


def test_17_2_8_a_fortress_with_troops_fights_the_squadron_then_the_force_lands_fights_and_besieges():
    # the squadron 3 + 4 = 7 against the fortress's 5; the battle 6 + 5 +1 (2:1) -3 +1 = 10 against 2 + 2 +1 = 5
    # eliminates the reduced I Corps; siege 5 +1 (Graham) = 6: honours of war, Cherbourg falls at the first attack
    st, force, fr = _assault("cherbourg", {"fr_i": 1}, [3, 4, 5, 6, 5, 2, 2, 5])
    assert GAME.label(st, ("assault", "cherbourg")) == (
        "Assault Cherbourg: beat its fortress, then land and fight the enemy troops there at -3, with no retreat, "
        "then besiege the fortress (3 MP, 17.2.8)")
    play(st, ("assault", "cherbourg"))
    assert [r["row"] for r in rolls(st, "17.2.8")] == ["total 7", "the squadron lands"]
    _fight(st)
    assert fr not in st.g["forces"] and [r["total"] for r in rolls(st, "15.4")] == [6]
    assert S.controller(st, "cherbourg") == "coalition" and st.g["forces"][force]["zone"] == "cherbourg"
    assert st.step == "naval.move" and (st.frame["at"], st.frame["where"]) == ("port", "cherbourg")


def test_17_2_8_with_troops_in_the_port_a_tie_with_the_fortress_is_no_higher_result():
    # 1 + 2 = 3 against 3: « l'escadre du joueur actif doit obtenir un résultat supérieur »; the tie is fought again
    # only « si le port ne contient qu'une forteresse »: the squadron falls back with its troops
    st, force, _ = _assault("cherbourg", {"fr_i": 1}, [1, 2, 3])
    play(st, ("assault", "cherbourg"))
    assert [r["row"] for r in rolls(st, "17.2.8")] == ["total 3", "the fortress holds"]
    assert force in st.g["aboard"] and st.step == "naval.move"
    assert (st.frame["at"], st.frame["where"], st.frame["mp"]) == ("sea", "manche", 4)


def test_17_2_8_enemy_troops_outside_a_friendly_port_are_fought_by_an_assault_too():
    # « occupé par une force adverse »: French I Corps stands outside British Portsmouth; no troops land there
    # without an assault (17.2.7), which the landing battle wins: 6 + 5 -3 +1 = 9 against 2 + 2 -3 (unsupplied) +1 = 2
    st, force, fr = _assault("portsmouth", ["fr_i"], [6, 5, 2, 2])
    assert GAME.label(st, ("assault", "portsmouth")) == \
        "Assault Portsmouth: land and fight the enemy troops there at -3, with no retreat (3 MP, 17.2.8)"
    play(st, ("assault", "portsmouth"))
    _fight(st)
    assert st.step == "retreat" and st.legal_actions() == [("zone", "london"), ("zone", "bristol")]
    play(st, ("zone", "london"))
    assert st.g["forces"][fr]["zone"] == "london"
    assert st.g["forces"][force]["zone"] == "portsmouth" and S.controller(st, "portsmouth") == "coalition"
    assert st.step == "naval.move" and st.g["fortresses"]["portsmouth"]["siege"] is None


def test_17_2_8_refused_assaults_say_why():
    st, _, _ = _assault("rouen", ["fr_i"], [])
    assert why(st, "Paris").startswith("no assault on Paris: it has no port")
    assert why(st, "Brest") == "no assault on Brest: its blockade box lies in Bay of Biscay, 17.2.6."
    assert why(st, "Portsmouth") == (
        "Sail into the port of Portsmouth (1 MP) is offered; no assault on Portsmouth: it is a friendly port: the "
        "squadron sails in and lands its troops there (17.2.7).")
    before = st.digest()
    with pytest.raises(IllegalAction, match="not legal now"):
        st.apply(("assault", "paris"))
    assert st.digest() == before  # refused, nothing changed
    st, _, _ = _assault("rouen", ["fr_i"], [], round_no=6)  # 16: the winter rounds
    assert ("assault", "rouen") not in st.legal_actions()
    assert "durant les rounds d'hiver" in why(st, "Rouen")
    st, _, _ = _crossing(("gb_corps_1", "gb_corps_3"))  # 3 steps: over the limit of an assault
    put(st, "rouen", ["fr_i"])
    st._legal = None
    assert ("assault", "rouen") not in st.legal_actions()
    assert why(st, "Rouen") == ("Sail into the blockade box of Rouen (1 MP) is offered; no assault on Rouen: no force "
                                "aboard can land: 2 steps at most an assault (17.2.8, « SAUF évènement »).")


def test_17_2_8_under_the_fog_the_enemy_is_told_of_the_landing_and_sees_the_stacks_only_in_the_battle():
    st, force, fr = _assault("rouen", ["fr_i", "fr_ii"], [6, 5, 2, 2])
    st.setup["options"] = {fog.FOG_OPTION: True}
    play(st, ("assault", "rouen"))
    assert st.step == "naval.landing" and GAME.shown_step(st, "empire") == "activation"
    play(st, ("land_enemy", force))
    assert str(st.step).startswith("battle") and fog.revealed(st) == {force, fr}
    assert st.view("empire")["board"]["forces"][force]["units"] == {"gb_corps_2": 2}
    _fight(st)
    while st.step == "retreat":
        play(st, st.legal_actions()[0])
    assert st.step == "naval.move" and not fog.revealed(st)
    assert st.view("empire")["board"]["forces"][force]["hidden"]  # the stack is closed again (Graham leads it)


def _seafaring_choice(st, legal, rnd):
    """A random player that goes to sea: it prefers an opposed assault, then any assault, embarking and landing,
    activates fleets more often than not and sails out with its MP; otherwise any legal action."""
    opposed = [a for a in legal if a[0] == "assault" and GAME.label(st, a).startswith("Assault")]
    pref = opposed or [a for a in legal if a[0] in ("assault", "embark", "land_enemy")]
    if not pref and st.step == "activation" and rnd.random() < 0.7:
        pref = [a for a in legal if a[0] == "fleet"]
    if not pref and st.step == "naval.move" and st.frame["mp"] >= 3 and rnd.random() < 0.8:
        pref = [a for a in legal if a[0] == "sea"]
    if not pref and st.step == "naval.move" and st.frame["at"] == "sea" and rnd.random() < 0.5:
        pref = [a for a in legal if a[0] == "zone"]
    return rnd.choice(pref or legal)


def test_17_2_8_random_seafaring_1809_games_keep_every_invariant_through_opposed_assaults():
    """1809 games played by seafaring random players, every board invariant checked after each action
    (``test_selfplay.check``), until games have fought both a port's fleets before a landing and a landing battle."""
    seen = {"17.2.8 fleets": 0, "17.2.8 battle": 0}
    with mock.patch.object(supply, "update_supply", checked_update(supply.update_supply)):
        for seed in range(3, 7):
            st = GAME.new_state("1809", seed=seed)
            rnd = random.Random(seed)
            while not st.over:
                st.apply(_seafaring_choice(st, st.legal_actions(), rnd))
                check(st)
            seen["17.2.8 fleets"] += sum("before landing its troops" in e["text"] for e in st.log)
            seen["17.2.8 battle"] += sum(e.get("rule") == "14.6" and any(m[0] == "landing from the sea"
                                                                        for m in e.get("mods", [])) for e in st.log)
            if all(seen.values()):
                break
    assert all(seen.values()), seen
