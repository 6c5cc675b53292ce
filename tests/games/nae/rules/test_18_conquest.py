"""18 conquests of minors and majors, 18.2.2 peace terms, 18.2.3 redeployment and forced peace, 8.1.3 / 8.1.4 forced
peace and alliance, the Tambours de Guerre (27C) and Tilsit (26F) windows, and the 1805 conquest phase of the example
of play (8.6), on 1815 boards whose statuses, sides and control are set as the grand campaign would have them (the
1805 scenario's set-up is not playable yet). The year is set before 1815 so that the game goes on after the phase
(in the last year the peace terms have no object: ``conquest.game_goes_on``)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import conquest, peace, supply
from tests.games.nae.rules.helpers import GAME, board, put

FRENCH_ALLIES_1805 = ("bavaria", "wurttemberg", "baden", "italy", "switzerland")
PRUSSIAN_CAMP_1805 = ("prussia", "saxony", "hesse", "cleves", "berg", "hanseatic", "mecklenburg")


def campaign_1805(dice: tuple[int, ...] = ()) -> State:
    """The 1815 board as it stands in the 1805 conquest phase (example of play, 8.6): Bavaria, Württemberg, Baden,
    Italy and Switzerland French allies, Prussia and its minors neutral, Thuringia and the Papacy allied to Austria
    (digest 3.1), VP 5 and escalade 0 (20.2); French depots at Baden, Stuttgart and Munich carry the line to
    Salzburg and Vienna, both taken."""
    st = board(dice)
    g = st.g
    g["year"], g["vp"], g["escalade"] = 1805, 5, 0
    for p in FRENCH_ALLIES_1805:
        S.set_side(st, p, "empire")
        S.set_ally_of(st, p, "france")
        g["status"][p] = "allied"
        for z in S.data().map.zones.values():
            if z.owner == p and z.id in g["control"]:
                S.set_control(st, z.id, p)
    for p in PRUSSIAN_CAMP_1805:
        S.set_side(st, p, None)
        g["status"][p] = "neutral" if p == "prussia" else "allied"
    for p in ("thuringia", "papacy"):
        S.set_side(st, p, "coalition")
        S.set_ally_of(st, p, "austria")
    for z in ("bade", "stuttgart", "munich"):
        S.add_fixed_depot(st, z, "france")
    S.set_control(st, "salzburg", "france")
    S.set_control(st, "vienna", "france")
    S.set_fortress(st, "vienna", active=False)  # taken by storm: an empty fortress until the phase (15.5)
    return st


def conquest_phase(st: State) -> None:
    """Run the year-end from the conquest phase (5.3) up to its first decision."""
    st.push("year.end", phase="conquest")
    st._advance()


def test_18_2_1_example_austria_surrenders_though_it_holds_prague():
    """18.2.1 (b): « la France contrôle [...] Vienne et a démoralisé l'armée autrichienne ; l'Autriche se rend bien
    qu'elle contrôle encore Prague »."""
    st = campaign_1805()
    put(st, "vienna", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee")
    supply.update_supply(st, rule="13")
    assert S.controller(st, "prague") == "coalition"
    assert conquest.is_conquered(st, "austria")


def test_18_2_1_example_prussia_surrenders_without_konigsberg():
    """18.2.1: « la France est en guerre avec la Prusse et contrôle Varsovie et Berlin ; Napoléon a détruit l'armée
    prussienne et en conséquence n'est pas dans l'obligation de contrôler Koenigsberg »."""
    st = board()
    assert sorted(conquest.key_zones("prussia")) == ["berlin", "konigsberg", "warsaw"]
    put(st, "berlin", ["fr_garde"], commander="napoleon", army="grande_armee")  # supplied (its status is the state's)
    assert not conquest.is_conquered(st, "prussia")
    put(st, "warsaw", ["fr_i"])
    for zone in ("berlin", "warsaw"):
        S.set_control(st, zone, "france")
    assert conquest.is_conquered(st, "prussia")
    army = put(st, "konigsberg", ["pr_i"], commander="blucher", army="armee_elbe")
    assert not conquest.is_conquered(st, "prussia")  # a Prussian army still stands at home
    S.set_demoralized(S.force(st, army), True)
    assert conquest.is_conquered(st, "prussia")


def test_18_2_1_exception_4_only_london_counts_for_britain():
    assert conquest.key_zones("britain") == ["london"]
    assert sorted(conquest.key_zones("austria")) == ["prague", "vienna"]


def test_18_2_1_exception_1_spain_after_dos_de_mayo_needs_madrid_and_every_iberian_port():
    st = board()
    ports = [z.id for z in S.data().map.zones.values() if z.port and z.owner in ("spain", "portugal")]
    for z in ["madrid", *ports]:
        S.set_control(st, z, "france")
    S.set_side(st, "spain", "coalition")
    st.g["flags"] = ["war_of_liberation"]
    assert conquest.is_conquered(st, "spain")
    S.set_control(st, "cadiz", "spain")
    assert not conquest.is_conquered(st, "spain")
    assert "gibraltar" not in ports


def test_18_1_a_conquered_minor_loses_its_fleets_and_takes_the_conquerors_alliance():
    """18.1: « Les unités de combat et les flottes du mineur conquis encore présentes sur la carte sont détruites »;
    Naples conquered by the Empire leaves Sicily to the Coalition."""
    st = board()
    g = st.g
    S.set_side(st, "naples", "coalition")
    S.set_ally_of(st, "naples", "britain")
    g["fleets"]["nap_fleet"] = {"at": "port", "where": "naples"}
    S.set_control(st, "naples", "france")
    conquest.conquer_minor(st, "naples", "empire")
    assert "nap_fleet" not in g["fleets"] and "nap_fleet" in g["reserve"]["fleets"]
    assert g["sides"]["naples"] == "empire" and g["status"]["naples"] == "allied"
    # « la Sicile reste alliée à la Coalition et devient un mineur coalisé indépendant de Naples »
    assert g["control"]["palermo"] == g["control"]["messina"] == "sicily"
    assert (g["status"]["sicily"], g["sides"]["sicily"], g["ally_of"]["sicily"]) == ("allied", "coalition", "britain")
    assert conquest.territory_of(st, "palermo") == "sicily" and S.side_of(st, "sicily") == "coalition"


def test_18_1_sicily_conquered_by_the_empire_joins_the_kingdom_of_naples():
    """18.1: « Si l'Empire conquiert la Sicile, mineur coalisé, elle est obligatoirement intégrée au Royaume de
    Naples »: Palermo and Messina held by a supplied French force, Sicily falls and its province is Naples' again;
    no choice is asked (it has no units: the integration of 18.1 is the rule's, not the conqueror's)."""
    st = board()
    g = st.g
    S.set_side(st, "naples", "coalition")
    S.set_ally_of(st, "naples", "britain")
    S.set_control(st, "naples", "france")
    conquest.conquer_minor(st, "naples", "empire")
    put(st, "palermo", ["fr_i", "fr_ii"], commander="davout")
    put(st, "messina", ["fr_iii"])
    for zone in ("palermo", "messina"):
        S.set_control(st, zone, "france")
    supply.update_supply(st, rule="13")
    assert conquest.conquered_minor(st, "sicily", "empire")
    conquest.conquer_minor(st, "sicily", "empire")
    assert g["status"]["sicily"] == "not_in_play" and S.side_of(st, "sicily") is None
    assert conquest.territory_of(st, "palermo") == conquest.territory_of(st, "messina") == "naples"
    assert any(e["text"] == "Sicily is integrated into the Kingdom of Naples" for e in st.log)


def _gaeta_besieged_by_the_french() -> State:
    """Naples a Coalition minor whose capital France holds, Gaeta still Neapolitan and besieged by a French corps."""
    st = board()
    S.set_side(st, "naples", "coalition")
    S.set_ally_of(st, "naples", "britain")
    S.set_control(st, "naples", "france")
    S.set_control(st, "gaeta", "naples")
    french = put(st, "gaeta", ["fr_i"], side="empire")
    S.set_fortress(st, "gaeta", besieger=french, siege=1)
    return st


def test_18_1_the_conquerors_siege_of_a_fortress_the_minor_still_held_is_lifted():
    """18.1: the conquered minor becomes the conqueror's ally « so the zones it controls change sides with it »:
    Gaeta, still Neapolitan and besieged by a French corps, is now of the Empire's side, and no side besieges its
    own fortress (15.3; a heuristic 1805 game left the French besieging an allied Gaeta)."""
    st = _gaeta_besieged_by_the_french()
    conquest.conquer_minor(st, "naples", "empire")
    assert S.controller(st, "gaeta") == "empire"
    assert st.g["fortresses"]["gaeta"]["besieger"] is None and st.g["fortresses"]["gaeta"]["siege"] is None



def test_18_1_a_conquest_lifts_the_conquerors_sieges_not_the_enemys() -> None:
    """18.1 / 15.3: when the Empire conquers a minor, only its own sieges of the fortresses the minor still held are
    lifted (no side besieges its own fortress); the enemy's sieges of the Empire's other fortresses go on. A 1809
    heuristic game (seed 6) lifted Archduke Charles's siege of French-held Landau when the Empire conquered Baden."""
    st = _gaeta_besieged_by_the_french()
    S.set_control(st, "mantua", "france")
    garrison = put(st, "mantua", ["fr_ii"], side="empire")
    S.set_in_fortress(st, garrison, True)
    austrians = put(st, "mantua", ["au_i", "au_ii"], side="coalition")
    S.set_fortress(st, "mantua", besieger=austrians, siege=2)
    conquest.conquer_minor(st, "naples", "empire")
    assert st.g["fortresses"]["gaeta"]["besieger"] is None  # the conqueror's own siege of a fortress now its side's
    assert st.g["fortresses"]["mantua"]["besieger"] == austrians and st.g["fortresses"]["mantua"]["siege"] == 2


def test_18_1_a_french_protectorate_conquered_by_the_coalition_loses_its_vp():
    """8.1.5 / 19.1: the protectorate (Naples in the VP example) and its VP are lost."""
    st = board()
    st.g["vp"] = 7
    st.g["status"]["naples"] = "protectorate"
    S.set_control(st, "naples", "austria")
    conquest.conquer_minor(st, "naples", "coalition")
    assert st.g["vp"] == 6 and st.g["status"]["naples"] == "allied" and st.g["sides"]["naples"] == "coalition"


def test_18_1_the_grand_duchy_of_warsaw_falls_only_with_france():
    st = board()
    S.set_side(st, "poland", "empire")
    S.set_control(st, "warsaw", "russia")
    assert not conquest.conquered_minor(st, "poland", "coalition")


def test_18_2_2_provinces_with_an_original_key_zone_cannot_be_annexed(mapdata):
    """18.2.2: « des provinces comme la Sicile et la Sardaigne peuvent être choisies mais pas Gibraltar ou
    l'Irlande »; France's key zones too; Mazovie (Warsaw) can, to create Poland."""
    for p in ("ile_de_france", "lyonnais", "gascogne", "flandres", "irlande", "gibraltar", "angleterre"):
        assert not mapdata.provinces[p].annexable
    assert mapdata.provinces["sicile"].annexable and mapdata.provinces["mazovie"].annexable
    assert mapdata.zones["dublin"].key == "london" and mapdata.zones["dublin"].province == "irlande"


def _austria_beaten(dice: tuple[int, ...] = ()) -> State:
    st = campaign_1805(dice)
    put(st, "vienna", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee")
    put(st, "brunn", ["ru_i", "ru_ii"])
    st.g["hands"]["empire"] = ["6F"]
    return st


def test_8_6_example_the_1805_conquest_phase():
    """8.6, the example of play's 1805 conquest phase: Thuringia becomes a French ally, the Papacy joins the Empire
    (a National Territory marker at Rome), Austria surrenders to France (Vienna held, no Austrian army: Prague not
    needed), annexes Tyrol to Bavaria, Venetia to the Kingdom of Italy and Friuli to France (Trieste), a forced peace
    tested after 1806, fortresses reactivated, the Grande Armée redeployed to Ulm (its owner's choice among the
    equally near friendly fortresses) and the Russian army to Brest-Litovsk, VP 5 -> 6 and escalade 0 -> 1."""
    st = _austria_beaten()
    g = st.g
    for zone in ("erfurt", "rome", "ancona"):  # Thuringia's capital, the Papacy's and its other fortress
        S.set_control(st, zone, "france")
    conquest_phase(st)
    assert [e["text"] for e in st.log if e.get("rule") == "18.1"] == [
        "Thuringia is conquered by the Empire and becomes an ally of France; its units on the map are destroyed",
        "Papal States is conquered by the Empire and becomes an ally of France; its units on the map are destroyed"]
    assert st.legal_actions() == [("ally", "thuringia"), ("integrate", "thuringia")]
    st.apply(("ally", "thuringia"))
    st.apply(("integrate", "papacy"))
    assert g["status"]["thuringia"] == "allied" and g["ally_of"]["thuringia"] == "france"
    assert conquest.territory_of(st, "rome") == "france" and g["control"]["rome"] == "france"
    assert g["status"]["austria"] == "forced_peace" and g["forced"]["austria"]["with"] == "france"
    assert (g["vp"], g["escalade"]) == (6, 1)
    assert ("annex", "frioul") not in st.legal_actions()  # not yet next to a French or allied territory
    for a in (("annex", "tyrol"), ("annex_to", "bavaria"), ("annex", "venetie"), ("annex_to", "italy"),
              ("annex", "frioul"), ("annex_to", "france"), ("reward_card", None)):
        st.apply(a)
    assert g["territory"] == {"papaute": "france", "tyrol": "bavaria", "venetie": "italy", "frioul": "france"}
    assert conquest.territory_of(st, "trieste") == "france" and g["control"]["trieste"] == "france"
    # « Trieste deviendra une source de ravitaillement française », Rome too (« faire de Rome une source »)
    assert {"trieste", "rome"} <= set(supply._links(st, "france").sources)
    assert g["peace_rewards"] == [{"power": "france", "reward": "card"}]
    assert [z for z, fort in g["fortresses"].items() if not fort["active"]] == []  # 8.6 item 16
    assert st.step == "conquest.choice" and ("zone", "ulm") in st.legal_actions() and ("stay", None) in \
        st.legal_actions()
    st.apply(("zone", "ulm"))
    grande_armee = next(f for f in g["forces"].values() if f["commander"] == "napoleon")
    russians = next(f for f in g["forces"].values() if f["power"] == "russia")
    assert grande_armee["zone"] == "ulm"
    # 18.2.3's own example (« l'armée russe est à Brunn : cette armée est replacée à Brest-Litovsk »); the example of
    # play says Neminov, 6 MP from Brünn on this map against 5
    assert russians["zone"] == "brest_litovsk"
    assert st.over  # the 1815 board has no 1806: the victory phase ends it (the forced peace is tested in 1806)


def test_18_2_3_forced_peace_example_rolls_3_then_4_plus_2():
    """18.2.3: « l'Autriche lance un dé et obtient 3 et donc la paix forcée continue une année de plus; l'année
    suivante, elle obtient un 4 +2 = 6 soit la fin de la paix forcée qui aura durée deux ans »."""
    st = board(dice=[3, 4])
    g = st.g
    peace.surrender(st, "austria", "empire")
    left = put(st, "prague", ["fr_i"])
    peace.check_forced_peaces(st)  # the year of the conquest: no test
    assert not [e for e in st.log if "dice" in e]
    g["year"] += 1
    peace.check_forced_peaces(st)
    assert g["status"]["austria"] == "forced_peace"
    g["year"] += 1
    peace.check_forced_peaces(st)
    rolls = [e for e in st.log if e.get("rule") == "18.2.3" and "dice" in e]
    assert [(r["dice"], r["total"]) for r in rolls] == [([3], 3), ([4], 6)]
    assert rolls[1]["mods"] == [["from the second year", 2]]
    assert g["status"]["austria"] == "neutral" and "austria" not in g["forced"]
    assert left not in g["forces"]  # 18.2.3: the conqueror had not evacuated: destroyed



def austria_surrenders_with(minor: str) -> State:
    """18.2.1 / 8.1.3: ``minor``, allied to Austria, submits with it when Austria surrenders to France."""
    st = board(dice=[5])
    st.g["status"][minor] = "allied"
    S.set_ally_of(st, minor, "austria")
    S.set_side(st, minor, "coalition")
    peace.surrender(st, "austria", "empire")
    return st

def test_18_2_3_at_the_end_of_the_peace_the_conqueror_evacuates_the_minor_allies_that_shared_it_too():
    """18.2.3: « A l'issue de la paix forcée, le conquérant doit évacuer le territoire national. Si cela n'est pas
    le cas, ses unités sont détruites »; Baden, allied to Austria, submitted with it and turns neutral with it: a
    French corps left in Mannheim would stand on neutral ground (12.1), so it is destroyed too."""
    st = austria_surrenders_with("baden")
    g = st.g
    assert g["sides"]["baden"] is None
    left = put(st, "mannheim", ["fr_vii"])
    g["year"] += 1
    peace.check_forced_peaces(st)
    assert g["status"]["austria"] == "neutral" and g["sides"]["baden"] is None
    assert left not in g["forces"]
    assert any(e["text"] == "French VII Corps had not left Baden and is destroyed" for e in st.log)


def test_18_2_3_neutral_again_a_minor_allys_units_leave_another_nations_force():
    """8.1.1 at the end of a forced peace (18.2.3): Switzerland, allied to Austria, is neutral again with it; its
    corps under Bernadotte, a Swedish general, would stand for the Coalition on neutral ground (12.1): it leaves
    his force, as a neutral's units do (``diplomacy.stand_down``, 53F), and the empty force is gone (1805 heuristic
    seed 6)."""
    st = austria_surrenders_with("switzerland")
    g = st.g
    swiss = put(st, "zurich", ["sw_1"], commander="charles_jean", side="coalition")
    g["year"] += 1
    peace.check_forced_peaces(st)
    assert g["sides"]["switzerland"] is None and swiss not in g["forces"]
    assert not [f for f in g["forces"].values() if f["zone"] == "zurich" and f["side"] is not None]


def test_8_1_3_a_second_defeat_by_the_same_power_lasts_until_the_end():
    st = board(dice=[6])
    st.g["defeats"] = {"austria": ["france"]}
    peace.surrender(st, "austria", "empire")
    assert st.g["forced"]["austria"]["until"] == 1815
    st.g["year"] += 1
    peace.check_forced_peaces(st)
    assert st.g["status"]["austria"] == "forced_peace" and not [e for e in st.log if "dice" in e]


def test_8_1_3_britain_rejoins_the_coalition_at_the_end_of_its_forced_peace():
    st = board(dice=[5])
    peace.surrender(st, "britain", "empire")
    assert st.g["sides"]["britain"] is None and st.g["forced"]["britain"]["then"] == "at_war"
    st.g["year"] += 1
    peace.check_forced_peaces(st)
    assert st.g["sides"]["britain"] == "coalition" and st.g["status"]["britain"] == "at_war"


def test_5_3_control_markers_leave_the_conquered_territory_and_the_losers_markers_abroad():
    st = board()
    S.set_control(st, "innsbruck", "france")
    S.set_control(st, "munich", "austria")
    peace.surrender(st, "austria", "empire")
    assert st.g["control"]["innsbruck"] == "austria" and st.g["control"]["munich"] == "bavaria"


def test_18_2_2_a_minor_still_allied_to_the_loser_replaces_a_province():
    """18.2.2: « Un mineur toujours allié au vaincu au moment de sa reddition peut remplacer une province ; ce mineur
    devient alors allié au conquérant ou est intégré au territoire national »; Britain conquered (no province of
    it borders the Empire's territories) gives up three of its minor allies."""
    st = board()
    st.g["year"] = 1810
    holland = put(st, "amsterdam", ["nl_1"])
    assert not peace.annexable(st, "britain", "empire")
    st.push("year.end", phase="victory")
    st.push("conquest.terms", phase="tilsit", minors=[], surrenders=[["britain", "empire"]], confirmed=[])
    st._advance()
    assert {a[0] for a in st.legal_actions()} == {"take_minor"} and ("take_minor", "holland") in st.legal_actions()
    st.apply(("take_minor", "holland"))
    assert ("ally", "holland") in st.legal_actions() and ("annex_to", "france") in st.legal_actions()
    st.apply(("ally", "holland"))
    assert st.g["sides"]["holland"] == "empire" and st.g["ally_of"]["holland"] == "france"
    assert S.force(st, holland)["side"] == "empire"
    st.apply(("take_minor", "hanover"))
    st.apply(("annex_to", "france"))
    assert st.g["status"]["hanover"] == "not_in_play" and conquest.territory_of(st, "hanover") == "france"
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.frame["kind"] == "reward" and "britain" not in st.g.get("budget_penalty", {})


def test_18_2_2_with_no_province_or_minor_left_the_loser_pays_12_resources():
    st = board()
    st.g["year"] = 1810
    for minor, major in list(st.g["ally_of"].items()):
        if major == "britain":
            S.set_ally_of(st, minor, None)
    st.push("year.end", phase="victory")
    st.push("conquest.terms", phase="tilsit", minors=[], surrenders=[["britain", "empire"]], confirmed=[])
    st._advance()
    assert st.g["budget_penalty"] == {"britain": 12}
    assert st.frame["kind"] == "reward"
    st.apply(("reward_resources", None))
    assert st.g["peace_rewards"] == [{"power": "france", "reward": "resources"}]


def test_27C_tambours_de_guerre_austria_fights_on():
    """18.2.1 exception 2: the Coalition plays Tambours de Guerre and Austria, meeting the surrender conditions,
    fights on; a later forced peace then brings 4 annexations and the Empire's forced alliance (8.1.4)."""
    st = _austria_beaten()
    st.g["hands"]["coalition"] = ["27C", "1C"]
    conquest_phase(st)
    assert st.frame["kind"] == "tambours" and st.legal_actions() == [("fight_on", "austria"), ("done", None)]
    st.apply(("fight_on", "austria"))
    assert st.g["status"]["austria"] == "at_war" and st.g["fought_on"] == ["austria"]
    assert "27C" in st.g["out"] and "austria" not in st.g["conquered"]


def test_27C_the_window_opens_without_the_card_so_the_hand_stays_hidden():
    st = _austria_beaten()
    st.g["hands"]["coalition"] = ["1C"]
    st.g["decks"]["coalition"].append("27C")
    conquest_phase(st)
    assert st.frame["kind"] == "tambours" and st.legal_actions() == [("done", None)]
    st.apply(("done", None))
    assert st.g["status"]["austria"] == "forced_peace"


def test_8_1_4_after_tambours_the_empire_may_discard_a_card_for_a_forced_alliance_and_annexes_4():
    st = _austria_beaten()
    st.g["fought_on"] = ["austria"]
    conquest_phase(st)
    assert st.frame["kind"] == "alliance" and st.legal_actions() == [("discard", "6F"), ("pass", None)]
    st.apply(("discard", "6F"))
    assert st.g["status"]["austria"] == "forced_alliance" and "6F" in st.g["discards"]["empire"]
    assert st.g["forced"]["austria"]["until"] == 1815
    picks = 0
    while st.frame["kind"] in ("annex", "recipient"):
        picks += st.frame["kind"] == "annex"
        st.apply(st.legal_actions()[0])
    assert picks == 4


def test_26F_tilsit_imposes_peace_on_a_crushed_major_with_french_forces_on_its_soil():
    st = board()
    g = st.g
    g["year"], g["vp"], g["escalade"] = 1807, 8, 3
    g["hands"]["empire"] = ["26F"]
    put(st, "vilna", ["fr_i"])
    conquest_phase(st)
    assert st.step != "conquest.choice" or st.frame["kind"] != "tilsit"  # Russia's army not crushed this year
    st = board()
    g = st.g
    g["scenario"], g["events_played"] = "1805", []  # a grand campaign's victory and escalade tracks (6.2)
    g["year"], g["vp"], g["escalade"] = 1807, 8, 3
    g["hands"]["empire"] = ["26F"]
    put(st, "vilna", ["fr_i"])
    g["crushed"] = [[1807, "russia"], [1807, "britain"], [1807, "austria"]]
    conquest_phase(st)
    assert st.frame["kind"] == "tilsit"
    assert ("impose", "russia") in st.legal_actions() and ("impose", "britain") not in st.legal_actions()
    assert ("impose", "austria") not in st.legal_actions()  # no French forces in Austria
    st.apply(("impose", "russia"))
    assert g["status"]["russia"] == "forced_peace" and g["defeats"]["russia"] == ["france"]
    assert (g["vp"], g["escalade"]) == (8 + 1, 3 + 1)  # the card's VP/ESC stand for a conquest's (cards.toml)
    assert "26F" in g["out"] and g["events_played"] == ["26F"]


def test_18_2_3_the_losers_forces_abroad_return_to_its_key_zones():
    """18.2.3 (French text): « Les forces appartenant au pays défait et qui ne se trouvent pas dans leur territoire
    national sont replacées dans les zones clé sans attrition »."""
    st = _austria_beaten()
    austrians = put(st, "munich", ["au_i"])
    conquest_phase(st)
    while not (st.frame.get("kind") == "redeploy" and st.frame["fid"] == austrians):
        st.apply(st.legal_actions()[0])
    assert sorted(st.legal_actions()) == [("zone", "prague"), ("zone", "vienna")]
    st.apply(("zone", "prague"))
    assert S.force(st, austrians)["zone"] == "prague"


def test_18_2_3_a_former_allys_garrison_leaves_a_fortress_the_terms_annex():
    """18.2.3: « Toutes les forces précédemment alliées à la puissance vaincue se trouvant dans le territoire
    national du pays vaincu doivent être replacées dans la zone frontière la plus proche [...] contenant une
    forteresse »: a Russian garrison inside Innsbruck's fortress leaves it when Tyrol is annexed to Bavaria (18.2.2),
    rather than hold a fortress of the Empire from inside (1805 heuristic seed 1: Wittenberg)."""
    st = _austria_beaten()
    russians = put(st, "innsbruck", ["ru_x"])
    S.set_in_fortress(st, russians, True)
    conquest_phase(st)
    for a in (("annex", "tyrol"), ("annex_to", "bavaria")):
        st.apply(a)
    while st.step == "conquest.choice" and st.frame.get("fid") != russians:
        st.apply(st.legal_actions()[0])
    if st.step == "conquest.choice":
        st.apply(st.legal_actions()[0])
    f = S.force(st, russians)
    assert f["zone"] != "innsbruck" and not f["in_fortress"] and S.controller(st, f["zone"]) == "coalition"
    assert any(e["rule"] == "18.2.3" and e["text"].startswith("Russian X Corps is redeployed") for e in st.log)


def test_18_2_1_a_fortress_the_loser_held_abroad_goes_home_and_its_siege_is_lifted():
    """18.2.1: « les marqueurs de contrôle appartenant au conquérant sont retirés des territoires conquis », and the
    loser's own markers abroad go back to the zones' owners: Mantua, Austrian-held and besieged by Masséna, is the
    Kingdom of Italy's again, of the besieger's side: the siege is lifted (15.3; 1805 heuristic seed 18)."""
    st = _austria_beaten()
    S.set_control(st, "mantua", "austria")
    massena = put(st, "mantua", ["fr_xii", "it_1"], commander="massena")
    S.set_fortress(st, "mantua", besieger=massena, siege=0)
    peace.surrender(st, "austria", "empire")
    assert st.g["control"]["mantua"] == "italy"
    assert st.g["fortresses"]["mantua"]["besieger"] is None and st.g["fortresses"]["mantua"]["siege"] is None


def test_18_every_action_of_the_phase_is_in_the_action_catalog():
    catalog = set(GAME.action_catalog("1815"))
    st = _austria_beaten()
    st.g["hands"]["coalition"] = ["27C"]
    conquest_phase(st)
    while not st.over:
        legal = st.legal_actions()
        assert set(legal) <= catalog, set(legal) - catalog
        assert all(GAME.label(st, a) for a in legal)
        st.apply(legal[-1])


def test_18_the_last_years_conquest_phase_takes_no_peace_terms():
    """1815 ends with the phase: no decision is asked (the digests of the 1815 games stay the same)."""
    st = _austria_beaten()
    st.g["year"] = 1815
    conquest_phase(st)
    assert st.over and "austria" not in st.g["conquered"]


def test_8_1_4_a_scenarios_forced_peace_turns_into_a_forced_alliance_after_its_last_year():
    """20.3 (1809): Prussia's forced peace lasts to a year, then it is a forced ally of France; the French units on
    its territory stay (the Empire may use a forced ally's territory, 8.1.4)."""
    st = board()
    st.g["year"] = 1810
    st.g["status"]["prussia"] = "forced_peace"
    S.set_side(st, "prussia", None)
    st.g["forced"]["prussia"] = {"with": "france", "until": 1810, "then": "forced_alliance"}
    french = put(st, "berlin", ["fr_i"])
    peace.check_forced_peaces(st)
    assert st.g["status"]["prussia"] == "forced_alliance" and st.g["forced"]["prussia"]["until"] == 1815
    assert french in st.g["forces"]



def test_18_2_3_a_force_redeployed_onto_a_friend_joins_it():
    """18.2.3 then 11: one force per side and zone."""
    st = _austria_beaten()
    put(st, "ulm", ["fr_ii"], commander="ney")
    conquest_phase(st)
    for a in (("annex", "tyrol"), ("annex_to", "bavaria"), ("annex", "venetie"), ("annex_to", "italy"),
              ("annex", "frioul"), ("annex_to", "france"), ("reward_card", None), ("zone", "ulm")):
        st.apply(a)
    at_ulm = S.forces_in(st, "ulm", "empire")
    assert len(at_ulm) == 1 and S.force(st, at_ulm[0])["commander"] == "napoleon"
    assert {"fr_garde", "fr_i", "fr_ii"} <= set(S.force(st, at_ulm[0])["units"])


def test_18_2_3_the_loser_reorganizes_its_forces_with_a_new_army_general():
    """18.2.3: « une réorganisation totale des forces est possible avec changement de général d'armée le cas
    échéant »: the side running the beaten Austria (the Coalition) may put a general of the reserve at the head of
    an Austrian army; the highest-ranked of him and the army's subordinates takes command (10.2), the one replaced
    goes to the reserve, free to lead again."""
    st = _austria_beaten()
    mack = put(st, "prague", ["au_i", "au_ii"], commander="mack", army="armee_allemagne")
    S.set_demoralized(S.force(st, mack), True)  # 18.2.1 (b): Vienna held and the Austrian army demoralized
    conquest_phase(st)
    while not (st.step == "conquest.choice" and st.frame["kind"] == "reorganize"):
        st.apply(st.legal_actions()[0])
    assert st.active == "coalition" and st.legal_actions() == [("done", None), ("dismiss", "mack")]
    assert all(GAME.label(st, a) for a in st.legal_actions())
    st.apply(("dismiss", "mack"))
    assert st.step == "relieve.replace" and ("general", "schwarzenberg") in st.legal_actions()
    assert ("general", "mack") in st.legal_actions()  # back in the reserve at once
    st.apply(("general", "schwarzenberg"))
    assert S.force(st, mack)["commander"] == "schwarzenberg" and "mack" not in st.g["removed"]
    assert st.step == "conquest.choice" and st.legal_actions() == [("done", None)]  # each army once
    st.apply(("done", None))
    assert st.over


def test_8_1_3_a_power_in_forced_peace_lifts_the_sieges_it_laid():
    """8.1.3: the forces of a power in forced peace are at war with nobody, so they besiege nobody (15.2): a random
    1809 game left a Spanish militia, neutral after Spain's surrender, besieging French-held Lérida."""
    st = board()
    S.set_control(st, "prague", "france")
    austrians = put(st, "prague", ["au_i"], side="coalition")
    S.set_fortress(st, "prague", besieger=austrians, siege=1)
    S.set_side(st, "austria", None)
    st.g["status"]["austria"] = "forced_peace"
    S.follow_sides(st, ["austria"])
    assert S.force(st, austrians)["side"] is None
    assert st.g["fortresses"]["prague"]["besieger"] is None and st.g["fortresses"]["prague"]["siege"] is None


def test_18_2_2_a_fortress_annexed_to_its_besiegers_side_is_besieged_no_more():
    """18.2.2 with 15.3: the winner annexes the province of a fortress its own forces besiege: the fortress is now
    of their side and the siege is lifted (a random 1809 game annexed Valencia to Poland while French XII Corps
    went on besieging it)."""
    st = board()
    french = put(st, "venice", ["fr_i", "fr_ii"], commander="davout")
    S.set_fortress(st, "venice", besieger=french, siege=1)
    peace.annex_province(st, "venetie", "france", "18.2.2")
    assert S.controller(st, "venice") == "empire"
    assert st.g["fortresses"]["venice"]["besieger"] is None and st.g["fortresses"]["venice"]["siege"] is None
