"""9 Activations: AP from a card (plus the AP reserve) or a card-less 1-AP operation; a force costs its general's
initiative (a group of two armies one more, at most 3), a lone unit 1 AP (9.1); unused AP go to the reserve (9.2).
Part of a force may be activated alone: a corps out of any force, a subordinate general with units of his army, one
army of a group (9.1). Events that activate forces without AP use the same step with a count of forces instead of
AP; an activated army may call in adjacent forces (9.1, in ``movement``). A Major Campaign (12.6) lets its forces
wait in an enemy's zone for the others to fight together: the frame keeps them in ``waiting`` (their saved march),
the defenders that lost their right to evade in ``no_evade`` and those offered Interior Lines in
``interior_lines``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import battle, cards, command, movement, naval


def push_activation(st: State, side: str, ap: int, why: str) -> None:
    """Spend ``ap`` AP plus the whole AP reserve (what is left returns to the reserve, 9.2)."""
    reserve = st.g["ap_reserve"][side]
    st.g["ap_reserve"][side] = 0
    if reserve:
        st.note(f"The {S.side_name(side)} adds {reserve} AP from its reserve", rule="9.2")
    st.push("activation", side=side, ap=ap + reserve, count=None, why=why, moved=[], armies=[], depots_spent=[],
            power=None,
            commander=None, max_initiative=None, distinct_powers=False, powers_used=[], fm_max=3,
            fm_attrition=True, fm_mod=0, extra_mp=0, victory_mp=0, together=False, waiting=[], no_evade=[],
            interior_lines=[],
            lone=[])


def push_event_activation(st: State, side: str, count: int, why: str, *, power: str | None = None,
                          commander: str | None = None, max_initiative: int | None = None,
                          distinct_powers: bool = False, fm_max: int = 3, fm_attrition: bool = True,
                          fm_mod: int = 0, extra_mp: int = 0, victory_mp: int = 0,
                          fight_together: bool = False) -> None:
    """An event activating ``count`` forces without AP (9.2: the reserve cannot be used with it);
    ``fight_together``: a Major Campaign (12.6)."""
    st.push("activation", side=side, ap=0, count=count, why=why, moved=[], armies=[], depots_spent=[], power=power,
            commander=commander,
            max_initiative=max_initiative, distinct_powers=distinct_powers, powers_used=[], fm_max=fm_max,
            fm_attrition=fm_attrition, fm_mod=fm_mod, extra_mp=extra_mp, victory_mp=victory_mp,
            together=fight_together, waiting=[],
            no_evade=[], interior_lines=[], lone=[])


def activation_frame(st: State) -> Frame | None:
    """The frame of the activation under way (the topmost "activation"), if any."""
    stack: list[Frame] = st.core["stack"]
    for f in reversed(stack):
        if f["step"] == "activation":
            return f
    return None


def campaign(st: State) -> Frame | None:
    """The activation frame if it is a Major Campaign whose forces may fight together (12.6)."""
    f = activation_frame(st)
    return f if f is not None and f.get("together") else None


def moved(st: State, fid: str) -> bool:
    """12.2.1: units move once per round: has a unit of force ``fid`` moved in this activation (the side's action
    of the round), with a force activated or left behind by one?"""
    f = activation_frame(st)
    return f is not None and not set(f["moved"]).isdisjoint(S.force(st, fid)["units"])


def mark_moved(st: State, units: Iterable[str]) -> None:
    """These units now move with an activated force (9.1, 12.2.1)."""
    f = activation_frame(st)
    if f is not None:
        f["moved"] += [u for u in units if u not in f["moved"]]


def army_moved(st: State, f: Frame, force: S.Force) -> bool:
    """Has an army of the force been activated this round? 12.2.1: an army may be activated again only in that
    forces joined it, even forces that had moved (with the AP for both); any other force whose units moved may
    not."""
    group = force["group"]
    markers = [m for m in (force["army"], group["army"] if group else None) if m]  # those of ``S.armies``
    if markers:
        return not set(markers).isdisjoint(f["armies"])
    return not set(f["moved"]).isdisjoint(force["units"])


def _fits(st: State, f: Frame, force: S.Force, cost: int, commander: str | None, power: str) -> bool:
    return _unfit(st, f, force, cost, commander, power) is None


def _unfit(st: State, f: Frame, force: S.Force, cost: int, commander: str | None, power: str) -> str | None:
    """Why the activation under way may not activate a force (or part of one) led by ``commander`` of ``power``
    for ``cost`` AP (its initiative); None: it may."""
    return _force_unfit(st, f, force) or _beyond(st, f, cost, commander, power)


def _force_unfit(st: State, f: Frame, force: S.Force) -> str | None:
    """Why no part of ``force`` may be activated by ``f``, whatever its cost (None: some might)."""
    if force["side"] != f["side"]:
        if force["side"] is None:
            return "it is a neutral force, 9.1"
        return f"it is a force of the {S.side_name(force['side'])}, 9.1"
    return None


def _beyond(st: State, f: Frame, cost: int, commander: str | None, power: str) -> str | None:
    """Why a part led by ``commander`` of ``power`` for ``cost`` AP is beyond the limits of the activation ``f``:
    its AP or the card's (9.1, 6.4); None: it is within them."""
    if f["count"] is None:
        return None if cost <= int(f["ap"]) else f"it costs {cost} AP (initiative) and {f['ap']} AP are left, 9.1"
    if f["count"] <= 0:
        return "the card has activated all the forces it may, 6.4"
    if f["commander"] is not None and commander != f["commander"]:
        return f"the card activates only {S.general(f['commander']).name}'s force, 6.4"
    if f["power"] is not None and power != f["power"]:
        return f"the card activates only forces of {S.data().map.powers[f['power']].name}, 6.4"
    if f["max_initiative"] is not None and cost > f["max_initiative"]:
        return f"the card activates forces of initiative {f['max_initiative']} at most, and this one is {cost}, 6.4"
    if f["distinct_powers"] and S.major_of(st, power) in f["powers_used"]:
        return "the card activates forces of different powers, and this power's was activated already, 6.4"
    return None


def may_activate(st: State, f: Frame, fid: str) -> bool:
    return _may_activate(st, f, S.force(st, fid))


def _may_activate(st: State, f: Frame, force: S.Force) -> bool:
    fits = _fits(st, f, force, S.initiative(force), force["commander"], force["power"])  # the cheap test first
    return fits and not army_moved(st, f, force)


def activation_refusal(st: State, f: Frame, fid: str) -> str | None:
    """Why the activation ``f`` may not activate force ``fid`` (None: it may), from the checks of ``may_activate``."""
    force = S.force(st, fid)
    if army_moved(st, f, force):
        return "its units (or army) have already moved in this activation, 12.2.1"
    return _unfit(st, f, force, S.initiative(force), force["commander"], force["power"])


def parts(st: State, f: Frame) -> list[Action]:
    """9.1: parts of forces that may be activated alone: one army of a group ("army"), a subordinate general with
    some units of his army ("subordinate"), a corps alone ("unit": 1 AP; a general is never left without a combat
    unit, 10.3, and reserve cavalry and special units serve only in an army, 10.1)."""
    out: list[Action] = []
    moved = f["moved"]
    for force in st.g["forces"].values():
        # the force's own test once (the other side's forces never fit), the activation's limits for each part
        if len(force["units"]) < 2 or _force_unfit(st, f, force):
            continue
        armies = S.armies(force)
        if force["group"]:
            out += [("army", a.army) for a in armies
                    if a.commander and a.army not in f["armies"]
                    and not _beyond(st, f, S.general(a.commander).initiative, a.commander,
                                    S.general(a.commander).power)]
        for a in armies:
            fresh = {u: v for u, v in a.units.items() if u not in moved}
            # the cheap test of the activation's limits first, the command limits (10.1) only for what fits
            out += [("subordinate", g) for g in a.subs
                    if not _beyond(st, f, S.general(g).initiative, g, S.general(g).power)
                    and takeable(st, g, a, {}, fresh)]
            out += [("unit", u) for u in fresh if not _beyond(st, f, 1, None, S.unit_facts()[u].power)
                    and detachable(st, a, a.units, u)]
    return out


_DETACHABLE: dict[tuple[str | None, str | None, str, tuple[tuple[str, int], ...]], bool] = {}


def detachable(st: State, army: S.Army, units: dict[str, int], uid: str) -> bool:
    """9.1 / 10.3: may ``uid`` leave ``army`` (or force), which still holds ``units``, the rest keeping a combat
    unit within its general's limits (10.1)? Reserve cavalry and special units serve only in an army.
    Remembered: the answer depends on the arguments and the counters only."""
    key = (army.commander, army.army, uid, tuple(units.items()))
    ok = _DETACHABLE.get(key)
    if ok is None:
        if len(_DETACHABLE) >= 1 << 16:
            _DETACHABLE.clear()
        ok = _DETACHABLE[key] = _detachable(st, army, units, uid)
    return ok


def _detachable(st: State, army: S.Army, units: dict[str, int], uid: str) -> bool:
    u = S.unit(uid)
    rest = {x: v for x, v in units.items() if x != uid}
    return (not u.special and u.kind != "reserve_cavalry" and S.combat_value({"units": rest}) > 0
            and (army.commander is None or command.within_command(st, army.commander, army.army, rest)))


def takeable(st: State, gid: str, army: S.Army, taken: dict[str, int], fresh: dict[str, int]) -> list[str]:
    """9.1 / 10.1: the units of his ``army`` that a subordinate activated apart may still take, on top of
    ``taken``: those that have not moved this round (``fresh``), leaving the army a combat unit."""
    left = {u: v for u, v in army.units.items() if u not in taken}
    return [u for u in left if u in fresh and detachable(st, army, left, u)
            and command.within_command(st, gid, None, {**taken, u: left[u]})]


def owner_of(st: State, what: str, arg: str) -> str:
    """The force holding the army marker, subordinate general or unit ``arg`` named by a "part" action."""
    for fid, force in st.g["forces"].items():
        if ((what == "army" and arg in (force["army"], (force["group"] or {}).get("army")))
                or (what == "subordinate" and arg in S.subordinates(force))
                or (what == "unit" and arg in force["units"])):
            return fid
    raise KeyError(arg)


class Activation:
    name: ClassVar[str] = "activation"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        left = f"{f['ap']} AP" if f["count"] is None else f"{f['count']} force(s) to activate"
        return f"{f['why']}: you have {left}. Choose the force (or part of a force) to activate, or finish."

    def choices(self, st: State, f: Frame) -> list[Action]:
        side = f["side"]
        out: list[Action] = [("force", fid) for fid, force in st.g["forces"].items()
                             if force["side"] == side and _may_activate(st, f, force)]  # (``_fits``)
        if st.g.get("sieges_due"):
            from grognard.games.nae.rules import sequence

            if sequence.siege_duty(st) and S.side_of(st, sequence.siege_duty(st).power) == f["side"]:
                # 20.2 rule 1: only the Austrian forces that may lay a siege still due, and no fleet
                return [*(a for a in out if sequence.may_lay_due_siege(st, a[1])), ("done", None)]
        return [*out, *parts(st, f), *naval.activation_choices(st, f), *cards.corsairs_choices(st, f), ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "done":
            from grognard.games.nae.rules import events

            if resume_waiting(st, f) or (f.get("reactivate") and events.reactivate(st, f)):  # 49F Montmirail
                return
            if f["count"] is None and f["ap"]:
                st.g["ap_reserve"][f["side"]] += f["ap"]
                st.note(f"The {S.side_name(f['side'])} puts {f['ap']} AP in reserve", rule="9.2")
            st.pop()
            return
        if verb == "fleet":
            naval.activate(st, f, arg)
            return
        if verb in ("corsairs", "corsairs_back"):
            cards.corsairs(st, f, action)  # 17.2.9
            return
        if verb == "subordinate":
            pay(st, f, S.general(arg).initiative, S.general(arg).power)
            st.push("detach", fid=owner_of(st, verb, arg), general=arg, side=f["side"], units=[], depots=0)
            return
        if verb == "force":
            fid = arg
            pay(st, f, S.initiative(S.force(st, fid)), S.force(st, fid)["power"])
        elif verb == "army":
            owner = owner_of(st, verb, arg)
            fid = command.split_group(st, owner, [a.army for a in S.armies(S.force(st, owner))].index(arg))
            pay(st, f, S.initiative(S.force(st, fid)), S.force(st, fid)["power"])
        else:
            fid = command.detach(st, owner_of(st, verb, arg), [arg])
            pay(st, f, 1, S.unit(arg).power)
        launch(st, f, fid)


def pay(st: State, f: Frame, cost: int, power: str) -> None:
    """Spend the AP (or one of the event's forces) of an activation."""
    if f["count"] is None:
        f["ap"] -= cost
    else:
        f["count"] -= 1
    f["powers_used"].append(S.major_of(st, power))


def launch(st: State, f: Frame, fid: str) -> None:
    force = S.force(st, fid)
    mark_moved(st, force["units"])
    f["armies"] += [a.army for a in S.armies(force) if a.army]
    if f["count"] is None and not force["commander"]:
        f["lone"].append(fid)  # 9.1: a lone corps may owe a second AP
    movement.start_march(st, fid, fm_max=f["fm_max"], fm_attrition=f["fm_attrition"], fm_mod=f["fm_mod"],
                         extra_mp=f["extra_mp"], victory_mp=f["victory_mp"])


# 9.1: a lone corps costs 2 AP if it force-marches or fights a battle, and (optional rule) if it enters a zone its side
# does not control. The second AP is paid when that happens, so it must still be in hand.
LONE_CORPS_OPTION = "lone_corps_enemy_zone"


def owes_ap(st: State, fid: str) -> bool:
    f = activation_frame(st)
    return f is not None and fid in f["lone"]


def can_pay(st: State, fid: str) -> bool:
    f = activation_frame(st)
    return not owes_ap(st, fid) or (f is not None and f["ap"] >= 1)


def pay_second_ap(st: State, fid: str, why: str) -> None:
    if owes_ap(st, fid):
        f = activation_frame(st)
        assert f is not None
        f["ap"] -= 1
        f["lone"].remove(fid)
        st.note(f"{S.name_of(st, fid)} {why}: its activation costs a second AP", rule="9.1")


def zone_costs_ap(st: State, fid: str, zone: str) -> bool:
    """9.1: may entering ``zone`` cost a lone corps its second AP (a battle there, paid when it is fought, or the
    optional rule's zone its side does not control)? Then the AP must be in hand to enter."""
    side = S.force(st, fid)["side"]
    if S.outside(st, zone, S.other(side)) or battle.enemy_depots(st, zone, side):
        return True
    return enemy_zone_costs_ap(st, fid, zone)


def enemy_zone_costs_ap(st: State, fid: str, zone: str) -> bool:
    """9.1 (optional rule): entering a zone its side does not control costs a lone corps its second AP."""
    side = S.force(st, fid)["side"]
    return bool(st.setup["options"].get(LONE_CORPS_OPTION)) and S.controller(st, zone) != side


class Detach:
    """9.1: a subordinate general activated apart from his army (or, 14.1, counter-marching apart from it) chooses
    the units (and mobile depots) he takes; his army keeps a combat unit (10.3) and he stays within his command
    (10.1)."""

    name: ClassVar[str] = "detach"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.general(f['general']).name} leaves {S.name_of(st, f['fid'])}: choose the units he takes, "
                "then set off.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        force = S.force(st, f["fid"])
        army = next(a for a in S.armies(force) if f["general"] in a.subs)
        taken = {u: force["units"][u] for u in f["units"]}
        frame = activation_frame(st) if "countermarch" not in f else None
        fresh = {u: v for u, v in army.units.items() if frame is None or u not in frame["moved"]}
        out: list[Action] = [("unit", u) for u in takeable(st, f["general"], army, taken, fresh)]
        if len(force["depots"]) > f["depots"]:
            out.append(("depot", None))
        if S.combat_value({"units": taken}):
            out.append(("done", None))
        return out

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "unit":
            f["units"].append(arg)
        elif verb == "depot":
            f["depots"] += 1
        else:
            st.pop()
            force = S.force(st, f["fid"])
            S.drop_subordinate(force, f["general"])
            fid = command.detach(st, f["fid"], f["units"], general=f["general"], depots=f["depots"])
            if "countermarch" in f:  # 14.1: he marches to the guns on his own
                battle.begin_counter_march(st, fid, f["countermarch"]["role"], f["countermarch"]["target"])
                return
            frame = activation_frame(st)
            assert frame is not None
            launch(st, frame, fid)


def resume_waiting(st: State, f: Frame) -> bool:
    """12.6 / 11: a force of the Major Campaign still waiting in an enemy's zone when no other force joins it fights
    there now (both sides may not end the round in one zone); its move goes on after a victory."""
    while f["waiting"]:
        w = f["waiting"].pop(0)
        force = st.g["forces"].get(w["fid"])
        if force is None or force["zone"] != w["zone"] or not S.outside(st, w["zone"], S.other(force["side"])):
            continue
        st.note(f"{S.name_of(st, w['fid'])} no longer waits for the other forces of the campaign", rule="12.6")
        st.push("march", **{**w["march"], "ended": False})
        st.push("contact", fid=w["fid"], zone=w["zone"], came_from=w["came_from"], asked=[], fought=[], offered=[],
                hold=False)
        return True
    return False


STEPS = (Activation(), Detach())
