"""7.3, 7.5, 7.6 played with random choices from the 1805 set-up: every phase ends, every choice offered is
accepted, and the board stays legal between moves (11: one force per side and zone outside the fortresses; 10.1
command)."""

from __future__ import annotations

import random

import pytest

from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, command, redeployment
from tests.games.nae.rules.grand import board_1806, forces_1805


def check_board(st) -> None:  # type: ignore[no-untyped-def]
    seen = set()
    for f in st.g["forces"].values():
        key = (f["zone"], f["side"], f["in_fortress"])
        assert key not in seen, f"two forces of one side in {f['zone']}"
        seen.add(key)
        for a in S.armies(f):
            if a.commander:
                assert command.within_command(st, a.commander, a.army, a.units)


@pytest.mark.parametrize("seed", range(10))
def test_7_interphase_phases_with_random_choices(seed: int) -> None:
    st = board_1806(dice=[random.Random(seed).randint(1, 6) for _ in range(60)])
    forces_1805(st)
    st.core["stack"].clear()
    st.push("round")
    redeployment.push_strategic_redeployment(st)
    redeployment.push_neutral_movement(st)
    budget.push_budget_phase(st)
    st._advance()
    rng = random.Random(seed)
    for _ in range(3000):
        if st.step == "round":
            break
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
        if st.step != "redeploy.move":  # 12.2.1: a moving force may pass through a friendly force's zone
            check_board(st)
    assert st.step == "round" and "budget" not in st.g



def test_7_5_a_neutral_army_past_its_subordinates_asks_the_side_that_moves_it() -> None:
    """7.5 / 12.2.2: in a neutral movement Kleist joins Blücher's Prussian army in Berlin as its fourth subordinate:
    the army has no side (8.1.1), so the side that moves neutral Prussia (7.3.2) chooses who goes to the reserve (a
    random game, `bench/grand_campaign_bench.py` 1809 seed 75, stopped with nobody to ask; the position is built
    here, the random games having changed since)."""
    from grognard.games.nae.rules import command
    from tests.games.nae.rules.grand import board_1806
    from tests.games.nae.rules.helpers import put

    st = board_1806()
    assert S.status_of(st, "prussia") == "neutral"
    blucher = put(st, "berlin", ["pr_i", "pr_ii"], commander="blucher", army="armee_elbe",
                  subs=["hohenlohe", "ruchel", "yorck"])
    kleist = put(st, "berlin", ["pr_iii"], commander="kleist")
    st.core["stack"].clear()
    st.push("round")
    command.absorb(st, blucher, kleist)
    st._advance()
    assert st.step == "army.subordinates" and S.force(st, blucher)["side"] is None
    assert st.active == budget.manager(st, "prussia") == "coalition"
