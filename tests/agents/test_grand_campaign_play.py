"""The grand-campaign heuristic plays for the victory (``grognard/games/nae/ai_grand.py``, round 5): it keeps its
supply lines (13.3: fixed depots, fortresses reactivated, the line back of a force cut off), plays the budget's
events, answers the conquest phase (18) for victory points, and keeps its armies on the enemy majors."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import ai_grand
from grognard.games.nae import state as S
from grognard.games.nae.rules import supply
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def austria_at_war() -> State:
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    return st


def marching(st: State, fid: str) -> list[tuple[str, str | None]]:
    """Put the force's march on the stack (the rules read the frame) and offer its moves and a fixed depot."""
    st.push("march", fid=fid)
    return [("fixed_depot", None), *(("zone", z) for z in S.data().map.neighbours(S.force(st, fid)["zone"]))]


def test_13_3_a_force_about_to_march_out_of_its_network_leaves_a_fixed_depot():
    st = austria_at_war()
    ahead = put(st, "regensburg", ["fr_iii", "fr_iv"], commander="davout", depots=1)  # towards Prague by Pilsen
    supply.update_supply(st)
    assert "pilsen" not in supply.supply_network(st, "france").dist
    choice = ai_grand.keep_the_supply_line(st, "empire", marching(st, ahead))
    assert choice is not None and choice[0] == ("fixed_depot", None)
    st.core["stack"].pop()
    inside = put(st, "munich", ["fr_v", "fr_vi"], commander="lannes", depots=1)  # Salzburg is still in the network
    assert ai_grand.keep_the_supply_line(st, "empire", marching(st, inside)) is None


def test_13_3_a_besieger_cut_off_heads_back_to_its_line_and_the_others_take_it():
    """An unsupplied besieger may not roll on the siege table (15.2): it marches back to reopen its line, and the
    enemy fortress on the way (Salzburg) becomes an objective of every force of the side."""
    st = austria_at_war()
    cut = put(st, "vienna", ["fr_iii", "fr_iv", "fr_v"], commander="davout")
    S.set_fortress(st, "vienna", siege=0, besieger=cut)
    other = put(st, "munich", ["fr_vi", "fr_vii"], commander="lannes")
    supply.update_supply(st)
    assert S.force(st, cut)["unsupplied"] and ai_grand.cut_off(st, "empire") == [cut]
    assert ai_grand.supply_gaps(st, "empire") == ["salzburg"]
    assert ai_grand.march_target(st, "empire", cut) == "salzburg"
    assert ai_grand.march_target(st, "empire", other) == "salzburg"
    assert ai_grand.siege_due(st, "empire", "salzburg")


def test_15_5_a_fortress_taken_is_reactivated_with_the_weakest_step_or_a_spare_depot():
    st = austria_at_war()
    fid = put(st, "salzburg", {"fr_iii": 2, "fr_garde": 1}, commander="davout", depots=1)
    st.push("march", fid=fid)
    legal = [("reactivate", "depot"), ("reactivate", "fr_iii"), ("reactivate", "fr_garde"), ("done", None)]
    action, reason = ai_grand.march_reactivate(st, "empire", legal)
    weakest = min(("fr_iii", "fr_garde"), key=lambda u: (S.unit(u).steps + S.unit(u).stars, u))
    assert action == ("reactivate", weakest) and "supply line" in reason  # its only depot is kept for the march
    S.force(st, fid)["depots"].append("france")
    assert ai_grand.march_reactivate(st, "empire", legal)[0] == ("reactivate", "depot")


def test_7_3_the_budget_plays_the_continental_blockade_and_resources_while_the_hand_is_full():
    st = board_1806()
    st.g["hands"]["empire"] = ["25F", "51F", "1F", "13F", "14F", "9F"]
    legal = [("done", None), ("event", "51F"), ("event", "25F")]
    assert ai_grand.budget_events(st, "empire", legal)[0] == ("event", "25F")
    assert ai_grand.budget_events(st, "empire", legal[:2])[0] == ("event", "51F")
    st.g["hands"]["empire"] = ["51F", "1F", "13F"]  # a short hand keeps its cards for the campaign
    assert ai_grand.budget_events(st, "empire", legal[:2])[0] == ("done", None)


def test_7_3_5_depots_go_first_to_an_army_without_one():
    st = board_1806()
    bare = put(st, "munich", ["fr_iii", "fr_iv"], commander="davout", army="grande_armee")
    fed = put(st, "ulm", ["fr_v", "fr_vi"], commander="massena", army="armee_italie", depots=1)
    st.push("budget.depot", power="france", side="empire")
    legal = [("force", fed), ("force", bare)]
    assert ai_grand.depot_for_the_front(st, "empire", legal)[0] == ("force", bare)


def test_18_2_2_the_empire_annexes_the_province_that_completes_a_kingdom_and_gives_it_there():
    st = board_1806()
    assert ai_grand.province_worth(st, "empire", "tyrol") > ai_grand.province_worth(st, "empire", "hongrie")
    st.push("conquest.choice", kind="recipient", side="empire", powers=["austria"], victor="france",
            province="tyrol", minor=None)
    legal = [("annex_to", "france"), ("annex_to", "bavaria"), ("annex_to", "italy")]
    assert ai_grand.conquest_choice(st, "empire", legal)[0] == ("annex_to", "bavaria")  # 8.3.3


def test_18_the_conquest_phase_takes_tilsit_s_victory_point_and_spends_its_weakest_card_on_an_alliance():
    st = board_1806()
    st.push("conquest.choice", kind="tilsit", side="empire", powers=["russia"], card="26F")
    assert ai_grand.conquest_choice(st, "empire", [("impose", "russia"), ("done", None)])[0] == ("impose", "russia")
    st.core["stack"].pop()
    st.push("conquest.choice", kind="alliance", side="empire", powers=["prussia"])
    legal = [("discard", "25F"), ("discard", "1F"), ("discard", "26F"), ("discard", "13F"), ("pass", None)]
    # 25F may not be discarded (6.3), 1F is France's permanent card, 26F brings a victory point: 13F goes
    assert ai_grand.conquest_choice(st, "empire", legal)[0] == ("discard", "13F")
    assert ai_grand.conquest_choice(st, "empire", [("discard", "25F"), ("pass", None)])[0] == ("pass", None)
    st.core["stack"].pop()
    st.push("conquest.choice", kind="reward", side="empire", powers=["france"])
    assert ai_grand.conquest_choice(st, "empire", [("reward_card", None), ("reward_resources", None)])[0] == (
        "reward_card", None)


def test_12_2_2_the_weakest_subordinate_returns_to_the_reserve():
    st = board_1806()
    legal = [("dismiss", "davout"), ("dismiss", "murat"), ("dismiss", "bernadotte")]
    action = ai_grand.dismiss_the_weakest(st, "empire", legal)[0]
    assert action != ("dismiss", "davout")


def test_armies_march_on_the_enemy_majors_and_the_victory_cards_are_kept():
    """In 1805 the Grande Armée marched first on Erfurt (Thuringia's capital) and sat in Prague unsupplied; an army
    now heads for Austria's key zones, and Tilsit (26F, +1 VP) is not spent for its AP while another card moves."""
    st = austria_at_war()
    army = put(st, "mainz", ["fr_iii", "fr_iv", "fr_v"], commander="napoleon", army="grande_armee")
    assert ai_grand.march_target(st, "empire", army) in ("vienna", "prague")
    st.g["hands"]["empire"] = ["26F", "13F"]
    st.push("round")
    legal = [("card", "26F"), ("card", "13F"), ("pass", None)]
    choice = ai_grand.activate_when_useful(st, "empire", legal)
    assert choice is not None and choice[0] == ("card", "13F")
