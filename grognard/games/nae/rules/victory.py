"""19 / 20.1 Victory: the scenario's victory records (data), evaluated at the end of the game.

Timing of "Napoléon retiré du jeu" (20.1): the French text lists it among the conditions checked in the victory
phase (5.4: "Les conditions de victoire sont vérifiées"), and the scenario records say ``when = "end"``. We check it
there, not at once: in the one-year 1815 game a general off the map never comes back (20.1, no budget phase), so the
winner is the same either way, and the Coalition record is read first so nothing can overturn it."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import conquest
from grognard.games.nae.schema.scenario import Condition


def on_map(st: State, gid: str) -> bool:
    return any(gid in S.generals_of(f) for f in st.g["forces"].values())


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
        ok = S.controller(st, str(c.zone)) == c.side
    elif c.kind == "controls_key_zones":
        ok = all(S.controller(st, z) == c.side for z in conquest.key_zones(str(c.power)))
    else:
        raise ValueError(f"victory condition {c.kind!r} is not implemented")
    return ok != c.negate


def final_result(st: State) -> tuple[str | None, str]:
    """The first victory record whose conditions all hold, Coalition records first; else the default."""
    sc = S.data().scenarios[st.g["scenario"]]
    records = sorted(sc.victory.values(), key=lambda v: v.result != "coalition")
    for v in records:
        if all(holds(st, c) for c in v.all_of):
            return (v.result if v.result in S.SIDES else None), v.text
    return None, f"No victory condition holds: {sc.header.default_result}."
