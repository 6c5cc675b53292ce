"""6.4 The card events of the grand campaigns: 52C at the hand building (6.3), 35F Corsairs and the Corsairs box
(17.2.9), 45F Napoleonic Europe (8.3.2, 19.3), and the events played as a side's action of a round; every event
goes through ``cards.event_played`` (6.2: its VP and escalade, the record the ``card_played`` conditions read)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, cards, victory
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import push
from tests.games.nae.rules.test_07_interphase import interphase_1806


def test_6_3_miseres_de_la_guerre_52c_lets_the_coalition_hand_exceed_10() -> None:
    """6.3: « L'évènement Misères de la Guerre (52C) permet à la Coalition de s'affranchir de la limite maximale »:
    entitled to 12, the Coalition holds 10, or 12 once it plays the card at its hand building."""
    st = interphase_1806({"empire": [], "coalition": ["52C"]})
    st.g["bonus_cards"]["coalition"] = 5  # 7 from the table and permanents, 5 owed: 12
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
    from grognard.games.nae.rules import diplomacy

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
    from grognard.games.nae.rules import diplomacy

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
