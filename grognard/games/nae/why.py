"""Why an option a player expects is not offered: ``why(state, "Breda")`` names the rule that forbids acting on a
zone or force at the current step. The answers come from the rules' own checks (``movement.enter_refusal``,
``activation.activation_refusal``, ``command.absorb_refusal``, ``battle.retreat_refusal``,
``movement.evasion_refusal``), never from a second copy of a rule."""

from __future__ import annotations

import unicodedata

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, battle, command, movement, naval


def why(st: State, target: str) -> str:
    """Explain, for the side to act, why ``target`` (a zone, or a force named by its general, unit or id) is or is
    not among the choices of the current step. Only what that side may see is used."""
    if st.over:
        return "The game is over: nothing more can be done."
    if str(st.step).startswith("budget"):
        from grognard.games.nae.rules import budget

        answer = budget.explain(st, target)
        if answer is not None:
            return answer
    zone = find_zone(target)
    fid = None if zone else find_force(st, target)
    if zone is None and fid is None:
        return f"{target!r} names no zone and no force on the map."
    legal = st.legal_actions()
    step = st.step
    f = st.frame
    if zone is not None:
        name = S.zone_name(zone)
        if step == "naval.move" and ("assault", zone) not in legal:  # 17.2.8
            offered = "".join(f"{st.game.label(st, a)} is offered; " for a in legal if a[1] == zone)
            return f"{offered}no assault on {name}: {naval.assault_refusal(st, f, zone) or st.prompt}."
        if any(a[1] == zone for a in legal):
            return f"{name} is one of the choices now."
        if step == "march":
            return _why_not_enter(st, f, zone)
        if step == "retreat":
            return _why_not_retreat(st, f, zone)
        if step == "evade.where":
            return _why_not_evade(st, f, zone)
        if step == "budget.place":
            from grognard.games.nae.rules import budget

            return f"{S.unit_name(str(f['uid']))} cannot be placed in {name}: {budget.place_refusal(st, f, zone)}."
        if step == "redeploy.move":
            from grognard.games.nae.rules import redeployment

            if zone not in S.data().map.neighbours(S.force(st, f["fid"])["zone"]):
                return f"cannot enter {name}: it is not next to the moving force, 12.1."
            reason = redeployment.enter_refusal(st, f, zone)
            return f"cannot enter {name}: {reason or 'the force must first be able to stop where it stands'}."
        return f"{name} is not asked for now: {st.prompt}"
    assert fid is not None
    name = S.name_of(st, fid)
    if any(a[1] == fid for a in legal):
        return f"{name} is one of the choices now."
    if step == "activation":
        reason = activation.activation_refusal(st, f, fid)
        if reason:
            return f"{name} cannot be activated: {reason}."
        return f"{name} may be activated: it is offered as a whole force."
    if step == "march":
        return _why_not_absorb(st, f, fid)
    if step == "evade" and fid == f["fid"]:
        return _why_no_evasion(st, f)
    return f"{name} is not asked for now: {st.prompt}"


def _came_from(st: State) -> str | None:
    """The zone the attacker entered the battle or contact zone from (the innermost frame that knows it)."""
    return next((str(x["came_from"]) for x in reversed(st.core["stack"]) if x.get("came_from")), None)


def _why_not_retreat(st: State, f: dict[str, object], zone: str) -> str:
    fid = str(f["fid"])
    here = S.force(st, fid)["zone"]
    name = S.zone_name(zone)
    also = next((tuple(x["also_from"]) for x in reversed(st.core["stack"]) if x.get("also_from")), ())
    reason = battle.retreat_refusal(st, fid, here, _came_from(st), zone, also)
    if reason:
        return f"cannot retreat into {name}: {reason}."
    return f"cannot retreat into {name}: the force {f.get('why', 'retreats')} toward a zone its side supplies, 15.3."


def _why_not_evade(st: State, f: dict[str, object], zone: str) -> str:
    fid = str(f["fid"])
    reason = movement.evasion_refusal(st, fid, S.force(st, fid)["zone"], _came_from(st) or "", zone)
    return f"cannot evade into {S.zone_name(zone)}: {reason or 'it is not offered'}."


def _why_no_evasion(st: State, f: dict[str, object]) -> str:
    fid = str(f["fid"])
    force = S.force(st, fid)
    if not force["commander"] and not force["demoralized"]:
        return f"{S.name_of(st, fid)} cannot evade: only a force led by a general (or a demoralized one) evades, 12.5."
    return f"{S.name_of(st, fid)} cannot evade: every zone next to it is closed to an evasion, 12.5."


def _why_not_absorb(st: State, m: dict[str, object], other: str) -> str:
    fid = str(m["fid"])
    name = S.name_of(st, other)
    if S.force(st, other)["zone"] != S.force(st, fid)["zone"]:
        return f"{name} is not in {S.zone_name(S.force(st, fid)['zone'])}, where {S.name_of(st, fid)} stands, 12.2."
    if fid == other:
        return f"{name} is the moving force: {st.prompt}"
    if activation.moved(st, other):
        return f"{name} cannot be absorbed: its units have already moved this round, 12.2.1."
    reason = command.absorb_refusal(st, fid, other)
    if reason:
        return f"{name} cannot be absorbed by {S.name_of(st, fid)}: {reason}."
    return f"{name} may be absorbed by {S.name_of(st, fid)}."


def _why_not_enter(st: State, m: dict[str, object], zone: str) -> str:
    fid = str(m["fid"])
    force = S.force(st, fid)
    here = force["zone"]
    name = S.zone_name(zone)
    if zone not in S.data().map.neighbours(here):
        return f"cannot enter {name}: it is not next to {S.zone_name(here)}, where {S.name_of(st, fid)} stands, 12.1."
    if m["stopped"]:
        enemy = S.outside(st, here, S.other(force["side"]))
        what = "an enemy force stands" if enemy else "an active enemy fortress stands that no other force besieges"
        return f"cannot enter {name}: the force must stop in {S.zone_name(here)}, where {what}, 12.1 / 15.1."
    reason = movement.enter_refusal(st, fid, here, zone, int(str(m["mp"])))
    if reason:
        return f"cannot enter {name}: {reason}."
    if not activation.can_pay(st, fid):
        return (f"cannot enter {name}: a lone corps fighting there (or entering a zone its side does not control, "
                "optional rule) pays a second AP, and none is left, 9.1.")
    return f"{name} may be entered."


def _fold(text: str) -> str:
    """Lower case without accents, so "zurich" finds Zürich and "blucher" Blücher."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn").strip()


def find_zone(text: str) -> str | None:
    """A zone named by its id or its English or French name (accents and case ignored)."""
    key = _fold(text)
    for z in S.data().map.zones.values():
        if key in (z.id, _fold(z.name), _fold(z.name_fr)):
            return z.id
    return None


def find_force(st: State, text: str) -> str | None:
    """A force named by its id, one of its generals or one of its units (with or without nation)."""
    key = _fold(text)
    for fid, f in st.g["forces"].items():
        names = [fid, S.name_of(st, fid)] + [S.general(g).name for g in S.generals_of(f)]
        names += [n for u in f["units"] for n in (S.unit(u).name, S.unit_name(u))]
        if key in (_fold(n) for n in names):
            return fid
    return None
