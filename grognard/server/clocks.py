"""Time controls: each side's clock runs during its turn; a move adds an increment, up to a cap.

A time control is ``{"base": s, "increment": s, "cap": s, "policy": "ai:LEVEL" | "forfeit"}`` (seconds).
``clocks`` holds each side's seconds left as of ``turn_started``; only the active side's clock runs, and none
while the game is paused for a vacation (which every seated player must ask for).
"""

from __future__ import annotations

from typing import Any

HOUR = 3600
PRESETS: dict[str, dict[str, Any]] = {
    # Rally the Troops' "fast": 72 h to start, 12 h more per move, never above 240 h
    "fast": {"base": 72 * HOUR, "increment": 12 * HOUR, "cap": 240 * HOUR},
    "slow": {"base": 168 * HOUR, "increment": 24 * HOUR, "cap": 480 * HOUR},
}


def policies() -> list[str]:
    """What may happen to a side out of time: forfeit, or a computer player takes its seat."""
    from grognard.agents import AGENTS

    # a seat is "ai:" and an agent spec, the levels being already "ai:LEVEL" (the seats the app offers)
    return ["forfeit", *(name if name.startswith("ai:") else f"ai:{name}" for name in AGENTS)]


def time_control(spec: str | dict[str, Any] | None, policy: str = "forfeit") -> dict[str, Any] | None:
    """A time control from a preset name or explicit numbers; ValueError with a reason if it makes no sense."""
    if spec is None or spec == "none":
        return None
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise ValueError(f"unknown time control {spec!r}; presets: {', '.join(PRESETS)}, or none")
        tc = dict(PRESETS[spec])
    else:
        tc = {k: spec[k] for k in ("base", "increment", "cap") if k in spec}
        policy = spec.get("policy", policy)
    base, inc = tc.get("base"), tc.get("increment", 0)
    cap = tc.get("cap", base)
    if not all(isinstance(v, int | float) and v >= 0 for v in (base, inc, cap)) or not base:
        raise ValueError("a time control needs base > 0, increment >= 0 and cap >= 0, in seconds")
    if policy not in policies():
        raise ValueError(f"unknown timeout policy {policy!r}; one of: {', '.join(policies())}")
    return {"base": base, "increment": inc, "cap": max(cap, base), "policy": policy}


def start(tc: dict[str, Any] | None, sides: list[str]) -> dict[str, float]:
    return {side: float(tc["base"]) for side in sides} if tc else {}


def on_move(
    tc: dict[str, Any] | None,
    clocks: dict[str, float],
    turn_started: float,
    before: str | None,
    after: str | None,
    now: float,
    paused: bool,
) -> tuple[dict[str, float], float]:
    """Clocks after an action that passed the move from ``before`` to ``after`` (unchanged if the same side)."""
    if not tc or before == after or before is None or before not in clocks:
        return clocks, turn_started
    used = 0.0 if paused else now - turn_started
    out = dict(clocks)
    out[before] = min(float(tc["cap"]), out[before] - used + float(tc["increment"]))
    return out, now


def left(clocks: dict[str, float], turn_started: float, active: str | None, side: str, now: float,
         paused: bool) -> float:
    """Seconds ``side`` has left now."""
    base = clocks.get(side, 0.0)
    return base - (now - turn_started) if side == active and not paused else base


def pause(clocks: dict[str, float], turn_started: float, active: str | None, now: float) -> dict[str, float]:
    """Charge the active side for the time used so far; the clocks then stop until ``resume``."""
    out = dict(clocks)
    if active in out:
        out[active] -= now - turn_started
    return out


def expired(meta: Any, now: float) -> str | None:
    """The side whose time ran out in game ``meta`` (a GameMeta), or None."""
    if meta.status != "active" or not meta.clock or meta.paused or meta.active is None:
        return None
    return meta.active if left(meta.clocks, meta.turn_started, meta.active, meta.active, now, False) <= 0 else None
