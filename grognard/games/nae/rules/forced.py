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

from typing import ClassVar

from grognard.core.machine import Action, Frame, State
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
        f["side"] == side or f["in_fortress"] or S.major_of(st, f["power"]) in powers
        for f in (forces[fid] for fid in index.get(z, ()) if fid in forces)))


# 8.1.4 A forced alliance broken by an event ------------------------------------------------------------------------

def part(st: State, power: str, victor: str) -> None:
    """8.1.4: « Si l'alliance forcée est cassée par le jeu d'un évènement, les unités de l'Empire prennent le contrôle
    des zones qu'elles sont seules à occuper y compris les forteresses. Pour les zones où cohabitent les forces de
    l'Empire et de la Coalition, les forces françaises peuvent » withdraw into the fortress or into an adjacent zone
    (``Part``). ``victor``: the side of the conqueror, whose forces stood on ``power``'s ground. A forced peace broken
    by an event (23F: « or in forced peace ») leaves the same shared zones: the same rule applies."""
    forces = st.g["forces"]
    zones = sorted({f["zone"] for f in forces.values() if f["side"] == victor and S.owner(st, f["zone"]) == power})
    for zone in reversed(zones):  # asked in file order
        mine = [fid for fid in S.forces_in(st, zone, victor) if not forces[fid]["in_fortress"]]
        if S.forces_in(st, zone, S.other(victor)):
            for fid in mine:
                st.push("forced.part", fid=fid, side=victor, power=power)
        elif zone in st.g["control"] and S.controller(st, zone) != victor and mine:
            S.set_control(st, zone, S.major_of(st, forces[mine[0]]["power"]))
            st.note(f"{S.name_of(st, mine[0])}, alone in {S.zone_name(zone)}, takes control of it", rule="8.1.4")


def part_options(st: State, fid: str) -> list[Action]:
    """8.1.4: « se replier immédiatement dans la forteresse dont elles prennent le contrôle » (an active fortress no
    enemy holds), « se replier dans une zone adjacente non contrôlée par la Coalition » (one the force may stand in:
    open ground, no enemy force outside its fortress)."""
    f = S.force(st, fid)
    zone, side = f["zone"], f["side"]
    foe = S.other(side)
    m = S.data().map
    out: list[Action] = []
    fort = st.g["fortresses"].get(zone)
    if fort and fort["active"] and fort["siege"] is None and not any(
            st.g["forces"][o]["in_fortress"] for o in S.forces_in(st, zone, foe)):
        out.append(("fortress", None))
    out += [("zone", z) for z in m.neighbours(zone)
            if m.enter_cost(zone, z) is not None and S.controller(st, z) != foe and not closed_ground(st, z, side)
            and not S.outside(st, z, foe) and S.limited_ok(f["units"], z)]
    if S.outside(st, zone, foe):
        out.append(("stand", None))  # « ou accepter une bataille immédiatement en position de défenseur »
    return out


class Part:
    """8.1.4: the conqueror's force sharing a zone with the forces of a forced ally gone over to the other side
    withdraws into the fortress or to an adjacent zone, or « accepte une bataille immédiatement en position de
    défenseur avec repli possible dans la forteresse de la zone s'il en existe une »: the enemy force outside there
    attacks it, no evasion (it chose to fight), counter-marches as in any battle (``diplomacy.StandingBattle``).
    With nothing open (the enemy only inside the fortress, no withdrawal) the force is placed, as a conqueror
    leaving the loser's ground is, in the nearest fortress zone of its side (18.2.3)."""

    name: ClassVar[str] = "forced.part"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        zone = S.zone_name(S.force(st, f["fid"])["zone"])
        return (f"The forced alliance of {S.data().map.powers[f['power']].name} is broken: {S.name_of(st, f['fid'])} "
                f"withdraws from {zone} into its fortress or to an adjacent zone (8.1.4).")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return part_options(st, f["fid"]) or [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        from grognard.games.nae.rules import peace, siege, stacking

        st.pop()
        fid = f["fid"]
        force = S.force(st, fid)
        verb, arg = action
        if verb == "fortress":
            S.set_in_fortress(st, fid, True)
            S.set_control(st, force["zone"], S.major_of(st, force["power"]))
            st.note(f"{S.name_of(st, fid)} withdraws into the fortress of {S.zone_name(force['zone'])} and takes "
                    "control of it", rule="8.1.4")
            stacking.consolidate(st, fid)
            # 15.2-15.3: the enemy force left outside lays siege at once, or withdraws if too weak to (a 1809 game
            # left the Prussians before Oudinot's Breslau through a whole interphase)
            siege.enforce_sieges(st)
        elif verb == "zone":
            st.note(f"{S.name_of(st, fid)} withdraws from {S.zone_name(force['zone'])} to {S.zone_name(arg)}",
                    rule="8.1.4")
            S.move_force(st, fid, arg)
            stacking.consolidate(st, fid)
        elif verb == "stand":
            from grognard.games.nae.rules import diplomacy

            foe = S.outside(st, force["zone"], S.other(force["side"]))[0]
            diplomacy.push_standing_battle(st, foe, fid, "8.1.4", evade=False, fortress=True)
        else:
            near = peace.nearest_fortresses(st, fid, f["power"])
            if near:
                peace.move_force(st, fid, near[0], "8.1.4")
            else:
                S.remove_force(st, fid, "8.1.4", f"{S.name_of(st, fid)} has nowhere to withdraw and is destroyed")


STEPS = (Part(),)
