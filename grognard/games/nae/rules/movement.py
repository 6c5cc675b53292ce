"""12 Land movement: MF and weather, terrain and border costs, stop rules, forced march, interception, evasion,
control flags, rallies, absorbing forces or some of their units and leaving units behind on the way (12.2, see
``command``), masking a fortress (15.1), and Major Campaigns whose forces fight together unless Interior Lines are
played (12.6)."""

from __future__ import annotations

from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import (
    activation,
    battle,
    cards,
    command,
    forced,
    iberia,
    naval,
    posture,
    siege,
    stacking,
    supply,
    weather,
)
from grognard.games.nae.schema.cards import EvasionModifier


def march_frame(st: State) -> Frame:
    """The frame of the force now moving (the topmost "march")."""
    stack: list[Frame] = st.core["stack"]
    for f in reversed(stack):
        if f["step"] == "march":
            return f
    raise RuntimeError("no force is moving")


def start_march(st: State, fid: str, fm_max: int = 3, fm_attrition: bool = True, fm_mod: int = 0,
                extra_mp: int = 0, victory_mp: int = 0) -> None:
    """Activate force ``fid`` (9.1): supply check (13.1), then the forced-march declaration (12.3)."""
    f = S.force(st, fid)
    ok = supply.force_supplied(st, fid)
    f["unsupplied"] = not ok
    st.note(f"{S.name_of(st, fid)} is activated in {S.zone_name(f['zone'])}"
            + ("" if ok else " (unsupplied: attrition test due)"), rule="9.1")
    st.push("march", fid=fid, mp=movement_factor(st, fid) + extra_mp, extra_mp=extra_mp, victory_mp=victory_mp, fm=0,
            came_from=None,
            entry_cost=0, moved=False, poor=False, nt=True, due=not ok, done=False,
            fm_attrition=fm_attrition, fm_mod=fm_mod, stopped=False, free_siege=None, ended=False, converted={},
            units=list(f["units"]), short=[] if ok else list(f["units"]))
    if not f["demoralized"] and fm_max > 0:
        st.push("march.declare", fid=fid, side=f["side"], max=fm_max)
    if pickup_candidates(st, fid, 0):
        st.push("pickup", fid=fid, side=f["side"], steps=0)
    if f["group"]:
        st.push("swap", fid=fid, side=f["side"])
    siege.army_replacements(st, fid)  # 20.1: chosen first, on the army's own units


class Swap:
    """9.1: the two armies of an activated group may exchange units before the move."""

    name: ClassVar[str] = "swap"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} set off: choose a unit to pass from one army to the other, or march."

    def choices(self, st: State, f: Frame) -> list[Action]:
        units = S.force(st, f["fid"])["units"]
        return [("swap", u) for u in units if command.may_swap(st, f["fid"], u)] + [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            st.pop()
        else:
            command.swap(st, f["fid"], action[1])


def pickup_candidates(st: State, fid: str, taken: int) -> list[str]:
    """9.1: forces next to an activated army, not armies, not across an unbridged river or a mountain, that it
    may take in, up to its commander's command value in steps."""
    f = S.force(st, fid)
    if not S.is_army(f):
        return []
    m = S.data().map
    limit = S.general(f["commander"]).command
    out = []
    for other, o in st.g["forces"].items():
        if other == fid or o["side"] != f["side"] or o["army"] or o["in_fortress"] or activation.moved(st, other):
            continue  # 12.2.1: units move once per round
        border = m.border(o["zone"], f["zone"])
        if border is None or m.features[border.feature].blocks_free_activation:
            continue
        if taken + S.steps(o) <= limit and S.limited_ok(o["units"], f["zone"]) and command.may_absorb(st, fid, other):
            out.append(other)
    return out


class Pickup:
    """9.1: an activated army takes in adjacent forces for free; it then starts with its MF reduced by 1."""

    name: ClassVar[str] = "pickup"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} may call in forces from adjacent zones (its MF is then 1 lower): choose one."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", o) for o in pickup_candidates(st, f["fid"], f["steps"])] + [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            st.pop()
            return
        other = S.force(st, action[1])
        activation.mark_moved(st, other["units"])
        m = march_frame(st)
        m["units"] += list(other["units"])  # 9.1: activated with the army, tested with it
        if not supply.force_supplied(st, action[1]):  # 13.1: checked as it is activated, where it stands
            st.note(f"{S.name_of(st, action[1])} is unsupplied: its steps will test attrition", rule="13.5")
            m["short"] += list(other["units"])  # 13.5: each part keeps its own status
            m["due"] = True
        f["steps"] += S.steps(other)
        S.move_force(st, action[1], S.force(st, f["fid"])["zone"])
        siege.refresh_sieges(st)
        command.absorb(st, f["fid"], action[1])
        m["mp"] = max(0, movement_factor(st, f["fid"]) - 1) + m["extra_mp"]


def movement_factor(st: State, fid: str) -> int:
    """12.1 and 16: lowest base MF of the force, -1 in bad weather and winter."""
    return max(0, S.base_mf(S.force(st, fid)) + weather.mf_modifier(st))


class Declare:
    """12.3: forced march of +1 to +3 MP, declared before the force moves."""

    name: ClassVar[str] = "march.declare"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.name_of(st, f['fid'])} has {movement_factor(st, f['fid'])} MP: declare a forced march "
                "(extra MP, then an attrition test), or none.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        top = f["max"] if activation.can_pay(st, f["fid"]) else 0  # 9.1: a second AP for a lone corps
        return [("forced_march", n) for n in range(top + 1)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        n = int(action[1])
        st.pop()
        m = march_frame(st)
        m["fm"] = n
        m["mp"] += n
        if n:
            st.note(f"{S.name_of(st, f['fid'])} declares a forced march of +{n} MP", rule="12.3")
            activation.pay_second_ap(st, f["fid"], "force-marches")
            if m["fm_attrition"]:
                m["due"] = True


def may_enter(st: State, fid: str, src: str, dst: str, mp: int) -> bool:
    return enter_refusal(st, fid, src, dst, mp) is None


def enter_refusal(st: State, fid: str, src: str, dst: str, mp: int) -> str | None:
    """Why force ``fid`` may not move from ``src`` into adjacent ``dst`` with ``mp`` left (None: it may).
    12.1: cost within the MP left, never a neutral's zone (but a forced peace's or
    alliance's for its conqueror's side, 8.1.3, 8.1.4), limited units stay home. 12.2.1: a friendly force
    there it cannot join (absorb, be absorbed by, or form a group of armies with) is passed through (MP must be
    left to go on); where an enemy will stop the force, the two must be able to consolidate (11)."""
    m = S.data().map
    cost = m.enter_cost(src, dst)
    name = S.zone_name(dst)
    if cost is None:
        return f"the way from {S.zone_name(src)} into {name} costs a force's whole MF, at the start of a move, 12.1"
    if cost > mp:
        return f"entering {name} costs {cost} MP and {mp} MP are left, 12.1"
    f = S.force(st, fid)
    side = f["side"]
    if forced.closed_ground(st, dst, side):
        return f"{name} is a neutral's zone, which no force may enter, 12.1"
    closed = naval.strait_closed(st, src, dst, side) or iberia.iberia_refusal(st, fid, dst)
    if closed:
        return closed
    stuck = not all(stacking.may_merge(st, fid, o) for o in S.outside(st, dst, side))
    if stuck and S.outside(st, dst, S.other(side)):
        return f"the friendly force in {name} could not consolidate with this one before the battle there, 11"
    if stuck and not way_on(st, dst, mp - cost, side):
        return (f"the friendly force in {name} cannot join this one, so it may only be passed through, and no MP "
                "would be left to go on, 12.2.1")
    if not S.limited_ok(f["units"], dst):
        return f"militia and National Guards never leave their National Territory, and {name} is outside it, 12.1"
    return posture.posture_refusal(st, fid, src, dst)  # 20.2 special rule 2 (optional)


def way_on(st: State, zone: str, mp: int, side: str | None) -> bool:
    """12.2.1: is there a zone the force may go on into from ``zone`` with ``mp`` left (passing through a friendly
    force it cannot join)?"""
    m = S.data().map
    return any((c := m.enter_cost(zone, z)) is not None and c <= mp and not forced.closed_ground(st, z, side)
               for z in m.neighbours(zone))


def friends_here(st: State, fid: str) -> list[str]:
    """Other forces of the moving force's side in its zone, outside the fortress."""
    f = S.force(st, fid)
    return [o for o in S.outside(st, f["zone"], f["side"]) if o != fid]


def may_leave_here(st: State, fid: str) -> bool:
    """12.2.1 / 15.1: units may stay behind where no enemy force stands outside (in a zone with an unbesieged enemy
    fortress they form the covering force), nor a force of the side inside the fortress (11)."""
    f = S.force(st, fid)
    inside = [o for o in S.forces_in(st, f["zone"], f["side"]) if st.g["forces"][o]["in_fortress"]]
    return not S.outside(st, f["zone"], S.other(f["side"])) and not inside


def regroup_choices(st: State, fid: str) -> list[Action]:
    """12.2: absorb a friendly force here, take some of its units, leave units behind, or leave a subordinate general
    in command of the units left here."""
    f = S.force(st, fid)
    out: list[Action] = []
    for other in friends_here(st, fid):
        if activation.moved(st, other):
            continue  # 12.2.1: units move once per round; those left behind this round stay
        if command.may_absorb(st, fid, other):
            out.append(("absorb", other))
        if command.may_hand_over(st, fid, other):
            out.append(("hand_over", other))
        if len(S.force(st, other)["units"]) > 1:
            out += [("take", u) for u in S.force(st, other)["units"] if command.may_take(st, fid, other, u)]
    if may_leave_here(st, fid):
        out += [("leave", u) for u in f["units"] if command.may_leave(st, fid, u)]
        out += [("leave_general", g) for g in f["subs"] if command.general_left_with(st, fid, g)]
    return out


class Send:
    """12.4 / 14.1: before an interception or a counter-march the force may leave some of its units where it
    stands, alone or with a subordinate general of its army in command (stacking permitting, 11)."""

    name: ClassVar[str] = "send"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} {f['why']}: choose units to leave where they stand, or go with them all."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [*send_choices(st, f["fid"]), ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "done":
            st.pop()
        elif verb == "leave":
            cover_fortress(st, f["fid"], command.leave(st, f["fid"], arg))
        else:
            led = command.general_left_with(st, f["fid"], arg)
            assert led is not None
            command.leave_general(st, f["fid"], arg, led)
            cover_fortress(st, f["fid"], led)


def send_choices(st: State, fid: str) -> list[Action]:
    """What a force about to intercept or counter-march may leave behind (``Send``)."""
    force = S.force(st, fid)
    out: list[Action] = [("leave", u) for u in force["units"] if command.may_leave(st, fid, u)]
    return out + [("leave_general", g) for g in S.subordinates(force) if command.general_left_with(st, fid, g)]


def push_send(st: State, fid: str, why: str) -> None:
    """Ask the owner what the force leaves behind (``Send``), if it may leave anything."""
    if send_choices(st, fid):
        st.push("send", fid=fid, side=S.force(st, fid)["side"], why=why)


def cover_fortress(st: State, fid: str, left: str) -> None:
    """15.1: units left behind with loss steps at least twice the level of the enemy fortress mask it: they take
    over the moving force's siege, or lay one; the rest may go on."""
    zone = S.force(st, left)["zone"]
    fort = st.g["fortresses"].get(zone)
    if not fort or fort["besieger"] != fid:
        siege.lay_siege(st, left)
    elif S.steps(S.force(st, left)) >= siege.cover_steps(fort["level"]):
        S.set_fortress(st, zone, besieger=left)
        st.note(f"{S.name_of(st, left)} masks {S.zone_name(zone)}; {S.name_of(st, fid)} may go on", rule="15.1")


def slow_down(st: State, m: Frame, mf_before: int) -> None:
    """12.3: a slower unit taken in lowers the MP left by the difference of base MF (leaving a slow unit behind
    gives none back: a force never spends more than the MF it set off with, 12.1)."""
    m["mp"] = max(0, m["mp"] - max(0, mf_before - S.base_mf(S.force(st, m["fid"]))))


def regroup(st: State, m: Frame, action: Action) -> None:
    fid = m["fid"]
    verb, arg = action
    mf = S.base_mf(S.force(st, fid))
    if verb == "absorb":
        activation.mark_moved(st, S.force(st, arg)["units"])
        command.absorb(st, fid, arg)
    elif verb == "take":
        activation.mark_moved(st, [arg])
        other = next(o for o in friends_here(st, fid) if arg in S.force(st, o)["units"])
        command.take(st, fid, other, arg)
    elif verb == "leave":
        left = command.leave(st, fid, arg)
        cover_fortress(st, fid, left)
    else:
        led = command.general_left_with(st, fid, arg)
        assert led is not None
        command.leave_general(st, fid, arg, led)
        cover_fortress(st, fid, led)
    slow_down(st, m, mf)
    siege.refresh_sieges(st)
    m["stopped"] = stopped_here(st, m["fid"])


def stopped_here(st: State, fid: str) -> bool:
    """12.1 / 15.1: a force stops in a zone with an unbesieged enemy force or an active enemy fortress."""
    f = S.force(st, fid)
    if S.outside(st, f["zone"], S.other(f["side"])):
        return True
    fort = st.g["fortresses"].get(f["zone"])
    return bool(fort and fort["active"] and S.controller(st, f["zone"]) not in (f["side"], None)
                and fort["besieger"] in (None, fid))


def mask_choices(st: State, fid: str) -> list[Action]:
    """15.1: a force stopped by an enemy fortress alone may go on by leaving a covering force of 2 loss steps per
    level: here one unit of the force (a lone corps); a covering force of several units is left with a subordinate
    general (``regroup_choices``)."""
    f = S.force(st, fid)
    fort = st.g["fortresses"].get(f["zone"])
    if (not fort or not fort["active"] or fort["besieger"] not in (None, fid) or S.controller(st, f["zone"]) in
            (f["side"], None) or S.outside(st, f["zone"], S.other(f["side"])) or friends_here(st, fid)):
        return []
    need = siege.cover_steps(fort["level"])
    return [("mask", u) for a in S.armies(f) for u, v in a.units.items()
            if v >= need and activation.detachable(st, a, a.units, u)]


def mask(st: State, fid: str, uid: str) -> None:
    f = S.force(st, fid)
    # 15.1: the covering unit moved with the force, so it is not activated again this round: no siege attack
    cover = command.detach(st, fid, [uid], note="")
    S.set_fortress(st, f["zone"], siege=0, besieger=cover)
    st.note(f"{S.name_of(st, fid)} leaves {S.unit_name(uid)} to mask {S.zone_name(f['zone'])} (Siege 0) and may "
            "go on", rule="15.1")


def may_flag(st: State, fid: str) -> bool:
    """3.2: a supplied force spends 1 MP to control an enemy city, port or empty fortress zone."""
    f = S.force(st, fid)
    zone = f["zone"]
    if zone not in st.g["control"] or S.controller(st, zone) == f["side"] or S.is_neutral_ground(st, zone):
        return False  # 8.1.3, 8.1.4: the ground of a forced peace or alliance is at war with neither side
    fort = st.g["fortresses"].get(zone)
    if fort and fort["active"]:
        return False
    return not S.outside(st, zone, S.other(f["side"])) and not f["unsupplied"]


class March:
    """The active force moves zone by zone, lays siege, plants flags, or stops."""

    name: ClassVar[str] = "march"

    def actor(self, st: State, f: Frame) -> str:
        return str(S.force(st, f["fid"])["side"])

    def prompt(self, st: State, f: Frame) -> str:
        force = S.force(st, f["fid"])
        return (f"{S.name_of(st, f['fid'])} is in {S.zone_name(force['zone'])} with {f['mp']} MP left: "
                "choose the zone it moves into, or another order.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        fid = f["fid"]
        if siege.besieged(st, fid):
            return siege.sortie_choices(st, fid)  # 15.2: shut in, it may only attack its besiegers
        force = S.force(st, fid)
        zone = force["zone"]
        out: list[Action] = []
        if not f["stopped"]:
            out += [("zone", z) for z in S.data().map.neighbours(zone) if may_enter(st, fid, zone, z, f["mp"])
                    and (activation.can_pay(st, fid) or not activation.zone_costs_ap(st, fid, z))]
        if f["mp"] >= 1 and may_flag(st, fid):
            out.append(("flag", None))
        if siege.may_attack(st, fid) and (f["mp"] >= 1 or f["free_siege"] == zone):
            out.append(("siege", None))
        # 1.4: depots turn fixed or mobile during the move, one way in each zone (no endless turning over)
        turned = f["converted"].get(zone)
        if force["depots"] and force["commander"] and turned != "mobile":
            out.append(("fixed_depot", None))
        if force["commander"] and own_fixed_depot(st, fid) and turned != "fixed":
            out.append(("mobile_depot", None))
        if may_rally(st, fid, f["mp"]):
            out.append(("rally", None))
        if f["stopped"] and f["mp"] >= 1:
            out += mask_choices(st, fid)
        out += regroup_choices(st, fid)
        out += [("dismiss", g) for g in S.subordinates(force)]  # 10.3
        out += siege.reactivation_choices(st, fid)
        # 12.2.1: past a friendly force it cannot join, or left behind this round, it must go on
        stuck = any(activation.moved(st, o) or not stacking.may_merge(st, fid, o) for o in friends_here(st, fid))
        if not (stuck and any(a[0] == "zone" for a in out)):
            out.append(("done", None))
        return out

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        fid = f["fid"]
        force = S.force(st, fid)
        verb = action[0]
        if verb == "done":
            st.replace("march.end", fid=fid, due=f["due"] and not f["done"], mods=attrition_mods(st, f),
                       units=tested_units(f))
        elif verb == "attack":
            siege.sortie(st, f)
        elif verb == "flag":
            f["mp"] -= 1
            S.set_control(st, force["zone"], S.major_of(st, force["power"]))
            st.note(f"{S.name_of(st, fid)} takes control of {S.zone_name(force['zone'])} (1 MP)", rule="3.2")
            naval.port_taken(st, force["zone"])  # 17.2.1: its fleets leave a captured port
        elif verb == "fixed_depot":
            f["converted"][force["zone"]] = "fixed"
            own = S.major_of(st, force["power"])
            power = S.take_depot(force, own if own in force["depots"] else None)
            S.add_fixed_depot(st, force["zone"], power)
            st.note(f"{S.name_of(st, fid)} sets up a fixed depot in {S.zone_name(force['zone'])}", rule="1.4")
        elif verb == "mobile_depot":
            depot = own_fixed_depot(st, fid)
            assert depot is not None
            S.remove_fixed_depot(st, depot["zone"], depot["power"])
            f["converted"][force["zone"]] = "mobile"
            force["depots"].append(depot["power"])
            st.note(f"{S.name_of(st, fid)} takes up the fixed depot of {S.zone_name(force['zone'])} as a mobile "
                    "depot", rule="1.4")
        elif verb == "reactivate" and action[1] != "depot" and f["due"] and not f["done"]:
            # 12.3 / 13.6.1: the attrition test comes « AVANT un éventuel détachement de pas pour réactiver la
            # dernière forteresse conquise »; a depot spent to reactivate one detaches no step and the march goes on
            # (example of play 1805 round 5: Salzburg reactivated by the last depot, the test after Vienna)
            f["done"] = True
            st.push("march.check")
            st.push("march.reactivate", fid=fid, how=action[1])
            test_march(st, f, "before it reactivates a fortress")
        elif verb == "reactivate":
            siege.reactivate(st, fid, action[1])
            st.push("march.check")  # the step it detached may have been its last (10.1)
        elif verb == "mask":
            mask(st, fid, action[1])
            f["stopped"] = False
        elif verb in ("absorb", "take", "leave", "leave_general"):
            regroup(st, f, action)
        elif verb == "hand_over":  # 10.2: the activation goes on in the army (the attrition test of its steps)
            command.hand_over(st, fid, action[1])
            f["fid"] = action[1]
            end_march(st)
        elif verb == "dismiss":
            S.drop_subordinate(force, action[1])
            st.g["removed"].append(action[1])
            st.note(f"{S.general(action[1]).name} leaves {S.name_of(st, fid)} for the reserve", rule="10.3")
        elif verb == "rally":
            f["mp"] -= rally_mp()
            rally(st, fid)
        elif verb == "siege":
            if f["free_siege"] == force["zone"]:
                f["free_siege"] = None
            else:
                f["mp"] -= 1
            st.push("march.check")
            siege.push_siege_attack(st, fid)
        else:
            enter(st, f, action[1])


def own_fixed_depot(st: State, fid: str) -> dict[str, Any] | None:
    """1.4: a fixed depot of the force's nationality in its zone, which a force with a general may take up as a
    mobile depot during its move."""
    f = S.force(st, fid)
    power = S.major_of(st, f["power"])
    return next((d for d in st.g["fixed_depots"] if d["zone"] == f["zone"] and d["power"] == power), None)


def rally_mp() -> int:
    return int(S.data().tables.constants["rally_mp"].value)


def may_rally(st: State, fid: str, mp: int) -> bool:
    """14.9.4: an activated demoralized force with a general, supplied, may spend 2 MP per rally attempt."""
    f = S.force(st, fid)
    return bool(S.demoralized_armies(f) and f["commander"] and not f["unsupplied"] and mp >= rally_mp())


def rally(st: State, fid: str) -> None:
    """14.9.4: 1d6 at most the force's morale plus the general's best tactical value; each army of a group tests on
    its own, with its own morale and general."""
    f = S.force(st, fid)
    test = S.data().tables.test("rally")
    for i in S.demoralized_armies(f):
        a = S.armies(f)[i]
        g = S.general(a.commander or f["commander"])
        rating = battle.force_morale(st, {"units": a.units}) + max(g.attack, g.defence)
        roll = st.roll(1, rule="14.9.4", why=f"Rally of {g.name}'s force (at most {rating})",
                       table=lambda x, r=rating: ("rallies" if test.passes(x, r) else "stays demoralized",
                                                  test.passes(x, r)))
        if roll.result:
            S.set_demoralized(f, False, i if f["group"] else None)


def test_march(st: State, m: Frame, why: str) -> None:
    """12.3 / 13.6.1: the moving force's attrition test, on the steps that were activated or moved on with it
    (13.6.2: not those it took in where it tests, nor those it left behind)."""
    supply.push_attrition(st, m["fid"], [(str(a), int(b)) for a, b in attrition_mods(st, m)], why,
                          units=tested_units(m))


def tested_units(m: Frame) -> list[str]:
    """13.6.1: a forced march tests every activated step; a lack of supply alone only the steps activated
    unsupplied (13.5: « Seule la partie non ravitaillée subira un éventuel test d'attrition »)."""
    return list(m["units"]) if m["fm"] and m["fm_attrition"] else [u for u in m["units"] if u in m["short"]]


def attrition_mods(st: State, f: Frame) -> list[list[Any]]:
    fm = f["fm"] if f["fm_attrition"] else 0
    mods = supply.attrition_mods(st, f["fid"], forced_march=fm, poor=f["poor"], winter=weather.winter(st),
                                 national=f["moved"] and f["nt"])
    if f["fm_mod"] and f["fm"]:
        mods.append(("card", f["fm_mod"]))
    return [list(m) for m in mods]


def enter(st: State, f: Frame, dst: str) -> None:
    """Pay the MP and move; then interception (12.4), evasion or battle (12.5, 14), fortress stop (15.1)."""
    fid = f["fid"]
    force = S.force(st, fid)
    src = force["zone"]
    cost = S.data().map.enter_cost(src, dst)
    assert cost is not None
    if activation.enemy_zone_costs_ap(st, fid, dst):
        activation.pay_second_ap(st, fid, f"enters {S.zone_name(dst)}")
    f["mp"] -= cost
    f["entry_cost"] = cost
    f["came_from"] = src
    # 13.6.2: units taken in on the way that move on with the force are tested with it (example of play 1805
    # round 2: « Seuls les 5 pas (3 français et 2 hollandais) qui se sont déplacés avec Marmont », VI corps included)
    f["units"] += [u for u in force["units"] if u not in f["units"]]
    f["moved"] = True
    if dst in supply.graph().poor:
        f["poor"] = True
    if S.data().map.zones[dst].owner != S.major_of(st, force["power"]):
        f["nt"] = False
    S.move_force(st, fid, dst)
    S.set_in_fortress(st, fid, False)
    st.note(f"{S.name_of(st, fid)} moves from {S.zone_name(src)} to {S.zone_name(dst)} ({cost} MP)", rule="12.1")
    posture.update_posture(st, fid)  # 20.2 special rule 2: an enemy force entering Prussia (optional)
    siege.refresh_sieges(st)
    st.push("contact", fid=fid, zone=dst, came_from=src, asked=[], fought=[], offered=[], hold=True)
    interceptors = interception_candidates(st, fid, dst)
    if interceptors:
        st.push("intercept", fid=fid, zone=dst, came_from=src, side=S.other(force["side"]), options=interceptors)


def after_battle(st: State, b: Frame, winner_fid: str) -> None:
    """14.6: a beaten mover stops; a winning mover may go on, besiege at once (15.2) and holds the zone (3.2).
    12.4: a beaten mover retreats with the non-activated friendly force that stood in the interception zone.
    12.6: a force of the campaign fighting the same defender separately (Interior Lines) stays where it is."""
    siege.refresh_sieges(st)
    m = march_frame(st)
    mover = m["fid"]
    camp = activation.campaign(st)
    if camp is not None and b["dfn"] in camp["no_evade"]:
        camp["no_evade"].remove(b["dfn"])  # 12.6: the battle is resolved, the defender may evade again
    if b["att"] != mover:
        return
    if b["interceptor_from"] is not None and winner_fid != mover:
        retreat_with_mover(st, b)
    if mover not in st.g["forces"] or winner_fid != mover:
        m["ended"] = True
        return
    force = S.force(st, mover)
    m["mp"] += m["victory_mp"]  # 32F: +1 MP after each battle won
    from grognard.games.nae.rules import events

    events.note_victory(st, mover)  # 49F Montmirail: a second activation after a battle won
    zone = force["zone"]
    fort = st.g["fortresses"].get(zone)
    if fort and fort["active"] and S.controller(st, zone) not in (force["side"], None):
        m["free_siege"] = zone  # 15.2: free only at the fortress of the battle's zone
    elif (zone in st.g["control"] and S.controller(st, zone) != force["side"] and not force["unsupplied"]
          and not S.outside(st, zone, S.other(force["side"]))):  # 3.2: a supplied force that won a battle there
        S.set_control(st, zone, S.major_of(st, force["power"]))
        st.note(f"{S.name_of(st, mover)} takes control of {S.zone_name(zone)} after its victory", rule="3.2")
        naval.port_taken(st, zone)  # 17.2.1: its fleets leave a captured port


def retreat_with_mover(st: State, b: Frame) -> None:
    """12.4: the beaten mover's friendly force in the interception zone retreats with it into the zone it came from,
    then the two consolidate (10.2, 11)."""
    side = S.other(S.force(st, b["dfn"])["side"]) if b["dfn"] in st.g["forces"] else None
    if side is None:
        return
    moved = S.outside(st, b["zone"], side)
    for other in moved:
        S.move_force(st, other, b["came_from"])
        st.note(f"{S.name_of(st, other)} retreats with the beaten force to {S.zone_name(b['came_from'])}",
                rule="12.4")
    if moved:
        stacking.consolidate(st, moved[0])
    siege.refresh_sieges(st)


class MarchEnd:
    """12.3 / 13.6.1: the attrition test a forced march or a lack of supply calls for, if no battle came first."""

    name: ClassVar[str] = "march.end"

    def run(self, st: State, f: Frame) -> None:
        if f["due"] and f["fid"] in st.g["forces"]:
            f["due"] = False
            supply.push_attrition(st, f["fid"], [(str(a), int(b)) for a, b in f["mods"]], "end of its move",
                                  units=f["units"])
            return
        st.pop()  # first: the consolidation may ask the owner to choose (12.2.2)
        if f["fid"] in st.g["forces"]:
            stacking.consolidate(st, f["fid"])  # e.g. a covering force (15.1) the force did not leave behind
        siege.refresh_sieges(st)
        stacking.rejoin_garrisons(st)


class MarchReactivate:
    """15.5, after the attrition test that came first (12.3): the fortress is reactivated, if it still can be."""

    name: ClassVar[str] = "march.reactivate"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        if f["fid"] in st.g["forces"] and ("reactivate", f["how"]) in siege.reactivation_choices(st, f["fid"]):
            siege.reactivate(st, f["fid"], f["how"])


class MarchCheck:
    """After a siege attack or an attrition test: a force destroyed by them ends its activation; one stopped by a
    fortress that has now fallen may go on with the MP it has left (12.1, 15.5; the example of play, round 5:
    Napoleon takes Salzburg and goes on into Vienna)."""

    name: ClassVar[str] = "march.check"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        m = march_frame(st)
        if m["fid"] not in st.g["forces"]:
            end_march(st)
        else:
            m["stopped"] = m["stopped"] and stopped_here(st, m["fid"])


class Contact:
    """Entering a zone with enemy forces: each may evade (12.5), else a battle (14); then the fortress stop.
    In a Major Campaign (12.6) the force may wait there for the others, which consolidate with it before the battle,
    unless the defender played Interior Lines: then each fights it separately."""

    name: ClassVar[str] = "contact"

    def run(self, st: State, f: Frame) -> None:
        fid = f["fid"]
        m = march_frame(st)
        if m["ended"] or fid not in st.g["forces"] or S.force(st, fid)["zone"] != f["zone"]:
            m["ended"] = True
            st.pop()
            end_march(st)
            return
        force = S.force(st, fid)
        enemies = S.outside(st, f["zone"], S.other(force["side"]))
        camp = activation.campaign(st)
        if enemies:
            m["stopped"] = True
            dfn = enemies[0]
            if dfn in f["fought"]:
                st.pop()
                return
            if dfn not in f["offered"]:
                f["offered"].append(dfn)  # 3F Column of March: played as the force meets the enemy
                cards.offer_contact_cards(st, fid, dfn, f["zone"], f["came_from"])
                return
            if dfn not in f["asked"]:
                f["asked"].append(dfn)
                caught = (camp is not None and dfn in camp["no_evade"]) or cards.cancelled(st, dfn, "evasion")
                options = [] if caught else evasion_options(st, dfn, f["zone"], f["came_from"])
                if options:
                    if camp is not None:
                        camp["no_evade"].append(dfn)  # 12.6: declined or failed, no evasion until the battle
                    st.push("evade", fid=dfn, mover=fid, zone=f["zone"], side=S.force(st, dfn)["side"],
                            options=options, entry_cost=m["entry_cost"])
                    return
            if m["due"] and not m["done"]:
                m["done"] = True  # 12.3 / 13.6.1: tested before the first battle
                test_march(st, m, "before its first battle")
                return
            if camp is not None and self.campaign(st, f, m, camp, dfn):
                return
            f["fought"].append(dfn)
            activation.pay_second_ap(st, fid, "fights a battle")
            battle.start_battle(st, f["fid"], dfn, f["zone"], f["came_from"],
                                also_from=tuple(z for z in f.get("also_from", ()) if z != f["came_from"]))
            return
        if battle.enemy_depots(st, f["zone"], force["side"]) and not force["in_fortress"]:
            if m["due"] and not m["done"]:
                m["done"] = True  # 12.3 / 13.6.1: tested before the first battle
                test_march(st, m, "before its first battle")
                return
            activation.pay_second_ap(st, fid, "fights a battle")
            if not battle.attack_depot(st, fid, f["zone"]):
                battle.move_retreat(st, fid, f["came_from"])
                m["ended"] = True  # 9.1: a lost battle ends the activation
                return
        m["stopped"] = stopped_here(st, fid)
        if m["stopped"]:
            siege.lay_siege(st, fid)
        st.pop()

    def campaign(self, st: State, f: Frame, m: Frame, camp: Frame, dfn: str) -> bool:
        """12.6, before the battle: Interior Lines offered once the first force is in the defender's zone; the
        forces waiting there consolidate with the newcomer (the lowest MP left goes on), or, under Interior Lines,
        fight one at a time; the moving side may also wait for more forces. True if a step was pushed."""
        if dfn not in camp["interior_lines"]:
            camp["interior_lines"].append(dfn)
            cards.offer_interior_lines(st, f["fid"], dfn, f["zone"], f["came_from"])
            return True
        inside = S.force(st, f["fid"])["in_fortress"]  # 15.1: a sortie and a force outside the walls stay apart
        waiting = [w for w in camp["waiting"] if w["fid"] in st.g["forces"] and w["fid"] != f["fid"]
                   and S.force(st, w["fid"])["zone"] == f["zone"] and S.force(st, w["fid"])["in_fortress"] == inside]
        if waiting and cards.fights_separately(st, dfn):
            camp["waiting"] = [w for w in camp["waiting"] if w not in waiting]
            f["hold"] = False
            st.push("campaign.order", side=S.force(st, f["fid"])["side"], dfn=dfn, zone=f["zone"],
                    queue=[{"fid": w["fid"], "came_from": w["came_from"]} for w in waiting])
            return True
        for w in waiting:
            camp["waiting"].remove(w)
            also = f.setdefault("also_from", [])
            for z in (w["came_from"], *w.get("also_from", ())):
                if z not in also:
                    also.append(z)  # 12.6 / 14.10: its entry zones are the attacker's too
            join_campaign_force(st, f, m, w)
        if st.frame is not f:
            return True  # 12.2.2: the owner chooses who leaves an army past 3 subordinates, then the contact resumes
        if f["hold"] and camp["count"]:
            st.push("campaign.hold", fid=f["fid"], dfn=dfn, side=S.force(st, f["fid"])["side"])
            return True
        return False


def join_campaign_force(st: State, f: Frame, m: Frame, w: dict[str, Any]) -> None:
    """12.6: a waiting force and the newcomer consolidate (the higher-ranked general takes the other in) and go on
    with the lowest MP either has left; two armies form a group of armies (12.2.1: armies combine in a Major
    Campaign battle and may go on together after it)."""
    joined = stacking.merge(st, f["fid"], w["fid"])
    if joined is None:
        f["fid"] = m["fid"] = stacking.consolidate(st, f["fid"])  # 11: the one force left fights on
        return
    f["fid"] = m["fid"] = joined
    m["mp"] = min(m["mp"], w["march"]["mp"])
    st.note(f"{S.name_of(st, f['fid'])} goes on with {m['mp']} MP, the lowest left of the forces", rule="12.6")


class CampaignHold:
    """12.6: a force of the Major Campaign in the enemy's zone attacks now or waits for the other forces."""

    name: ClassVar[str] = "campaign.hold"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.name_of(st, f['fid'])} faces {S.name_of(st, f['dfn'])}: attack now, or wait there for other "
                "forces of the Major Campaign to join the battle.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("attack", None), ("wait", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        contact = st.frame
        contact["hold"] = False
        if action[0] == "attack":
            return
        m = march_frame(st)
        camp = activation.campaign(st)
        assert camp is not None
        camp["waiting"].append({"fid": m["fid"], "zone": contact["zone"], "came_from": contact["came_from"],
                                "also_from": list(contact.get("also_from", ())),
                                "march": {k: v for k, v in m.items() if k != "step"}})
        st.note(f"{S.name_of(st, m['fid'])} waits in {S.zone_name(contact['zone'])} for the other forces of the "
                "campaign", rule="12.6")
        m["ended"] = True


class CampaignOrder:
    """12.6 Interior Lines: the moving side chooses which force fights the defender next; between the battles the
    defender may retreat (digest 9.1 item 22)."""

    name: ClassVar[str] = "campaign.order"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['dfn'])} fights each force separately: choose the force that attacks it next."

    def choices(self, st: State, f: Frame) -> list[Action]:
        contact = st.core["stack"][-2]
        mover = [] if f["dfn"] in contact["fought"] or march_frame(st)["ended"] else [contact["fid"]]
        return [("force", x) for x in [*mover, *[q["fid"] for q in f["queue"]]]]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        contact = st.core["stack"][-2]
        fid = action[1]
        queue = [q for q in f["queue"] if q["fid"] != fid]
        st.replace("campaign.next", dfn=f["dfn"], zone=f["zone"], queue=queue, side=f["side"], offered=False)
        if fid == contact["fid"]:
            contact["fought"].append(f["dfn"])
            battle.start_battle(st, fid, f["dfn"], f["zone"], contact["came_from"])
        else:
            came_from = next(q["came_from"] for q in f["queue"] if q["fid"] == fid)
            battle.start_battle(st, fid, f["dfn"], f["zone"], came_from)


class CampaignNext:
    """12.6 Interior Lines: after a separate battle the defender may retreat; then the next force fights."""

    name: ClassVar[str] = "campaign.next"

    def run(self, st: State, f: Frame) -> None:
        dfn = st.g["forces"].get(f["dfn"])
        here = dfn is not None and dfn["zone"] == f["zone"] and not dfn["in_fortress"]
        queue = [q for q in f["queue"] if q["fid"] in st.g["forces"]
                 and S.force(st, q["fid"])["zone"] == f["zone"]]
        contact = st.core["stack"][-2]
        mover_left = f["dfn"] not in contact["fought"] and not march_frame(st)["ended"]
        if not here or not (queue or mover_left):
            st.pop()
            return
        if not f["offered"]:
            f["offered"] = True
            options = battle.retreat_options(st, f["dfn"], f["zone"], contact["came_from"])
            if options:
                st.push("campaign.withdraw", fid=f["dfn"], side=S.force(st, f["dfn"])["side"], options=options)
                return
        if not queue:
            st.pop()  # the contact step now fights the moving force's battle
            return
        st.replace("campaign.order", dfn=f["dfn"], zone=f["zone"], queue=queue, side=f["side"])


class CampaignWithdraw:
    """Digest 9.1 item 22: under Interior Lines the defender may retreat normally after each separate battle."""

    name: ClassVar[str] = "campaign.withdraw"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} may retreat before the next attacking force fights it, or stand."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("stand", None)] + [("zone", z) for z in f["options"]]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        if action[0] == "zone":
            battle.move_retreat(st, f["fid"], action[1])


def end_march(st: State) -> None:
    """The moving force's activation is over (a lost battle, 9.1, or its destruction)."""
    m = st.core["stack"][-1]
    assert m["step"] == "march"
    alive = m["fid"] in st.g["forces"]
    st.replace("march.end", fid=m["fid"], due=alive and m["due"] and not m["done"], units=tested_units(m),
               mods=attrition_mods(st, m) if alive else [])


# 12.4 Interception ---------------------------------------------------------------------------------------------

def interception_candidates(st: State, mover: str, zone: str) -> list[str]:
    """Forces of the other side next to ``zone`` that may try to intercept: led by a general, not demoralized,
    not in a fortress, their side holding a card. The zone may hold a non-activated force of the moving side, or a
    force of the interceptor's side, which the interceptor must then be able to take in (10.2, 11: consolidation).

    The card values are not consulted: asking only when a card of sufficient value is held would tell the moving
    side something about the other hand. A side without a fitting card declines at the card step."""
    side = S.other(S.force(st, mover)["side"])
    if not st.g["hands"][side]:
        return []
    m = S.data().map
    there = S.outside(st, zone, side)
    out = []
    for fid, f in st.g["forces"].items():
        if (f["side"] == side and f["commander"] and not f["demoralized"] and not f["in_fortress"]
                and m.border(f["zone"], zone) is not None and m.enter_cost(f["zone"], zone) is not None
                and S.limited_ok(f["units"], zone) and all(stacking.may_merge(st, fid, o) for o in there)):
            out.append(fid)
    return out


class Intercept:
    name: ClassVar[str] = "intercept"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.name_of(st, f['fid'])} enters {S.zone_name(f['zone'])}: choose a force to try to intercept it "
                "(play a card of value at least its general's initiative), or let it pass.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("intercept", fid) for fid in f["options"]] + [("decline", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "decline":
            st.pop()
            return
        st.replace("intercept.card", **{k: v for k, v in f.items() if k != "step"}, interceptor=action[1])


class InterceptCard:
    name: ClassVar[str] = "intercept.card"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        need = S.initiative(S.force(st, f["interceptor"]))
        return (f"Choose the card {S.name_of(st, f['interceptor'])} plays to intercept (value {need} or more), "
                "or give up the interception.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        need = S.initiative(S.force(st, f["interceptor"]))
        fitting = [("card", c) for c in st.g["hands"][f["side"]] if cards.ap_value(st, c) >= need]  # 6.2, 12.4
        return [*fitting, ("decline", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "decline":
            st.pop()
            return
        cards.discard(st, f["side"], action[1], "to intercept")
        t = S.data().tables
        test = t.test("interception")
        me, mover = S.force(st, f["interceptor"]), S.force(st, f["fid"])
        mods = [("cavalry superiority",
                 test.modifier("cavalry_superiority") if battle.cavalry_count(me) > battle.cavalry_count(mover) else 0)]
        if mover["commander"] and S.initiative(me) < S.initiative(mover):
            mods.append(("better initiative", test.modifier("better_initiative")))
        cost = S.data().map.enter_cost(me["zone"], f["zone"]) or 0
        if t.is_difficult(cost):
            mods.append(("difficult terrain", test.modifier("difficult_terrain")))
        mods += cards.interception_mods(st, f["interceptor"])  # 14C Outposts
        roll = st.roll(1, rule="12.4", why=f"Interception by {S.name_of(st, f['interceptor'])}", mods=mods,
                       table=lambda x: ("intercepts" if test.passes(x) else "fails", test.passes(x)))
        st.pop()
        if roll.result:
            st.push("intercept.battle", fid=f["fid"], interceptor=f["interceptor"], zone=f["zone"],
                    came_from=f["came_from"], origin=me["zone"], sent=False, tested=False, joined=False)


class InterceptBattle:
    """12.4: the interceptor enters the zone; the moving force stays the attacker, the interceptor gets +1."""

    name: ClassVar[str] = "intercept.battle"

    def run(self, st: State, f: Frame) -> None:
        forces = st.g["forces"]
        if f["interceptor"] not in forces or f["fid"] not in forces:
            st.pop()
            if f["interceptor"] in forces:
                stacking.consolidate(st, f["interceptor"])  # 11: no battle: it takes back what it left behind
            return
        if not f["sent"]:
            f["sent"] = True  # 12.4: the interceptor may leave part of its units behind
            push_send(st, f["interceptor"], "intercepts")
            return
        if not f["tested"]:
            f["tested"] = True  # 12.4 / 13.6.1: then the steps that intercept test attrition
            poor = f["zone"] in supply.graph().poor  # 13.6.2 / 16: as any test, in the zone it enters
            mods = supply.attrition_mods(st, f["interceptor"], poor=poor, winter=weather.winter(st))
            supply.push_attrition(st, f["interceptor"], mods, "interception", rule="12.4")
            return
        m = march_frame(st)
        if m["due"] and not m["done"]:
            m["done"] = True
            test_march(st, m, "before its first battle")
            return
        if not f.get("joined"):  # (absent from games saved before 12.2.2 asked here)
            f["joined"] = True
            fid = f["interceptor"]
            S.move_force(st, fid, f["zone"])
            st.note(f"{S.name_of(st, fid)} intercepts in {S.zone_name(f['zone'])}", rule="12.4")
            for other in S.outside(st, f["zone"], forces[fid]["side"]):
                if other != fid and other in forces:  # 10.2 / 11: consolidation in the zone
                    fid = stacking.merge(st, fid, other) or stacking.squeeze(st, fid, other)
            f["interceptor"] = fid
            siege.refresh_sieges(st)
            if st.frame is not f:
                return  # 12.2.2: the owner first chooses who leaves an army past 3 subordinates
        st.pop()
        fid = f["interceptor"]
        contact = st.core["stack"][-1]
        if contact["step"] == "contact":
            contact["fought"].append(fid)
        battle.start_battle(st, f["fid"], fid, f["zone"], f["came_from"], interceptor_from=f["origin"])


# 12.5 Evasion ------------------------------------------------------------------------------------------------

def evasion_destinations(st: State, fid: str, zone: str, came_from: str) -> list[str]:
    """12.5: the zones force ``fid``, attacked in ``zone`` from ``came_from``, may evade into."""
    return [z for z in S.data().map.neighbours(zone) if evasion_refusal(st, fid, zone, came_from, z) is None]


def evasion_refusal(st: State, fid: str, zone: str, came_from: str, z: str) -> str | None:
    """Why force ``fid`` may not evade from ``zone`` into ``z`` (with the rule), or None if it may."""
    f = S.force(st, fid)
    m = S.data().map
    if z not in m.neighbours(zone):
        return f"it is not next to {S.zone_name(zone)}, 12.5"
    if z == came_from:
        return "the attacker came from there, 12.5"
    if m.enter_cost(zone, z) is None:
        return "crossing into it costs a force's whole MF, 12.1"
    if forced.closed_ground(st, z, f["side"]):
        return "it is a neutral's zone, which no force may enter, 12.1"
    if S.outside(st, z, S.other(f["side"])):
        return "an enemy force stands there, 12.5"  # onto a force of its side it may go: they consolidate (11)
    fort = st.g["fortresses"].get(z)
    if fort and fort["active"] and fort["siege"] is None and S.controller(st, z) not in (f["side"], None):
        return "an unbesieged enemy fortress stands there, 12.5 / 15.1"
    if not S.limited_ok(f["units"], z):
        return "militia and National Guards never leave their National Territory, and it is outside it, 12.1"
    return None


def evasion_options(st: State, fid: str, zone: str, came_from: str) -> list[str]:
    """What the attacked force may try: "fortress" (15.1, automatic) and/or "evade" (a general or demoralized)."""
    f = S.force(st, fid)
    out = []
    fort = st.g["fortresses"].get(zone)
    if fort and fort["active"] and fort["siege"] is None and S.controller(st, zone) == f["side"]:
        out.append("fortress")
    if (f["commander"] or f["demoralized"]) and evasion_destinations(st, fid, zone, came_from):
        out.append("evade")
    return out


def garrison_choices(st: State, fid: str, options: list[str]) -> list[Action]:
    """15.1: while the force tries to evade, one of its units (a force of its own) may withdraw into the fortress;
    the general stays with the units that evade, which keep a combat unit."""
    f = S.force(st, fid)
    if "fortress" not in options or "evade" not in options:
        return []
    return [("garrison", u) for a in S.armies(f) for u in a.units if activation.detachable(st, a, a.units, u)]


def garrison(st: State, fid: str, uid: str) -> None:
    f = S.force(st, fid)
    inside = command.detach(st, fid, [uid], note="")
    S.set_in_fortress(st, inside, True)
    st.note(f"{S.unit_name(uid)} withdraws into the fortress of {S.zone_name(f['zone'])} while "
            f"{S.name_of(st, fid)} tries to evade", rule="15.1")
    stacking.consolidate(st, inside, garrisons=False)  # 15.1: apart from the force that tries to evade


class Evade:
    name: ClassVar[str] = "evade"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.name_of(st, f['mover'])} attacks {S.name_of(st, f['fid'])} in {S.zone_name(f['zone'])}: "
                "stand and fight, withdraw into the fortress, or try to evade (a unit may withdraw into the "
                "fortress while the others try).")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("stand", None)] + [(o, None) for o in f["options"]] + garrison_choices(st, f["fid"], f["options"])

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        fid = f["fid"]
        force = S.force(st, fid)
        st.pop()
        if action[0] == "stand":
            return
        if action[0] == "garrison":
            garrison(st, fid, action[1])
        elif action[0] == "fortress":
            S.set_in_fortress(st, fid, True)
            st.note(f"{S.name_of(st, fid)} withdraws into the fortress of {S.zone_name(f['zone'])}", rule="15.1")
            stacking.consolidate(st, fid)  # 11: one force of a side inside the walls too
            return
        contact = st.core["stack"][-1]
        if force["demoralized"]:
            st.note(f"{S.name_of(st, fid)} is demoralized and evades automatically", rule="14.9.3")
            st.push("evade.where", fid=fid, side=f["side"],
                    options=evasion_destinations(st, fid, f["zone"], contact["came_from"]))
            return
        st.push("evade.roll", att=f["mover"], dfn=fid, zone=f["zone"], came_from=contact["came_from"],
                entry_cost=f["entry_cost"], interceptor_from=None, cards={"attacker": [], "defender": []})
        cards.open_windows(st, "evasion")


class EvadeRoll:
    """12.5: 1d6 + cavalry superiority + better initiative + difficult terrain (+ combat cards), 5+ evades."""

    name: ClassVar[str] = "evade.roll"

    def run(self, st: State, f: Frame) -> None:
        fid = f["dfn"]
        force, mover = S.force(st, fid), S.force(st, f["att"])
        t = S.data().tables
        test = t.test("evasion")
        mods = []
        if battle.cavalry_count(force) > battle.cavalry_count(mover):
            mods.append(("cavalry superiority", test.modifier("cavalry_superiority")))
        if force["commander"] and mover["commander"] and S.initiative(force) < S.initiative(mover):
            mods.append(("better initiative", test.modifier("better_initiative")))
        if t.is_difficult(f["entry_cost"]):
            mods.append(("difficult terrain", test.modifier("difficult_terrain")))
        for role in ("attacker", "defender"):
            mods += [("combat card", e.value) for e in cards.played_effects(st, f, role, EvasionModifier)]
        roll = st.roll(1, rule="12.5", why=f"Evasion of {S.name_of(st, fid)}", mods=mods,
                       table=lambda x: ("evades" if test.passes(x) else "caught", test.passes(x)))
        st.pop()
        if roll.result:
            st.push("evade.where", fid=fid, side=force["side"],
                    options=evasion_destinations(st, fid, f["zone"], f["came_from"]))


class EvadeWhere:
    name: ClassVar[str] = "evade.where"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} evades: choose the zone it moves into."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in f["options"]]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        force = S.force(st, f["fid"])
        src = force["zone"]
        S.move_force(st, f["fid"], action[1])
        st.note(f"{S.name_of(st, f['fid'])} evades from {S.zone_name(src)} to {S.zone_name(action[1])}", rule="12.5")
        camp = activation.campaign(st)
        if camp is not None and f["fid"] in camp["no_evade"]:
            camp["no_evade"].remove(f["fid"])
        st.pop()
        siege.refresh_sieges(st)
        stacking.consolidate(st, f["fid"])  # 10.2: after an evasion the hierarchy holds


class MoveEnemy:
    """12F Schulmeister: « An enemy force is moved by France at its normal movement factor always through supplied
    zones without opposing forces (A Siege 0 is permitted) » (EN card; example of play 1805 round 6: « La France
    déplace l'armée russe de son facteur de mouvement de base égal à 2 PM du fait de l'hiver »). The mover picks an
    enemy force outside any fortress, then its zones one at a time (12.1 costs and bans, the MF with the weather),
    each where the force is supplied (its own network, 13.2-13.3) and holds none of the mover's forces; the force
    stops where an active enemy fortress stops it (15.1: the siege is laid at 0)."""

    name: ClassVar[str] = "move_enemy"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        if f["fid"] is None:
            return f"{f['why']}: choose the enemy force you move."
        return (f"{f['why']}: {S.name_of(st, f['fid'])} is in {S.zone_name(S.force(st, f['fid'])['zone'])} with "
                f"{f['mp']} MP left: choose the zone you move it into, or stop.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        if f["fid"] is None:
            return [("force", fid) for fid in enemy_forces_to_move(st, f["side"])]
        return [*(("zone", z) for z in enemy_moves(st, f["side"], f["fid"], f["mp"])), ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "force":
            f["fid"], f["mp"] = arg, movement_factor(st, arg)
            return
        if verb == "done":
            st.pop()
            # 11: « Il ne peut y avoir qu'une seule force d'un même camp dans une zone à l'issue d'un round
            # d'activation »: the moved force joins its side's force where it stops, as at the end of its own move
            stacking.consolidate(st, f["fid"])
            supply.update_supply(st)
            return
        fid = f["fid"]
        src = S.force(st, fid)["zone"]
        cost = S.data().map.enter_cost(src, arg)
        assert cost is not None
        f["mp"] -= cost
        S.move_force(st, fid, arg)
        st.note(f"{S.name_of(st, fid)} is moved from {S.zone_name(src)} to {S.zone_name(arg)} ({cost} MP)",
                rule="6.4")
        siege.refresh_sieges(st)
        if stopped_here(st, fid):
            f["mp"] = 0


def enemy_forces_to_move(st: State, side: str) -> list[str]:
    """12F: the forces of the other side that stand outside a fortress."""
    foe = S.other(side)
    return [fid for fid, f in st.g["forces"].items() if f["side"] == foe and not f["in_fortress"]]


def enemy_moves(st: State, side: str, fid: str, mp: int) -> list[str]:
    """12F: the adjacent zones the moved force may enter: by the rules of its own moves (12.1), where it is
    supplied and none of ``side``'s forces stands."""
    f = S.force(st, fid)
    net = supply.supply_network(st, f["power"])
    return [z for z in S.data().map.neighbours(f["zone"])
            if z in net.dist and not S.forces_in(st, z, side)
            and enter_refusal(st, fid, f["zone"], z, mp) is None]


STEPS = (Swap(), Send(), Pickup(), Declare(), March(), MarchEnd(), MarchReactivate(), MarchCheck(), Contact(),
         Intercept(), InterceptCard(), InterceptBattle(), Evade(), EvadeRoll(), EvadeWhere(), CampaignHold(),
         CampaignOrder(), CampaignNext(), CampaignWithdraw(), MoveEnemy())
