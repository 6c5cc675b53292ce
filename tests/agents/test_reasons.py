"""The computer's reasons read as a player would say them (issue 13: « Napoleon attacks Blücher at Ligny: odds 3:2,
morale 5 against 4 »)."""

from grognard.games.nae.ai import dice_text


def test_14_2_an_outright_destruction_is_named_not_its_99_stand_in() -> None:
    assert dice_text(99.0) == "the odds destroy the defender outright (14.2)"
    assert dice_text(-99.0, " for it") == "the odds destroy the attacker outright (14.2)"


def test_14_5_a_dice_lead_reads_as_a_signed_whole_number() -> None:
    assert dice_text(1.6) == "dice +2"
    assert dice_text(-2.2, " against it") == "dice -2 against it"
