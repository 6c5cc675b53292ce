"""18.2.3 with 10.1 / 11: a force of the loser leaves the war without the other nations' units it commanded, and
the loser's units leave other nations' forces (``peace.part_forces``). The other nations' units are « forces
précédemment alliées à la puissance vaincue »: on its territory they are replaced at the nearest fortress zone, the
owner's choice; abroad they stay where they are. 1805 heuristic seed 11 kept Russian and Prussian corps in an
Austrian army through Austria's forced peace."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import command, conquest, peace
from tests.games.nae.rules.helpers import GAME, push, put
from tests.games.nae.rules.test_18_conquest import _austria_beaten, conquest_phase


def through_the_phase(st: State, fid: str, zone: str | None = None) -> None:
    """Play the conquest phase, choosing the first choice, and ``zone`` when ``fid`` is asked where to go."""
    conquest_phase(st)
    while not st.over and st.step.startswith("conquest"):
        if zone is not None and st.frame.get("kind") == "redeploy" and st.frame.get("fid") == fid:
            st.apply(("zone", zone))
            continue
        st.apply(st.legal_actions()[0])


def test_18_2_3_russians_leave_an_austrian_army_on_austrian_soil_with_their_general() -> None:
    st = _austria_beaten()
    mack = put(st, "prague", ["au_i", "au_ii", "ru_iii"], commander="mack", army="armee_allemagne",
               subs=["bagration"])
    S.set_demoralized(S.force(st, mack), True)  # 18.2.1 (b): Vienna held and the Austrian army demoralized
    through_the_phase(st, mack)
    bagration = next(f for f in st.g["forces"].values() if f["commander"] == "bagration")
    assert set(bagration["units"]) == {"ru_iii"} and bagration["side"] == "coalition"
    assert set(S.force(st, mack)["units"]) == {"au_i", "au_ii"} and S.force(st, mack)["subs"] == []
    assert any(e["text"].startswith("Bagration leaves") and e["rule"] == "18.2.3" for e in st.log)
    # the nearest fortress zone outside Austria, without attrition
    assert conquest.territory_of(st, bagration["zone"]) != "austria" and bagration["zone"] in st.g["fortresses"]


def test_18_2_3_a_russian_corps_abroad_stays_as_the_austrian_army_goes_home() -> None:
    st = _austria_beaten()
    mack = put(st, "prague", ["au_i"], commander="mack")
    S.set_demoralized(S.force(st, mack), True)
    abroad = put(st, "pinsk", ["au_ii", "ru_iii"], commander="schwarzenberg", army="armee_allemagne")
    through_the_phase(st, abroad, "vienna")
    assert st.g["forces"][abroad]["zone"] == "vienna" and set(st.g["forces"][abroad]["units"]) == {"au_ii"}
    alone = [f for f in st.g["forces"].values() if "ru_iii" in f["units"]]
    assert len(alone) == 1 and alone[0]["zone"] == "pinsk" and alone[0]["commander"] is None
    assert all(S.major_of(st, S.unit(u).power) == "austria" for f in st.g["forces"].values()
               if f["power"] == "austria" for u in f["units"])


def test_18_2_3_austrian_corps_leave_a_russian_army_for_austrias_key_zones() -> None:
    st = _austria_beaten()
    mack = put(st, "prague", ["au_i"], commander="mack")
    S.set_demoralized(S.force(st, mack), True)
    koutouzov = put(st, "pinsk", ["ru_iv", "ru_v", "au_iii"], commander="koutouzov", army="premiere_armee")
    through_the_phase(st, koutouzov)
    assert "au_iii" not in st.g["forces"][koutouzov]["units"]
    austrians = next(f for f in st.g["forces"].values() if "au_iii" in f["units"])
    assert austrians["zone"] in ("prague", "vienna")  # 18.2.3: « replacées dans les zones clé »
    # at peace, it joins no force but its own nation's (11): not the Grande Armée sharing Vienna (8.1.3)
    assert austrians["side"] is None and set(austrians["units"]) <= {"au_i", "au_iii"}


def test_18_2_3_a_group_of_austrian_and_russian_armies_splits_and_the_russians_leave_austria() -> None:
    st = _austria_beaten()
    mack = put(st, "prague", ["au_i", "au_ii"], commander="mack", army="armee_allemagne")
    koutouzov = put(st, "prague", ["ru_iv", "ru_v"], commander="koutouzov", army="premiere_armee")
    group = command.form_group(st, mack, koutouzov)
    S.set_demoralized(S.force(st, group), True)
    through_the_phase(st, group)
    russians = next(f for f in st.g["forces"].values() if f["commander"] == "koutouzov")
    austrians = next(f for f in st.g["forces"].values() if f["commander"] == "mack")
    assert russians is not austrians and russians["group"] is None and austrians["group"] is None
    assert set(russians["units"]) == {"ru_iv", "ru_v"} and set(austrians["units"]) == {"au_i", "au_ii"}
    assert conquest.territory_of(st, russians["zone"]) != "austria" and austrians["zone"] == "prague"


def test_18_2_3_the_losers_fleets_are_repositioned_in_home_ports_of_its_sides_choice() -> None:
    """18.2.3: « une réorganisation totale des forces est possible [...] et repositionnement des flottes dans les
    ports du territoire national »: the side running the loser (7.3.2) picks each fleet's port, among those with
    room for it (17.2.2: 3 fleets at most)."""
    st = _austria_beaten()
    st.g["fleets"]["ru_fleet_baltic"] = {"power": "russia", "at": "sea", "where": "baltic"}
    st.g["fleets"]["ru_fleet_black_sea"] = {"power": "russia", "at": "port", "where": "sevastopol"}
    push(st, "conquest.terms", phase="confirm", minors=[], fresh=[], surrenders=[], confirmed=[
        peace.surrender(st, "russia", "empire")])
    while st.frame.get("kind") != "fleet":
        st.apply(st.legal_actions()[0])
    assert st.active == "coalition" and st.frame["fleet"] == "ru_fleet_baltic"
    assert st.legal_actions() == [("zone", z) for z in peace.home_ports(st, "russia")]
    assert GAME.label(st, ("zone", "riga")) == "Reposition in Riga"
    st.apply(("zone", "riga"))
    assert st.g["fleets"]["ru_fleet_baltic"]["where"] == "riga" and st.g["fleets"]["ru_fleet_baltic"]["at"] == "port"
    assert st.g["fleets"]["ru_fleet_black_sea"]["where"] == "sevastopol"  # home already
