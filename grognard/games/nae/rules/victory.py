"""19 / 20.1 Victory: the scenario's victory records (data), evaluated at the end of the game; in the grand
campaigns (20.2, 20.3) also the victory level (19.1-19.2), moved as events, conquests and protectorates happen and
checked at each move (an automatic victory ends the game at once), and the escalade level (6.1) that brings in the
Punishments cards.

Timing of "Napoléon retiré du jeu" (20.1): the French text lists it among the conditions checked in the victory
phase (5.4: "Les conditions de victoire sont vérifiées"), and the scenario records say ``when = "end"``. We check it
there, not at once: in the one-year 1815 game a general off the map never comes back (20.1, no budget phase), so the
winner is the same either way, and the Coalition record is read first so nothing can overturn it."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import conquest, supply
from grognard.games.nae.schema.scenario import Condition


def on_map(st: State, gid: str) -> bool:
    return any(gid in S.generals_of(f) for f in st.g["forces"].values())


def counts_for(st: State, zone: str, side: str) -> bool:
    """3.2: « Seules les zones contrôlées qui peuvent tracer une ligne de ravitaillement comptent pour la victoire »:
    ``side`` controls ``zone`` and its holder's major can trace a supply line there."""
    holder = st.g["control"].get(zone)
    if holder is None or S.side_of(st, holder) != side:
        return False
    return zone in supply.supplied_zones(st, S.major_of(st, holder))


def holds(st: State, c: Condition) -> bool:
    """One victory condition of the scenario file."""
    armies = S.data().counters.armies
    if c.kind == "conquered":
        ok = c.power in st.g["conquered"]
    elif c.kind == "has_army":
        ok = any(a.army and armies[a.army].power == c.power and not (c.non_demoralised and S.army_demoralized(f, i))
                 for f in st.g["forces"].values() for i, a in enumerate(S.armies(f)))
    elif c.kind == "general_removed":
        ok = not on_map(st, str(c.general))  # 20.1: in a one-year game a general off the map never returns
    elif c.kind == "controls_zone":
        ok = counts_for(st, str(c.zone), str(c.side))
    elif c.kind == "controls_key_zones":
        ok = all(counts_for(st, z, str(c.side)) for z in conquest.key_zones(str(c.power)))
    elif c.kind == "victory_level_at_least":
        ok = S.grand_campaign(st) and st.g["vp"] >= int(c.value or 0)
    elif c.kind == "victory_level_at_most":
        ok = S.grand_campaign(st) and st.g["vp"] <= int(c.value or 0)
    elif c.kind == "card_played":
        ok = c.card in st.g.get("events_played", [])
    else:
        raise ValueError(f"victory condition {c.kind!r} is not implemented")
    return ok != c.negate


def final_result(st: State) -> tuple[str | None, str]:
    """The first victory record whose conditions all hold, Coalition records first; else the default (19.3: « les
    deux joueurs ont perdu » in the grand campaigns)."""
    sc = S.data().scenarios[st.g["scenario"]]
    records = sorted(sc.victory.values(), key=lambda v: v.result != "coalition")
    for v in records:
        if all(holds(st, c) for c in v.all_of):
            return (v.result if v.result in S.SIDES else None), v.text
    if sc.header.default_result == "both_lose":
        return None, "No victory condition holds: both sides lose (19.3)."
    return None, f"No victory condition holds: {sc.header.default_result}."


def add_vp(st: State, amount: int, rule: str, why: str) -> None:
    """19.1-19.2: move the victory marker (events, conquests, protectorates, blockade...) and end the game at once
    if it reaches an automatic victory level (20 for the Empire, 0 for the Coalition: the scenario's "immediate"
    records). The other rules call this as their gains and losses happen."""
    if amount == 0:
        return
    st.g["vp"] += amount
    st.note(f"Victory level {'+' if amount > 0 else ''}{amount}: {why}; it is now {st.g['vp']}", rule=rule)
    check_automatic(st)


def add_escalade(st: State, amount: int, rule: str, why: str) -> None:
    """6.1: move the escalade marker (nothing where its rules are off, 20.3); at 15 the Punishments cards come in at
    the next interphase (``cards.bring_punishments``)."""
    if amount == 0 or st.g.get("escalade") is None:
        return
    st.g["escalade"] += amount
    st.note(f"Escalade {'+' if amount > 0 else ''}{amount}: {why}; it is now {st.g['escalade']}", rule=rule)


def apply_vp_event(st: State, event_id: str, why: str) -> None:
    """A line of the victory-point events table (tables.toml ``vp_event``): its VP and escalade."""
    ev = S.data().tables.vp_event(event_id)
    add_escalade(st, ev.escalade, ev.src, why)
    add_vp(st, ev.vp, ev.src, why)


def check_automatic(st: State) -> None:
    """19.1 / 19.2: an automatic victory is checked continuously, whenever the level moves."""
    if st.over or not S.grand_campaign(st):
        return
    for v in S.data().scenarios[st.g["scenario"]].victory.values():
        if v.when == "immediate" and all(holds(st, c) for c in v.all_of):
            st.note(v.text, rule=v.src)
            st.finish(v.result if v.result in S.SIDES else None, v.text)
            return


def victory_phase(st: State) -> None:
    """5.4 / 19.3 in the grand campaigns: in the scenario's last year the game ends with its victory records; before
    it, the next year begins with its interphase (5.1)."""
    g = st.g
    sc = S.data().scenarios[g["scenario"]]
    g["phase"] = "victory"
    if g["year"] >= sc.header.end_year:
        result, text = final_result(st)
        st.note(f"The {g['year']} victory phase ends the game: {text}", rule="19.3")
        st.finish(result, text)
        return
    # 8.1.3-8.1.4: the forces of a power in forced peace or alliance (and of its minor allies), redeployed by now
    # (18.2.3), are at war with nobody
    out = [p for p, s in g["status"].items() if s in ("forced_peace", "forced_alliance")]
    S.follow_sides(st, out + [m for m, a in g["ally_of"].items() if a in out and g["sides"].get(m) is None])
    # 9.2: AP left in reserve are lost at the end of the year; no card effect outlasts it
    g.update(year=g["year"] + 1, round=1, last_round=6, turn="empire", declared=[], phase="interphase",
             ap_reserve={"empire": 0, "coalition": 0}, card_effects=[])
    st.note(f"Year {g['year']} begins with its interphase", rule="5.1")
    st.replace("interphase", phase=0)
