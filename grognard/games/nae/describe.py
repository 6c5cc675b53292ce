"""What a player reads about an NAE game, for any client (terminal, browser): card texts, the rulebook's section
titles, a board summary and the end-of-game announcement.

All are built from what the reader may see (a hand only for its owner); ``summary``, ``hand_cards`` and ``outcome``
go into ``state.view(side)`` so every client shows the same facts, and the terminal renders them as lines
(``board_lines``)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, conquest, fog, foreign_wars, interphase, naval, victory
from grognard.games.nae.schema.scenario import Condition

RULEBOOK = Path(__file__).resolve().parent / "data" / "rulebook.toml"


@cache
def rulebook() -> dict[str, dict[str, Any]]:
    """The rulebook's chapters and sections: number -> title, French title and page (``data/rulebook.toml``)."""
    with RULEBOOK.open("rb") as f:
        rows = tomllib.load(f)["section"]
    return {r["id"]: {k: r[k] for k in ("title", "title_fr", "page") if k in r} for r in rows}


def rule_title(number: str) -> str:
    """"14.5.7" -> "14.5 Combat modifiers (chapter 14 Battle, rulebook p. 20)": the nearest numbered section."""
    book = rulebook()
    parts = number.strip().split(".")
    while parts and ".".join(parts) not in book:
        parts.pop()
    if not parts:
        return ""
    sec = ".".join(parts)
    r = book[sec]
    where = [f"chapter {parts[0]} {book[parts[0]]['title']}"] if len(parts) > 1 else []
    if "page" in r:
        where.append(f"rulebook p. {r['page']}")
    return f"{sec} {r['title']}" + (f" ({', '.join(where)})" if where else "")


def card_info(cid: str) -> dict[str, Any]:
    """One card as a player reads it: title, value, when it is played, its text, and whether the engine's reading of
    it is reconstructed (``reconstructed`` then quotes the card's provenance, which says what was reconstructed)."""
    card = S.data().cards.cards[cid]
    return {
        "id": cid, "title": card.title, "title_fr": card.title_fr, "side": card.side, "value": card.value,
        "phases": list(card.phases), "combat": card.combat, "gold_star": card.gold_star, "text": card.text,
        "reconstructed": card.src if "reconstructed" in card.src else None,
    }


def card_id(text: str) -> str | None:
    """The card a player names: its id in any case ("3f"), or a unique start of its title ("column")."""
    all_cards = S.data().cards.cards
    key = text.strip().lower()
    if not key:
        return None
    by_id = {cid.lower(): cid for cid in all_cards}
    if key in by_id:
        return by_id[key]
    found = [cid for cid, c in all_cards.items()
             if c.title.lower().startswith(key) or c.title_fr.lower().startswith(key)]
    return found[0] if len(found) == 1 else None


def hand_cards(st: State, side: str) -> list[dict[str, Any]]:
    """The cards of ``side``'s hand with their activation value now (``ap``: 6.2, a Grande Coalition adds 1)."""
    return [card_info(c) | {"ap": cards.ap_value(st, c)} for c in st.g["hands"][side]]


def card_line(c: dict[str, Any]) -> str:
    """A ``card_info`` as one line: id, title, AP value, text, and a mark when the card is reconstructed."""
    mark = " [reconstructed]" if c["reconstructed"] else ""
    return f"{c['id']} {c['title']} ({c.get('ap', c['value'])} AP, {'/'.join(c['phases'])}){mark}: {c['text']}"


def card_page(cid: str) -> str:
    """Everything a player may want to read about one card, its provenance included when it is reconstructed."""
    c = card_info(cid)
    text = card_line(c)
    if c["combat"]:
        text += " Combat card (CC, 6.6)."
    if c["gold_star"]:
        text += " Gold star: removed from the game once played as an event (6.2)."
    if c["reconstructed"]:
        text += f" Reconstructed (the printed card is not available): {c['reconstructed']}"
    return text


def outcome(st: State) -> str:
    """The end of the game in words: who won and the victory record (20.1) that decided, with the state of each of
    its conditions; for a draw, why no record holds."""
    assert st.result is not None
    winner = st.result["winner"]
    both_lose = S.data().scenarios[st.g["scenario"]].header.default_result == "both_lose"
    head = f"The {S.side_name(winner)} wins." if winner else "Both sides lose." if both_lose else "The game is a draw."
    sc = S.data().scenarios[st.g["scenario"]]
    decided = [v for v in sc.victory.values() if v.result == winner and all(victory.holds(st, c) for c in v.all_of)]
    if decided:
        v = decided[0]
        return f"{head} Decided by {v.src}: {v.text} ({'; '.join(condition_text(st, c) for c in v.all_of)})."
    why = "; ".join(f"{v.text.rstrip('.')} — {', '.join(condition_text(st, c) for c in v.all_of)}"
                    for v in sc.victory.values())
    return f"{head} {st.result['text']} {why}."


def condition_text(st: State, c: Condition) -> str:
    """One victory condition as it stands now, in words."""
    now = victory.holds(st, c) != c.negate  # the plain fact, before the record's negation
    power = S.data().map.powers[c.power].name if c.power else ""
    if c.kind == "conquered":
        keys = conquest.key_zones(str(c.power))
        own = st.g["sides"][str(c.power)]
        lost = [S.zone_name(z) for z in keys if S.controller(st, z) not in (None, own)]
        held = f"{len(lost)} of its {len(keys)} key zones lost" + (f": {', '.join(lost)}" if lost else "")
        return f"{power} {'is' if now else 'is not'} conquered ({held}, 18.2.1)"
    if c.kind == "has_army":
        kind = "non-demoralised army" if c.non_demoralised else "army"
        return f"{power} {'has a' if now else 'has no'} {kind} on the map"
    if c.kind == "general_removed":
        return f"{S.general(str(c.general)).name} {'is off the map' if now else 'is on the map'}"
    if c.kind in ("victory_level_at_least", "victory_level_at_most"):
        return f"the victory level is {st.g.get('vp')} (19.1, 19.2)"
    side = S.side_name(str(c.side))
    if c.kind == "card_played":
        return f"{S.data().cards.cards[str(c.card)].title} {'has' if now else 'has not'} been played as an event"
    if c.kind == "controls_zone":
        return f"the {side} {'controls' if now else 'does not control'} {S.zone_name(str(c.zone))}"
    return f"the {side} {'controls' if now else 'does not control'} every key zone of {power}"


def summary(st: State, side: str | None) -> dict[str, Any]:
    """The public state of the board: round, weather, victory conditions and who meets them now, every force with
    its units and generals, supply, sieges, hand sizes and AP reserves. Nothing of any hidden hand is in it."""
    g = st.g
    w = S.data().tables.weather(g["round"])
    sc = S.data().scenarios[g["scenario"]]
    return fog.redact_summary(st, side, {
        "year": g["year"], "round": g["round"], "last_round": g["last_round"],
        "round_of": f"round {g['round']} of {g['last_round']}",  # the rulebook's numbering (1815 opens in round 2)
        "weather": w.name, "turn": g["turn"], "to_act": st.active,
        "victory": [{"id": vid, "result": v.result, "text": v.text, "src": v.src,
                     "met": all(victory.holds(st, c) for c in v.all_of)} for vid, v in sc.victory.items()],
        "forces": [_force(st, fid) for fid in g["forces"]],
        "fleets": [_fleet(st, fl) for fl in g["fleets"]],
        "sieges": [{"zone": z, "zone_name": S.zone_name(z), "level": fort["siege"]}
                   for z, fort in g["fortresses"].items() if fort["siege"] is not None],
        "hand_sizes": {s: len(h) for s, h in g["hands"].items()},
        "ap_reserve": dict(g["ap_reserve"]),
        **(grand(st, side) if S.grand_campaign(st) else {}),
    })  # 11: what the fog of war hides taken out


# 5.1: the interphase's phases, by the function of ``interphase.PHASES`` that opens each
STAGES = {"push_declarations": "declarations of war (7.1)", "push_hand_building": "hand building (7.2)",
          "push_budget_phase": "budget phase (7.3)", "push_diplomatic_phase": "diplomatic phase (7.4)",
          "push_neutral_movement": "movement of the neutral majors (7.5)",
          "push_strategic_redeployment": "strategic redeployment (7.6)"}
# What each stage of the year asks of the players, from the rulebook's own summary (5.1-5.3, 7.1-7.6), so a player
# new to the grand campaigns reads why the game stops there
STAGE_HELP = {
    "push_declarations": "The Coalition, then the Empire, may declare war on neutral powers: no force may enter a "
                         "power's territory this year without a declaration made now. A declaration is one on the "
                         "power's allies too, and a neutral minor attacked joins the other side (7.1).",
    "push_hand_building": "Each side may discard any of the cards it still holds, gets back its permanent cards, then "
                          "draws up to what the card assignment table gives it for the key zones it holds: 6 to 10 "
                          "cards (6.3).",
    "push_budget_phase": "Each major collects its resources and spends them (new units, restored steps, armies, "
                         "depots, generals) in the order Turkey, Spain, Prussia, Austria, Russia, Britain, France; "
                         "what is not spent is lost (7.3).",
    "push_diplomatic_phase": "The Coalition, then the Empire, may play up to 2 cards: a diplomatic action on a "
                             "neutral power (a single major a year per side, 8.2), a protectorate (France, 8.1.5), an "
                             "event, or an attempt to end a foreign war (Coalition, 6.5).",
    "push_neutral_movement": "The land units of the majors that are neutral, in forced peace or forced alliance move "
                             "up to their basic MF inside their own territory: the Empire moves Spain's and "
                             "Turkey's, the Coalition Prussia's, Austria's and Russia's (7.5).",
    "push_strategic_redeployment": "Supplied forces may move far: a general doubles his force's MF, with an attrition "
                                   "test beyond its basic MF; never into enemy units, an unbesieged enemy fortress, an "
                                   "enemy control marker or out of supply; no interception, fleets stay put (7.6).",
    "conquest": "Minor then major powers whose key zones are taken surrender (18): provinces are annexed, forced "
                "peace is imposed and victory points are scored (5.3, 19).",
}
STATUS_NAMES = {"at_war": "at war", "neutral": "neutral", "allied": "allied", "forced_peace": "forced peace",
                "forced_alliance": "forced alliance", "protectorate": "protectorate", "not_in_play": "not in play"}


def stage_help(st: State) -> str | None:
    """What the stage of the year (``stage``) asks of the players, in a sentence or two (``STAGE_HELP``)."""
    g = st.g
    if g["phase"] == "conquest":
        return STAGE_HELP["conquest"]
    frame = next((x for x in st.core["stack"] if x["step"] == "interphase"), None)
    if g["phase"] != "interphase" or frame is None or frame["phase"] == 0:
        return None
    return STAGE_HELP[interphase.PHASES[frame["phase"] - 1].__name__]


def stage(st: State) -> str:
    """Where the year stands, as both sides see it on the turn track: the activation round, the conquest phase (18),
    the phase of the interphase (5.1) or the victory phase that ends the last year (5.4)."""
    g = st.g
    if g["phase"] == "victory":
        return f"{g['year']} victory phase (5.4, 19)"
    if g["phase"] == "interphase":
        frame = next((x for x in st.core["stack"] if x["step"] == "interphase"), None)
        if frame is not None and frame["phase"] > 0:
            return f"{g['year']} interphase: {STAGES[interphase.PHASES[frame['phase'] - 1].__name__]}"
        return f"{g['year']} interphase"
    if g["phase"] == "conquest":
        return f"{g['year']} conquest phase (18)"
    return f"{g['year']} activation phase, round {g['round']} of {g['last_round']}"


def grand(st: State, side: str | None) -> dict[str, Any]:
    """The grand campaigns' public markers (20.2, 20.3): the stage of the year, victory level (19) and escalade (6.1),
    the diplomatic table of every power (8.1: status, side, the major it is allied to, a forced peace's conqueror),
    the budget being spent (7.3: the resources track is on the board), the Foreign Wars (6.5) and Corsairs (17.2.9)
    boxes."""
    g = st.g
    m = S.data().map
    powers = []
    for pid, status in g["status"].items():
        forced = g["forced"].get(pid)
        ally = g["ally_of"].get(pid) if status in ("allied", "protectorate") else None
        powers.append({"id": pid, "name": m.powers[pid].name, "kind": m.powers[pid].kind, "status": status,
                       "status_name": STATUS_NAMES.get(status, status), "side": g["sides"].get(pid),
                       "ally_of": m.powers[ally].name if ally else None,
                       "forced_by": m.powers[forced["with"]].name if forced else None,
                       "conquered": pid in g["conquered"]})
    spend = next((x for x in reversed(st.core["stack"]) if x["step"] == "budget.spend"), None)
    budget = None if spend is None else {"power": spend["power"], "name": m.powers[spend["power"]].name,
                                         "side": spend["side"], "purse": int(spend["purse"]),
                                         "why": _manager_why(st, spend["power"], spend["side"])}
    fleets = S.data().counters.fleets
    wars = [{"card": w["card"], "title": S.data().cards.cards[w["card"]].title, "power": m.powers[w["power"]].name,
             "units": [S.unit_name(u) for u in w["units"]], "generals": [S.general(x).name for x in w["generals"]],
             "fleets": [_fleet_name(st, side, x) for x in w["fleets"]]} for w in foreign_wars.foreign_wars(st)]
    return {"phase": g["phase"], "stage": stage(st), "stage_help": stage_help(st), "victory_level": g["vp"],
            "escalade": g["escalade"],
            "punishments_at": cards.punishments_at(), "periods": list(g["periods"]), "statuses": dict(g["status"]),
            "powers": powers, "budget": budget, "foreign_wars": wars,
            "corsairs": [{"id": x if _fleet_name(st, side, x) == fleets[x].name else None,
                          "name": _fleet_name(st, side, x), "power": fleets[x].power} for x in cards.corsairs_box(st)],
            "continental_blockade": "blockade" in g}


def _manager_why(st: State, power: str, side: str) -> str | None:
    """7.3.2: why a side spends the budget of a power it does not fight with (a neutral, a forced peace), or None."""
    status = S.status_of(st, power)
    if status in ("at_war", "allied", "protectorate"):
        return None
    name = S.data().map.powers[power].name
    return f"{name} is {STATUS_NAMES.get(status, status)}: the {S.side_name(side)} spends its resources (7.3.2)"


def _fleet_name(st: State, side: str | None, fl: str) -> str:
    """A fleet off the map as ``side`` reads it: under the fog of war (11) only its owner sees which one it is."""
    c = S.data().counters.fleets[fl]
    if fog.on(st) and S.side_of(st, c.power) != side:
        return f"{S.data().map.powers[c.power].adjective} fleet"
    return c.name


def _force(st: State, fid: str) -> dict[str, Any]:
    f = S.force(st, fid)
    generals = []
    for a in S.armies(f):
        for gid, role in [(a.commander, "commander"), *((s, "subordinate") for s in a.subs)]:
            if gid:
                gen = S.general(gid)
                generals.append({"id": gid, "name": gen.name, "role": role, "initiative": gen.initiative,
                                 "command": gen.command, "attack": gen.attack, "defence": gen.defence})
    units = [{"id": uid, "name": S.unit_name(uid), "value": v, "full": v == S.unit(uid).steps}
             for uid, v in f["units"].items()]
    return {"id": fid, "name": S.name_of(st, fid), "side": f["side"], "zone": f["zone"],
            "zone_name": S.zone_name(f["zone"]), "combat": S.combat_value(f), "units": units, "generals": generals,
            "depots": len(f["depots"]), "supplied": not f["unsupplied"], "demoralized": f["demoralized"],
            "in_fortress": f["in_fortress"]}


def _fleet(st: State, fl: str) -> dict[str, Any]:
    x = st.g["fleets"][fl]
    c = S.data().counters.fleets[fl]
    return {"id": fl, "name": c.name, "side": S.side_of(st, x["power"]), "power": x["power"], "at": x["at"],
            "where": x["where"], "place": naval.place_name(x["at"], x["where"]), "initiative": c.initiative,
            "mf": c.mf, "tactical": c.tactical,
            "carrying": [naval.cargo_name(a["force"]) for a in st.g["aboard"].values() if fl in a["fleets"]]}


def board_lines(s: dict[str, Any], hand: list[dict[str, Any]] | None) -> list[str]:
    """A ``summary`` as plain text lines, with the viewer's ``hand``; the first line names the round and the side to act
    and nothing else, so a client may show the board again only when it changes."""
    reserve, hands = s["ap_reserve"], s["hand_sizes"]
    when = f"{s['year']}, {s['round_of']} ({s['weather']})"
    if s.get("phase") in ("interphase", "conquest"):
        when = s["stage"]  # no round is played: the phase of the year (5.1, 18)
    lines = [f"{when}; {s['to_act'] or s['turn']} to act.",
             f"Hands: Empire {hands['empire']}, Coalition {hands['coalition']} cards. "
             f"AP reserve: Empire {reserve['empire']}, Coalition {reserve['coalition']}."]
    if "victory_level" in s:
        escalade = "off (20.3)" if s["escalade"] is None else f"{s['escalade']} (Punishments at {s['punishments_at']})"
        lines.append(f"Now: {s['stage']}. Victory level {s['victory_level']} (19), escalade {escalade} (6.1).")
        if s.get("stage_help"):
            lines.append(f"  {s['stage_help']}")
        if s["budget"]:
            b = s["budget"]
            lines.append(f"Budget (7.3): {b['name']} has {b['purse']} resources left, spent by the "
                         f"{S.side_name(b['side'])}." + (f" {b['why']}." if b["why"] else ""))
        lines += diplomacy_lines(s)
    lines.append("Victory (19, 20):")
    for v in s["victory"]:
        lines.append(f"  [{'met now' if v['met'] else 'not met'}] {v['text']}")
    for side in ("empire", "coalition"):
        lines.append(f"{S.side_name(side)}:")
        for f in (x for x in s["forces"] if x["side"] == side):
            marks = [m for m, on in (("unsupplied", not f["supplied"]), ("demoralized", f["demoralized"]),
                                     ("in fortress", f["in_fortress"])) if on] or ["supplied"]
            if f.get("hidden"):  # 11: no bare « ? » for what the fog of war hides
                lines.append(f"  {f['name']} at {f['zone_name']}: strength, units and depots hidden by the fog of war "
                             f"(11) [{', '.join(marks)}]")
            else:
                lines.append(f"  {f['name']} at {f['zone_name']}: {f['combat']} combat, {f['depots']} depot(s) "
                             f"[{', '.join(marks)}]")
            gens = ", ".join(f"{x['name']} ({x['role']}, initiative {x['initiative']}, command {x['command']}, "
                             f"attack {x['attack']}, defence {x['defence']})" for x in f["generals"])
            if gens:
                lines.append(f"    generals: {gens}")
            units = ", ".join(f"{u['name']} {u['value']}{'' if u['full'] else ' (reduced)'}" for u in f["units"])
            if not f.get("hidden"):
                lines.append(f"    units: {units}")
        fleets = [x for x in s["fleets"] if x["side"] == side]
        if fleets:
            lines.append("  fleets: " + ", ".join(
                f"{x['name']} in {x['place']}" + (f" carrying {', '.join(x['carrying'])}" if x["carrying"] else "")
                for x in fleets))
    neutral = [f"{f['name']} at {f['zone_name']}" for f in s["forces"] if f["side"] is None]
    if neutral:
        lines.append("Neutral powers' forces (8.1.1): " + "; ".join(neutral))
    for w in s.get("foreign_wars", []):
        gone = ", ".join([*w["units"], *w["generals"], *w["fleets"]]) or "nothing yet"
        lines.append(f"Foreign Wars box (6.5): {w['title']} ({w['power']}): {gone}")
    if s.get("corsairs"):
        lines.append("Corsairs box (17.2.9): " + ", ".join(x["name"] for x in s["corsairs"]))
    if s["sieges"]:
        lines.append("Sieges: " + ", ".join(f"{x['zone_name']} (Siege {x['level']})" for x in s["sieges"]))
    if hand is not None:
        lines.append("Your hand:")
        lines += [f"  {card_line(c)}" for c in hand]
    return lines


def diplomacy_lines(s: dict[str, Any]) -> list[str]:
    """8.1: the diplomatic table in a few lines: the majors one by one, the minors grouped by status and side."""
    majors = [p for p in s["powers"] if p["kind"] == "major"]
    lines = ["Diplomacy (8.1):", "  majors: " + "; ".join(f"{p['name']} {power_status(p)}" for p in majors)]
    groups: dict[str, list[str]] = {}
    for p in s["powers"]:
        if p["kind"] != "major" and p["status"] != "not_in_play":
            key = p["status_name"] + (f" ({S.side_name(p['side'])})" if p["side"] and p["status"] != "neutral" else "")
            groups.setdefault(key, []).append(p["name"] + (f" of {p['ally_of']}" if p["ally_of"] else ""))
    lines += [f"  {key}: {', '.join(names)}" for key, names in groups.items()]
    return lines


def power_status(p: dict[str, Any]) -> str:
    """A power's entry in the diplomatic table: « at war (Coalition) », « forced peace with France (Empire) »."""
    text = p["status_name"] + (f" with {p['forced_by']}" if p["forced_by"] else "")
    if p["side"] and p["status"] != "neutral":
        text += f" ({S.side_name(p['side'])})"
    return text + (", conquered" if p["conquered"] else "")
