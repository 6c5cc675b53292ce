"""8.1.3 / 8.1.4 / 18.2.3: what a forced peace or a forced alliance allows on the loser's ground during the
activation phase. The loser stands at war with nobody (side None), so its territory is neutral ground (12.1), but:

- forced peace (8.1.3): « les forces du conquérant peuvent traverser et/ou stationner sur le territoire du pays
  vaincu, les lignes de ravitaillement du conquérant peuvent passer sur le territoire du pays vaincu (sans pouvoir
  utiliser ses forteresses comme des relais de ravitaillement), une force du vaincu et une force du vainqueur
  peuvent stationner dans une même zone par exception, les forces des nations autres que celles du conquérant et de
  ses alliés ne peuvent pas entrer sur le territoire du pays vaincu sans une déclaration de guerre préalable »;
- forced alliance (8.1.4): « L'alliance forcée permet à l'Empire d'utiliser le territoire de l'allié forcé pour se
  déplacer selon les règles habituelles de mouvement et d'empilement et d'utiliser ses forteresses comme relais de
  ravitaillement mais pas comme sources »; « Les troupes de la coalition ne peuvent donc pas librement entrer sur le
  territoire de l'allié forcé ».

The conqueror's side (the conqueror and its allies, 8.1.3) may thus enter, stay and trace supply there; the other
side may not. Nobody takes control of such ground: it is at war with neither side."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S

FORCED = ("forced_peace", "forced_alliance")


def conqueror_side(st: State, power: str) -> str | None:
    """The side of the conqueror of ``power`` while it is in forced peace or forced alliance (None otherwise)."""
    x = st.g.get("forced", {}).get(power)
    if x is None or st.g["status"].get(power) not in FORCED:
        return None
    return S.side_of(st, x["with"])


def ground_of(st: State, zone: str) -> str:
    """The power whose ground ``zone`` is for entering it (12.1): its controller, or the owner of its territory."""
    return st.g["control"].get(zone) or S.owner(st, zone)


def open_to(st: State, zone: str, side: str | None) -> bool:
    """8.1.3 / 8.1.4: is ``zone`` the ground of a power in forced peace or alliance whose conqueror is of ``side``?"""
    return side is not None and conqueror_side(st, ground_of(st, zone)) == side


def closed_ground(st: State, zone: str, side: str | None) -> bool:
    """12.1 / 8.1.3 / 8.1.4: may ``side``'s forces not enter ``zone``? Neutral ground is closed, but the ground of a
    forced peace or alliance is open to its conqueror's side."""
    return S.is_neutral_ground(st, zone) and not open_to(st, zone, side)


def open_powers(st: State, side: str | None) -> frozenset[str]:
    """The powers in forced peace or forced alliance with a conqueror of ``side``: their controlled zones do not
    block its supply lines, nor do their forces (8.1.3, 8.1.4)."""
    if side is None or not st.g.get("forced"):
        return frozenset()
    return frozenset(p for p in st.g["forced"] if conqueror_side(st, p) == side)


def relay_fortresses(st: State, side: str | None) -> list[str]:
    """8.1.4: the forced ally's active, unbesieged fortresses, relays of the Empire's supply lines (never sources);
    a forced peace's are none (8.1.3)."""
    allies = {p for p in open_powers(st, side) if st.g["status"][p] == "forced_alliance"}
    if not allies:
        return []
    control = st.g["control"]
    return sorted(z for z, fort in st.g["fortresses"].items()
                  if fort["active"] and fort["siege"] is None and control.get(z) in allies)


def key(st: State) -> tuple[tuple[str, str, str], ...]:
    """What these rules read beyond the sides and control, for the supply caches: each forced power, its conqueror
    and its status."""
    return tuple(sorted((p, x["with"], st.g["status"].get(p, "")) for p, x in st.g.get("forced", {}).items()))


def shared_zones(st: State, zones: tuple[str, ...], side: str | None) -> tuple[str, ...]:
    """Of ``zones`` (where forces of another side than ``side`` stand), those where the only such forces are a
    forced power's whose conqueror is of ``side``: they do not block its supply lines (8.1.3: « une force du vaincu
    et une force du vainqueur peuvent stationner dans une même zone »)."""
    powers = open_powers(st, side)
    if not powers:
        return ()
    forces = st.g["forces"]
    index = S.zone_index(st).forces
    return tuple(z for z in zones if all(
        forces[fid]["side"] == side or forces[fid]["in_fortress"] or S.major_of(st, forces[fid]["power"]) in powers
        for fid in index[z]))
