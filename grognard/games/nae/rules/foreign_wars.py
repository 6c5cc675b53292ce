"""6.5 Foreign wars: a card marked GE/FW played as an event sends the units it names to the Foreign Wars box (the
Coalition always chooses them), one such event a turn (5.2); the Coalition ends a war with a card of any value in the
diplomatic phase or a winter round (1d6 + value, 5+), its units then coming back at the next budget phase.

State: ``foreign_wars`` [{card, power, units, generals, fleets}] the box; ``fw_year`` the year of the last war
started; ``fw_returning`` the wars ended, whose units the budget phase brings back."""

from __future__ import annotations

from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, naval
from grognard.games.nae.schema.cards import Card


def foreign_wars(st: State) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = st.g.get("foreign_wars", [])
    return out


def may_start_foreign_war(st: State) -> bool:
    """5.2: at most one foreign war event a turn."""
    return st.g.get("fw_year") != st.g["year"]


def start_foreign_war(st: State, card: Card) -> None:
    """6.5: the card and the units it names go to the Foreign Wars box; the Coalition always picks them."""
    fw = card.foreign_war
    assert fw is not None
    st.g.setdefault("foreign_wars", []).append({"card": card.id, "power": fw.power, "units": {}, "generals": [],
                                                "fleets": []})
    st.g["fw_year"] = st.g["year"]
    st.note(f"Foreign war: {card.title} ({S.data().map.powers[fw.power].name})", rule="6.5")
    st.push("diplomacy.fw_units", war=card.id, steps=fw.steps, generals=fw.generals, fleets=fw.fleets)
    skip_fw_shortage(st, st.frame)


def fw_choices(st: State, f: Frame) -> list[Action]:
    war = next(w for w in foreign_wars(st) if w["card"] == f["war"])
    power = war["power"]
    out: list[Action] = []
    if f["steps"] > 0:
        out += [("unit", u) for x in st.g["forces"].values() for u in sorted(x["units"])
                if S.unit(u).power == power and not S.unit(u).special and not x["in_fortress"]]
    if f["generals"] > 0:
        for x in st.g["forces"].values():
            out += [("general", gid) for gid in S.subordinates(x) if S.general(gid).power == power]
            if (x["commander"] and S.general(x["commander"]).power == power and not x["army"] and not x["group"]
                    and not x["subs"] and len(x["units"]) == 1):
                out.append(("general", x["commander"]))
    if f["fleets"] > 0:
        out += [("fleet", fl) for fl, x in sorted(st.g["fleets"].items())
                if S.data().counters.fleets[fl].power == power and x["at"] == "port" and not naval.carried(st, [fl])]
    return out


def skip_fw_shortage(st: State, f: Frame) -> None:
    """6.4: what the map cannot give is missing (the shortfall is the budget rules' to make good)."""
    kinds = {"unit": "steps", "general": "generals", "fleet": "fleets"}
    offered = {kinds[a[0]] for a in fw_choices(st, f)}
    for need in ("steps", "generals", "fleets"):
        if f[need] > 0 and need not in offered:
            st.note(f"No {need} left to send to the Foreign Wars box ({f[need]} missing)", rule="6.5")
            f[need] = 0
    if not any(f[n] > 0 for n in kinds.values()):
        st.pop()


class ForeignWarUnits:
    """6.5: « c'est toujours le joueur coalisé qui choisit les unités concernées »."""

    name: ClassVar[str] = "diplomacy.fw_units"

    def actor(self, st: State, f: Frame) -> str:
        return "coalition"

    def prompt(self, st: State, f: Frame) -> str:
        need = ", ".join(f"{f[k]} {k}" for k in ("steps", "generals", "fleets") if f[k] > 0)
        return f"Foreign war ({S.data().cards.cards[f['war']].title}): choose what goes to the box ({need} left)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return fw_choices(st, f)

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        war = next(w for w in foreign_wars(st) if w["card"] == f["war"])
        verb, arg = action
        if verb == "unit":
            fid = next(k for k, x in st.g["forces"].items() if arg in x["units"])
            x = S.force(st, fid)
            war["units"][arg] = x["units"].pop(arg)
            if x["group"] and arg in x["group"]["units"]:
                x["group"]["units"].remove(arg)
            f["steps"] = max(0, f["steps"] - war["units"][arg])
            st.note(f"{S.unit_name(arg)} leaves for the Foreign Wars box", rule="6.5")
            S.check_force(st, fid, "6.5")
        elif verb == "general":
            x = next(x for x in st.g["forces"].values() if arg in S.generals_of(x))
            if x["commander"] == arg:
                x["commander"] = None
            else:
                S.drop_subordinate(x, arg)
            war["generals"].append(arg)
            f["generals"] -= 1
            st.note(f"{S.general(arg).name} leaves for the Foreign Wars box", rule="6.5")
        else:
            del st.g["fleets"][arg]
            war["fleets"].append(arg)
            f["fleets"] -= 1
            st.note(f"{S.data().counters.fleets[arg].name} leaves for the Foreign Wars box", rule="6.5")
        skip_fw_shortage(st, f)


def end_war_attempt(st: State, cid: str, war_card: str) -> None:
    """6.5: the Coalition plays a card of any value: 1d6 + its value, 5+ ends the war; its card leaves the game and
    its units come back as reinforcements at the next budget phase."""
    test = S.data().tables.test("foreign_war_end")
    value = cards.ap_value(st, cid)
    title = S.data().cards.cards[war_card].title
    cards.discard(st, "coalition", cid, f"to end the foreign war ({title})")
    r = st.roll(1, rule="6.5", why=f"Ending the foreign war ({title})", mods=[("card value", value)],
                table=lambda x: ("the war ends", True) if test.passes(x) else ("the war goes on", False))
    if r.result:
        war = next(w for w in foreign_wars(st) if w["card"] == war_card)
        st.g["foreign_wars"].remove(war)
        st.g.setdefault("fw_returning", []).append(war)
        st.note(f"{title} is removed from the game; its units return at the next budget phase", rule="6.5")


def winter(st: State) -> bool:
    return S.data().tables.weather(st.g["round"]).winter


STEPS = (ForeignWarUnits(),)
