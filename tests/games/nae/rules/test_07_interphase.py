"""5.1 / 7 The interphase of the grand campaigns: 7.1 declarations of war (3.2) and 7.2 hand building (6.1, 6.3),
with the book's worked examples (example of play 8.7 step 20, the 6.3 examples), and the year loop (5)."""

from __future__ import annotations

from unittest import mock

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, interphase, supply
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import GAME, push, put


def interphase_1806(hands: dict[str, list[str]]) -> State:
    """The 1806 interphase of the example of play: Austria conquered in 1805 (forced peace, 18.2), the Kingdom of
    Bavaria founded and the card the conquest earned the Empire owed (its peace reward, 18.2.2); the other powers as in
    1805."""
    st = GAME.new_state("1805", seed=11)
    g = st.g
    g["year"], g["round"] = 1806, 1
    g["status"]["austria"] = "forced_peace"
    for p in ("austria", "thuringia", "papacy"):
        S.set_side(st, p, None)
    g["forced"]["austria"] = {"with": "france", "until": None, "then": None}
    g["flags"].append("kingdom_of_bavaria")
    g["peace_rewards"] = [{"power": "france", "reward": "card"}]  # 18.2.2: the conquest of Austria's card
    for side, hand in hands.items():
        g["decks"][side] += [c for c in g["hands"][side] if c not in hand and c not in cards.permanent_cards(side)]
        g["discards"][side] += [c for c in g["hands"][side] if c not in hand and c in cards.permanent_cards(side)]
        g["hands"][side] = list(hand)
        g["decks"][side] = [c for c in g["decks"][side] if c not in hand]
    st.log.clear()
    return st


def test_7_2_example_1806_hands_empire_draws_5_coalition_draws_4() -> None:
    """8.7 step 20: the Empire keeps Cavalerie de la Garde and must keep Blocus continental; with Génie Napoléon
    (Paris held) and 7 cards (conquest of Austria, Mantoue, Royaume de Bavière, Bordeaux, Lyon, Anvers, Madrid) its
    hand holds 8: it draws 5. The Coalition keeps Blessure; British and Russian permanents and 5 (Lisbonne,
    Saint-Pétersbourg, Odessa+Kiev, Gibraltar+Malte, Deux Siciles) make 7: it draws 4."""
    st = interphase_1806({"empire": ["18F", "25F"], "coalition": ["11C"]})
    push(st, "interphase.hands.start")
    assert st.step == "interphase.hands" and st.frame["size"] == 7  # the Coalition first
    assert sorted(st.frame["perms"]) == ["1C", "2C"]  # 6.3: no Austrian card, Austria is not at war
    st.apply(("done", None))
    assert len(st.g["hands"]["coalition"]) == 7 and "3C" not in st.g["hands"]["coalition"]
    assert st.frame["size"] == 8 and ("discard", "25F") not in st.legal_actions()  # 7.2: never 24F or 25F
    assert ("discard", "18F") in st.legal_actions()
    st.apply(("done", None))
    assert len(st.g["hands"]["empire"]) == 8 and {"1F", "18F", "25F"} <= set(st.g["hands"]["empire"])
    drawn = [e["text"] for e in st.log if e.get("rule") == "7.2" and "draws" in e["text"]]
    assert drawn == ["The Coalition draws 4 card(s): hand building up to 7",
                     "The Empire draws 5 card(s): hand building up to 8"]
    assert st.g["peace_rewards"] == []  # paid


def test_6_3_example_coalition_with_four_cards_is_raised_to_six() -> None:
    """6.3: « Londres, Lisbonne, Gibraltar+Malte, Deux Siciles » give the Coalition 4 cards, raised to the
    minimum of 6 (Russia and Austria out of the war: neutral here)."""
    st = interphase_1806({"empire": [], "coalition": []})
    st.g["status"]["russia"] = "neutral"
    S.set_side(st, "russia", None)
    S.set_side(st, "ionian", None)
    size, perms = cards.hand_entitlement(st, "coalition")
    assert (size, perms) == (6, ["1C"])
    assert "4 card(s)" in st.log[-1]["text"]


def test_6_3_mantua_held_by_the_coalition_moves_its_card() -> None:
    """6.3: « Mantoue occupée par la Coalition: Coalition +1, France -1 » (a transfer line)."""
    st = interphase_1806({"empire": [], "coalition": []})
    assert "Mantua" in entitled(st, "empire") and "Mantua" not in entitled(st, "coalition")
    S.set_control(st, "mantua", "austria")
    S.set_side(st, "austria", "coalition")
    st.g["status"]["austria"] = "at_war"
    assert "Mantua" not in entitled(st, "empire") and "Mantua" in entitled(st, "coalition")


def entitled(st: State, side: str) -> str:
    """The lines of the card assignment table the side's hand counts (6.3), as the log gives them."""
    cards.hand_entitlement(st, side)
    return str(st.log[-1]["text"])


def test_7_2_a_side_above_its_size_must_discard_down_to_it() -> None:
    st = interphase_1806({"empire": ["18F", "25F"], "coalition": [c for c in cards.scenario_cards("1805", "coalition")
                                                                if cards.period(c) == "epic"][:9]})
    push(st, "interphase.hands.start")
    assert st.frame["size"] == 7 and ("done", None) not in st.legal_actions()
    while ("done", None) not in st.legal_actions():
        st.apply(next(a for a in st.legal_actions() if a[0] == "discard"))
    assert len(set(st.g["hands"]["coalition"]) | {"1C", "2C"}) == 7


def test_6_1_an_empty_pile_is_rebuilt_from_the_played_cards_but_not_the_permanents() -> None:
    st = interphase_1806({"empire": [], "coalition": []})
    g = st.g
    g["discards"]["empire"] += g["decks"]["empire"][:-1]  # 1F is there already (played)
    g["decks"]["empire"] = g["decks"]["empire"][-1:]
    got = cards.draw(st, "empire", 3, "7.2", "test")
    assert len(got) == 3 and "1F" not in got and g["discards"]["empire"] == ["1F"]
    assert any(e.get("rule") == "6.1" and "shuffled" in e["text"] for e in st.log)


def test_6_1_punishments_come_in_when_the_escalade_reaches_15() -> None:
    st = interphase_1806({"empire": [], "coalition": []})
    st.g["escalade"] = 15
    n = {s: len(st.g["decks"][s]) + len(st.g["punishments"][s]) for s in S.SIDES}
    push(st, "interphase.hands.start")
    assert "punishments" in st.g["periods"] and st.g["punishments"] == {"empire": [], "coalition": []}
    assert all(len(st.g["decks"][s]) + len(st.g["hands"][s]) >= n[s] for s in S.SIDES)


def test_7_1_declaration_on_a_neutral_major_brings_it_and_its_allies_in_and_raises_the_escalade() -> None:
    """7.1 / 3.2: the Empire declares war on neutral Prussia (example 8.7: « la France déclare la guerre à la
    Prusse »): Prussia and its allies Saxony, Hesse and Cleves join the Coalition, Prussia's forces on the map with
    them; the first declaration on a major: escalade +1."""
    st = interphase_1806({"empire": [], "coalition": []})
    push(st, "interphase.war")
    assert st.active == "coalition" and ("declare", "prussia") in st.legal_actions()
    assert ("declare", "saxony") not in st.legal_actions()  # allied to a neutral: reached through Prussia
    st.apply(("done", None))
    assert st.active == "empire"
    st.apply(("declare", "prussia"))
    g = st.g
    assert {p: g["sides"][p] for p in ("prussia", "saxony", "hesse", "cleves")} == dict.fromkeys(
        ("prussia", "saxony", "hesse", "cleves"), "coalition")
    assert g["status"]["prussia"] == "at_war" and g["escalade"] == 1 and g["war_on"] == ["prussia"]
    assert all(f["side"] == "coalition" for f in g["forces"].values() if S.unit(next(iter(f["units"]))).power
               == "prussia")
    assert st.step == "diplomacy.deploy"  # the minors' units deploy in their territory at once (7.3.3, 8.2.3)
    assert st.active == "coalition" and S.unit(st.frame["units"][0]).power in ("saxony", "hesse", "cleves")


def test_7_1_a_neutral_minor_attacked_becomes_an_ally_of_britain() -> None:
    st = interphase_1806({"empire": [], "coalition": []})
    interphase.declare_war(st, "empire", "denmark")
    assert (st.g["status"]["denmark"], st.g["ally_of"]["denmark"], st.g["sides"]["denmark"]) == (
        "allied", "britain", "coalition")
    assert st.g["escalade"] == 0  # a minor: no escalade


def test_5_the_year_ends_with_its_victory_phase_and_the_next_opens_with_the_interphase() -> None:
    st = GAME.new_state("1805", seed=4)
    while st.g["year"] == 1805:
        st.apply(("pass", None) if ("pass", None) in st.legal_actions() else st.legal_actions()[0])
    assert (st.g["year"], st.g["phase"], st.step, st.active) == (1806, "interphase", "interphase.war", "coalition")
    st.apply(("done", None))
    st.apply(("done", None))
    while st.step == "interphase.hands":  # 5.1.2: the hand must hold exactly its size, kept cards included
        legal = st.legal_actions()
        st.apply(("done", None) if ("done", None) in legal else next(a for a in legal if a[0] == "discard"))
    steps = []
    while st.g["phase"] == "interphase":  # 7.3 budget, 7.4 diplomacy, 7.5, 7.6: nothing done
        steps.append(st.step)
        legal = st.legal_actions()
        st.apply(("done", None) if ("done", None) in legal else legal[0])
    assert steps[:3] == ["budget.events", "budget.events", "budget.spend"]  # 6.4: each side's budget events first
    assert set(steps) <= {"budget.events", "budget.spend", "budget.minors", "diplomacy.phase", "redeploy"}
    assert (st.g["phase"], st.step, st.g["round"], st.g["turn"]) == ("activation", "round", 1, "empire")


def test_6_3_berlin_in_french_hands_denies_the_coalition_its_card_and_gives_france_none() -> None:
    """6.3: « la France contrôle Berlin ce qui fait perdre à la Coalition le droit à une carte mais ne fait pas
    gagner une carte supplémentaire à la France » (Prussia at war on the Coalition's side), once the French hold
    of Berlin traces a supply line (3.2)."""
    st = interphase_1806({"empire": [], "coalition": []})
    interphase.declare_war(st, "empire", "prussia")
    assert "Berlin and Königsberg" in entitled(st, "coalition")
    empire = cards.hand_entitlement(st, "empire")[0]
    S.set_control(st, "berlin", "france")
    st.g["forces"] = {k: f for k, f in st.g["forces"].items() if f["zone"] != "berlin"}
    assert "Berlin and Königsberg" in entitled(st, "coalition")  # 3.2: held without a supply line: nothing
    real = supply.supplied_zones
    with mock.patch.object(supply, "supplied_zones", lambda st, p: real(st, p) | ({"berlin"} if p == "france"
                                                                                   else set())):
        assert "Berlin and Königsberg" not in entitled(st, "coalition")  # linked to a French source: denied
        assert cards.hand_entitlement(st, "empire")[0] == empire


def test_6_3_example_france_declares_war_on_prussia_the_coalition_gets_two_more_cards() -> None:
    """6.3: « la France déclare la guerre à la Prusse en 1806 qui rentre alors dans la Coalition. La Coalition
    reçoit deux cartes supplémentaires » (Berlin+Koenigsberg and Varsovie)."""
    st = interphase_1806({"empire": [], "coalition": []})
    before = cards.hand_entitlement(st, "coalition")[0]
    interphase.declare_war(st, "empire", "prussia")
    assert cards.hand_entitlement(st, "coalition")[0] == before + 2


def test_15_3_before_round_1_a_force_too_weak_to_besiege_withdraws() -> None:
    """15.2-15.3 at the end of the interphase (5.1 -> 5.2): a force outside a fortress the enemy holds lays siege or,
    too weak to, withdraws before the year's first round, as at the end of any action (a one-step French corps stood
    outside Bavarian Würzburg into the 1810 activation phase once the budget had withdrawn its partner, 1805 random
    seed 152). One Russian step outside Ulm, with a Bavarian corps inside, must withdraw; two lay siege."""
    for steps, besieges in ((1, False), (2, True)):
        st = board_1806()
        bavarians = put(st, "ulm", ["bav_1"])
        S.set_in_fortress(st, bavarians, True)
        russians = put(st, "ulm", {"ru_i": steps})
        st.core["stack"].clear()
        push(st, "interphase", phase=len(interphase.PHASES))
        if besieges:
            assert st.g["fortresses"]["ulm"]["besieger"] == russians and st.step == "round"
        else:
            assert st.step == "retreat" and st.frame["fid"] == russians
            st.apply(("zone", "stuttgart"))
            assert S.force(st, russians)["zone"] == "stuttgart" and st.step == "round"
