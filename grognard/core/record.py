"""Game records: the set-up and the action list, with digests to check a replay against."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from grognard.core.errors import IllegalAction

if TYPE_CHECKING:
    from grognard.core.machine import Game, State

FORMAT = "grognard-record/1"
CHECK_EVERY = 100  # a digest every this many actions locates where a replay diverges


class ReplayMismatch(Exception):
    """A replay that does not reach the recorded state."""


def make_record(st: State, *, digests: dict[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    """A JSON-able record of ``st``: set-up, actions, final digest and result."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        **st.setup,
        "actions": [list(a) for a in st.actions],
        "digest": st.digest(),
        "result": st.result,
    }
    if digests:
        rec["digests"] = digests
    rec.update(extra)
    return rec


def replay(game: Game, record: dict[str, Any]) -> State:
    """Re-run ``record`` on ``game``; raise ReplayMismatch at the first digest that differs."""
    if record.get("format") != FORMAT:
        raise ReplayMismatch(f"not a Grognard record (format {record.get('format')!r}, expected {FORMAT!r})")
    if record.get("game") != game.name:
        raise ReplayMismatch(f"record of game {record.get('game')!r}, not {game.name!r}")
    st = game.new_state(record["scenario"], seed=record["seed"], options=record.get("options"), dice=record.get("dice"))
    checks: dict[str, str] = record.get("digests") or {}
    for i, action in enumerate(record["actions"], start=1):
        try:
            st.apply((action[0], action[1]))
        except IllegalAction as exc:
            raise ReplayMismatch(f"action {i} ({action!r}) is refused on replay: {exc}") from None
        want = checks.get(str(i))
        if want is not None and st.digest() != want:
            raise ReplayMismatch(f"state after action {i} ({action!r}) differs from the record")
    if st.digest() != record["digest"]:
        raise ReplayMismatch("final state differs from the record's digest")
    return st


def save(record: dict[str, Any], path: Path, *, durable: bool = True) -> None:
    """Write a record atomically (a crash leaves the old file or the new one, never half); see ``atomic_write``."""
    from grognard.core.storage import atomic_write

    atomic_write(path, msgspec.json.format(msgspec.json.encode(record)), durable=durable)


def load(path: Path) -> dict[str, Any]:
    return msgspec.json.decode(path.read_bytes(), type=dict[str, Any])
