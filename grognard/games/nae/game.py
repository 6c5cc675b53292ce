"""Napoleon against Europe (Hexasim) as a Grognard game: set-up from the scenario data, redacted views, labels."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, Game, State
from grognard.games.nae import describe
from grognard.games.nae import state as S
from grognard.games.nae.rules import (
    activation,
    battle,
    budget,
    cards,
    command,
    diplomacy,
    events,
    fog,
    forced,
    foreign_wars,
    interphase,
    movement,
    naval,
    peace,
    posture,
    redeployment,
    sequence,
    stacking,
    supply,
)
from grognard.games.nae.rules.siege import Replacements, SiegeAttack
from grognard.games.nae.schema.scenario import PORT_CAPACITY, MandatorySieges, Place
from grognard.games.nae.why import why

PLAYABLE = ("1815", "1805", "1809")  # scenarios whose rules this engine runs end to end
MAX_FORCES = 300  # force ids of the fixed action index (action_catalog)


# 20.1 set-up choices -------------------------------------------------------------------------------------------
OFFERED = ("zone", "commander", "generals", "depots", "fleets")


def placement(p: Place, picks: dict[str, str]) -> dict[str, Any]:
    """Where and with whom a [[place]] record sets up, the players' set-up picks replacing the file's defaults."""
    out: dict[str, Any] = {"zone": p.zone, "commander": p.commander, "generals": list(p.generals),
                           "mobile": p.mobile_depots, "fixed": p.fixed_depots, "fleets": list(p.fleets)}
    for ch in p.choices:
        pick = picks.get(ch.what)
        if pick is None or pick == ch.default[0]:
            continue
        if ch.what in ("zone", "commander"):
            out[ch.what] = pick
        elif ch.what in ("generals", "fleets"):
            out[ch.what] = [pick if x == ch.default[0] else x for x in out[ch.what]]
        elif ch.what == "depots":
            out["mobile"], out["fixed"] = out["mobile"] + 1, out["fixed"] - 1  # the one depot turned mobile
    return out


def setup_queue(st: State) -> list[list[Any]]:
    """20.1: the choices the players make at set-up, the Coalition first, then the Empire (``setup_order``)."""
    sc = S.data().scenarios[st.g["scenario"]]
    out: list[list[Any]] = []
    for side in sc.header.setup_order:
        for pid, p in sc.places.items():
            if sc.side_of(p.power) != side or not (p.units or p.fleets):
                continue
            out += [[pid, i] for i, ch in enumerate(p.choices)
                     if ch.what in OFFERED and len(ch.default) == 1 and ch.options]
    return out


def setup_options(st: State, pid: str, index: int, picks: dict[str, dict[str, str]]) -> list[str]:
    """The alternatives still open: every counter at most once, one force per side and zone (11), militia at home,
    no more steps than the commander may lead (10.1), and no more fleets in a port than it holds (17.2.2)."""
    sc = S.data().scenarios[st.g["scenario"]]
    p = sc.places[pid]
    ch = p.choices[index]
    others = [placement(q, picks.get(qid, {})) | {"side": sc.side_of(q.power), "units": q.units}
              for qid, q in sc.places.items() if qid != pid and q.zone is not None]
    here = placement(p, picks.get(pid, {}))
    steps = sum((S.unit(u.id).reduced or 1) if u.reduced else S.unit(u.id).steps for u in p.units)
    units = {u.id: 1 for u in p.units}
    fleets = {qid: placement(q, picks.get(qid, {})) for qid, q in sc.places.items() if q.fleets and qid != pid}
    out = []
    for opt in ch.options:
        if ch.what == "zone" and not p.units:  # a port for fleets alone
            ok = sum(len(o["fleets"]) for o in fleets.values() if o["zone"] == opt) + len(p.fleets) <= PORT_CAPACITY
        elif ch.what == "fleets":
            used = [fl for o in fleets.values() for fl in o["fleets"]]
            ok = opt not in used and opt not in [x for x in here["fleets"] if x != ch.default[0]]
        elif ch.what == "zone":
            ok = S.limited_ok(units, opt) and not any(o["zone"] == opt and o["side"] == sc.side_of(p.power)
                                                      and o["units"] for o in others)
        elif ch.what in ("commander", "generals"):
            used = [g for o in others for g in [o["commander"], *o["generals"]]]
            used += [g for g in [here["commander"], *here["generals"]] if g != ch.default[0]]
            ok = opt not in used and opt not in st.g["removed"]
            if ch.what == "commander":
                ok = ok and steps <= S.general(opt).command * (2 if p.army else 1)
        else:
            ok = True
        if ok:
            out.append(opt)
    return out


def place_forces(st: State, picks: dict[str, dict[str, str]]) -> None:
    """20.1: put the scenario's forces, fleets and depots on the map, then mark supply (13.1)."""
    sc = S.data().scenarios[st.g["scenario"]]
    naval.place_fleets(st, {pid: placement(p, picks.get(pid, {})) for pid, p in sc.places.items()})
    for pid, p in sc.places.items():
        if p.zone is None:
            continue  # fleets at sea or in a blockade box (naval.place_fleets)
        at = placement(p, picks.get(pid, {}))
        if at["fixed"]:
            S.set_fixed_depots(st, st.g["fixed_depots"] + [{"zone": at["zone"], "power": p.power}] * at["fixed"])
        if not p.units:
            continue
        units = {u.id: (S.unit(u.id).reduced or 1) if u.reduced else S.unit(u.id).steps for u in p.units}
        power = S.general(at["commander"]).power if at["commander"] else S.unit(p.units[0].id).power
        # 8.1.1: a neutral major's forces stand on the map at war with nobody (side None)
        S.new_force(st, sc.side_of(p.power), power, at["zone"], at["commander"], p.army, at["generals"], units,
                    [S.major_of(st, p.power)] * at["mobile"])
    if S.grand_campaign(st):
        reserve_the_rest(st)
    supply.update_supply(st)


def reserve_the_rest(st: State) -> None:
    """20.2 / 20.3: the units neither set up nor set aside wait in their power's reserve, to be built in a budget
    phase (7.3) or deployed when their neutral minor enters the war (7.1); the Prussian Landwehr of 1809 too."""
    sc = S.data().scenarios[st.g["scenario"]]
    placed = {u for f in st.g["forces"].values() for u in f["units"]}
    aside = set(sc.out_of_play)
    st.g["reserve"]["units"] = [u for u in S.data().counters.units
                                if u not in placed and u not in aside and st.g["status"].get(S.unit(u).power)
                                not in (None, "not_in_play")]


class SetupChoice:
    """20.1: each side picks, in set-up order, what the scenario leaves to it (the file's default is one option)."""

    name: ClassVar[str] = "setup.choice"

    def actor(self, st: State, f: Frame) -> str:
        sc = S.data().scenarios[st.g["scenario"]]
        return str(sc.side_of(sc.places[f["queue"][0][0]].power))

    def prompt(self, st: State, f: Frame) -> str:
        pid, index = f["queue"][0]
        p = S.data().scenarios[st.g["scenario"]].places[pid]
        ch = p.choices[index]
        word = {"zone": "zone", "commander": "commanding general", "generals": "subordinate general",
                "depots": "side of the depot counter", "fleets": "fleet"}[ch.what]
        return f"Set-up of {p.src}: choose the {word} (the rule says \"{ch.text}\")."

    def choices(self, st: State, f: Frame) -> list[Action]:
        pid, index = f["queue"][0]
        return [("setup", o) for o in setup_options(st, pid, index, f["picks"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        side = self.actor(st, f)
        pid, index = f["queue"].pop(0)
        choice = S.data().scenarios[st.g["scenario"]].places[pid].choices[index]
        f["picks"].setdefault(pid, {})[choice.what] = action[1]
        st.note(f"The {S.side_name(side)}'s set-up ({choice.text}): {action[1]}", rule="20.1")
        if not f["queue"]:
            st.pop()
            place_forces(st, f["picks"])


def grand_campaign_setup(st: State) -> None:
    """20.2 / 20.3: the victory and escalade markers, the provinces annexed and the events in play before the start,
    the counters set aside, and the hands: each side's named cards (its permanents) and a random draw from the
    periods in play (6.1; 1809: one deck of both periods, less the red-dot cards)."""
    g = st.g
    sc = S.data().scenarios[g["scenario"]]
    h = sc.header
    g.update(vp=h.victory_level, escalade=h.escalade_level if h.escalade_applies else None,
             periods=list(h.cards.periods), territory={a.province: a.to for a in sc.annexes.values()},
             declared=[], war_on=[], phase="activation")
    g["flags"] = sorted({x for e in sc.events.values() for x in (e.id, e.card, e.entity) if x})
    # 19.3, the cards' conditions: the events in play at the start were played (1809: 20F, 24F, 25F, 22C...)
    g["events_played"] = sorted({c for side in S.SIDES for c in getattr(h.cards, side).events_used}
                                | {e.card for e in sc.events.values() if e.card})
    # 20.2 special rule 1: the fortresses Austria must besiege before the Coalition does anything else
    g["sieges_due"] = [s.zone for r in sc.rules.values() if isinstance(r, MandatorySieges) for s in r.sieges]
    g["set_aside"] = [c for c in sc.out_of_play if c in S.data().counters.units or c in S.data().counters.generals]
    m = S.data().map
    for z in g["control"]:
        if m.zones[z].province in g["territory"] and g["control"][z] == m.zones[z].owner:
            S.set_control(st, z, g["territory"][m.zones[z].province])  # 20.3: annexed provinces are held by it
    g["initial_control"] = dict(g["control"])
    g["punishments"] = {}
    for side in S.SIDES:
        sc_cards = getattr(h.cards, side)
        pile = cards.scenario_pile(st, side)
        g["punishments"][side] = [] if h.cards.single_deck else [c for c in pile if cards.period(c) == "punishments"]
        deck = [c for c in pile if c not in g["punishments"][side]]
        cards.deal(st, side, deck, sc_cards.draw, hand=list(sc_cards.hand))


def setup_label(st: State, arg: str) -> str:
    pid, index = st.frame["queue"][0]
    what = S.data().scenarios[st.g["scenario"]].places[pid].choices[index].what
    if what == "zone":
        return f"Set up in {S.zone_name(arg)}"
    if what in ("commander", "generals"):
        return f"Set up {S.general(arg).name}" + (" in command" if what == "commander" else "")
    if what == "fleets":
        return f"Set up {S.data().counters.fleets[arg].name}"
    return f"Set up the depot as a {arg} depot"


UNIT_VERBS = {  # actions naming a unit: how they read in a menu
    "leave": "Leave {unit} here", "take": "Take {unit} from the force here",
    "garrison": "Send {unit} into the fortress while the others try to evade",
    "spearhead": "{unit} leads the assault", "engage": "Engage {unit}", "hold_back": "Hold {unit} back",
    "restore": "Restore {unit} to full strength", "build": "Bring {unit} back into play", "unit": "Take {unit}",
    "swap": "Pass {unit} to the other army", "replace": "Give {unit} a replacement step",
}
GENERAL_VERBS = {  # actions naming a general
    "leave_general": "Leave {general} here in command of the units left behind",
    "dismiss": "Send {general} to the reserve", "general": "Give the command to {general}",
}


class NaeGame(Game):
    name = "nae"
    title = "Napoleon against Europe"
    sides = S.SIDES
    steps: ClassVar[dict[str, Any]] = {
        s.name: s
        for s in (*sequence.STEPS, *activation.STEPS, *movement.STEPS, *battle.STEPS, *supply.STEPS, *cards.STEPS,
                  *events.STEPS, *interphase.STEPS, *stacking.STEPS, *command.STEPS, *naval.STEPS, *peace.STEPS,
                  *budget.STEPS, *redeployment.STEPS, *diplomacy.STEPS, *foreign_wars.STEPS, SiegeAttack(),
                  Replacements(), SetupChoice(), *forced.STEPS)
    }

    static_keys: ClassVar[frozenset[str]] = frozenset({"initial_control"})  # 3.2: the control at set-up
    table_keys: ClassVar[dict[str, int]] = {"control": 1, "sides": 1, "ally_of": 1, "ap_reserve": 1, "fortresses": 2}

    options: ClassVar[dict[str, str]] = {
        "setup_choices": "20.1: the players choose what the scenario leaves open (zones, generals, depots) "
                         "instead of taking the data file's defaults",
        activation.LONE_CORPS_OPTION: "9.1 (optional): a lone corps that enters a zone its side does not control "
                                      "costs 2 AP",
        battle.PURSUIT_SCREEN_OPTION: "14.9.2 (optional): -1 to the pursuit for each cavalry step or cavalry general "
                                      "of the pursued force",
        fog.FOG_OPTION: "11 (optional): the fog of war: of the other side's forces only the commanding general (or "
                        "a lone unit) shows, and of its fleets only the front, until a battle reveals them",
        sequence.RALLY_AT_CONQUEST_OPTION: "5.3 (the other reading of 14.9.3): supplied demoralized forces rally at "
                                           "the conquest phase, after the conquests are checked, not at the end of "
                                           "the activation phase",
        posture.POSTURE_OPTION: "20.2 special rule 2 (optional, 1805): until an enemy force enters Prussia, the "
                                "Prussian army moves only between zones next to enemy territory",
        events.GRENADIERS_OPTION: "7.3 (optional): the Coalition playing the Austrian permanent card (3C) as an "
                                  "event puts the Grenadiers corps at once on a supplied reinforcement zone",
    }

    def scenarios(self) -> dict[str, str]:
        return {sid: S.data().scenarios[sid].header.name for sid in PLAYABLE}

    redacts_log: ClassVar[bool] = True  # 11: the fog of war (``fog.log_entries``, which passes lines on without it)

    def log_entries(self, st: State, entry: dict[str, Any]) -> list[dict[str, Any]]:
        return fog.log_entries(st, entry)

    def shown_step(self, st: State, side: str | None) -> str | None:
        return fog.shown_step(st, side)

    def board_hidden(self, st: State) -> bool:
        return fog.on(st)  # 11: the other side's stacks and fleets' backs

    def redact_text(self, st: State, text: str, side: str | None) -> str:
        return fog.redact_text(st, text, side) if fog.on(st) else text

    def setup(self, st: State, scenario: str, options: dict[str, Any]) -> None:
        d = S.data()
        sc = d.scenarios[scenario]
        m = d.map
        g = st.g
        st.derived.clear()  # the board is built anew below: no cache of an earlier one may stay
        h = sc.header
        g.update(scenario=scenario, year=h.start_year, round=h.start_round, last_round=6, turn=h.first_player,
                 forces={}, fleets={}, aboard={}, next_force=1, fixed_depots=[], reserve={"units": []}, removed=[],
                 hands={}, decks={}, discards={"empire": [], "coalition": []}, out=[],
                 ap_reserve={"empire": 0, "coalition": 0}, conquered=[], lifted=[])
        g["sides"] = {p: (sc.side_of(p) if p in sc.statuses else None) for p in m.powers}
        g["ally_of"] = {p: s.ally_of for p, s in sc.statuses.items() if s.status in ("allied", "protectorate")
                        and s.ally_of}
        # 8.1: each power's diplomatic status; a forced peace or alliance also keeps its partner and end (3.5, 3.6)
        g["status"] = {p: s.status for p, s in sc.statuses.items()}
        g["forced"] = {p: {"with": s.with_power, "until": s.until_year, "then": s.then}
                       for p, s in sc.statuses.items() if s.status in ("forced_peace", "forced_alliance")}
        g["control"] = {z.id: z.owner for z in m.zones.values() if z.fortress or z.port or z.city}
        for c in sc.controls.values():
            zones = [z for p in c.provinces for z in (x.id for x in m.zones_of(p))] + list(c.zones)
            for z in zones:
                if z in g["control"] and z not in c.except_zones:
                    S.set_control(st, z, c.power)
        g["initial_control"] = dict(g["control"])  # 3.2: whose forces take a zone back without supply
        g["fortresses"] = {z.id: {"level": z.fortress, "active": True, "siege": None, "besieger": None}
                           for z in m.zones.values() if z.fortress}
        for rec in sc.removed.values():
            g["removed"] += list(rec.generals)
        if h.victory_level is None:
            for player in S.SIDES:
                sc_cards = getattr(h.cards, player)
                cards.deal(st, player, list(sc_cards.deck), sc_cards.draw)
        else:
            grand_campaign_setup(st)
        st.push("round")
        queue = setup_queue(st) if options.get("setup_choices") else []
        if queue:
            st.push("setup.choice", queue=queue, picks={})
        else:
            place_forces(st, {})

    def check_state(self, st: State) -> None:
        """A save loaded from outside: its scenario, known cards, each of a side's cards in exactly one place (its hand,
        its pile, its played pile, or out of the game: 6.4), forces of known units in known zones."""
        g, d = st.g, S.data()
        if g["scenario"] != st.setup["scenario"]:
            raise ValueError(f"the board is of scenario {g['scenario']!r}, the set-up of {st.setup['scenario']!r}")
        known = d.cards.cards
        for side in S.SIDES:
            places = (g["hands"][side], g["decks"][side], g["discards"][side])
            for cid in [c for p in (*places, g["out"]) for c in p]:
                if not isinstance(cid, str) or cid not in known:
                    raise ValueError(f"unknown card {cid!r}")
            aside = g.get("punishments", {}).get(side, [])
            held = sorted([c for p in (*places, aside) for c in p] + [c for c in g["out"] if known[c].side == side])
            if held != sorted(cards.scenario_cards(g["scenario"], side)):
                raise ValueError(f"the {S.side_name(side)}'s cards are not each in one place: hand, pile, played "
                                 "pile or out")
        for fid, f in g["forces"].items():
            if f["side"] not in (*S.SIDES, None) or f["zone"] not in d.map.zones or any(
                    u not in d.counters.units for u in f["units"]):
                raise ValueError(f"force {fid!r} is not made of known units in a known zone")
        if not isinstance(g.get("fleets"), dict):
            raise ValueError("the save has no fleets (saved before the naval rules, 17)")
        for fl, x in g["fleets"].items():
            ports = d.map.zones.get(x.get("where")) if x.get("at") in ("port", "blockade") else None
            if fl not in d.counters.fleets or not (
                    (x.get("at") == "sea" and x.get("where") in d.map.seas) or (ports is not None and ports.port)):
                raise ValueError(f"fleet {fl!r} is not a known fleet in a port, a sea zone or a blockade box")
        for fid, x in g.get("aboard", {}).items():
            if any(u not in d.counters.units for u in x["force"]["units"]) or any(
                    fl not in g["fleets"] for fl in x["fleets"]):
                raise ValueError(f"force {fid!r} aboard is not made of known units on fleets of the board")

    def public_view(self, st: State, side: str | None) -> dict[str, Any]:
        g = st.g
        view = {k: v for k, v in g.items() if k not in ("hands", "decks")}
        view["hand"] = list(g["hands"][side]) if side else None
        view["hand_sizes"] = {s: len(h) for s, h in g["hands"].items()}
        view["deck_sizes"] = {s: len(d) for s, d in g["decks"].items()}
        # What every client displays: the texts of the cards in the viewer's hand and the board summary (25, 26)
        view["hand_cards"] = describe.hand_cards(st, side) if side else None
        view["summary"] = describe.summary(st, side)
        view["outcome"] = describe.outcome(st) if st.over else None  # who won and by which victory record (22)
        if fog.on(st):
            fog.redact_board(st, side, view)  # 11: the other side's stacks and fleets' backs
        return view

    def action_catalog(self, scenario: str) -> list[Action]:
        """Every (verb, argument) the rules can offer, by the kind of argument each verb takes; force ids are
        numbered up to ``MAX_FORCES`` (an 1815 game creates about 50)."""
        d = S.data()
        kinds: dict[str, list[Any]] = {
            "none": [None], "card": list(d.cards.cards), "zone": [*d.map.zones, "fortress"],
            "unit": list(d.counters.units), "general": list(d.counters.generals), "army": list(d.counters.armies),
            "force": [f"f{i}" for i in range(1, MAX_FORCES + 1)], "march": list(range(7)), "morale": list(range(10)),
            "depot": ["fixed", "mobile"], "fleet": list(d.counters.fleets), "sea": list(d.map.seas),
            "power": list(d.map.powers), "province": list(d.map.provinces),
        }
        verbs = {
            "none": ("attack", "decline", "done", "evade", "fixed_depot", "flag", "fortress", "keep", "mobile_depot",
                     "op", "pass", "rally", "siege", "stand", "wait", "spearhead", "subordinate", "depot", "withdraw",
                     "reward_card", "reward_resources", "stay", "free_card", "buy_card"),
            "card": ("card", "event", "discard"),
            "zone": ("zone", "setup", "intercept_box", "attack_box", "blockade", "attack_port"),
            "unit": ("build", "engage", "garrison", "hold_back", "leave", "loss", "mask", "reactivate", "restore",
                     "spearhead", "swap", "take", "unit", "build_reduced", "remove_unit"),
            "general": ("dismiss", "general", "leave_general", "subordinate", "setup"), "army": ("army",),
            "force": ("absorb", "force", "intercept", "embark", "disembark"), "march": ("forced_march",),
            "morale": ("morale",),
            "depot": ("depot", "setup"), "fleet": ("fleet", "drop_fleet", "scuttle", "free_fleet"),
            "sea": ("sea", "intercept_sea", "attack_sea"),
            # 18 the conquest phase (peace.py); 7.3.1 transfers (budget.py); 7.1 declarations of war (interphase.py)
            "power": ("ally", "integrate", "fight_on", "impose", "take_minor", "annex_to", "transfer", "declare"),
            "province": ("annex",),
        }
        out: list[Action] = [(v, arg) for kind, vs in verbs.items() for v in vs for arg in kinds[kind]]
        # 8, 6.5: the diplomatic uses of a card, their target country and the foreign war to end (appended: the
        # earlier indices stay as they were)
        diplomatic = [(v, c) for v in ("diplomacy", "protectorate", "end_war", "war") for c in d.cards.cards]
        return [*out, ("reactivate", "depot"), *diplomatic, *(("target", p) for p in d.map.powers),
                ("free_attempt", None), *((v, fl) for v in ("corsairs", "corsairs_back") for fl in d.counters.fleets),
                *(("option", i) for i in range(3)), *(("remove_depot", f) for f in kinds["force"]),
                *(("remove_fixed_depot", z) for z in d.map.zones),  # 7.3.7 (budget.py)
                *(("assault", z) for z in d.map.zones), *(("land_enemy", f) for f in kinds["force"]),  # 17.2.8
                *(("setup", fl) for fl in d.counters.fleets),  # 20.1: the fleets a set-up leaves open
                *(("replace", u) for u in kinds["unit"]),  # 20.1: the unit an activated army's replacement restores
                *(("relieve", g) for g in kinds["general"])]  # 10.3: an army's general relieved at the budget

    def resample_hidden(self, st: State, side: str, rng: random.Random) -> None:
        """What ``side`` knows of the cards: its own hand, the sizes of the other hands and piles, and every card
        played (6.4: played cards are shown). Another side's hand and pile are thus one pool it cannot split, and
        its own pile's order is unknown: each is dealt again from its sorted contents, so that two hidden truths
        ``side`` cannot tell apart give the same copy for the same ``rng``. A grand campaign's permanent cards in
        the other hand stay there: where they are is public (6.3)."""
        hands, decks = st.g["hands"], st.g["decks"]
        for s in S.SIDES:
            if s == side:
                decks[s] = sorted(decks[s])
                rng.shuffle(decks[s])
                continue
            # the grand campaigns' permanent cards are no secret: taken back openly (6.3), shown when played
            known = [c for c in hands[s] if c in cards.permanent_cards(s)] if S.grand_campaign(st) else []
            pool = sorted([c for c in hands[s] if c not in known] + decks[s])
            rng.shuffle(pool)
            n = len(hands[s]) - len(known)
            hands[s], decks[s] = known + pool[:n], pool[n:]
        fog.resample(st, side, rng)  # 11: the other side's hidden stacks

    def describe(self, st: State, side: str | None) -> list[str]:
        return describe.board_lines(describe.summary(st, side), describe.hand_cards(st, side) if side else None)

    def outcome(self, st: State) -> str:
        return describe.outcome(st)

    def card_text(self, name: str) -> str | None:
        cid = describe.card_id(name)
        return None if cid is None else describe.card_page(cid)

    def rule(self, number: str) -> str:
        """The rulebook section a rule number names ("14.6"), for the terminal's ``r`` (the browser's log tags)."""
        return describe.rule_title(number)

    def why(self, st: State, target: str) -> str:
        if fog.on(st) and fog.names_hidden_piece(st, target, st.active):  # 11: as if it were not on the map
            return f"{target!r} names no zone and no force on the map."
        return self.redact_text(st, why(st, target), st.active)

    def label(self, st: State, action: Action) -> str:
        return self.redact_text(st, self._label(st, action), st.active)  # 11: the pieces of an enemy stack

    def _label(self, st: State, action: Action) -> str:
        verb, arg = action
        interphase_label = budget.label(st, action) or redeployment.label(st, action)
        if interphase_label is not None:
            return interphase_label
        naval_label = (naval.label(st, action) or diplomacy.label(st, action) or cards.label(st, action)
                       or events.label(st, action))
        if naval_label is not None:
            return naval_label
        peace_label = peace.label(st, action)
        if peace_label is not None:
            return peace_label
        if verb == "card":
            card = S.data().cards.cards[arg]
            return f"Play {card.title} for {cards.ap_value(st, arg)} AP" if st.step == "round" else f"Play {card.title}"
        if verb == "setup":
            return setup_label(st, arg)
        if verb == "event":
            return f"Play {S.data().cards.cards[arg].title} as an event"
        if verb == "discard":
            return f"Discard {S.data().cards.cards[arg].title}"
        if verb == "declare":
            return f"Declare war on {S.data().map.powers[arg].name} (7.1)"
        if verb == "force" and st.step == "countermarch":
            return f"Counter-march with {S.name_of(st, arg)} from {S.zone_name(S.force(st, arg)['zone'])}"
        if verb == "force" and st.step == "pickup":
            return f"Call in {S.name_of(st, arg)} from {S.zone_name(S.force(st, arg)['zone'])} (free, 9.1)"
        if verb == "force":
            f = S.force(st, arg)
            return f"Activate {S.name_of(st, arg)} at {S.zone_name(f['zone'])} ({S.initiative(f)} AP)"
        if verb == "army":
            gid = next(a.commander for f in st.g["forces"].values() for a in S.armies(f) if a.army == arg)
            g = S.general(str(gid))
            return (f"Activate {g.name}'s {S.data().counters.armies[arg].name} alone, out of its group "
                    f"({g.initiative} AP)")
        if st.step == "battle.choose" and arg is None:
            return {"spearhead": "No elite corps at the head", "subordinate": "No subordinate lends his value"}[verb]
        if verb == "subordinate" and st.step == "battle.choose":
            return f"{S.general(arg).name} lends his tactical value"
        if verb == "subordinate" and st.step == "countermarch":
            return f"Counter-march with {S.general(arg).name} apart from his army, with units he takes"
        if verb == "subordinate":
            return (f"Activate {S.general(arg).name} apart from his army, with units he takes "
                    f"({S.general(arg).initiative} AP)")
        if verb == "unit" and st.step == "activation":
            return f"Activate {S.unit_name(arg)} alone, out of its force (1 AP)"
        if verb in UNIT_VERBS:
            return UNIT_VERBS[verb].format(unit=S.unit_name(arg))
        if verb in GENERAL_VERBS:
            return GENERAL_VERBS[verb].format(general=S.general(arg).name)
        if verb == "absorb":
            return f"Take in {S.name_of(st, arg)}"
        if verb == "hand_over":
            return f"Leave all the units to {S.name_of(st, arg)} and return to the reserve (10.2)"
        if verb == "morale":
            return f"Fight with morale {arg}"
        if verb == "decline" and st.step == "intercept.card":
            return "Give up the interception"
        if verb == "intercept":
            return f"Intercept with {S.name_of(st, arg)}"
        if verb == "zone":
            if st.step == "march":
                here = S.force(st, st.frame["fid"])["zone"]
                return f"Move to {S.zone_name(arg)} ({S.data().map.enter_cost(here, arg)} MP)"
            return "Into the fortress" if arg == "fortress" else f"To {S.zone_name(arg)}"
        if verb == "loss":
            f = S.force(st, st.frame["fid"])
            return f"Take the loss on {S.unit_name(arg)} ({f['units'][arg]})"
        if verb == "mask":
            return f"Leave {S.unit_name(arg)} to mask the fortress and go on"
        if verb == "reactivate":
            how = "a mobile depot" if arg == "depot" else f"a step of {S.unit_name(arg)}"
            return f"Reactivate the fortress with {how}"
        if verb == "attack" and st.step == "march":
            return "Sortie: attack the besiegers"
        if verb == "forced_march":
            return f"Forced march of +{arg} MP" if arg else "No forced march"
        if verb == "done":
            return {"activation": "Finish (unused AP go to the reserve)", "march": "Stop here",
                    "pickup": "Set off without more forces", "cards.window": "Play no more cards",
                    "countermarch": "No more counter-marches", "detach": "Set off with these units",
                    "swap": "March", "interphase.war": "Declare no (more) war",
                    "interphase.hands": "Keep these cards and draw"}.get(str(st.step), "Done")
        fixed = {
            "op": "Make a 1-AP operation without a card", "pass": "Pass",
            "decline": "Let it pass", "flag": "Take control of this zone (1 MP)", "siege": "Make a siege attack",
            "fixed_depot": "Set up a mobile depot here as a fixed depot", "stand": "Stand and fight",
            "mobile_depot": "Take up the fixed depot here as a mobile depot",
            "fortress": "Withdraw into the fortress", "evade": "Try to evade", "keep": "Keep the depot",
            "rally": "Try to rally the force (2 MP)", "attack": "Attack now",
            "wait": "Wait here for the other forces of the campaign",
            "depot": {"attrition.depot": f"Spend a {arg} depot", "detach": "Take a mobile depot"}.get(
                str(st.step), "Lose a mobile depot instead"),
        }
        return fixed.get(verb, super().label(st, action))


GAME = NaeGame()
