"""13.3, two statements of the round-9 audit: « Une forteresse assiégée [...] ravitaille les unités qui la défendent
si une ligne de ravitaillement maritime peut être tracée », a sea line running « d'un port vers un autre port, les 2
étant libres de blocus » (17.2.6: a blockade means « aucun ravitaillement par mer »); and « Exception : la ligne
existe entre les zones d'Alexandretta et d'Acre bien qu'il faille un round de mouvement pour se déplacer entre les
deux cases »."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import supply
from grognard.games.nae.rules.supply import Links, _trace
from tests.games.nae.rules.helpers import board, put


def test_13_3_the_garrison_of_a_besieged_blockaded_port_has_no_sea_supply():
    st = board()
    garrison = put(st, "toulon", ["fr_i"])
    S.set_in_fortress(st, garrison, True)
    S.set_fortress(st, "toulon", siege=0, besieger=put(st, "toulon", ["pr_i", "pr_ii"]))
    assert supply.force_supplied(st, garrison)  # a sea line from Marseille or Nice into Toulon
    st.g["fleets"] = {"gb_keith": {"power": "britain", "at": "blockade", "where": "toulon"}}
    assert not supply.force_supplied(st, garrison)  # Toulon blockaded: no line by sea into it
    st.g["fleets"] = {"gb_keith": {"power": "britain", "at": "blockade", "where": "marseille"}}
    assert supply.force_supplied(st, garrison)  # another port blockaded: Toulon's own line is free


def test_13_3_a_supply_line_crosses_between_alexandretta_and_acre():
    assert S.data().map.enter_cost("acre", "alexandretta") is None  # 12.1: a whole round of movement
    assert supply.link_cost("acre", "alexandretta") == 1 and supply.link_cost("alexandretta", "acre") == 1
    from_acre = _trace(Links(("acre",), frozenset(), (), frozenset()), ())
    assert from_acre.dist["alexandretta"] == 1  # by land, no sea line in this trace
    from_alexandretta = _trace(Links(("alexandretta",), frozenset(), (), frozenset()), ())
    assert from_alexandretta.dist["acre"] == 1
    blocked = _trace(Links(("acre",), frozenset(), (), frozenset()), ("alexandretta",))
    assert "alexandretta" in blocked.dist and not set(blocked.dist) - set(from_acre.dist)
