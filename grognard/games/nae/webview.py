"""What the browser client needs beyond ``state.view``: the game's public catalogue (zones, counters, cards) and,
per view, each legal action's label, the map object it names and, before an attack or an interception, the battle
forecast. All of it is read from the rules and the data; the client adds no rule of its own."""

from __future__ import annotations

from functools import cache
from typing import Any

from grognard.core.machine import State
from grognard.games.nae import describe
from grognard.games.nae import forecast as F
from grognard.games.nae import state as S
from grognard.games.nae.rules import battle, diplomacy, fog


@cache
def catalog() -> dict[str, Any]:
    """The public components: powers, zones, borders, counters, cards (the same for every game)."""
    d = S.data()
    m = d.map
    return {
        "game": "nae",
        "sides": list(S.SIDES),
        "powers": {p.id: {"name": p.name, "kind": p.kind, "capital": p.capital} for p in m.powers.values()},
        "terrains": {t.id: t.name for t in m.terrains.values()},
        "seas": {s.id: s.name for s in m.seas.values()},
        "features": {f.id: f.name for f in m.features.values()},
        "zones": {z.id: {"name": z.name, "province": z.province, "owner": z.owner, "terrain": z.terrain,
                         "lat": z.lat, "lon": z.lon, "city": z.city, "port": z.port, "fortress": z.fortress,
                         "capital": z.capital, "key": z.key, "poor": z.poor} for z in m.zones.values()},
        "borders": [{"a": b.a, "b": b.b, "feature": b.feature} for b in m.borders],
        "keys": {k.id: {"name": k.name, "side": k.side, "zones": list(k.zones)} for k in m.keys.values()},
        "units": {u.id: {"name": u.name, "power": u.power, "kind": u.kind, "steps": u.steps, "reduced": u.reduced,
                         "morale": u.morale, "stars": u.stars, "cavalry": u.cavalry, "special": u.special,
                         "bonus": u.bonus} for u in d.counters.units.values()},
        "generals": {g.id: {"name": g.name, "power": g.power, "rank": g.rank, "initiative": g.initiative,
                            "command": g.command, "attack": g.attack, "defence": g.defence, "cavalry": g.cavalry}
                     for g in d.counters.generals.values()},
        "armies": {a.id: a.name for a in d.counters.armies.values()},
        "rules": describe.rulebook(),
        "cards": {c.id: {"title": c.title, "side": c.side, "value": c.value, "text": c.text, "combat": c.combat,
                         "phases": list(c.phases), "gold_star": c.gold_star, "silver_star": c.silver_star,
                         "permanent": c.permanent,
                         "reconstructed": "reconstructed" in c.src, "src": c.src}
                  for c in d.cards.cards.values()},
    }


# The verbs whose argument is a power (7.1, 8, 18), a province (18.2.2), a fleet (17, 7.3.2) or a sea zone (17.2): an
# id such as "algiers" names both a power and a zone, so the verb decides what the map lights.
POWER_VERBS = frozenset(("declare", "target", "ally", "integrate", "fight_on", "impose", "take_minor", "annex_to",
                         "transfer"))
FLEET_VERBS = frozenset(("fleet", "drop_fleet", "scuttle", "free_fleet", "corsairs", "corsairs_back"))
SEA_VERBS = frozenset(("sea", "intercept_sea", "attack_sea"))


def target(arg: Any, verb: str = "") -> dict[str, str] | None:
    """The map or panel object an action argument names (a zone, unit, general, card, power, province, fleet or sea
    zone)."""
    if not isinstance(arg, str):
        return None
    d = S.data()
    if verb in POWER_VERBS and arg in d.map.powers:
        return {"power": arg}
    if verb == "annex" and arg in d.map.provinces:
        return {"province": arg}
    if verb in FLEET_VERBS and arg in d.counters.fleets:
        return {"fleet": arg}
    if verb in SEA_VERBS and arg in d.map.seas:
        return {"sea": arg}
    for kind, table in (("zone", d.map.zones), ("unit", d.counters.units), ("general", d.counters.generals),
                        ("card", d.cards.cards)):
        if arg in table:
            return {kind: arg}
    return None


def annotate(st: State, side: str | None, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` plus ``labels``, ``targets`` and ``forecasts`` of the legal actions, the forces as the client shows
    them and the battle being fought."""
    legal = [(a[0], a[1]) for a in view["legal"]]
    view["labels"] = [st.game.label(st, a) for a in legal]
    forces = st.g["forces"]
    view["targets"] = [{"force": a[1]} if isinstance(a[1], str) and a[1] in forces else target(a[1], a[0])
                       for a in legal]
    view["forecasts"] = {}
    for i, action in enumerate(legal):
        fc = _forecast_for(st, action)
        if fc is not None:
            view["forecasts"][str(i)] = F.as_json(fc)
    view["odds"] = _diplomatic_odds(st, legal)
    view["forces"] = {fid: _force(st, fid) for fid in forces}
    # the force the side to act is moving (a march, a redeployment), marked on its map; others are not told
    fid = st.frame.get("fid") if st.core["stack"] and side is not None and side == st.active else None
    view["acting"] = fid if isinstance(fid, str) and fid in forces else None
    view["battle"] = _battle(st)
    view["weather"] = S.data().tables.weather(st.g["round"]).name
    return fog.redact_web(st, side, view)  # 11: nothing of a stack the fog of war hides


def _force(st: State, fid: str) -> dict[str, Any]:
    f = S.force(st, fid)
    return {"name": S.name_of(st, fid), "combat": S.combat_value(f), "steps": S.steps(f),
            "initiative": S.initiative(f), "morale": battle.force_morale(st, f),
            "cavalry": battle.cavalry_count(f)}


def _forecast_for(st: State, action: tuple[str, Any]) -> dict[str, Any] | None:
    """The forecast of the battle an action would commit to: a march into enemy forces (14), an interception
    (12.4), or standing to fight rather than evading (12.5)."""
    verb, arg = action
    f = st.frame
    fc: dict[str, Any] | None = None
    if st.step == "march" and verb == "zone" and arg != "fortress":
        mover = S.force(st, f["fid"])
        enemies = S.outside(st, arg, S.other(mover["side"]))
        if enemies:
            att, dfn = f["fid"], enemies[0]
            fc = F.forecast(st, att, dfn, arg, mover["zone"])
    elif st.step == "intercept" and verb == "intercept":
        att, dfn = f["fid"], arg
        fc = F.forecast(st, att, dfn, f["zone"], f["came_from"], interceptor_from=S.force(st, arg)["zone"])
    elif st.step == "evade" and verb == "stand":
        contact = next((x for x in reversed(st.core["stack"]) if x["step"] == "contact"), None)
        if contact is not None:
            att, dfn = f["mover"], f["fid"]
            fc = F.forecast(st, att, dfn, f["zone"], contact["came_from"])
    if fc is not None:
        # whose force is which: the browser draws each side's chance in its side's colour and marks the player's
        fc["sides"] = {"attacker": S.force(st, att)["side"], "defender": S.force(st, dfn)["side"]}
    return fc


def _battle(st: State) -> dict[str, Any] | None:
    """The battle on the step stack, as both sides see it (its cards are face up once played, 14.5.7)."""
    b = next((x for x in reversed(st.core["stack"]) if x["step"] in ("battle", "battle.roll", "battle.after")), None)
    if b is None or b["att"] not in st.g["forces"] or b["dfn"] not in st.g["forces"]:
        return None
    out: dict[str, Any] = {"zone": b["zone"], "attacker": S.name_of(st, b["att"]), "defender": S.name_of(st, b["dfn"]),
                           "att": b["att"], "dfn": b["dfn"], "cards": b.get("cards"), "winner": b.get("winner")}
    if "level" in b:
        t = S.data().tables
        out["level"] = t.battle_levels[b["level"]].name
        out["odds_mod"] = b["odds_mod"]
        out["morale"] = b.get("morale")
        if b["step"] == "battle.roll":
            out["mods"] = {r: battle.battle_mods(st, b, r) for r in F.ROLES}
    return out


def _diplomatic_odds(st: State, legal: list[tuple[str, Any]]) -> dict[str, dict[str, Any]]:
    """8.2.3: before the country of a diplomatic action is chosen, each country's chance of joining and the
    modifiers of its roll (the card is played face up; the table is public)."""
    f = st.frame if st.core["stack"] else {}
    if st.step != "diplomacy.target" or f.get("use") not in ("diplomacy", "free"):
        return {}
    test = S.data().tables.test("diplomacy")
    out: dict[str, dict[str, Any]] = {}
    for i, (verb, power) in enumerate(legal):
        if verb == "target":
            mods = diplomacy.action_mods(st, f["side"], f["card"], power, f["phase"])
            total = sum(v for _, v in mods)
            chance = sum(1 for d in range(1, 7) if test.passes(d + total)) / 6
            out[str(i)] = {"chance": chance, "mods": [list(m) for m in mods]}
    return out
