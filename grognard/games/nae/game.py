"""Napoleon against Europe (Hexasim) as a Grognard game: set-up from the scenario data, redacted views, labels."""

from __future__ import annotations

from typing import Any, ClassVar

from grognard.core.machine import Action, Game, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, battle, cards, events, movement, sequence, supply
from grognard.games.nae.rules.siege import SiegeAttack

PLAYABLE = ("1815",)  # scenarios whose rules this engine runs end to end


class NaeGame(Game):
    name = "nae"
    title = "Napoleon against Europe"
    sides = S.SIDES
    steps: ClassVar[dict[str, Any]] = {
        s.name: s
        for s in (*sequence.STEPS, *activation.STEPS, *movement.STEPS, *battle.STEPS, *supply.STEPS, *cards.STEPS,
                  *events.STEPS, SiegeAttack())
    }

    def scenarios(self) -> dict[str, str]:
        return {sid: S.data().scenarios[sid].header.name for sid in PLAYABLE}

    def setup(self, st: State, scenario: str, options: dict[str, Any]) -> None:
        d = S.data()
        sc = d.scenarios[scenario]
        m = d.map
        g = st.g
        h = sc.header
        g.update(scenario=scenario, year=h.start_year, round=h.start_round, last_round=6, turn=h.first_player,
                 forces={}, next_force=1, fixed_depots=[], reserve={"units": []}, removed=[],
                 hands={}, decks={}, discards={"empire": [], "coalition": []}, out=[],
                 ap_reserve={"empire": 0, "coalition": 0}, conquered=[])
        g["sides"] = {p: (sc.side_of(p) if p in sc.statuses else None) for p in m.powers}
        g["ally_of"] = {p: s.ally_of for p, s in sc.statuses.items() if s.status in ("allied", "protectorate")
                        and s.ally_of}
        g["control"] = {z.id: z.owner for z in m.zones.values() if z.fortress or z.port or z.city}
        for c in sc.controls.values():
            zones = [z for p in c.provinces for z in (x.id for x in m.zones_of(p))] + list(c.zones)
            for z in zones:
                if z in g["control"] and z not in c.except_zones:
                    g["control"][z] = c.power
        g["fortresses"] = {z.id: {"level": z.fortress, "active": True, "siege": None, "besieger": None}
                           for z in m.zones.values() if z.fortress}
        for rec in sc.removed.values():
            g["removed"] += list(rec.generals)
        for p in sc.places.values():
            if p.zone is None:
                continue  # fleets: the naval rules (17) are not part of this slice
            if p.fixed_depots:
                g["fixed_depots"] += [{"zone": p.zone, "power": p.power}] * p.fixed_depots
            if not p.units:
                continue
            units = {u.id: (S.unit(u.id).reduced or 1) if u.reduced else S.unit(u.id).steps for u in p.units}
            power = S.general(p.commander).power if p.commander else S.unit(p.units[0].id).power
            side = sc.side_of(p.power)
            assert side is not None
            S.new_force(st, side, power, p.zone, p.commander, p.army, list(p.generals), units, p.mobile_depots)
        for player in S.SIDES:
            sc_cards = getattr(h.cards, player)
            cards.deal(st, player, list(sc_cards.deck), sc_cards.draw)
        supply.update_supply(st)
        st.push("round")

    def public_view(self, st: State, side: str | None) -> dict[str, Any]:
        g = st.g
        view = {k: v for k, v in g.items() if k not in ("hands", "decks")}
        view["hand"] = list(g["hands"][side]) if side else None
        view["hand_sizes"] = {s: len(h) for s, h in g["hands"].items()}
        view["deck_sizes"] = {s: len(d) for s, d in g["decks"].items()}
        return view

    def describe(self, st: State, side: str | None) -> list[str]:
        g = st.g
        w = S.data().tables.weather(g["round"])
        lines = [f"{g['year']}, round {g['round']} ({w.name}); {g['turn']} to act. "
                 f"AP reserve: Empire {g['ap_reserve']['empire']}, Coalition {g['ap_reserve']['coalition']}."]
        for s in S.SIDES:
            lines.append(f"{s.capitalize()}:")
            for fid, f in g["forces"].items():
                if f["side"] != s:
                    continue
                marks = [m for m, on in (("demoralized", f["demoralized"]), ("unsupplied", f["unsupplied"]),
                                         ("in fortress", f["in_fortress"])) if on]
                lines.append(f"  {S.name_of(st, fid)} at {S.zone_name(f['zone'])}: {S.combat_value(f)} combat, "
                             f"{f['depots']} depot(s)" + (f" [{', '.join(marks)}]" if marks else ""))
        sieges = [f"{S.zone_name(z)} (Siege {fort['siege']})" for z, fort in g["fortresses"].items()
                  if fort["siege"] is not None]
        if sieges:
            lines.append("Sieges: " + ", ".join(sieges))
        if side is not None:
            lines.append("Your hand: " + ", ".join(cards.title(c) for c in g["hands"][side]))
        return lines

    def label(self, st: State, action: Action) -> str:
        verb, arg = action
        if verb == "card":
            card = S.data().cards.cards[arg]
            return f"Play {card.title} for {card.value} AP" if st.step == "round" else f"Play {card.title}"
        if verb == "event":
            return f"Play {S.data().cards.cards[arg].title} as an event"
        if verb == "force" and st.step == "countermarch":
            return f"Counter-march with {S.name_of(st, arg)} from {S.zone_name(S.force(st, arg)['zone'])}"
        if verb == "force" and st.step == "pickup":
            return f"Call in {S.name_of(st, arg)} from {S.zone_name(S.force(st, arg)['zone'])} (free, 9.1)"
        if verb == "force":
            f = S.force(st, arg)
            return f"Activate {S.name_of(st, arg)} at {S.zone_name(f['zone'])} ({S.initiative(f)} AP)"
        if verb == "decline" and st.step == "intercept.card":
            return "Give up the interception"
        if verb == "intercept":
            return f"Intercept with {S.name_of(st, arg)}"
        if verb == "zone":
            if st.step == "march":
                here = S.force(st, st.frame["fid"])["zone"]
                return f"Move to {S.zone_name(arg)} ({S.data().map.enter_cost(here, arg)} MP)"
            return "Into the fortress" if arg == "fortress" else f"To {S.zone_name(arg)}"
        if verb == "loss":
            f = S.force(st, st.frame["fid"])
            return f"Take the loss on {S.unit(arg).name} ({f['units'][arg]})"
        if verb == "mask":
            return f"Leave {S.unit(arg).name} to mask the fortress and go on"
        if verb == "reactivate":
            how = "a mobile depot" if arg == "depot" else f"a step of {S.unit(arg).name}"
            return f"Reactivate the fortress with {how}"
        if verb == "forced_march":
            return f"Forced march of +{arg} MP" if arg else "No forced march"
        if verb == "done":
            return {"activation": "Finish (unused AP go to the reserve)", "march": "Stop here",
                    "pickup": "Set off without more forces", "cards.window": "Play no more cards",
                    "countermarch": "No more counter-marches"}.get(str(st.step), "Done")
        fixed = {
            "op": "Make a 1-AP operation without a card", "pass": "Pass",
            "decline": "Let it pass", "flag": "Take control of this zone (1 MP)", "siege": "Make a siege attack",
            "fixed_depot": "Set up a mobile depot here as a fixed depot", "stand": "Stand and fight",
            "fortress": "Withdraw into the fortress", "evade": "Try to evade", "keep": "Keep the depot",
            "rally": "Try to rally the force (2 MP)",
            "depot": "Spend a mobile depot" if st.step == "attrition.depot" else "Lose a mobile depot instead",
        }
        return fixed.get(verb, super().label(st, action))


GAME = NaeGame()
