"""Rules the example of play (digest 8) showed the engine got wrong, each tested on a small position: the steps a
forced march tests (13.6.2), when a depot reactivating a fortress lets the march go on (13.6.1), Schulmeister's
event (12F, 6.4) and the flags the 1805 peace terms raise (8.3.3, 18.2.2). The whole example is replayed in
``tests/games/nae/test_example_of_play.py``."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import peace
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_13_6_2_units_taken_in_on_the_way_are_tested_with_the_force() -> None:
    """13.6.2: « Seuls les pas activés dans la zone de résolution du test sont pris en compte » and « ceux présents
    dans la zone de test mais qui n'ont pas été activés ne sont pas pris en compte »; the example (1805 round 2)
    counts the VI corps Marmont took in at Hanover and moved on with: « Seuls les 5 pas [...] qui se sont déplacés
    avec Marmont », not the Bavarian corps taken in where he ends."""
    st = board([1])
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "lille", ["fr_i"], commander="ney")
    on_the_way = put(st, "soissons", ["fr_iii"])
    at_the_end = put(st, "metz", ["fr_iv"])
    play(st, ("op", None), ("force", ney), ("forced_march", 1), ("zone", "soissons"), ("absorb", on_the_way),
         ("zone", "metz"), ("absorb", at_the_end), ("done", None))
    (roll,) = rolls(st, "13.6")
    assert "(4 steps, end of its move)" in roll["text"]  # fr_i and fr_iii, not fr_iv
    assert S.steps(S.force(st, ney)) == 6


def test_13_6_1_a_depot_reactivating_a_fortress_lets_the_march_go_on() -> None:
    """13.6.1: the forced march's test comes « à la fin de l'activation [...] et AVANT un éventuel détachement de pas
    pour réactiver la dernière forteresse conquise »; a mobile depot spent to reactivate detaches no step, so the
    march goes on and the test waits for its end (example 1805 round 5: Napoléon reactivates Salzburg with his last
    depot, goes on to Vienna and tests at the end)."""
    st = board([6, 1])
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "lille", ["fr_i", "fr_iii", "fr_iv"], commander="ney", depots=1)
    play(st, ("op", None), ("force", ney), ("forced_march", 2), ("zone", "namur"), ("siege", None))
    assert S.controller(st, "namur") == "empire"
    play(st, ("reactivate", "depot"))
    assert st.step == "march" and not rolls(st, "13.6") and st.g["fortresses"]["namur"]["active"]
    assert S.force(st, ney)["depots"] == []
    play(st, ("zone", "brussels"), ("done", None))
    (roll,) = rolls(st, "13.6")
    assert "end of its move" in roll["text"] and "depot" not in roll["text"]


def test_6_4_12F_schulmeister_moves_an_enemy_force_then_activates_napoleon() -> None:
    """12F Schulmeister: « An enemy force is moved by France at its normal movement factor always through supplied
    zones without opposing forces [...] plus activation of the force commanded by Napoléon »; the example (1805
    round 6) moves the Russian army 2 MP in winter, then Napoléon marches. A zone holding a French force is closed."""
    st = board(hands={"empire": ["12F"], "coalition": []})
    st.g["round"] = 6  # winter: MF -1
    blucher = put(st, "liege", ["pr_i", "pr_ii"], commander="blucher")
    napoleon = put(st, "paris", ["fr_i"], commander="napoleon")
    put(st, "cologne", ["fr_iii"])
    play(st, ("event", "12F"), ("force", blucher))
    mf = S.base_mf(S.force(st, blucher)) - 1
    assert st.step == "move_enemy" and f"with {mf} MP left" in st.prompt
    assert ("zone", "cologne") not in st.legal_actions()  # a French force stands there
    play(st, ("zone", "namur"), ("done", None))
    assert S.force(st, blucher)["zone"] == "namur" and "12F" in st.g["out"]
    assert st.step == "activation" and st.legal_actions()[0] == ("force", napoleon)


def test_6_4_12F_11_the_moved_force_joins_its_sides_force_where_it_stops() -> None:
    """12F with 11 « Il ne peut y avoir qu'une seule force d'un même camp dans une zone à l'issue d'un round
    d'activation »: Blücher moved into Namur, where a Prussian corps stands, takes it in (a random 1805 game left
    two Austrian forces in Vienna)."""
    st = board(hands={"empire": ["12F"], "coalition": []})
    blucher = put(st, "liege", ["pr_i"], commander="blucher")
    put(st, "namur", ["pr_ii"])
    put(st, "paris", ["fr_i"], commander="napoleon")
    play(st, ("event", "12F"), ("force", blucher), ("zone", "namur"), ("done", None))
    assert S.outside(st, "namur", "coalition") == [blucher]
    assert set(S.force(st, blucher)["units"]) == {"pr_i", "pr_ii"}


def test_8_3_3_tyrol_to_bavaria_creates_the_kingdom_and_18_2_2_venetia_brings_the_v_units() -> None:
    """8.3.3: « Le Royaume de Bavière est créé par l'empire en rattachant la province du Tyrol à la Bavière [...]
    alors automatiquement créé » (a card more at each draw); the example's Venetia « permet d'intégrer le second
    corps Italien dans la réserve » (its V units)."""
    st = board()
    for minor in ("bavaria", "italy"):
        S.set_side(st, minor, "empire")
    st.g["flags"] = []
    peace.annex_province(st, "tyrol", "bavaria", "18.2.2")
    peace.annex_province(st, "venetie", "italy", "18.2.2")
    assert st.g["flags"] == ["kingdom_of_bavaria", "venetia"]
