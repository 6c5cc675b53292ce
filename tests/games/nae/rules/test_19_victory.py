"""20.1 victory conditions and 18.2.1 conquest of France."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import conquest, victory
from tests.games.nae.rules.helpers import board, put


def test_20_1_france_holds_with_a_non_demoralized_army():
    st = board()
    put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    assert victory.final_result(st)[0] == "empire"


def test_20_1_a_demoralized_army_and_no_conquest_is_a_draw():
    st = board()
    fid = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    st.g["forces"][fid]["demoralized"] = True
    assert victory.final_result(st)[0] is None


def test_20_1_napoleon_off_the_map_is_a_coalition_victory():
    st = board()
    put(st, "reims", ["fr_garde"], commander="davout", army="grande_armee")
    assert victory.final_result(st)[0] == "coalition"


def test_18_2_1_france_conquered_all_key_zones_but_one_held_capital_lost_no_army_at_home():
    st = board()
    put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    for zone in ("paris", "lyon", "bordeaux"):
        put(st, zone, ["pr_i"] if zone == "paris" else ["au_i"] if zone == "lyon" else ["sp_corps_1"])
        S.set_control(st, zone, "prussia")
    assert not conquest.is_conquered(st, "france")  # the Grande Armée stands on French soil
    fid = next(f for f, x in st.g["forces"].items() if x["commander"] == "napoleon")
    st.g["forces"][fid]["demoralized"] = True
    assert conquest.is_conquered(st, "france")
    st.g["conquered"].append("france")
    assert victory.final_result(st)[0] == "coalition"


def test_3_2_the_conquest_phase_gives_zones_to_forces_standing_alone_there():
    st = board()
    put(st, "reims", ["pr_i"])
    put(st, "paris", ["fr_i"])
    S.set_control(st, "paris", "prussia")
    conquest.adjust_control(st)
    assert st.g["control"]["paris"] == "france"  # the owner's forces take it back


def test_20_1_france_conquered_but_with_a_non_demoralized_army_is_a_draw():
    st = board()
    put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    st.g["conquered"].append("france")
    assert victory.final_result(st)[0] is None


def test_20_1_napoleon_removed_wins_for_the_coalition_even_if_france_holds():
    st = board()
    put(st, "reims", ["fr_garde"], commander="davout", army="grande_armee")
    st.g["removed"].append("napoleon")
    result, text = victory.final_result(st)
    assert result == "coalition" and "Napoléon" in text


def test_20_1_napoleon_removed_is_checked_at_the_end_of_the_game_not_at_once():
    from tests.games.nae.rules.helpers import play

    st = board(round_no=6, turn="coalition")
    put(st, "reims", ["fr_garde"], commander="davout", army="grande_armee")
    assert not st.over
    play(st, ("pass", None))
    assert st.over and st.result["winner"] == "coalition"


def test_18_2_1_a_every_key_zone_of_france_enemy_held_and_linked_to_a_source_conquers_it():
    """Condition (a) needs no look at the French armies: Bordeaux and Antwerp are linked to London by sea, Paris and
    Lyon only once British depots hold the ports of Rouen and Marseille, 1 MP away (13.3)."""
    st = board()
    put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    keys = conquest.key_zones("france")
    assert keys == ["paris", "lyon", "bordeaux", "antwerp"]
    for zone in keys:
        S.set_control(st, zone, "britain")
    S.set_fixed_depots(st, st.g["fixed_depots"] + [{"zone": zone, "power": "britain"} for zone in keys])
    assert not conquest.is_conquered(st, "france")
    for port in ("rouen", "marseille"):
        S.set_control(st, port, "britain")
        S.add_fixed_depot(st, port, "britain")
    assert conquest.is_conquered(st, "france")


def test_18_1_a_minor_whose_capital_and_fortresses_the_enemy_holds_is_conquered_and_its_units_destroyed():
    from grognard.games.nae.rules import conquest

    st = board()
    baden = put(st, "mainz", ["bad_1"])
    put(st, "bade", ["fr_i"], commander="ney")
    S.set_control(st, "bade", "france")  # Baden's capital, linked to Strasbourg
    assert conquest.conquered_minor(st, "baden", "empire")
    assert not conquest.conquered_minor(st, "holland", "empire")
    conquest.conquest_phase(st)
    assert baden not in st.g["forces"] and "bad_1" in st.g["reserve"]["units"]
    assert st.g["sides"]["baden"] == "empire" and st.g["ally_of"]["baden"] == "france"
    assert "baden" in st.g["conquered"]


def test_18_1_naples_falls_with_its_capital_only_if_the_conqueror_traces_a_line_to_it():
    """18.1: « Le contrôle de ces zones est acquis si la zone peut tracer une ligne de ravitaillement vers une source
    du conquérant », Naples' capital too (3.2)."""
    from grognard.games.nae.rules import conquest

    st = board()
    S.set_control(st, "naples", "austria")
    S.set_fortress(st, "naples", active=False)  # breached: no longer a relay by sea
    for zone in ("rome", "abruzzi"):  # French corps cut the Austrian lines
        put(st, zone, ["fr_i"])
    assert not conquest.conquered_minor(st, "naples", "coalition")
    S.set_fortress(st, "naples", active=True)  # reactivated: a port relay of a sea line (13.3)
    assert conquest.conquered_minor(st, "naples", "coalition")


def _last_pass_with_a_demoralized_grande_armee(options: dict[str, bool] | None = None):
    """Round 6, the Coalition's last action: the Grande Armée, supplied but demoralized at Reims; the Coalition
    holds Paris, Lyon and Bordeaux with supplied forces (18.2.1 b, as in the test above)."""
    from grognard import load_game
    from tests.games.nae.rules.helpers import play

    st = load_game("nae").new_state("1815", seed=1, dice=[1] * 12, options=options or {})
    for fid in list(st.g["forces"]):
        S.take_force(st, fid)
    S.set_fixed_depots(st, [])
    st.g["round"], st.g["turn"] = 6, "coalition"
    st.g["hands"] = {"empire": [], "coalition": []}
    nap = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    st.g["forces"][nap]["demoralized"] = True
    S.set_control(st, "antwerp", "france")  # so that 18.2.1 (a) does not hold
    for zone, unit in (("paris", "gb_corps_1"), ("lyon", "gb_corps_2"), ("bordeaux", "gb_elite_1")):
        put(st, zone, [unit])
        S.set_control(st, zone, "britain")
    for port in ("rouen", "marseille", "bordeaux"):  # British depots supply them by sea (13.3)
        S.set_control(st, port, "britain")
        S.add_fixed_depot(st, port, "britain")
    play(st, ("pass", None))
    return st, nap


def test_14_9_3_supplied_demoralized_forces_rally_at_the_end_of_the_activation_phase():
    """14.9.3: « Une force démoralisée lors de la phase finale d'activations subit un test d'attrition et le
    marqueur « Démoralisation » est retiré sauf si elle n'est pas ravitaillée »: rallied before the conquest
    check, the Grande Armée keeps France unconquered."""
    st, _ = _last_pass_with_a_demoralized_grande_armee()
    assert st.over and "france" not in st.g["conquered"] and st.result["winner"] == "empire"
    assert next(e for e in st.log if "rallies" in e["text"])["rule"] == "14.9.3"


def test_5_3_rally_at_conquest_option_keeps_the_markers_through_the_conquest_check():
    """The other reading (option ``rally_at_conquest``), 5.3: « Les conquêtes [...] sont vérifiées. Les marqueurs
    [...] de démoralisation sont retirés si les règles l'autorisent »: France is conquered (18.2.1 b: no
    non-demoralized army at home), then the Grande Armée rallies: neither side's victory holds, a draw."""
    st, nap = _last_pass_with_a_demoralized_grande_armee({"rally_at_conquest": True})
    assert st.over and "france" in st.g["conquered"] and st.result["winner"] is None
    assert not st.g["forces"][nap]["demoralized"]
    assert next(e for e in st.log if "rallies" in e["text"])["rule"] == "5.3"
