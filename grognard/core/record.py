"""Game records: the set-up and the action list, with digests to check a replay against."""

from __future__ import annotations

import reprlib
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


class BadRecord(ValueError):
    """A file or document that is not a well-formed game record."""


class _Record(msgspec.Struct):
    """The fields a replay reads, typed so that a malformed record is refused before it is used."""

    format: str
    game: str
    scenario: str
    seed: int
    actions: list[tuple[str, Any]]
    digest: str
    options: dict[str, bool] = msgspec.field(default_factory=dict)
    dice: list[int] | None = None
    digests: dict[str, str] = msgspec.field(default_factory=dict)


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
    """Re-run ``record`` on ``game``; raise BadRecord if it is malformed, ReplayMismatch at the first digest that
    differs."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        found = record.get("format") if isinstance(record, dict) else None
        raise BadRecord(f"not a Grognard record (format {reprlib.repr(found)}, expected {FORMAT!r})")
    try:
        rec = msgspec.convert(record, _Record)
    except msgspec.ValidationError as exc:
        raise BadRecord(f"malformed game record: {exc}") from None
    if rec.game != game.name:
        raise BadRecord(f"record of game {reprlib.repr(rec.game)}, not {game.name!r}")
    st = game.new_state(rec.scenario, seed=rec.seed, options=rec.options, dice=rec.dice)
    for i, action in enumerate(rec.actions, start=1):
        try:
            st.apply(action)
        except IllegalAction as exc:
            raise ReplayMismatch(f"action {i} is refused on replay: {exc}") from None
        want = rec.digests.get(str(i))
        if want is not None and st.digest() != want:
            raise ReplayMismatch(f"state after action {i} ({reprlib.repr(action)}) differs from the record")
    if st.digest() != rec.digest:
        raise ReplayMismatch("final state differs from the record's digest")
    return st


def save(record: dict[str, Any], path: Path, *, durable: bool = True) -> None:
    """Write a record atomically (a crash leaves the old file or the new one, never half); see ``atomic_write``."""
    from grognard.core.storage import atomic_write

    atomic_write(path, msgspec.json.format(msgspec.json.encode(record)), durable=durable)


def load(path: Path) -> dict[str, Any]:
    """A record file as a dict (checked field by field when replayed); BadRecord if it is no JSON object."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=dict[str, Any])
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise BadRecord(f"{path} is not a game record: {exc}") from None
