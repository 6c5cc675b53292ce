"""8.2.3 and 11: the units of a minor that goes over to the Coalition leave the French force they stood with for the
nearest Coalition zone, « doivent tenter de rejoindre la zone coalisée la plus proche dans le rayon de son facteur
de mouvement », and there join the Coalition force already standing: « Il ne peut y avoir qu'une seule force d'un
même camp dans une zone à l'issue d'un round d'activation » (a random 1805 game left two Coalition forces in
Magdeburg after Bavaria changed sides)."""

from __future__ import annotations

from grognard import load_game
from grognard.games.nae import state as S
from grognard.games.nae.rules import diplomacy
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def test_8_2_3_parting_units_join_the_coalition_force_in_the_zone_they_reach() -> None:
    st = board_1806()
    S.set_side(st, "prussia", "coalition")
    st.g["status"]["prussia"] = "at_war"
    S.set_control(st, "magdeburg", "prussia")
    put(st, "erfurt", ["fr_iii", "bav_1"], commander="davout")
    prussians = put(st, "magdeburg", ["pr_i"], commander="blucher")
    dest = diplomacy.nearest_zone(st, "erfurt", "coalition", S.unit("bav_1").mf)
    assert dest == "magdeburg"
    diplomacy.break_off(st, "bavaria", "coalition")
    assert S.outside(st, "magdeburg", "coalition") == [prussians]
    assert "bav_1" in S.force(st, prussians)["units"]  # taken in once, and not sent on again


def test_8_2_3_parting_units_do_not_go_where_the_enemy_besieges() -> None:
    """The nearest Coalition zone is Magdeburg, but a French force besieges it: the units go on to the next."""
    st = board_1806()
    S.set_side(st, "prussia", "coalition")
    st.g["status"]["prussia"] = "at_war"
    for zone in ("magdeburg", "berlin"):
        S.set_control(st, zone, "prussia")
    put(st, "erfurt", ["fr_iii", "bav_1"], commander="davout")
    put(st, "magdeburg", ["fr_iv"], commander="lannes")
    assert diplomacy.nearest_zone(st, "erfurt", "coalition", 8) not in ("magdeburg", None)


def test_8_2_3_a_minor_joining_deploys_only_where_a_force_may_stand() -> None:
    """12.1 « Il est interdit de pénétrer dans une zone d'un pays neutre »: in 1809 Russia, neutral, holds Finland,
    so Sweden's corps, joining the Empire, does not deploy in Helsingfors (a random 1809 game put it there)."""
    st = load_game("nae").new_state("1809", seed=5)
    S.set_side(st, "sweden", "empire")
    st.g["status"]["sweden"] = "allied"
    assert S.controller(st, "helsingfors") is None and S.status_of(st, "russia") == "neutral"
    zones = diplomacy.deploy_options(st, "empire", "sweden", "swe_1")
    assert "stockholm" in zones and "helsingfors" not in zones


def test_8_2_3_inside_its_territory_the_survivors_part_when_the_french_stay() -> None:
    """8.2.3: « Pour celles situées sur son territoire, empilées avec des unités françaises, les unités des deux camps
    sont éliminées à proportion d'un pas pour chaque camp »; 11: the two sides share no zone outside a fortress, so a
    minor's unit still standing beside French units that still stand parts as those outside its territory do, for
    the nearest Coalition zone within its MF, or is destroyed (a random 1809 game left Württemberg's corps beside
    the Confederation's in Stuttgart)."""
    st = board_1806()
    put(st, "munich", ["fr_iii", "fr_iv", "bav_1"], commander="davout")
    diplomacy.break_off(st, "bavaria", "coalition")
    french = S.outside(st, "munich", "empire")
    assert len(french) == 1 and not S.outside(st, "munich", "coalition")
    assert S.force(st, french[0])["units"] == {"fr_iii": 1, "fr_iv": 2}
    assert "bav_1" in st.g["reserve"]["units"]  # reduced, then no Coalition zone within its MF: destroyed
    S.set_side(st, "austria", "coalition")
    st.g["status"]["austria"] = "at_war"
    S.set_control(st, "salzburg", "austria")
    st.g["reserve"]["units"].remove("bav_1")
    S.force(st, french[0])["units"]["bav_1"] = 2
    S.set_side(st, "bavaria", "empire")
    diplomacy.break_off(st, "bavaria", "coalition")
    assert S.outside(st, "salzburg", "coalition") and S.force(st, S.outside(st, "salzburg", "coalition")[0])[
        "units"] == {"bav_1": 1}
