"""6.4 The card events of the grand campaigns: 52C at the hand building (6.3), 35F Corsairs and the Corsairs box
(17.2.9), 45F Napoleonic Europe (8.3.2, 19.3), and the events played as a side's action of a round; every event
goes through ``cards.event_played`` (6.2: its VP and escalade, the record the ``card_played`` conditions read)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, cards, diplomacy, supply, victory
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import GAME, push, put, rolls
from tests.games.nae.rules.test_07_interphase import interphase_1806


def test_6_3_miseres_de_la_guerre_52c_lets_the_coalition_hand_exceed_10() -> None:
    """6.3: « L'évènement Misères de la Guerre (52C) permet à la Coalition de s'affranchir de la limite maximale »:
    entitled to 12, the Coalition holds 10, or 12 once it plays the card at its hand building."""
    st = interphase_1806({"empire": [], "coalition": ["52C"]})
    # 7 from the table and permanents, 5 owed by peace rewards (18.2.2): 12
    st.g["peace_rewards"] = [{"power": "russia", "reward": "card"}] * 5
    push(st, "interphase.hands.start")
    assert st.frame["size"] == 10 and ("event", "52C") in st.legal_actions()
    st.apply(("event", "52C"))
    assert st.frame["size"] == 12 and "52C" in st.g["discards"]["coalition"] and "52C" in st.g["events_played"]
    assert ("event", "52C") not in st.legal_actions()
    st.apply(("done", None))
    assert len(st.g["hands"]["coalition"]) == 12


def test_6_3_52c_is_offered_only_to_the_coalition_at_its_own_hand_building() -> None:
    st = interphase_1806({"empire": [], "coalition": []})
    push(st, "interphase.hands.start")
    assert not [a for a in st.legal_actions() if a[0] == "event"]  # the card is not in hand: nothing to play
    st.apply(("done", None))
    assert st.step == "interphase.hands" and not [a for a in st.legal_actions() if a[0] == "event"]


def test_17_2_9_corsaires_35f_takes_a_card_off_each_later_coalition_hand() -> None:
    """17.2.9: « L'évènement Corsaires (35F) réduit la main de carte coalisée sauf si la Coalition dispose d'une flotte
    dans la case Corsaires au moment de la phase de constitution des mains »: 7 becomes 6, every year."""
    st = interphase_1806({"empire": ["35F"], "coalition": []})

    empire = cards.hand_entitlement(st, "empire")[0]
    assert diplomacy.event_playable(st, "empire", "35F", "diplomacy")
    diplomacy.play_event(st, "empire", "35F")
    assert "35F" in st.g["out"] and "35F" in st.g["events_played"]  # a gold star
    assert cards.hand_entitlement(st, "coalition")[0] == 6
    assert cards.hand_entitlement(st, "empire")[0] == empire  # the Empire's is not touched
    push(st, "interphase.hands.start")
    assert st.frame["size"] == 6


def test_17_2_9_a_fleet_in_the_corsairs_box_keeps_the_coalition_hand_whole() -> None:
    st = interphase_1806({"empire": ["35F"], "coalition": []})

    diplomacy.play_event(st, "empire", "35F")
    fl = next(f for f, x in sorted(st.g["fleets"].items()) if x["power"] == "britain")
    frame = {"side": "coalition", "count": None, "ap": 2}
    assert ("corsairs", fl) in cards.corsairs_choices(st, frame)
    cards.corsairs(st, frame, ("corsairs", fl))
    assert frame["ap"] == 1 and fl not in st.g["fleets"] and cards.corsairs_box(st) == [fl]
    assert cards.hand_entitlement(st, "coalition")[0] == 7
    from grognard.games.nae.rules import budget

    st.g["budget"] = {"withdrawn": []}
    assert fl not in budget.fleet_pool(st, "britain")  # in the box, not to be rebuilt


def test_17_2_9_the_corsairs_box_costs_an_ap_each_way_in_an_activation() -> None:
    """« en dépensant un PA »; the fleet comes back to a port of its National Territory « lors d'un round
    d'activation ultérieur en dépensant un nouveau PA »; never with an event's free activations, never the Empire."""
    st = interphase_1806({"empire": [], "coalition": []})
    st.g["phase"] = "activation"
    fl = next(f for f, x in sorted(st.g["fleets"].items()) if x["power"] == "britain")
    assert cards.corsairs_choices(st, {"side": "coalition", "count": 1, "ap": 0}) == []
    assert cards.corsairs_choices(st, {"side": "empire", "count": None, "ap": 3}) == []
    activation.push_activation(st, "coalition", 1, "a test card")
    st._advance()
    st.apply(("corsairs", fl))
    assert st.frame["ap"] == 0 and cards.corsairs_box(st) == [fl] and ("corsairs_back", fl) not in st.legal_actions()
    st.apply(("done", None))
    activation.push_activation(st, "coalition", 1, "a card of a later round")
    st._advance()
    st.apply(("corsairs_back", fl))
    assert st.step == "corsairs.port" and st.active == "coalition" and ("zone", "london") in st.legal_actions()
    st.apply(("zone", "london"))
    assert st.g["fleets"][fl] == {"power": "britain", "at": "port", "where": "london"} and cards.corsairs_box(st) == []
    assert st.step == "activation" and st.frame["ap"] == 0


def westphalia_ready(hand: list[str]) -> State:
    """1806 board in the Punishments period, 20F and 24F played, Naples a French ally and four 'W' provinces
    held by the Empire's allies (8.3.2): the Empire's activation round."""
    st = board_1806()
    g = st.g
    g.update(periods=["epic", "punishments"], phase="activation", round=1, turn="empire")
    g["events_played"] += ["20F", "24F"]
    for minor in ("naples", "hesse", "berg", "cleves", "hanover"):
        g["status"][minor] = "allied"
        S.set_side(st, minor, "empire")
        S.set_ally_of(st, minor, "france")
    g["hands"]["empire"] = hand
    push(st, "round")
    return st


def test_8_3_2_europe_napoleonienne_45f_creates_westphalia_and_opens_the_empires_end_victory() -> None:
    """8.3.2: « Au cours de la période des Châtiments, en phase de Budget, d'activation ou de diplomatie, l'Empire
    peut alors jouer la carte Europe Napoléonienne (45F) qui met immédiatement en place la Westphalie » with the
    Westphalian corps and Jérôme, +1 VP; 19.3: « L'événement Europe Napoléonienne (45F) a été joué »."""
    st = westphalia_ready(["45F"])
    vp = st.g["vp"]
    assert ("event", "45F") in st.legal_actions()
    st.apply(("event", "45F"))
    assert "westphalia" in st.g["flags"] and S.status_of(st, "westphalia") == "protectorate"
    kassel = [S.force(st, f) for f in S.forces_in(st, "kassel", "empire")]
    assert [(f["commander"], sorted(f["units"])) for f in kassel] == [("jerome", ["wes_1"])]
    assert st.g["vp"] == vp + 1 and "45F" in st.g["events_played"] and "45F" in st.g["out"]
    record = next(v for v in S.data().scenarios["1805"].victory.values()
                  if any(c.kind == "card_played" for c in v.all_of))
    assert victory.holds(st, next(c for c in record.all_of if c.kind == "card_played"))


def test_8_3_2_45f_westphalians_join_the_empire_force_already_in_kassel() -> None:
    """11: « Il ne peut y avoir qu'une seule force d'un même camp dans une zone à l'issue d'un round d'activation »:
    Jérôme and the Westphalian corps, entering play at Kassel, consolidate with Oudinot's force there (a random
    1809 game left two Empire forces in Kassel)."""
    st = westphalia_ready(["45F"])
    put(st, "kassel", ["rh_1"], commander="oudinot")
    st._legal = None
    st.apply(("event", "45F"))
    (fid,) = S.forces_in(st, "kassel", "empire")
    assert S.force(st, fid)["commander"] == "oudinot" and S.force(st, fid)["units"] == {"rh_1": 2, "wes_1": 2}
    assert "jerome" not in S.generals_of(S.force(st, fid))  # 12.2: absorbed, he returns to the reserve


def test_8_3_2_45f_waits_for_the_punishments_period_and_for_20f_and_24f() -> None:
    st = westphalia_ready(["45F"])
    st.g["periods"] = ["epic"]
    st._legal = None
    assert ("event", "45F") not in st.legal_actions()
    st = westphalia_ready(["45F"])
    st.g["events_played"].remove("20F")
    st._legal = None
    assert ("event", "45F") not in st.legal_actions()
    st = westphalia_ready(["45F"])
    S.set_side(st, "cleves", "coalition")  # three 'W' provinces left: « 4 au moins de ces provinces »
    st._legal = None
    assert ("event", "45F") not in st.legal_actions()


def round_1806(side: str, hand: list[str], dice: tuple[int, ...] = (), round_no: int = 1) -> State:
    """The 1806 board in ``side``'s activation round, its hand ``hand``."""
    st = board_1806(dice)
    st.g.update(phase="activation", round=round_no, turn=side)
    st.g["hands"][side] = list(hand)
    push(st, "round")
    return st


def test_6_4_sainte_russie_2c_deploys_its_corps_and_chichagov_then_activates_a_russian_force() -> None:
    """2C: « Ne peut être joué que si au moins 10 pas de combat adverse sont en Russie. Déployer les unités suivantes
    immédiatement : 2e et 3e corps de milice + général Tchigatchov + 11e et 12e corps. Une force russe est activée.
    Permet Terre brûlée (40C). »"""
    st = round_1806("coalition", ["2C"])
    put(st, "vilna", ["fr_i", "fr_ii", "fr_iii", "fr_iv"], commander="davout")
    assert ("event", "2C") not in st.legal_actions()  # 9 steps in Russia: fr_i-iv hold 3+2+2+2
    put(st, "kovno" if "kovno" in S.data().map.zones else "grodno", ["fr_v"])
    st._legal = None
    assert ("event", "2C") in st.legal_actions()
    st.apply(("event", "2C"))
    for zone in ("st_petersburg", "moscow", "riga", "kiev"):
        assert st.step == "place"
        st.apply(("zone", zone))
    assert st.step == "events.general"
    fid = st.legal_actions()[0][1]
    st.apply(("force", fid))
    assert S.force(st, fid)["commander"] == "tchigatchov"
    assert all(any(u in f["units"] for f in st.g["forces"].values())
               for u in ("ru_militia_2", "ru_militia_3", "ru_xi", "ru_xii"))
    assert st.step == "activation" and st.frame["count"] == 1 and st.frame["power"] == "russia"
    assert "2C" in st.g["events_played"] and "2C" in st.g["out"]  # a gold star; 40C may now be played


def test_6_4_saint_empire_3c_silver_star_offers_its_options_that_hold() -> None:
    """3C: the Austrian corps only at war with Turkey, the resources, or the military reform of Austria and Prussia
    « each already defeated » (glossary: « La réforme ne s'appliquera pas, grâce à cette carte, à la nation qui n'a
    pas encore été vaincue »); once a game (silver star): the card stays for its AP."""
    st = round_1806("coalition", ["3C"])
    st.g["defeats"] = {"austria": ["france"]}
    st.apply(("event", "3C"))
    assert st.step == "events.option" and st.legal_actions() == [("option", 1), ("option", 2)]  # Turkey is neutral
    st.apply(("option", 2))
    assert st.g["reforms"] == ["austria"]  # Prussia was never defeated
    assert "3C" in st.g["discards"]["coalition"] and "3C" in st.g["events_played"]
    st.g["hands"]["coalition"].append("3C")
    st.g["turn"] = "coalition"
    push(st, "round")
    assert ("event", "3C") not in st.legal_actions() and ("card", "3C") in st.legal_actions()


def test_6_4_saint_empire_3c_resources_wait_for_the_next_budget() -> None:
    st = round_1806("coalition", ["3C"])
    st.apply(("event", "3C"))
    assert st.legal_actions() == [("option", 1)]
    st.apply(("option", 1))
    assert st.g["budget_mods"] == [{"power": "austria", "value": 4, "why": "Holy Empire"}]


def test_6_4_malet_51c_removes_the_genius_of_napoleon_while_he_is_outside_france() -> None:
    """51C: Napoléon outside France's National Territory: Génie Napoléon (1F) leaves the game, VP -1; it never comes
    back to the Empire's hand (6.3)."""
    st = round_1806("coalition", ["51C"])
    st.g["hands"]["empire"] = ["1F"]
    put(st, "paris", ["fr_garde"], commander="napoleon", army="grande_armee")
    assert ("event", "51C") not in st.legal_actions()
    S.take_force(st, S.forces_in(st, "paris", "empire")[0])
    put(st, "mainz" if S.data().map.zones["mainz"].owner != "france" else "munich", ["fr_garde"],
        commander="napoleon", army="grande_armee")
    st._legal = None
    vp = st.g["vp"]
    st.apply(("event", "51C"))
    assert "1F" in st.g["out"] and "1F" not in st.g["hands"]["empire"] and st.g["vp"] == vp - 1
    assert "1F" not in cards.hand_entitlement(st, "empire")[1]


def test_2_1_cavalerie_de_la_garde_18f_joins_the_supplied_army_of_napoleon() -> None:
    st = round_1806("empire", ["18F"])
    fid = put(st, "paris", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee")
    put(st, "lyon", ["fr_ii"], commander="murat")
    supply.update_supply(st)
    st._legal = None
    st.apply(("event", "18F"))
    assert st.step == "events.army" and st.legal_actions() == [("force", fid)]
    st.apply(("force", fid))
    assert S.force(st, fid)["units"]["fr_cav_garde"] == 1 and "18F" in st.g["out"]


def test_2_1_18f_waits_for_a_supplied_army_of_napoleon() -> None:
    st = round_1806("empire", ["18F"])
    put(st, "paris", ["fr_garde"], commander="napoleon")  # no army
    assert ("event", "18F") not in st.legal_actions()


def test_6_4_cossacks_33c_one_enemy_force_takes_an_attrition_test_at_plus_1() -> None:
    st = round_1806("coalition", ["33C"], dice=(6,))
    fid = put(st, "munich", ["fr_i"], commander="davout")
    st.apply(("event", "33C"))
    assert st.step == "events.attrition" and st.legal_actions() == [("force", fid)]
    st.apply(("force", fid))
    while st.step == "attrition.depot":
        st.apply(("keep", None))
    roll = rolls(st, "6.4")[-1]
    assert ["Cossacks", 1] in roll["mods"] and roll["dice"] == [6]


def test_6_4_general_winter_34c_tests_every_enemy_force_in_russia_in_a_winter_round() -> None:
    st = round_1806("coalition", ["34C"], dice=(1, 1), round_no=5)
    put(st, "vilna", ["fr_i"], commander="davout")
    put(st, "smolensk", ["fr_ii"], commander="ney")
    put(st, "warsaw", ["fr_iii"], commander="lannes")
    assert ("event", "34C") not in st.legal_actions()  # round 5 is no winter round
    st = round_1806("coalition", ["34C"], dice=(1, 1), round_no=6)
    put(st, "vilna", ["fr_i"], commander="davout")
    put(st, "smolensk", ["fr_ii"], commander="ney")
    put(st, "warsaw", ["fr_iii"], commander="lannes")
    st._legal = None
    st.apply(("event", "34C"))
    while st.step == "attrition.depot":
        st.apply(("keep", None))
    tested = [r for r in rolls(st, "6.4") if ["General Winter", 2] in r["mods"]]
    assert len(tested) == 2  # Warsaw lies in Prussia's territory


def test_6_4_eckmuhl_36f_activates_a_french_force_with_2_more_mp() -> None:
    st = round_1806("empire", ["36F"])
    put(st, "paris", ["fr_i"], commander="davout")
    st.apply(("event", "36F"))
    assert st.step == "activation" and st.frame["count"] == 1 and st.frame["extra_mp"] == 2


def test_6_4_fouche_38f_builds_two_national_guard_steps() -> None:
    st = round_1806("empire", ["38F"])
    st.g["reserve"]["units"] += ["fr_gn_1", "fr_i"]
    st.apply(("event", "38F"))
    assert st.step == "conscripts" and ("build", "fr_gn_1") in st.legal_actions()
    assert ("build", "fr_i") not in st.legal_actions()  # not a National Guard


def test_6_4_landwehr_45c_needs_prussia_in_the_coalition() -> None:
    st = round_1806("coalition", ["45C"])
    assert ("event", "45C") not in st.legal_actions()  # Prussia is neutral in 1806
    st = board_1806()
    S.set_side(st, "prussia", "coalition")
    st.g["status"]["prussia"] = "at_war"
    st.g.update(phase="activation", round=1, turn="coalition")
    st.g["hands"]["coalition"] = ["45C"]
    push(st, "round")
    st.apply(("event", "45C"))
    assert st.step == "place" and st.frame["units"][0] == "pr_landwehr_1"


def prussia_forced_ally() -> State:
    """1806 board, Prussia a forced ally of France (8.1.4) with Blücher's army in Berlin, Yorck a subordinate."""
    st = board_1806()
    st.g["status"]["prussia"] = "forced_alliance"
    S.set_side(st, "prussia", None)
    st.g["forced"]["prussia"] = {"with": "france", "until": None, "then": None}
    put(st, "berlin", ["pr_i", "pr_ii", "pr_iii", "pr_elite"], commander="blucher", army="armee_elbe",
        subs=["yorck"])
    st.g.update(phase="activation", round=1, turn="empire")
    st.g["hands"]["empire"] = ["40F"]
    push(st, "round")
    return st


def test_8_1_4_expeditionary_corps_40f_gives_the_empire_4_steps_and_a_general_of_the_forced_ally() -> None:
    """8.1.4: « le choix d'une alliance forcée permet à l'Empire de jouer la carte Corps Expéditionnaires (40F) »:
    up to 4 steps and 1 general, fighting for the Empire even when the year's sides are set again (5.4)."""
    st = prussia_forced_ally()
    st.apply(("event", "40F"))
    assert st.step == "events.expedition" and ("general", "yorck") not in st.legal_actions()  # no corps yet
    st.apply(("unit", "pr_i"))
    assert ("unit", "pr_ii") not in st.legal_actions()  # 11: a second corps only under a general (one force a zone)
    st.apply(("general", "yorck"))
    st.apply(("unit", "pr_ii"))
    assert ("unit", "pr_iii") not in st.legal_actions()  # 4 steps taken: « jusqu'à 4 pas »
    st.apply(("done", None))
    corps = S.force(st, S.forces_in(st, "berlin", "empire")[0])
    assert corps["commander"] == "yorck" and sorted(corps["units"]) == ["pr_i", "pr_ii"]
    assert sorted(S.force(st, S.forces_in(st, "berlin", None)[0])["units"]) == ["pr_elite", "pr_iii"]
    S.follow_sides(st, ["prussia"])  # 5.4: the forced ally's forces are at war with nobody; not the corps
    assert S.forces_in(st, "berlin", "empire") and "40F" in st.g["discards"]["empire"]  # a silver star stays


def test_6_4_tauroggen_37c_sends_the_prussian_expeditionary_corps_over_to_the_coalition() -> None:
    st = prussia_forced_ally()
    st.apply(("event", "40F"))
    for action in (("unit", "pr_i"), ("general", "yorck"), ("unit", "pr_ii"), ("done", None)):
        st.apply(action)
    st.g["turn"] = "coalition"
    st.g["hands"]["coalition"] = ["37C"]
    escalade = st.g["escalade"]
    push(st, "round")
    st.apply(("event", "37C"))
    corps = S.force(st, S.forces_in(st, "berlin", "coalition")[0])
    assert corps["commander"] == "yorck" and sorted(corps["units"]) == ["pr_i", "pr_ii"]
    assert st.g["expeditions"] == [] and st.g["escalade"] == escalade + 1 and "37C" in st.g["out"]


def test_8_1_4_the_expeditionary_corps_stays_the_empires_when_its_forced_ally_joins_the_coalition() -> None:
    """8.1.4 / 40F: the corps fights « for the Empire whatever its nation's status »; only 37C *Tauroggen* sends it
    over. Prussia joining the Coalition (8.2.3) takes the rest of its forces to war, not the corps (it had gone over
    beside Blücher in Berlin, two Coalition forces in one zone: 1809 random Empire against the heuristic, seed 10)."""
    st = prussia_forced_ally()
    st.apply(("event", "40F"))
    for action in (("unit", "pr_i"), ("general", "yorck"), ("unit", "pr_ii"), ("done", None)):
        st.apply(action)
    diplomacy.join(st, "prussia", "coalition", "8.1")
    (corps,) = S.forces_in(st, "berlin", "empire")
    assert sorted(S.force(st, corps)["units"]) == ["pr_i", "pr_ii"]
    (blucher,) = S.forces_in(st, "berlin", "coalition")
    assert sorted(S.force(st, blucher)["units"]) == ["pr_elite", "pr_iii"]


def test_6_4_tauroggen_37c_waits_for_the_expeditionary_corps() -> None:
    st = round_1806("coalition", ["37C"])
    assert ("event", "37C") not in st.legal_actions()


def test_6_4_the_event_steps_offer_catalogued_actions_with_their_own_labels() -> None:
    """Every action these events offer is in the action catalog (the agents' encoding) and reads as itself."""
    catalog = set(GAME.action_catalog("1805"))
    seen: list[str] = []

    def check(st: State) -> None:
        for a in st.legal_actions():
            assert a in catalog, a
            seen.append(GAME.label(st, a))

    st = round_1806("coalition", ["3C"])
    st.g["defeats"] = {"austria": ["france"]}
    st.apply(("event", "3C"))
    check(st)
    st = round_1806("coalition", ["33C"])
    put(st, "munich", ["fr_i"], commander="davout")
    st.apply(("event", "33C"))
    check(st)
    st = prussia_forced_ally()
    st.apply(("event", "40F"))
    check(st)
    st = interphase_1806({"empire": [], "coalition": []})
    activation.push_activation(st, "coalition", 1, "a test card")
    st._advance()
    check(st)
    assert "resources at the next budget" in seen and "military reform of the defeated powers" in seen
    assert any(x.startswith("Strike ") for x in seen) and any(x.startswith("Send ") and "Corsairs box" in x
                                                              for x in seen)


def test_6_4_terre_brulee_40c_gives_enemy_forces_in_russia_plus_2_on_attrition_for_the_rest_of_the_year() -> None:
    """40C: « After Sainte Russie (2C) »; +2 to the attrition tests of enemy forces in Russia until the year ends,
    the tests of the activation phase's end included (5.2.1); none outside Russia, none for its own forces."""
    st = round_1806("coalition", ["40C"])
    assert ("event", "40C") not in st.legal_actions()  # 2C not played
    st.g["events_played"].append("2C")
    st._legal = None
    french = put(st, "vilna", ["fr_i"], commander="davout")
    poles = put(st, "warsaw", ["fr_ii"], commander="ney")
    russians = put(st, "moscow", ["ru_i"] if "ru_i" in S.data().counters.units else ["ru_xi"])
    st.apply(("event", "40C"))
    st.g["round"] = 5
    assert ["Scorched Earth card", 2] in [list(m) for m in supply.attrition_mods(st, french)]
    assert ["Scorched Earth card", 2] in [list(m) for m in supply.attrition_mods(st, french, cards_apply=False)]
    assert not [m for m in supply.attrition_mods(st, poles) if "Scorched" in m[0]]
    assert not [m for m in supply.attrition_mods(st, russians) if "Scorched" in m[0]]
    st.g["year"] += 1
    assert not [m for m in supply.attrition_mods(st, french) if "Scorched" in m[0]]


def test_6_4_torres_vedras_41c_hampers_sieges_of_lisbon_its_combat_use_does_not_last() -> None:
    st = round_1806("coalition", ["41C"])
    besieger = put(st, "lisbon", ["fr_i"], commander="junot" if "junot" in S.data().counters.generals else "davout")
    st.apply(("event", "41C"))
    assert cards.siege_card_mods(st, besieger) == [("Lines of Torres Vedras card", -2)]
    assert ["Lines of Torres Vedras card", 2] in [list(m) for m in supply.attrition_mods(st, besieger)]
    st = round_1806("coalition", [])
    fid = put(st, "lisbon", ["gb_corps_1"])
    cards.record_lasting_effects(st, "coalition", "41C", fid, target=None)  # played as a combat card
    put(st, "porto" if "porto" in S.data().map.zones else "coimbra", ["fr_i"], commander="davout")
    assert not [m for m in supply.attrition_mods(st, fid) if "Torres" in m[0]]
    assert all(r.get("year") is None for r in st.g["card_effects"])


def test_6_4_guards_of_honour_52f_brings_a_reserve_cavalry_step_into_a_supplied_french_army() -> None:
    st = round_1806("empire", ["52F"])
    assert ("event", "52F") not in st.legal_actions()  # no army
    st = round_1806("empire", ["52F"])
    fid = put(st, "paris", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee")
    st.g["reserve"]["units"] += ["fr_cav_reserve", "fr_ii"]
    supply.update_supply(st)
    st._legal = None
    st.apply(("event", "52F"))
    assert st.legal_actions() == [("build", "fr_cav_reserve"), ("done", None)]  # cavalry only
    st.apply(("build", "fr_cav_reserve"))
    assert st.step == "events.join_army" and st.legal_actions() == [("force", fid)]
    st.apply(("force", fid))
    assert S.force(st, fid)["units"]["fr_cav_reserve"] == 1 and "fr_cav_reserve" not in st.g["reserve"]["units"]
    assert st.step != "events.army_steps"  # its one step is spent


def test_6_4_allied_contingents_42f_restores_allied_minor_steps_in_a_french_army() -> None:
    st = round_1806("empire", ["42F"])
    bavarians = next(u.id for u in S.data().counters.units.values() if u.power == "bavaria")
    fid = put(st, "paris", {"fr_i": 3, bavarians: 1}, commander="napoleon", army="grande_armee")
    supply.update_supply(st)
    st._legal = None
    st.apply(("event", "42F"))
    assert ("restore", bavarians) in st.legal_actions() and ("restore", "fr_i") not in st.legal_actions()
    st.apply(("restore", bavarians))
    assert S.force(st, fid)["units"][bavarians] == 2


def test_8_3_2_in_1809_napoleonic_europe_may_be_played_from_the_start() -> None:
    """20.3: the Confederation of the Rhine (20F) and Dos de Mayo (22C, after the Snare of Bayonne 24F) are in play,
    Naples is a protectorate, the game is in the Punishments period, and of the 'W' provinces Hanovre and Magdebourg
    are French territory (annexed) while Clèves, Berg and Hesse are French allies: five, « 4 au moins »."""
    st = GAME.new_state("1809", seed=1)
    assert {"20F", "24F", "22C", "25F"} <= set(st.g["events_played"])
    assert all(diplomacy.cond_holds(st, "empire", c) for c in S.data().cards.cards["45F"].requires)
    for minor in ("cleves", "berg"):
        S.set_side(st, minor, "coalition")
    assert not diplomacy.requires_hold(st, "empire", S.data().cards.cards["45F"])  # three left


def test_6_4_the_serbs_21c_rising_in_a_neutral_turkey_hold_belgrade() -> None:
    """Glossary « Révolte nationale »: « ils comptent comme un mineur allié tant que leurs zones d'apparition restent
    sous contrôle de la coalition »: the Serbian corps rising at Belgrade holds it, and stands on no neutral ground
    (12.1) though Turkey is neutral (a random 1809 game put it there)."""
    st = board_1806()
    st.g["hands"]["coalition"] = ["21C"]
    assert S.status_of(st, "turkey") == "neutral" and diplomacy.event_playable(st, "coalition", "21C", "diplomacy")
    diplomacy.play_event(st, "coalition", "21C")
    assert S.forces_in(st, "belgrade", "coalition") and S.controller(st, "belgrade") == "coalition"
    assert not S.is_neutral_ground(st, "belgrade")


def test_8_1_4_a_forced_allys_unit_an_event_brings_in_joins_its_nations_force() -> None:
    """8.1.4: « Les forces de l'allié forcé ne sont pas contrôlées par l'Empire », nor at war: an Austrian corps a
    Coalition event brings in while Austria is a forced ally of France is at war with nobody and joins the Austrian
    force in Graz (11: one force a zone; a heuristic 1805 game, seed 8, left two Austrian forces there)."""
    st = board_1806()
    st.g["status"]["austria"] = "forced_alliance"
    S.set_side(st, "austria", None)
    st.g["forced"]["austria"] = {"with": "france", "until": None, "then": None}
    mack = put(st, "graz", ["au_i"], commander="mack")
    st.g["reserve"]["units"].append("au_ii")
    st.g.update(phase="activation", round=1, turn="coalition")
    push(st, "round")
    push(st, "place", side="coalition", units=["au_ii"], why="An event")
    assert ("zone", "graz") in st.legal_actions()
    st.apply(("zone", "graz"))
    assert S.forces_in(st, "graz") == [mack] and sorted(S.force(st, mack)["units"]) == ["au_i", "au_ii"]
    assert S.force(st, mack)["side"] is None
