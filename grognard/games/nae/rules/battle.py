"""14 Battle: counter-marches, odds, level, morale, spearhead, modifiers, combat cards, 2d6 resolution, wounds,
losses, demoralization, pursuit, retreat."""

from __future__ import annotations

from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, command, stacking, supply
from grognard.games.nae.schema.cards import Cancel, CombatBonus, CounterMarchModifier, MoraleModifier, PursuitModifier
from grognard.games.nae.schema.tables import battle_winner

# 14.4 Morale --------------------------------------------------------------------------------------------------

def unit_morale(st: State, uid: str) -> int:
    """A unit's morale, -1 while its power's capital is enemy-held (Russia: both capitals)."""
    u = S.unit(uid)
    morale = int(u.morale or 0)
    caps = S.data().map.capitals_of(u.power)
    side = S.side_of(st, S.major_of(st, u.power))
    if caps and all(S.controller(st, z.id) not in (side, None) for z in caps):
        morale -= 1
    return morale


def force_morale(st: State, f: S.Force) -> int:
    """14.4: the morale held by the most steps (special units excluded); a tie takes the higher morale."""
    by: dict[int, int] = {}
    for uid, v in f["units"].items():
        if not S.unit(uid).special:
            m = unit_morale(st, uid)
            by[m] = by.get(m, 0) + v
    return max(by, key=lambda m: (by[m], m)) if by else 0


# 14.5.2 Cavalry ------------------------------------------------------------------------------------------------

def cavalry_count(f: S.Force) -> int:
    """Reserve-cavalry steps + special cavalry units + cavalry generals of the force (14.5.2)."""
    n: int = sum(v for uid, v in f["units"].items() if S.unit(uid).cavalry)
    return n + sum(1 for g in S.generals_of(f) if S.general(g).cavalry)


def cavalry_steps(f: S.Force) -> int:
    return sum(v for uid, v in f["units"].items() if S.unit(uid).kind == "reserve_cavalry")


def spearhead(f: S.Force) -> str | None:
    """14.5.5: the elite corps with the most stars leads the assault (and takes the first loss)."""
    elite = [uid for uid in f["units"] if S.unit(uid).stars and S.unit(uid).kind in ("elite", "guard")]
    return max(elite, key=lambda uid: (S.unit(uid).stars, uid)) if elite else None


def best_subordinate(f: S.Force, attack: bool) -> str | None:
    """14.5.6: one subordinate of an army adds his tactical value; the best one is used."""
    if not S.is_army(f) or not f["subs"]:
        return None
    sub = max(f["subs"], key=lambda g: (S.general(g).attack if attack else S.general(g).defence, g))
    return sub if (S.general(sub).attack if attack else S.general(sub).defence) > 0 else None


def tactical(f: S.Force, attack: bool) -> int:
    if not f["commander"]:
        return 0
    g = S.general(f["commander"])
    return g.attack if attack else g.defence


def battle_mods(st: State, ctx: Frame, role: str) -> tuple[list[tuple[str, int]], str | None]:
    """14.5: one side's modifiers on its 2d6 (combat cards included), and the subordinate whose value it used."""
    t = S.data().tables
    attacker = role == "attacker"
    att, dfn = S.force(st, ctx["att"]), S.force(st, ctx["dfn"])
    me, foe = (att, dfn) if attacker else (dfn, att)
    foe_role = "defender" if attacker else "attacker"
    cancelled = {e.what for e in cards.played_effects(st, ctx, foe_role, Cancel) if e.side == "enemy"}
    mods: list[tuple[str, int]] = []
    if attacker:
        mods.append(("odds", ctx["odds_mod"]))
    if cavalry_count(me) > cavalry_count(foe) and "cavalry_superiority" not in cancelled:
        mods.append(("cavalry superiority", t.combat_modifier("cavalry_superiority")))
    zone = ctx["zone"]
    terrain = t.terrain[S.data().map.zones[zone].terrain]
    mods.append((f"terrain {terrain.name}", terrain.attacker_modifier if attacker else terrain.defender_modifier))
    if attacker:
        border = t.borders[S.data().map.feature_of(ctx["came_from"], zone).id]
        mods.append((border.name, border.army_attacker_modifier if S.is_army(att) else border.attacker_modifier))
    if me["unsupplied"]:
        mods.append(("unsupplied", t.combat_modifier("unsupplied")))
    head = spearhead(me) if "spearhead" not in cancelled else None
    if head:
        mods.append((f"spearhead {S.unit(head).name}", t.combat_modifier("spearhead") * S.unit(head).stars))
    for uid in me["units"]:
        if S.unit(uid).special:
            mods.append((S.unit(uid).name, int(S.unit(uid).bonus or 0)))
    if me["commander"]:
        mods.append((S.general(me["commander"]).name, tactical(me, attacker)))
    sub = best_subordinate(me, attacker)
    if sub:
        g = S.general(sub)
        mods.append((f"{g.name} (subordinate)", g.attack if attacker else g.defence))
    if ctx["interceptor_from"] is not None and not attacker:
        mods.append(("interceptor", t.combat_modifier("interceptor")))
    for r in ("attacker", "defender"):
        for cid in ctx["cards"][r]:
            card = S.data().cards.cards[cid]
            for e in card.effect:
                if not isinstance(e, CombatBonus) or not all(cards.holds(st, c, ctx, r) for c in e.requires):
                    continue
                target = r if e.side == "own" else ("defender" if r == "attacker" else "attacker")
                when_ok = {"battle": True, "attack": target == "attacker", "defence": target == "defender",
                           "major_battle": ctx["level"] == "major"}.get(e.when, False)
                if target == role and when_ok:
                    mods.append((card.title, e.value))
    return mods, sub


def _args(f: Frame) -> dict[str, Any]:
    return {k: v for k, v in f.items() if k != "step"}


def start_battle(st: State, att: str, dfn: str, zone: str, came_from: str, interceptor_from: str | None = None) -> None:
    """Push a battle in ``zone``: ``att`` entered from ``came_from``; ``interceptor_from`` marks an interception."""
    st.push("battle", att=att, dfn=dfn, zone=zone, came_from=came_from, interceptor_from=interceptor_from)


class Battle:
    """14.2-14.3: supply of both sides, odds (5:1 destroys), battle level; then the combat-card window."""

    name: ClassVar[str] = "battle"

    def run(self, st: State, f: Frame) -> None:
        if "tried" not in f:
            f["tried"] = []  # 14.1: counter-marches first, the attacker's then the defender's
            f["cards"] = {"attacker": [], "defender": []}
            depth = len(st.core["stack"]) - 1
            if f["interceptor_from"] is None:  # EN 12.4: no counter-march in an interception battle
                for role in ("defender", "attacker"):
                    side = S.force(st, f["att"] if role == "attacker" else f["dfn"])["side"]
                    if counter_march_candidates(st, f, role):
                        st.push("countermarch", side=side, role=role, target=depth)
            return
        t = S.data().tables
        att, dfn = S.force(st, f["att"]), S.force(st, f["dfn"])
        cache: dict[str, set[str]] = {}
        att["unsupplied"] = not supply.force_supplied(st, f["att"], cache, via=f["came_from"])  # 14.5.4
        dfn["unsupplied"] = not supply.force_supplied(st, f["dfn"], cache)
        a, d = S.combat_value(att), S.combat_value(dfn)
        an, dn = S.name_of(st, f["att"]), S.name_of(st, f["dfn"])
        row = t.odds_row(a, d)
        st.note(f"Battle in {S.zone_name(f['zone'])}: {an} ({a}) attacks {dn} ({d}); odds {row.id}", rule="14.2")
        if row.destroys:
            loser = f["att"] if row.destroys == "attacker" else f["dfn"]
            st.replace("battle.after", **_args(f), winner="defender" if loser == f["att"] else "attacker", phase="end",
                       demoralize=False, diff=0, losers_tactical=0, destroyed=True)
            S.remove_force(st, loser, "14.2", f"Odds of {row.id}: {S.name_of(st, loser)} is destroyed")
            return
        level = t.battle_level(a, d)
        st.note(f"Total {a + d}, weaker side {min(a, d)}: {level.name}", rule="14.3")
        st.replace("battle.roll", **_args(f), level=level.id, odds_mod=row.modifier,
                   subs={"attacker": None, "defender": None})
        cards.open_windows(st, "before")


# 14.1 Counter-marches -------------------------------------------------------------------------------------------

def counter_march_candidates(st: State, ctx: Frame, role: str) -> list[str]:
    """Forces led by a general next to the battle zone, not demoralized, not across a mountain without pass or
    a strait, that the force in the battle could take in (consolidation, 12.2.2), not yet tried in this battle."""
    into = ctx["att"] if role == "attacker" else ctx["dfn"]
    if into not in st.g["forces"]:
        return []
    side = S.force(st, into)["side"]
    m = S.data().map
    t = S.data().tables
    out = []
    for fid, f in st.g["forces"].items():
        if f["side"] != side or fid == into or fid in ctx["tried"] or not f["commander"] or f["demoralized"]:
            continue
        border = m.border(f["zone"], ctx["zone"])
        if border is None or t.borders[border.feature].blocks_counter_march or f["in_fortress"]:
            continue
        if (m.enter_cost(f["zone"], ctx["zone"]) is not None and S.limited_ok(f["units"], ctx["zone"])
                and command.may_absorb(st, into, fid)):
            out.append(fid)
    return out


class CounterMarch:
    """14.1: choose a force to march to the sound of the guns (1d6 + tactical value, -1 difficult terrain, 5+)."""

    name: ClassVar[str] = "countermarch"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        ctx = st.core["stack"][f["target"]]
        return f"A battle is coming in {S.zone_name(ctx['zone'])}: choose a force to counter-march, or none."

    def choices(self, st: State, f: Frame) -> list[Action]:
        ctx = st.core["stack"][f["target"]]
        return [("force", fid) for fid in counter_march_candidates(st, ctx, f["role"])] + [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            st.pop()
            return
        ctx = st.core["stack"][f["target"]]
        ctx["tried"].append(action[1])
        st.push("countermarch.roll", fid=action[1], role=f["role"], target=f["target"])
        cards.open_window(st, f["side"], f["role"], "countermarch", f["target"])


class CounterMarchRoll:
    """14.1: 1d6 + tactical value (the army general's in the battle if better) - 1 difficult terrain + cards."""

    name: ClassVar[str] = "countermarch.roll"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        ctx = st.core["stack"][f["target"]]
        fid = f["fid"]
        t = S.data().tables
        test = t.test("counter_march")
        force = S.force(st, fid)
        into = S.force(st, ctx["att"] if f["role"] == "attacker" else ctx["dfn"])
        attack = f["role"] == "attacker"
        value = max(tactical(force, attack), tactical(into, attack) if S.is_army(into) else 0)
        cost = S.data().map.enter_cost(force["zone"], ctx["zone"]) or 0
        mods = [("tactical value", test.modifier("commander_tactical") * value)]
        if t.is_difficult(cost):
            mods.append(("difficult terrain", test.modifier("difficult_terrain")))
        mods += [("combat card", e.value) for e in cards.played_effects(st, ctx, f["role"], CounterMarchModifier)
                 if e.side == "own"]
        roll = st.roll(1, rule="14.1", why=f"Counter-march of {S.name_of(st, fid)}", mods=mods,
                       table=lambda x: ("arrives" if test.passes(x) else "does not arrive", test.passes(x)))
        if roll.result:
            st.push("countermarch.join", fid=fid, into=ctx["att"] if attack else ctx["dfn"], zone=ctx["zone"])
            extra = [("counter-march MP", t.attrition_modifier("counter_march") * cost)]
            supply.push_attrition(st, fid, supply.attrition_mods(st, fid, extra=extra), "counter-march", rule="14.1")


class CounterMarchJoin:
    """14.1: after its attrition test the force enters the battle zone and consolidates with the force there."""

    name: ClassVar[str] = "countermarch.join"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        forces = st.g["forces"]
        if f["fid"] in forces and f["into"] in forces and command.may_absorb(st, f["into"], f["fid"]):
            forces[f["fid"]]["zone"] = f["zone"]
            from grognard.games.nae.rules import siege

            siege.refresh_sieges(st)
            command.absorb(st, f["into"], f["fid"])


class BattleRoll:
    """14.4-14.8: morale, modifiers, both sides' 2d6 on the level's column, wound tests, then the losses."""

    name: ClassVar[str] = "battle.roll"

    def run(self, st: State, f: Frame) -> None:
        t = S.data().tables
        att, dfn = S.force(st, f["att"]), S.force(st, f["dfn"])
        an, dn = S.name_of(st, f["att"]), S.name_of(st, f["dfn"])
        level = t.battle_levels[f["level"]]
        morale = {}
        for role, force in (("attacker", att), ("defender", dfn)):
            bonus = sum(e.value for e in cards.played_effects(st, f, role, MoraleModifier) if e.test == "battle")
            morale[role] = force_morale(st, force) + bonus
        st.note(f"Morale: {an} {morale['attacker']}, {dn} {morale['defender']}", rule="14.4")
        amods, f["subs"]["attacker"] = battle_mods(st, f, "attacker")
        dmods, f["subs"]["defender"] = battle_mods(st, f, "defender")

        def table(total: int) -> tuple[str, Any]:
            res = t.combat(level.id, total)
            return f"{level.column}: {res.label}", res

        ra = st.roll(2, rule="14.6", why=f"{an} (attacker) combat", mods=amods, table=table)
        rd = st.roll(2, rule="14.6", why=f"{dn} (defender) combat", mods=dmods, table=table)
        winner = battle_winner(ra.result, rd.result)
        st.note(f"{an if winner == 'attacker' else dn} wins the battle ({ra.result.label} against {rd.result.label})",
                rule="14.6")
        # 14.8: a side never inflicts more losses than its own number of combat steps
        a, d = S.combat_value(att), S.combat_value(dfn)
        to_dfn = min(ra.result.losses, a)
        to_att = min(rd.result.losses, d)
        for role, force in (("attacker", att), ("defender", dfn)):
            sub = f["subs"][role]
            if sub:
                w = st.roll(1, rule="14.7", why=f"Wound test of {S.general(sub).name}",
                            table=lambda x: ("wounded" if t.test("wound").passes(x) else "unhurt",
                                             t.test("wound").passes(x)))
                if w.result:
                    force["subs"].remove(sub)
                    st.g["removed"].append(sub)
                    f["subs"][role] = None
        loser = "defender" if winner == "attacker" else "attacker"
        loser_force = dfn if loser == "defender" else att
        cancelled = {r: {e.what for e in cards.played_effects(st, f, r, Cancel) if e.side == "enemy"}
                     for r in ("attacker", "defender")}
        heads = {"attacker": spearhead(att) if "spearhead" not in cancelled["defender"] else None,
                 "defender": spearhead(dfn) if "spearhead" not in cancelled["attacker"] else None}
        st.replace("battle.after", **_args(f), winner=winner, phase="cards", demoralize=level.demoralisation,
                   diff=(to_att - to_dfn) if loser == "attacker" else (to_dfn - to_att),
                   losers_tactical=tactical(loser_force, loser == "attacker"),
                   loser_morale=morale[loser], destroyed=False)
        push_losses(st, f["dfn"], to_dfn, rule="14.8", why="battle losses", spearhead=heads["defender"],
                    specials=[u for u in dfn["units"] if S.unit(u).special], morale=morale["defender"])
        push_losses(st, f["att"], to_att, rule="14.8", why="battle losses", spearhead=heads["attacker"],
                    specials=[u for u in att["units"] if S.unit(u).special], morale=morale["attacker"])


class BattleAfter:
    """14.9 demoralization and pursuit, 14.10 retreat, then the mover goes on or stops."""

    name: ClassVar[str] = "battle.after"

    def run(self, st: State, f: Frame) -> None:
        winner_fid = f["att"] if f["winner"] == "attacker" else f["dfn"]
        loser_fid = f["dfn"] if f["winner"] == "attacker" else f["att"]
        forces = st.g["forces"]
        if f["phase"] == "cards":
            f["phase"] = "demoralize"
            if loser_fid in forces and winner_fid in forces and f["demoralize"] and "cards" in f:
                cards.open_windows(st, "after")
            return
        if f["phase"] == "demoralize":
            f["phase"] = "retreat"
            if loser_fid in forces and f["demoralize"]:
                self.demoralize(st, f, winner_fid, loser_fid)
            return
        if f["phase"] == "retreat":
            f["phase"] = "end"
            if winner_fid in forces and forces[winner_fid]["demoralized"]:
                forces[winner_fid]["demoralized"] = False
                st.note(f"{S.name_of(st, winner_fid)} wins and rallies", rule="14.9.4")
            if loser_fid in forces and forces[loser_fid]["zone"] == f["zone"]:
                retreat(st, f, loser_fid)
            return
        st.pop()
        from grognard.games.nae.rules import movement

        movement.after_battle(st, f, winner_fid)

    def demoralize(self, st: State, f: Frame, winner_fid: str, loser_fid: str) -> None:
        t = S.data().tables
        loser = S.force(st, loser_fid)
        test = t.test("demoralisation")
        loser_role = "attacker" if loser_fid == f["att"] else "defender"
        winner_role = "defender" if loser_role == "attacker" else "attacker"
        played = f.get("cards", {"attacker": [], "defender": []})
        ctx = {**f, "cards": played}
        card_morale = sum(e.value for e in cards.played_effects(st, ctx, loser_role, MoraleModifier)
                          if e.test == "demoralization")
        rating = f["loser_morale"] + f["losers_tactical"] - max(0, f["diff"]) + card_morale
        roll = st.roll(1, rule="14.9.1",
                       why=f"Demoralization test of {S.name_of(st, loser_fid)} (morale {f['loser_morale']} "
                           f"+ tactical {f['losers_tactical']} - differential {max(0, f['diff'])} = {rating})",
                       table=lambda x: ("holds" if test.passes(x, rating) and rating > 0 else "demoralized",
                                        test.passes(x, rating) and rating > 0))
        if roll.result:
            return
        if loser["demoralized"]:
            S.remove_force(st, loser_fid, "14.9.3", f"{S.name_of(st, loser_fid)}, demoralized again, is destroyed")
            return
        loser["demoralized"] = True
        if winner_fid not in st.g["forces"]:
            return
        win = S.force(st, winner_fid)
        pursuit = t.test("pursuit")
        if any(e.what == "pursuit" and e.side == "enemy" for e in cards.played_effects(st, ctx, loser_role, Cancel)):
            st.note("The pursuit is called off by a combat card", rule="14.9.2")
            return
        mods = [("attack value", tactical(win, True)), ("reserve cavalry", cavalry_steps(win)),
                ("cavalry generals", sum(1 for g in S.generals_of(win) if S.general(g).cavalry))]
        for r, sign_side in ((loser_role, "enemy"), (winner_role, "own")):
            mods += [("combat card", e.value) for e in cards.played_effects(st, ctx, r, PursuitModifier)
                     if e.side == sign_side]
        p = st.roll(1, rule="14.9.2", why=f"Pursuit by {S.name_of(st, winner_fid)}", mods=mods,
                    table=lambda x: (f"{pursuit.excess(x)} pursuit losses", pursuit.excess(x)))
        if p.result:
            push_losses(st, loser_fid, p.result, rule="14.9.2", why="pursuit", depots_ok=True)


def retreat_options(st: State, fid: str, zone: str, came_from: str) -> list[str]:
    """14.10: the loser's destinations by priority; "fortress" means into the fortress of the battle zone."""
    side = S.force(st, fid)["side"]
    m = S.data().map
    units = S.force(st, fid)["units"]
    near = [z for z in m.neighbours(zone) if z != came_from and not S.is_neutral_ground(st, z)
            and S.limited_ok(units, z) and stacking.room_for(st, z, side) and not S.outside(st, z, S.other(side))
            and m.enter_cost(zone, z) is not None]
    first = [z for z in near if S.controller(st, z) in (side, None)]
    if first:
        return first
    fort = st.g["fortresses"].get(zone)
    if fort and fort["active"] and fort["siege"] is None and S.controller(st, zone) == side:
        return ["fortress"]
    return [z for z in near if not _enemy_fortress(st, z, side)]


def _enemy_fortress(st: State, zone: str, side: str) -> bool:
    fort = st.g["fortresses"].get(zone)
    return bool(fort and fort["active"] and S.controller(st, zone) not in (side, None))


def retreat(st: State, f: Frame, loser_fid: str) -> None:
    loser = S.force(st, loser_fid)
    if loser_fid == f["att"]:
        move_retreat(st, loser_fid, f["came_from"])
        return
    if f["interceptor_from"] is not None:
        move_retreat(st, loser_fid, f["interceptor_from"])
        return
    options = retreat_options(st, loser_fid, f["zone"], f["came_from"])
    if not options:
        S.remove_force(st, loser_fid, "14.10", f"{S.name_of(st, loser_fid)} has nowhere to retreat and is destroyed")
    elif len(options) == 1:
        move_retreat(st, loser_fid, options[0])
    else:
        st.push("retreat", fid=loser_fid, side=loser["side"], options=options)


def move_retreat(st: State, fid: str, dest: str) -> None:
    f = S.force(st, fid)
    src = f["zone"]
    if dest == "fortress":
        f["in_fortress"] = True
        st.note(f"{S.name_of(st, fid)} retreats into the fortress of {S.zone_name(src)}", rule="14.10")
        return
    f["zone"] = dest
    st.note(f"{S.name_of(st, fid)} retreats from {S.zone_name(src)} to {S.zone_name(dest)}", rule="14.10")
    from grognard.games.nae.rules import siege

    siege.refresh_sieges(st)
    feature = S.data().map.feature_of(src, dest)
    if feature.retreat_loss:
        push_losses(st, fid, 1, rule="14.10", why=f"retreat across a {feature.name}", depots_ok=True)


class Retreat:
    name: ClassVar[str] = "retreat"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} lost the battle: choose the zone it retreats into."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in f["options"]]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        move_retreat(st, f["fid"], action[1])


# 14.8 Losses ---------------------------------------------------------------------------------------------------

def push_losses(st: State, fid: str, n: int, *, rule: str, why: str, spearhead: str | None = None,
                specials: list[str] | None = None, morale: int | None = None, first_power: str | None = None,
                depots_ok: bool = False) -> None:
    """Ask the owner to take ``n`` losses on force ``fid`` within the constraints of 14.8 (or 13.6)."""
    if n <= 0 or fid not in st.g["forces"]:
        return
    f = S.force(st, fid)
    st.push("losses", fid=fid, side=f["side"], n=n, rule=rule, why=why, first=[spearhead] if spearhead else [],
            specials=list(specials or []), morale=morale, high_needed=(n + 1) // 2 if morale is not None else 0,
            taken=0, first_power=first_power, depots_ok=depots_ok)


class Losses:
    """The owner picks the unit that takes each loss; the force disappears with its last combat unit."""

    name: ClassVar[str] = "losses"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.name_of(st, f['fid'])} must take {f['n']} more loss(es) ({f['why']}): "
                "choose the unit that takes the next one.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        force = S.force(st, f["fid"])
        units = list(force["units"])
        first = [u for u in f["first"] if u in force["units"]]
        if first:
            return [("loss", first[0])]
        specials = [u for u in f["specials"] if u in force["units"]]
        if specials:
            return [("loss", u) for u in specials]
        pick = units
        if f["first_power"] and f["taken"] == 0:
            pick = [u for u in units if S.unit(u).power == f["first_power"]] or units
        elif f["morale"] is not None and f["high_needed"] > 0 and f["n"] <= f["high_needed"]:
            pick = [u for u in units if unit_morale(st, u) >= f["morale"] and not S.unit(u).special] or units
        out: list[Action] = [("loss", u) for u in pick]
        if f["depots_ok"] and force["depots"]:
            out.append(("depot", None))
        return out

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        fid = f["fid"]
        force = S.force(st, fid)
        if action[0] == "depot":
            force["depots"] -= 1
            st.note(f"{S.name_of(st, fid)} loses a mobile depot ({f['why']})", rule=f["rule"])
        else:
            uid = action[1]
            if f["morale"] is not None and not S.unit(uid).special and unit_morale(st, uid) >= f["morale"]:
                f["high_needed"] -= 1
            if uid in f["first"]:
                f["first"].remove(uid)
            if uid in f["specials"]:
                f["specials"].remove(uid)
            gone = S.lose_step(st, fid, uid)
            st.note(f"{S.unit(uid).name} {'is eliminated' if gone else 'is reduced'} ({f['why']})", rule=f["rule"])
        f["n"] -= 1
        f["taken"] += 1
        S.check_force(st, fid, f["rule"])
        if f["n"] == 0 or fid not in st.g["forces"]:
            st.pop()


STEPS = (Battle(), CounterMarch(), CounterMarchRoll(), CounterMarchJoin(), BattleRoll(), BattleAfter(), Retreat(),
         Losses())
