"""14.1 / 11 / 9.1: « La force rejoint alors la zone de bataille à condition que les règles d'empilement soient
respectées dans la zone de bataille » (14.1). One force a side in a zone (11), and a force holds two armies at most
(9.1 « Si une force est constituée de deux armées »; an army is never absorbed, 12.2.1): an army that cannot be one
force with the force in the battle is not offered a counter-march; a general's force still is, its surplus
eliminated at the consolidation (« éliminez les unités et généraux en surplus selon les cas »:
test_14_1_counter_march)."""

from __future__ import annotations

from grognard.games.nae.rules import command
from grognard.games.nae.rules.battle import counter_march_candidates
from tests.games.nae.rules.helpers import board, put


def _battle_at_namur(st, defender: str) -> dict:
    davout = put(st, "lille", ["fr_i", "fr_ii"], commander="davout")
    return {"att": davout, "dfn": defender, "zone": "namur", "tried": [], "interceptor_from": None,
            "came_from": "lille"}


def test_14_1_a_third_army_may_not_counter_march_into_a_group_of_armies() -> None:
    st = board()
    wellington = put(st, "namur", ["gb_elite_1", "gb_elite_2"], commander="wellington", army="armee_peninsule")
    blucher = put(st, "namur", ["pr_i", "pr_ii"], commander="blucher", army="armee_elbe")
    group = command.form_group(st, wellington, blucher)
    barclay = put(st, "liege", ["ru_i", "ru_ii"], commander="barclay", army="premiere_armee")
    yorck = put(st, "brussels", ["pr_iii"], commander="yorck")  # a general's force: a subordinate of the group
    assert counter_march_candidates(st, _battle_at_namur(st, group), "defender") == [yorck]
    assert barclay in st.g["forces"]


def test_14_1_an_army_may_counter_march_into_a_lone_armys_battle_to_form_a_group() -> None:
    st = board()
    wellington = put(st, "namur", ["gb_elite_1", "gb_elite_2"], commander="wellington", army="armee_peninsule")
    barclay = put(st, "liege", ["ru_i", "ru_ii"], commander="barclay", army="premiere_armee")
    assert counter_march_candidates(st, _battle_at_namur(st, wellington), "defender") == [barclay]
