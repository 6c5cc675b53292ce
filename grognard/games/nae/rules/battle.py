"""14 Battle: counter-marches, odds, level, morale, the owners' designations (morale on a tie, spearhead, special
units, subordinate), modifiers, combat cards, 2d6 resolution, wounds, losses ("C": one on cavalry), demoralization,
pursuit, retreat (its route settled before the test when it costs a loss)."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, command, conquest, forced, stacking, supply, weather
from grognard.games.nae.schema.cards import Cancel, CombatBonus, MoraleModifier, PursuitModifier
from grognard.games.nae.schema.tables import battle_winner

# 14.4 Morale --------------------------------------------------------------------------------------------------

@cache
def capitals(power: str) -> tuple[str, ...]:
    """The zones printed as capitals of ``power`` (Russia has two)."""
    return tuple(z.id for z in S.data().map.capitals_of(power))


def unit_morale(st: State, uid: str) -> int:
    """A unit's morale, -1 while its power's capital is enemy-held (Russia: both capitals)."""
    u = S.unit(uid)
    morale = int(u.morale or 0)
    caps = capitals(u.power)
    side = S.side_of(st, S.major_of(st, u.power))
    if caps and all(S.controller(st, z) not in (side, None) for z in caps):
        morale -= 1
    return morale


def _steps_by_morale(st: State, f: S.Force) -> dict[int, int]:
    by: dict[int, int] = {}
    for uid, v in f["units"].items():
        if not S.unit(uid).special:
            m = unit_morale(st, uid)
            by[m] = by.get(m, 0) + v
    return by


def force_morale(st: State, f: S.Force) -> int:
    """14.4: the morale held by the most steps (special units excluded); outside a battle a tie takes the higher."""
    by = _steps_by_morale(st, f)
    return max(by, key=lambda m: (by[m], m)) if by else 0


def morale_ties(st: State, f: S.Force) -> list[int]:
    """14.4: the morale values held by the most steps, highest first; the owner chooses when there are several."""
    by = _steps_by_morale(st, f)
    most = max(by.values(), default=0)
    return sorted((m for m, n in by.items() if n == most), reverse=True)


# 14.5.2 Cavalry ------------------------------------------------------------------------------------------------

def cavalry_count(f: S.Force) -> int:
    """Reserve-cavalry steps + special cavalry units + cavalry generals of the force (14.5.2)."""
    n: int = sum(v for uid, v in f["units"].items() if S.unit(uid).cavalry)
    return n + sum(1 for g in S.generals_of(f) if S.general(g).cavalry)


def cavalry_steps(f: S.Force) -> int:
    return sum(v for uid, v in f["units"].items() if S.unit(uid).kind == "reserve_cavalry")


def spearhead_candidates(f: S.Force) -> list[str]:
    """14.5.5: the elite corps that may lead the assault (+1 per star, and the first loss). Counters alike in all
    that matters (stars, strength, morale, power) are one choice: the first of them stands for the others."""
    out: list[str] = []
    seen: list[tuple[Any, ...]] = []
    for uid, v in f["units"].items():
        u = S.unit(uid)
        key = (u.stars, v, u.steps, u.morale, u.power, u.kind)
        if u.stars and not u.special and key not in seen:  # 2.1: a corps with a star is an elite corps
            seen.append(key)
            out.append(uid)
    return out


def subordinate_candidates(f: S.Force, attack: bool) -> list[str]:
    """14.5.6: the subordinates of an army (of either army of a group, not their commanders) who may add their
    tactical value (a value above 0), one at most."""
    if not S.is_army(f):
        return []
    return [g for g in S.subordinates(f) if (S.general(g).attack if attack else S.general(g).defence) > 0]


def tactical(f: S.Force, attack: bool) -> int:
    if not f["commander"]:
        return 0
    g = S.general(f["commander"])
    return g.attack if attack else g.defence


def battle_mods(st: State, ctx: Frame, role: str) -> list[tuple[str, int]]:
    """14.5: one side's modifiers on its 2d6 (combat cards included), with its designated spearhead and subordinate."""
    t = S.data().tables
    attacker = role == "attacker"
    att, dfn = S.force(st, ctx["att"]), S.force(st, ctx["dfn"])
    me, foe = (att, dfn) if attacker else (dfn, att)
    foe_role = "defender" if attacker else "attacker"
    cancelled = {e.what for e in cards.played_effects(st, ctx, foe_role, Cancel) if e.side == "enemy"}
    mods: list[tuple[str, int]] = []
    if attacker:
        mods.append(("odds", ctx["odds_mod"]))
    if cards.cavalry_superiority(st, ctx, role, cavalry_count(me) > cavalry_count(foe)) and \
            "cavalry_superiority" not in cancelled:
        mods.append(("cavalry superiority", t.combat_modifier("cavalry_superiority")))
    zone = ctx["zone"]
    terrain = t.terrain[S.data().map.zones[zone].terrain]
    mods.append((f"terrain {terrain.name}", terrain.attacker_modifier if attacker else terrain.defender_modifier))
    if attacker and ctx["came_from"] not in NO_ENTRY:  # 15.2: a sortie crosses no border, nor a standing battle
        border = t.borders[S.data().map.feature_of(ctx["came_from"], zone).id]
        mods.append((border.name, border.army_attacker_modifier if S.is_army(att) else border.attacker_modifier))
    if me["unsupplied"]:
        mods.append(("unsupplied", t.combat_modifier("unsupplied")))
    if attacker and ctx["came_from"] == FROM_SEA:  # 17.2.8
        mods.append(("landing from the sea", t.combat_modifier("amphibious_landing")))
    head = ctx["heads"][role] if "spearhead" not in cancelled else None
    if head:
        mods.append((f"spearhead {S.unit_name(head)}", t.combat_modifier("spearhead") * S.unit(head).stars))
    for uid in ctx["engaged"][role]:
        if uid in me["units"]:
            mods.append((S.unit_name(uid), int(S.unit(uid).bonus or 0)))
    if me["commander"]:
        mods.append((S.general(me["commander"]).name, tactical(me, attacker)))
    sub = ctx["subs"][role]
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
    return mods


PURSUIT_SCREEN_OPTION = "pursuit_cavalry_screen"


def morale_cards(st: State, ctx: Frame, role: str, test: str) -> int:
    """14.4 / 14.9.1: what the cards played in this battle add to ``role``'s morale (``test`` "battle") or to its
    demoralization test: a side's own bonuses and the maluses the enemy's cards lay on it."""
    foe = "defender" if role == "attacker" else "attacker"
    return sum(e.value for r, side in ((role, "own"), (foe, "enemy"))
               for e in cards.played_effects(st, ctx, r, MoraleModifier) if e.test == test and e.side == side)


def _args(f: Frame) -> dict[str, Any]:
    return {k: v for k, v in f.items() if k != "step"}


STANDING = "standing"
"""The ``came_from`` of a battle between forces already in the zone, no force moving in: the one a French force
accepts when a forced alliance is broken (8.1.4) and the Tyrolean rising's (8.3.3). No border is crossed, each side
is supplied where it stands, a beaten attacker retreats by the defender's priorities (14.10: it entered from
nowhere), and no march goes on after it."""
FROM_SEA = "from_sea"
"""The ``came_from`` of a landing battle (17.2.8, ``naval.Assault``): the attacker lands from a squadron in the
port. It crosses no border and is always supplied (« Les unités qui effectuent un assaut maritime sont toujours
ravitaillées au moment du combat »), fights at -3 (« Un combat se déroule avec des pénalités pour la force qui
débarque (-3) »), no force counter-marches to join it (2 steps an assault), and beaten it is destroyed (« ne peut pas
battre en retraite dans une zone adjacente et est détruite »); the assault goes on after it."""
NO_ENTRY = ("fortress", STANDING, FROM_SEA)  # a sortie (15.2), a standing battle, a landing: no zone left behind


def start_battle(st: State, att: str, dfn: str, zone: str, came_from: str, interceptor_from: str | None = None,
                 also_from: tuple[str, ...] = ()) -> None:
    """Push a battle in ``zone``: ``att`` entered from ``came_from``; ``interceptor_from`` marks an interception;
    ``also_from``: the other zones the forces of a Major Campaign fighting together as ``att`` entered from (12.6)."""
    st.push("battle", att=att, dfn=dfn, zone=zone, came_from=came_from, interceptor_from=interceptor_from,
            **({"also_from": list(also_from)} if also_from else {}))


def entries(f: Frame) -> tuple[str, ...]:
    """Every zone the attacking forces of battle ``f`` entered its zone from: 13.3 « la zone par laquelle une
    force adverse a pénétré la zone de bataille », 14.10 « la zone par laquelle est entré l'attaquant »; a Major
    Campaign's forces fighting together (12.6) each entered by their own."""
    return (f["came_from"], *f.get("also_from", ()))


class Battle:
    """14.2-14.3: supply of both sides, odds (5:1 destroys), battle level; then the combat-card window."""

    name: ClassVar[str] = "battle"

    def run(self, st: State, f: Frame) -> None:
        if "tried" not in f:
            f["tried"] = []  # 14.1: counter-marches first, the attacker's then the defender's
            f["cards"] = {"attacker": [], "defender": []}
            depth = len(st.core["stack"]) - 1
            # 14.1, FR 12.4: counter-marches also join a battle an interception started (the EN rules forbid it);
            # 3F Column of March: none at all to the battle of the force it caught
            for role in () if cards.cancelled(st, f["dfn"], "counter_march") else ("defender", "attacker"):
                side = S.force(st, f["att"] if role == "attacker" else f["dfn"])["side"]
                if counter_march_candidates(st, f, role):
                    st.push("countermarch", side=side, role=role, target=depth)
            return
        t = S.data().tables
        att, dfn = S.force(st, f["att"]), S.force(st, f["dfn"])
        cache: dict[str, set[str]] = {}
        sortie = f["came_from"] in NO_ENTRY  # 15.2: a sortie comes from no zone: the garrison's own supply
        att["unsupplied"] = f["came_from"] != FROM_SEA and not supply.force_supplied(  # 14.5.4: through its entry
            st, f["att"], cache, via=None if sortie else f["came_from"])              # zone; 17.2.8: landing, always
        dfn["unsupplied"] = not supply.force_supplied(  # 13.3 (a sortie, 15.2, comes from no zone)
            st, f["dfn"], cache, avoid=None if sortie else entries(f))
        a, d = S.combat_value(att), S.combat_value(dfn)
        an, dn = S.name_of(st, f["att"]), S.name_of(st, f["dfn"])
        row = t.odds_row(a, d)
        st.note(f"Battle in {S.zone_name(f['zone'])}: {an} ({a}) attacks {dn} ({d}); odds {row.id}", rule="14.2")
        if row.destroys:
            loser = f["att"] if row.destroys == "attacker" else f["dfn"]
            winner = f["dfn"] if loser == f["att"] else f["att"]
            if S.demoralized_armies(S.force(st, winner)):
                S.set_demoralized(S.force(st, winner), False)  # 14.9.4: a demoralized force that wins rallies
                st.note(f"{S.name_of(st, winner)} wins and rallies", rule="14.9.4")
            st.replace("battle.after", **_args(f), winner="defender" if loser == f["att"] else "attacker", phase="end",
                       demoralize=False, diff=0, losers_tactical=0, destroyed=True)
            conquest.note_crushed(st, loser)  # 26F Tilsit (18.2.1)
            S.remove_force(st, loser, "14.2", f"Odds of {row.id}: {S.name_of(st, loser)} is destroyed")
            return
        level = t.battle_level(a, d)
        st.note(f"Total {a + d}, weaker side {min(a, d)}: {level.name}", rule="14.3")
        ctx = st.replace("battle.roll", **_args(f), level=level.id, odds_mod=row.modifier,
                         morale={"attacker": None, "defender": None}, heads={"attacker": None, "defender": None},
                         engaged={"attacker": [], "defender": []}, subs={"attacker": None, "defender": None})
        cards.open_windows(st, "before")
        push_designations(st, ctx)


# 14.4-14.5.6 The owners' choices: morale on a tie, spearhead, subordinate -------------------------------------

def push_designations(st: State, ctx: Frame) -> None:
    """14.4, 14.5.5, 14.5.6, attacker first: each owner picks his force's morale on a tie, the elite corps that may
    head the assault, the special units he engages, then the subordinate who may lend his tactical value (the
    spearhead and the subordinate are optional: they take the first loss and a wound test)."""
    depth = next(i for i, x in enumerate(st.core["stack"]) if x is ctx)
    forces = {r: S.force(st, ctx["att"] if r == "attacker" else ctx["dfn"]) for r in ("attacker", "defender")}
    asks: list[tuple[str, str, list[Any]]] = [(r, "morale", morale_ties(st, f)) for r, f in forces.items()]
    for r, f in forces.items():
        asks.append((r, "spearhead", spearhead_candidates(f)))
        asks += [(r, "special", [uid]) for uid in f["units"] if S.unit(uid).special]
    asks += [(r, "subordinate", subordinate_candidates(f, r == "attacker")) for r, f in forces.items()]
    for role, what, options in reversed(asks):
        if what == "morale" and len(options) == 1:
            ctx["morale"][role] = options[0]
        elif options:
            st.push("battle.choose", side=forces[role]["side"], role=role, what=what, options=options, target=depth)


DESIGNATED = {"morale": "morale", "spearhead": "heads", "subordinate": "subs"}  # where each pick is kept


class BattleChoose:
    """14.4, 14.5.5, 14.5.6: one owner's choice before the modifiers are added up."""

    name: ClassVar[str] = "battle.choose"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        ctx = st.core["stack"][f["target"]]
        who = S.name_of(st, ctx["att"] if f["role"] == "attacker" else ctx["dfn"])
        if f["what"] == "morale":
            held = " and ".join(str(m) for m in f["options"])
            return (f"{who} has as many steps of morale {held}: choose the force's morale (at least half of its "
                    "losses must then fall on units of that morale).")
        if f["what"] == "spearhead":
            return (f"Choose the elite corps at the head of {who}'s assault: +1 per star, and it takes the first "
                    "loss.")
        if f["what"] == "special":
            u = S.unit(f["options"][0])
            return (f"Engage {u.name} in {who}'s battle (+{u.bonus}, and it takes one of the first losses), or hold "
                    "it back?")
        return f"Choose the subordinate general of {who} who adds his tactical value (he then takes a wound test)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        if f["what"] == "special":
            return [("engage", f["options"][0]), ("hold_back", f["options"][0])]
        optional = [(f["what"], None)] if f["what"] in ("spearhead", "subordinate") else []
        return [(f["what"], o) for o in f["options"]] + optional

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        ctx = st.core["stack"][f["target"]]
        if action[0] == "engage":
            ctx["engaged"][f["role"]].append(action[1])
        elif action[0] != "hold_back":
            ctx[DESIGNATED[f["what"]]][f["role"]] = action[1]
        st.pop()


# 14.1 Counter-marches -------------------------------------------------------------------------------------------

def counter_march_candidates(st: State, ctx: Frame, role: str) -> list[str]:
    """Forces led by a general next to the battle zone, not demoralized, not across a mountain without pass or
    a strait, not yet tried in this battle, that can be one force with the force in the battle. 14.1: « La force
    rejoint alors la zone de bataille à condition que les règles d'empilement soient respectées » (11: one force a
    side): an army joins only if the two armies can make a group (two at most, 9.1) or it can take in the force
    there (« une armée n'est jamais absorbée »); a general's force is offered even if the force in the battle could
    not take in all its units: « une consolidation est obligatoirement réalisée; éliminez les unités et généraux
    en surplus selon les cas »."""
    into = ctx["att"] if role == "attacker" else ctx["dfn"]
    if into not in st.g["forces"] or (role == "attacker" and ctx.get("came_from") in ("fortress", FROM_SEA)):
        return []  # 15.3: the besieged and the forces outside fight apart, a sortie too; 17.2.8: 2 steps a landing
    side = S.force(st, into)["side"]
    out = [fid for fid in marching_distance(st, ctx, side) if fid != into and fid not in ctx["tried"]
           and S.limited_ok(S.force(st, fid)["units"], ctx["zone"])
           and (not st.g["forces"][fid]["army"] or may_join(st, into, fid))]
    if ctx["interceptor_from"] is not None and role == "attacker":
        # FR 12.4: the moving side's non-activated force in the interception zone may join by counter-march too
        out += [fid for fid in S.outside(st, ctx["zone"], side) if fid != into and fid not in ctx["tried"]
                and not st.g["forces"][fid]["demoralized"] and may_join(st, into, fid, lone=True)]
    return out


def marching_distance(st: State, ctx: Frame, side: str) -> list[str]:
    """14.1: forces of ``side`` led by a general, not demoralized, in a zone next to the battle's, not across a
    mountain without pass or a strait, nor inside a fortress, nor facing an enemy force in their own zone (a force
    waiting there for its Major Campaign battle, 12.6, is bound to it: marching off would leave units with the
    enemy and the battle unfought)."""
    m = S.data().map
    t = S.data().tables
    out = []
    for fid, f in st.g["forces"].items():
        if not (f["side"] == side and f["commander"] and not f["demoralized"] and not f["in_fortress"]):
            continue  # the cheap tests first
        border = m.border(f["zone"], ctx["zone"])
        if (border is not None and not t.borders[border.feature].blocks_counter_march
                and not S.outside(st, f["zone"], S.other(side)) and m.enter_cost(f["zone"], ctx["zone"]) is not None):
            out.append(fid)
    return out


def may_join(st: State, into: str, fid: str, lone: bool = False) -> bool:
    """14.1: a force led by a general (``lone``: or not, 12.4) may join the force in the battle if their units stay
    within the command of the force's general (or its own general's, when the force has none); an army joining an
    army forms a group of armies with it."""
    f, o = S.force(st, into), S.force(st, fid)
    if not (o["commander"] or lone) or o["in_fortress"] or o["side"] != f["side"]:
        return False
    if o["army"]:
        return command.may_group(st, into, fid) or command.may_absorb(st, fid, into)
    units = {**f["units"], **o["units"]}
    if f["commander"] is None or (o["commander"] and not f["army"] and command.commands(st, o, f, units)):
        return o["commander"] is not None and command.within_command(st, o["commander"], None, units)
    return command.army_for(st, into, o["units"]) is not None


def join_battle(st: State, into: str, fid: str) -> None:
    """14.1 consolidation (10.2, 12.2.2), the force in the battle keeping its id: an army joining an army forms a
    group of armies with it, an army joining a force takes it in; a general joining a force that is no army takes
    command if he outranks its general, who returns to the reserve; joining an army, he becomes a subordinate or, if
    he outranks its general or serves another power, returns to the reserve (the example: Jean joins Mack's army
    and goes to the reserve). A lone corps (12.4) simply joins."""
    f, o = S.force(st, into), S.force(st, fid)
    if o["army"] and f["army"]:
        command.form_group(st, into, fid, keep=into)
        return
    if o["army"]:
        command.absorb(st, fid, into)
        command.rekey(st, fid, into)
        return
    gid = o["commander"]
    units = {**f["units"], **o["units"]}
    if gid is not None and (f["commander"] is None or (not f["army"] and command.commands(st, o, f, units))):
        if f["commander"]:
            st.g["removed"].append(f["commander"])
            st.note(f"{S.general(f['commander']).name} gives way to a higher-ranked general and returns to the "
                    "reserve", rule="12.2")
        f["commander"], f["power"], o["commander"] = gid, S.general(gid).power, None
        st.note(f"{S.general(gid).name} takes command of the force in the battle", rule="14.1")
    elif gid is not None:
        lead = S.general(f["commander"])
        if S.general(gid).rank <= lead.rank or S.general(gid).power != lead.power:
            o["commander"] = None
            st.g["removed"].append(gid)
            st.note(f"{S.general(gid).name} outranks {lead.name} or serves another power: he returns to the reserve",
                    rule="14.1")
    command.absorb(st, into, fid)


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
        forces = counter_march_candidates(st, ctx, f["role"])
        subs = [g for fid in marching_distance(st, ctx, f["side"]) for g in S.subordinates(S.force(st, fid))
                if g not in ctx["tried"] and subordinate_may_go(st, fid, g)]
        return [("force", fid) for fid in forces] + [("subordinate", g) for g in subs] + [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "done":
            st.pop()
            return
        if verb == "subordinate":  # 14.1: a subordinate marches on his own, with units he takes
            owner = next(fid for fid, x in st.g["forces"].items() if arg in S.subordinates(x))
            st.push("detach", fid=owner, general=arg, side=f["side"], units=[], depots=0,
                    countermarch={"role": f["role"], "target": f["target"]})
            return
        ctx = st.core["stack"][f["target"]]
        begin_counter_march(st, arg, f["role"], f["target"], send=S.force(st, arg)["zone"] != ctx["zone"])


def subordinate_may_go(st: State, fid: str, gid: str) -> bool:
    """14.1: may subordinate ``gid`` of army ``fid`` counter-march apart, with some of its units?"""
    from grognard.games.nae.rules import activation

    a = next(a for a in S.armies(S.force(st, fid)) if gid in a.subs)
    return bool(activation.takeable(st, gid, a, {}, a.units))


def begin_counter_march(st: State, fid: str, role: str, target: int, send: bool = False) -> None:
    """14.1: the force tries to march to the guns: the card window, its roll (``send``: it may first leave some of
    its units behind)."""
    ctx = st.core["stack"][target]
    force = S.force(st, fid)
    ctx["tried"] += [fid] + ([force["commander"]] if force["commander"] else [])  # one try each, forces and generals
    side = force["side"]
    st.push("countermarch.roll", fid=fid, role=role, target=target)
    cards.open_window(st, side, role, "countermarch", target, fid)
    if send:
        from grognard.games.nae.rules import movement

        movement.push_send(st, fid, "marches to the sound of the guns")


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
        # 14.1: the active player may use the value of an army general in the battle zone instead
        generals = [a.commander for a in S.armies(into) if a.army and a.commander] if attack else []
        value = max([tactical(force, attack)] + [S.general(g).attack for g in generals])
        m = S.data().map
        here = force["zone"] == ctx["zone"]  # 12.4: a force of the interception zone marches no MP
        cost = 0 if here else m.enter_cost(force["zone"], ctx["zone"]) or 0
        mods = [("tactical value", test.modifier("commander_tactical") * value)]
        if t.is_difficult(m.terrains[m.zones[ctx["zone"]].terrain].mp if here else cost):
            mods.append(("difficult terrain", test.modifier("difficult_terrain")))
        mods += [("combat card", e.value) for e in cards.counter_march_effects(st, ctx, f["role"], fid)]
        roll = st.roll(1, rule="14.1", why=f"Counter-march of {S.name_of(st, fid)}", mods=mods,
                       table=lambda x: ("arrives" if test.passes(x) else "does not arrive", test.passes(x)))
        if roll.result:
            st.push("countermarch.join", fid=fid, into=ctx["att"] if attack else ctx["dfn"], zone=ctx["zone"])
            extra = [("counter-march MP", t.attrition_modifier("counter_march") * cost)]
            # 13.6.2 / 16: winter, and a poor battle zone it enters (not the one it stands in: 12.4)
            poor = not here and ctx["zone"] in supply.graph().poor
            mods = supply.attrition_mods(st, fid, poor=poor, winter=weather.winter(st), extra=extra)
            supply.push_attrition(st, fid, mods, "counter-march", rule="14.1")
        elif not here:
            stacking.consolidate(st, fid)  # 11: it stays, with what it would have left behind


class CounterMarchJoin:
    """14.1: after its attrition test the force enters the battle zone and consolidates with the force there."""

    name: ClassVar[str] = "countermarch.join"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        forces = st.g["forces"]
        if f["fid"] in forces and f["into"] in forces:
            lone = forces[f["fid"]]["zone"] == f["zone"]  # 12.4: a lone corps of the interception zone
            S.move_force(st, f["fid"], f["zone"])
            from grognard.games.nae.rules import siege

            siege.refresh_sieges(st)
            if may_join(st, f["into"], f["fid"], lone=lone):
                join_battle(st, f["into"], f["fid"])
            else:  # 14.1 / 11: the surplus beyond the command limits is eliminated; the battle keeps its force id
                keep = stacking.squeeze(st, f["into"], f["fid"])
                if keep != f["into"]:
                    command.rekey(st, keep, f["into"])
        elif f["fid"] in forces and forces[f["fid"]]["zone"] != f["zone"]:
            stacking.consolidate(st, f["fid"])  # 11: it stays, with what it would have left behind


class BattleRoll:
    """14.4-14.8: morale, modifiers, both sides' 2d6 on the level's column, wound tests, then the losses."""

    name: ClassVar[str] = "battle.roll"

    def run(self, st: State, f: Frame) -> None:
        t = S.data().tables
        att, dfn = S.force(st, f["att"]), S.force(st, f["dfn"])
        an, dn = S.name_of(st, f["att"]), S.name_of(st, f["dfn"])
        level = t.battle_levels[f["level"]]
        base, morale = {}, {}
        for role, force in (("attacker", att), ("defender", dfn)):
            base[role] = f["morale"][role] if f["morale"][role] is not None else force_morale(st, force)
            bonus = morale_cards(st, f, role, "battle")
            morale[role] = base[role] + bonus
        st.note(f"Morale: {an} {morale['attacker']}, {dn} {morale['defender']}", rule="14.4")
        amods = battle_mods(st, f, "attacker")
        dmods = battle_mods(st, f, "defender")

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
                    S.drop_subordinate(force, sub)
                    st.g["removed"].append(sub)
                    f["subs"][role] = None
        loser = "defender" if winner == "attacker" else "attacker"
        loser_force = dfn if loser == "defender" else att
        cancelled = {r: {e.what for e in cards.played_effects(st, f, r, Cancel) if e.side == "enemy"}
                     for r in ("attacker", "defender")}
        heads = {r: f["heads"][r] if "spearhead" not in cancelled[o] else None
                 for r, o in (("attacker", "defender"), ("defender", "attacker"))}
        st.replace("battle.after", **_args(f), winner=winner, phase="cards", demoralize=level.demoralisation,
                   diff=(to_att - to_dfn) if loser == "attacker" else (to_dfn - to_att),
                   losers_tactical=tactical(loser_force, loser == "attacker"),
                   loser_morale=morale[loser], destroyed=False)
        for role, force, n, res in (("defender", dfn, to_dfn, ra.result), ("attacker", att, to_att, rd.result)):
            tie = len(morale_ties(st, force)) > 1  # 14.4: on a tie the losses go to units of the chosen morale
            push_losses(st, f["dfn"] if role == "defender" else f["att"], n, rule="14.8", why="battle losses",
                        spearhead=heads[role], specials=[u for u in f["engaged"][role] if u in force["units"]],
                        morale=base[role], exact=tie, cavalry=res.cavalry)


class BattleAfter:
    """14.9 demoralization and pursuit, 14.10 retreat, then the mover goes on or stops."""

    name: ClassVar[str] = "battle.after"

    def run(self, st: State, f: Frame) -> None:
        winner_fid = f["att"] if f["winner"] == "attacker" else f["dfn"]
        loser_fid = f["dfn"] if f["winner"] == "attacker" else f["att"]
        forces = st.g["forces"]
        if f["phase"] == "cards":
            f["phase"] = "route"
            if loser_fid in forces and winner_fid in forces and "cards" in f:
                cards.open_windows(st, "after")  # 14.5.7: after the dice, a skirmish too (11C Wound)
            return
        if f["phase"] == "route":
            f["phase"] = "demoralize"
            if loser_fid in forces and loser_fid == f["att"] and f["came_from"] == FROM_SEA:
                conquest.note_crushed(st, loser_fid)  # 26F Tilsit (18.2.1)
                S.remove_force(st, loser_fid, "17.2.8", f"{S.name_of(st, loser_fid)} has landed and may not retreat: "
                               "it is destroyed")
                return
            if loser_fid in forces and f["demoralize"] and forces[loser_fid]["zone"] == f["zone"]:
                plan_retreat(st, f, loser_fid)
            return
        if f["phase"] == "demoralize":
            f["phase"] = "retreat"
            if loser_fid in forces and f["demoralize"]:
                self.demoralize(st, f, winner_fid, loser_fid)
            return
        if f["phase"] == "retreat":
            f["phase"] = "end"
            if winner_fid in forces and S.demoralized_armies(forces[winner_fid]):
                S.set_demoralized(forces[winner_fid], False)
                st.note(f"{S.name_of(st, winner_fid)} wins and rallies", rule="14.9.4")
            if loser_fid in forces and forces[loser_fid]["zone"] == f["zone"]:
                if f.get("retreat_to"):
                    move_retreat(st, loser_fid, f["retreat_to"])
                else:
                    retreat(st, f, loser_fid)
            return
        st.pop()
        if f["came_from"] in (STANDING, FROM_SEA):
            return  # no mover: the step that started it settles what follows (8.1.4, 8.3.3, 17.2.8)
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
        card_morale = morale_cards(st, ctx, loser_role, "demoralization")
        # 14.9.1: the differential counts the loss a retreat across an unbridged river or a mountain will cost
        route = retreat_loss(st, loser["zone"], f["retreat_to"], loser_fid) if f.get("retreat_to") else \
            f.get("route_loss", 0)
        diff = max(0, f["diff"] + route)
        rating = f["loser_morale"] + f["losers_tactical"] - diff + card_morale
        roll = st.roll(1, rule="14.9.1",
                       why=f"Demoralization test of {S.name_of(st, loser_fid)} (morale {f['loser_morale']} "
                           f"+ tactical {f['losers_tactical']} - differential {diff} = {rating})",
                       table=lambda x: ("holds" if test.passes(x, rating) and rating > 0 else "demoralized",
                                        test.passes(x, rating) and rating > 0))
        if roll.result:
            return
        conquest.note_crushed(st, loser_fid)  # 26F Tilsit (18.2.1)
        already = S.demoralized_armies(loser)  # 14.9.3: demoralized again, destroyed (each army of a group apart)
        if already and len(already) == len(S.armies(loser)):
            S.remove_force(st, loser_fid, "14.9.3", f"{S.name_of(st, loser_fid)}, demoralized again, is destroyed")
            return
        if already:
            S.dissolve_army(st, loser_fid, already[0], "14.9.3")
        S.set_demoralized(loser, True)  # 14.9.1: a group's single test demoralizes both armies
        if winner_fid not in st.g["forces"]:
            return
        win = S.force(st, winner_fid)
        pursuit = t.test("pursuit")
        if any(e.what == "pursuit" and e.side == ("enemy" if r == loser_role else "own")
               for r in (loser_role, winner_role) for e in cards.played_effects(st, ctx, r, Cancel)):
            st.note("The pursuit is called off by a combat card", rule="14.9.2")
            cards.open_demoralized_window(st, f)
            return
        mods = [("attack value", tactical(win, True)), ("reserve cavalry", cavalry_steps(win)),
                ("cavalry generals", sum(1 for g in S.generals_of(win) if S.general(g).cavalry))]
        if st.setup["options"].get(PURSUIT_SCREEN_OPTION):  # 14.9.2 (optional): the loser's cavalry screens it
            mods.append(("enemy cavalry", -(cavalry_steps(loser)
                                           + sum(1 for g in S.generals_of(loser) if S.general(g).cavalry))))
        for r, sign_side in ((loser_role, "enemy"), (winner_role, "own")):
            mods += [("combat card", e.value) for e in cards.played_effects(st, ctx, r, PursuitModifier)
                     if e.side == sign_side]
        p = st.roll(1, rule="14.9.2", why=f"Pursuit by {S.name_of(st, winner_fid)}", mods=mods,
                    table=lambda x: (f"{pursuit.excess(x)} pursuit losses", pursuit.excess(x)))
        if p.result:
            push_losses(st, loser_fid, p.result, rule="14.9.2", why="pursuit", depots_ok=True)
        cards.open_demoralized_window(st, f)  # 47F: played after the enemy's failed test, before the pursuit losses


def retreat_options(st: State, fid: str, zone: str, came_from: str, also_from: tuple[str, ...] = ()) -> list[str]:
    """14.10: the beaten defender's destinations by priority, never the attacker's entry zone (nor, 12.6, the other
    entry zones of a Major Campaign's forces fighting together, ``also_from``): (1) a friendly or
    open zone without enemy forces, (2) the unbesieged friendly fortress of the battle zone ("fortress"), (3) an
    enemy-controlled zone without enemy units or fortress, (4) an enemy-held zone where it would have 5:1 odds.
    A zone holding a force of its side is open to it: they consolidate there, the excess eliminated (10.2, 11)."""
    near = [(z, _retreat_priority(st, fid, zone, came_from, z, also_from)) for z in S.data().map.neighbours(zone)]
    for priority in (1, 2, 3, 4):
        if priority == 2:
            if _fortress_open(st, fid, zone):
                return ["fortress"]
            continue
        best = [z for z, p in near if p == priority]
        if best:
            return best
    return []


def _fortress_open(st: State, fid: str, zone: str) -> bool:
    fort = st.g["fortresses"].get(zone)
    return bool(fort and fort["active"] and fort["siege"] is None
                and S.controller(st, zone) == S.force(st, fid)["side"])


def _retreat_priority(st: State, fid: str, zone: str, came_from: str | None, z: str,
                      also_from: tuple[str, ...] = ()) -> int | str:
    """14.10: the priority (1, 3 or 4) of retreating from ``zone`` into ``z``, or why it is never a retreat."""
    side = S.force(st, fid)["side"]
    m = S.data().map
    if z not in m.neighbours(zone):
        return f"it is not next to {S.zone_name(zone)}, 14.10"
    if z == came_from:
        return "the attacker came from there, 14.10"
    if z in also_from:
        return "a force of the Major Campaign came from there, 12.6 / 14.10"
    if forced.closed_ground(st, z, side):
        return "it is a neutral's zone, which no force may enter, 12.1"
    if m.enter_cost(zone, z) is None:
        return "crossing into it costs a force's whole MF, 12.1"
    if not S.outside(st, z, S.other(side)):
        if S.controller(st, z) in (side, None):
            return 1
        if not _enemy_fortress(st, z, side):
            return 3
        return "an active enemy fortress stands there, 14.10"
    if _enemy_fortress(st, z, side):
        return "an active enemy fortress stands there, 14.10"
    if _crushes(st, fid, z):
        return 4
    return "enemy forces stand there and the retreating force would not have 5:1 odds against them, 14.10"


def retreat_refusal(st: State, fid: str, zone: str, came_from: str | None, z: str,
                    also_from: tuple[str, ...] = ()) -> str | None:
    """Why force ``fid``, beaten in ``zone``, may not retreat into ``z`` (with the rule), or None if it may."""
    options = retreat_options(st, fid, zone, came_from or "", also_from)
    if z in options:
        return None
    priority = _retreat_priority(st, fid, zone, came_from, z, also_from)
    if isinstance(priority, str):
        return priority
    first = "the fortress of the battle zone" if options == ["fortress"] else ", ".join(map(S.zone_name, options))
    return f"a retreat goes to the zones of the first priority open ({first}), 14.10"


def _crushes(st: State, fid: str, zone: str) -> bool:
    """14.10 (4): would the retreating force reach 5:1 odds against the enemy forces standing in ``zone``?"""
    enemies = S.outside(st, zone, S.other(S.force(st, fid)["side"]))
    value, against = S.combat_value(S.force(st, fid)), sum(S.combat_value(S.force(st, e)) for e in enemies)
    if not enemies or value == 0:
        return False
    return against == 0 or S.data().tables.odds_row(value, against).destroys == "defender"


def _enemy_fortress(st: State, zone: str, side: str) -> bool:
    fort = st.g["fortresses"].get(zone)
    return bool(fort and fort["active"] and S.controller(st, zone) not in (side, None))


def retreat_loss(st: State, zone: str, dest: str | None, fid: str | None = None) -> int:
    """14.10: one extra loss for a retreat across an unbridged river or a mountain without pass (none for the force
    ``fid`` that played 37F The Berezina)."""
    if dest is None or dest == "fortress" or (fid is not None and cards.retreat_loss_cancelled(st, fid)):
        return 0
    return 1 if S.data().map.feature_of(zone, dest).retreat_loss else 0


def forced_route(st: State, f: Frame, loser_fid: str) -> list[str]:
    """14.10: where the loser may go: the attacker's entry zone, the interceptor's, or the defender's options."""
    if loser_fid == f["att"] and f["came_from"] != STANDING:
        return [f["came_from"]]
    if f["interceptor_from"] is not None:
        return [f["interceptor_from"]]
    options = retreat_options(st, loser_fid, f["zone"], f["came_from"], tuple(f.get("also_from", ())))
    fort = st.g["fortresses"].get(f["zone"])
    if f.get("fortress_for") == loser_fid and "fortress" not in options and fort and fort["active"] and \
            fort["siege"] is None:
        options = ["fortress", *options]  # 8.1.4: « avec repli possible dans la forteresse de la zone »
    return options


def plan_retreat(st: State, f: Frame, loser_fid: str) -> None:
    """14.9.1 / 14.10: before the demoralization test the loser's route is settled when it decides whether the
    retreat costs a loss: a single route is taken, a choice between routes that differ is asked now."""
    options = forced_route(st, f, loser_fid)
    costs = {retreat_loss(st, f["zone"], z, loser_fid) for z in options}
    if len(options) == 1:
        f["retreat_to"] = options[0]
    elif len(costs) == 1:
        f["route_loss"] = costs.pop()  # every route costs the same: the differential counts it
    elif costs:
        depth = next(i for i, x in enumerate(st.core["stack"]) if x is f)
        st.push("retreat", fid=loser_fid, side=S.force(st, loser_fid)["side"], options=options, target=depth)


def retreat(st: State, f: Frame, loser_fid: str) -> None:
    options = forced_route(st, f, loser_fid)
    if not options:
        conquest.note_crushed(st, loser_fid)  # 26F Tilsit (18.2.1)
        S.remove_force(st, loser_fid, "14.10", f"{S.name_of(st, loser_fid)} has nowhere to retreat and is destroyed")
    elif len(options) == 1:
        move_retreat(st, loser_fid, options[0])
    else:
        st.push("retreat", fid=loser_fid, side=S.force(st, loser_fid)["side"], options=options)


def attack_depot(st: State, fid: str, zone: str) -> bool:
    """1.4 / 14.2: the enemy fixed depots standing alone in ``zone`` defend at 1/2 and are destroyed if they lose. At
    5:1 or more they are destroyed outright; otherwise both sides roll 2d6 on the battle level's column, the attacker
    adding the odds and its commander's attack value (a depot has no general, morale or units to add anything). A
    depot inflicts no loss (14.8: no more than its combat steps); an attacker it beats stops and falls back (14.6,
    14.10). True if the depots are destroyed."""
    t = S.data().tables
    f = S.force(st, fid)
    name = S.name_of(st, fid)
    a, d = S.combat_value(f), t.constant("fixed_depot_alone_value")
    row = t.odds_row(a, d)
    st.note(f"{name} ({a}) attacks the fixed depot alone in {S.zone_name(zone)} ({d}); odds {row.id}", rule="14.2")
    if row.destroys != "defender":
        level = t.battle_levels[t.battle_level(a, d).id]

        def table(total: int) -> tuple[str, Any]:
            res = t.combat(level.id, total)
            return f"{level.column}: {res.label}", res

        mods = [("odds", row.modifier)] + ([(S.general(f["commander"]).name, tactical(f, True))] if f["commander"]
                                           else [])
        ra = st.roll(2, rule="14.6", why=f"{name} (attacker) combat", mods=mods, table=table)
        rd = st.roll(2, rule="14.6", why="The fixed depot (defender) combat", table=table)
        if battle_winner(ra.result, rd.result) == "defender":
            st.note(f"The depot holds: {name} is beaten and falls back", rule="14.6")
            return False
    S.set_fixed_depots(st, [x for x in st.g["fixed_depots"]
                            if x["zone"] != zone or S.side_of(st, x["power"]) == f["side"]])
    st.note(f"The fixed depot in {S.zone_name(zone)} is destroyed", rule="1.4")
    return True


def enemy_depots(st: State, zone: str, side: str) -> bool:
    """Are there fixed depots of the other side in ``zone``?"""
    return any(d["zone"] == zone and S.side_of(st, d["power"]) not in (side, None) for d in st.g["fixed_depots"])


def move_retreat(st: State, fid: str, dest: str) -> None:
    f = S.force(st, fid)
    src = f["zone"]
    carried = [d for d in st.g["fixed_depots"] if d["zone"] == src and d["power"] == S.major_of(st, f["power"])]
    if carried and dest != "fortress":  # 14.10: fixed depots retreating with units become mobile
        S.set_fixed_depots(st, [d for d in st.g["fixed_depots"] if d not in carried])
        f["depots"] += [d["power"] for d in carried]
        st.note(f"{S.name_of(st, fid)} takes {len(carried)} fixed depot(s) along as mobile", rule="14.10")
    if dest == "fortress":
        S.set_in_fortress(st, fid, True)
        st.note(f"{S.name_of(st, fid)} retreats into the fortress of {S.zone_name(src)}", rule="14.10")
        stacking.consolidate(st, fid)  # 11: one force of a side inside the walls too
        return
    for enemy in S.outside(st, dest, S.other(f["side"])):  # 14.10 (4): 5:1 odds destroy the enemy there
        S.remove_force(st, enemy, "14.10", f"{S.name_of(st, fid)} retreats onto {S.name_of(st, enemy)} at 5:1 "
                                           "odds: it is destroyed")
    S.move_force(st, fid, dest)
    st.note(f"{S.name_of(st, fid)} retreats from {S.zone_name(src)} to {S.zone_name(dest)}", rule="14.10")
    for uid in [u for u in f["units"] if not S.limited_ok({u: 1}, dest)]:  # glossary "Milices"
        S.eliminate(st, f, uid)
        st.note(f"{S.unit_name(uid)} may not leave its National Territory and is eliminated", rule="12.1")
    command.enforce_limits(st, fid)  # 10.1 (it checks the force too)
    if fid not in st.g["forces"]:
        return
    from grognard.games.nae.rules import siege

    siege.refresh_sieges(st)
    st.push("join", fid=fid)  # 10.2 / 11: it consolidates with a force of its side there, once its losses are taken
    feature = S.data().map.feature_of(src, dest)
    if retreat_loss(st, src, dest, fid):
        push_losses(st, fid, 1, rule="14.10", why=f"retreat across a {feature.name}", depots_ok=True)


class Retreat:
    """14.10: the beaten defender picks its destination among those of the first priority that offers any."""

    name: ClassVar[str] = "retreat"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} {f.get('why', 'lost the battle')}: choose the zone it retreats into."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in f["options"]]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        if "target" in f:
            st.core["stack"][f["target"]]["retreat_to"] = action[1]  # chosen before the demoralization test
        else:
            move_retreat(st, f["fid"], action[1])


# 14.8 Losses ---------------------------------------------------------------------------------------------------

def push_losses(st: State, fid: str, n: int, *, rule: str, why: str, spearhead: str | None = None,
                specials: list[str] | None = None, morale: int | None = None, exact: bool = False,
                cavalry: bool = False, first_power: str | None = None, depots_ok: bool = False,
                among: list[str] | None = None) -> None:
    """Ask the owner to take ``n`` losses on force ``fid`` within the constraints of 14.8 (or 13.6): ``morale``
    asks at least half on units of that morale or more (``exact``: of that very morale, 14.4 tie), ``cavalry``
    (a "C" result) one of them on a cavalry unit if the force has one; ``among``: only those units take them (one
    army of a group, 13.6.2)."""
    if n <= 0 or fid not in st.g["forces"]:
        return
    f = S.force(st, fid)
    specials = [u for u in specials or [] if u in f["units"]]
    # 14.8: "pas les pertes sur les unités spéciales": the half is of the losses on units with a morale
    counted = n - min(len(specials), n - (1 if spearhead else 0))
    st.push("losses", fid=fid, side=supply.deciding_side(st, fid), n=n, rule=rule, why=why,
            first=[spearhead] if spearhead else [], specials=specials, morale=morale, exact=exact, counted=counted,
            high_taken=0, cav_needed=1 if cavalry else 0, taken=0, first_power=first_power, depots_ok=depots_ok,
            among=among)


def _high(st: State, f: Frame, uid: str) -> bool:
    """14.8: does a loss on ``uid`` count toward the half of the losses owed by units of the force's morale?"""
    if f.get("morale") is None or S.unit(uid).special:
        return False
    m = unit_morale(st, uid)
    return m == f["morale"] if f.get("exact") else m >= f["morale"]


def _owed_after(st: State, f: Frame, uid: str) -> tuple[int, int]:
    """14.8: the losses counted in the total and the high-morale losses still owed after one on ``uid``; a loss
    a special unit takes beyond those it must take stands outside the total."""
    counted = f["counted"] - (1 if S.unit(uid).special and uid not in f["specials"] else 0)
    high = f["high_taken"] + (1 if _high(st, f, uid) else 0)
    return counted, max(0, (counted + 1) // 2 - high) if f["morale"] is not None else 0


def _may_take(st: State, f: Frame, units: dict[str, int], uid: str) -> bool:
    """Can the losses after one on ``uid`` still meet what 14.8 owes (half on high morale, one on cavalry when
    "C"), as far as the force's units allow?"""
    cav = S.unit(uid).cavalry
    left = {u: v for u, v in units.items() if u != uid}
    u = S.unit(uid)
    if units[uid] == u.steps and u.reduced is not None:
        left[uid] = u.reduced  # as lose_step: the counter turns over
    h_room = sum(v for u, v in left.items() if _high(st, f, u))
    c_room = 1 if any(S.unit(u).cavalry for u in left) else 0
    both = any(S.unit(u).cavalry and _high(st, f, u) for u in left)
    h = min(_owed_after(st, f, uid)[1], h_room)
    c = min(max(0, f.get("cav_needed", 0) - cav), c_room)
    need = max(h, c) if both else h + c
    return need <= f["n"] - 1


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
        units = _eligible(force, f)
        first = [u for u in f["first"] if u in units]
        if first:
            return [("loss", first[0])]
        specials = [u for u in f["specials"] if u in units]
        if specials:
            return [("loss", u) for u in specials]
        pick = list(units)
        if f["first_power"] and f["taken"] == 0:
            pick = [u for u in units if S.unit(u).power == f["first_power"]] or pick
        else:
            pick = [u for u in units if _may_take(st, f, units, u)] or pick
        out: list[Action] = [("loss", u) for u in pick]
        if f["depots_ok"] and force["depots"]:
            out.append(("depot", None))
        return out

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        fid = f["fid"]
        force = S.force(st, fid)
        if action[0] == "depot":
            S.take_depot(force)
            st.note(f"{S.name_of(st, fid)} loses a mobile depot ({f['why']})", rule=f["rule"])
        else:
            uid = action[1]
            f["counted"] = _owed_after(st, f, uid)[0]
            f["high_taken"] += 1 if _high(st, f, uid) else 0
            if S.unit(uid).cavalry and f.get("cav_needed"):
                f["cav_needed"] -= 1
            if uid in f["first"]:
                f["first"].remove(uid)
            if uid in f["specials"]:
                f["specials"].remove(uid)
            gone = S.lose_step(st, fid, uid)
            st.note(f"{S.unit_name(uid)} {'is eliminated' if gone else 'is reduced'} ({f['why']})", rule=f["rule"])
        f["n"] -= 1
        f["taken"] += 1
        S.check_force(st, fid, f["rule"])
        command.enforce_limits(st, fid)
        if f["n"] == 0 or fid not in st.g["forces"] or not _eligible(st.g["forces"][fid], f):
            st.pop()


def _eligible(force: S.Force, f: Frame) -> dict[str, int]:
    """The units that may take the losses: all, or those of one army (``among``)."""
    among = f.get("among")
    return {u: v for u, v in force["units"].items() if among is None or u in among}


STEPS = (Battle(), BattleChoose(), CounterMarch(), CounterMarchRoll(), CounterMarchJoin(), BattleRoll(), BattleAfter(),
         Retreat(), Losses())
