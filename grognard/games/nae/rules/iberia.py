"""12.1 The Iberian peninsula (no other power's force enters Spain or Portugal until the cards open it) and the
Continental Blockade (glossary « Blocus continental »), whose test leaves Iberia out when the Empire holds the
Pyrenees; grand campaigns only."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules.diplomacy import (
    allied_with,
    defeated_by,
    event_was_played,
    grand_campaign,
    in_forced_alliance,
    punishments,
)
from grognard.games.nae.schema.cards import ContinentalBlockade


def blockade_holder(st: State, power: str) -> bool:
    """Glossary « Blocus continental »: a port counts when held by France, its allies or forced allies, or by a major
    the Empire beat before and now neutral or in forced peace (Spain after a War of Liberation the Empire won)."""
    if power == "france" or allied_with(st, power, "empire") or in_forced_alliance(st, power):
        return True
    return defeated_by(st, power, "empire") and S.status_of(st, power) in ("neutral", "forced_peace")


def pyrenees_held(st: State) -> bool:
    """Glossary: the Empire controls every zone on both sides of the Pyrenean frontier (a zone without fortress,
    port or city counts when no Coalition force stands in it)."""
    m = S.data().map
    zones = {z for z in m.zones if m.zones[z].owner in ("france", "spain")
             for n in m.neighbours(z) if {m.zones[z].owner, m.zones[n].owner} == {"france", "spain"}}
    return all(S.controller(st, z) == "empire" if z in st.g["control"] else not S.forces_in(st, z, "coalition")
               for z in zones)


def blockade_ports(st: State) -> list[str]:
    """The ports the Continental Blockade must hold (25F's data; Iberia's ports left out while Spain is at war with
    France if the Empire holds the Pyrenees)."""
    card = S.data().cards.cards[st.g.get("blockade") or "25F"]
    e = next(x for x in card.effect if isinstance(x, ContinentalBlockade))
    skip_iberia = S.side_of(st, "spain") == "coalition" and pyrenees_held(st)
    return [z.id for z in S.data().map.zones.values()
            if z.port and z.continental and z.id not in e.except_ports and set(z.seas) & set(e.seas)
            and not (skip_iberia and (z.owner in IBERIA or z.id == "gibraltar"))]


def blockade_in_place(st: State) -> bool:
    """Glossary: the blockade is declared (25F) and every one of its ports is held as it requires; the budget phase
    awards its VP (vp_event "continental_blockade") when this holds."""
    if not st.g.get("blockade") and not event_was_played(st, "25F"):
        return False  # 20.3: in 1809 the blockade is among the events in play at the start
    return all(blockade_holder(st, st.g["control"].get(z) or S.data().map.zones[z].owner)
               for z in blockade_ports(st))


IBERIA = ("spain", "portugal")


def iberia_refusal(st: State, fid: str, dst: str) -> str | None:
    """12.1 « La Péninsule ibérique »: why force ``fid`` may not enter ``dst`` in Spain or Portugal (None: it may).
    No other power's force enters; Snare of Bayonne (24F) and the Continental Blockade (25F) let a number of French
    steps in and open Portugal to French and Spanish units, and then Coalition units to both; Dos de Mayo or the
    Punishments period lift everything. 8.1.2: while Spain is the Empire's ally, no Empire unit enters Spain before
    both cards are played."""
    owner = S.data().map.zones[dst].owner
    if owner not in IBERIA or not grand_campaign(st):
        return None
    iberia = st.g.get("iberia") or {"steps": 0, "portugal": False, "open": False}
    if iberia["open"] or punishments(st):
        return None
    f = S.force(st, fid)
    powers = {S.unit(u).power for u in f["units"]}
    if powers <= {owner}:
        return None
    name_ = S.zone_name(dst)
    if not iberia["portugal"]:
        return f"no force of another power enters Spain or Portugal ({name_}), 12.1"
    if f["side"] == "coalition":
        return None
    if not powers <= {"france", "spain"}:
        return f"only French and Spanish units may enter the Iberian peninsula ({name_}), 12.1"
    if owner == "portugal":
        return None
    if allied_with(st, "spain", "empire") and not all(event_was_played(st, c) for c in ("24F", "25F")):
        return "no Empire unit enters allied Spain before the Snare of Bayonne and the Blockade are played, 8.1.2"
    inside = sum(v for x in st.g["forces"].values() if x is not f and S.data().map.zones[x["zone"]].owner in IBERIA
                 for u, v in x["units"].items() if S.unit(u).power == "france")
    mine = sum(v for u, v in f["units"].items() if S.unit(u).power == "france")
    if S.data().map.zones[f["zone"]].owner not in IBERIA and inside + mine > iberia["steps"]:
        return f"at most {iberia['steps']} French steps may be in the Iberian peninsula ({name_}), 12.1"
    return None
