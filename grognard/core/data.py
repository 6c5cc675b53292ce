"""Loading TOML data files into typed, frozen records with located errors.

Each data file holds tables of records (``[[zone]]`` arrays or ``[zone.paris]`` tables).
Every record carries ``src``: a rule or page reference, or ``"reconstructed: <why>"``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from grognard.core.errors import DataError

T = TypeVar("T")

_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`")


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every data record: an id and the provenance of its values."""

    id: str
    src: str


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file, naming the file in any syntax error."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(str(path), "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(path), f"TOML syntax error: {exc}") from None


def convert(raw: Any, kind: type[T], file: str, record: str) -> T:
    """Convert one raw record into ``kind``; a failure names file, record and field."""
    try:
        return msgspec.convert(raw, kind, strict=True)
    except msgspec.ValidationError as exc:
        text = str(exc)
        m = _PATH.search(text)
        field = None
        if m:
            field = m.group("path").lstrip(".") or None
            text = text[: m.start()]
        if text.startswith("Object missing required field") or text.startswith("Object contains unknown field"):
            field = text.split("`")[1]
        raise DataError(file, text, record=record, field=field) from None


def load_records(path: Path, table: str, kind: type[T], *, key: str = "id") -> dict[str, T]:
    """Load the ``[[table]]`` array of ``path`` as records keyed by ``key``, in file order."""
    doc = read_toml(path)
    return records_from(doc, table, kind, str(path), key=key)


def records_from(doc: dict[str, Any], table: str, kind: type[T], file: str, *, key: str = "id") -> dict[str, T]:
    """Convert ``doc[table]`` (a list of tables) into records; duplicates and bad ids are errors."""
    raw = doc.get(table)
    if raw is None:
        raise DataError(file, f"no [[{table}]] records")
    if not isinstance(raw, list):
        raise DataError(file, f"[[{table}]] must be an array of tables")
    out: dict[str, T] = {}
    for i, item in enumerate(raw):
        name = item.get(key) if isinstance(item, dict) else None
        label = f"{table} {name}" if isinstance(name, str) else f"{table} #{i + 1}"
        if not isinstance(name, str):
            raise DataError(file, f"missing or non-string {key!r}", record=label, field=key)
        rec = convert(item, kind, file, label)
        if name in out:
            raise DataError(file, f"duplicate {key} {name!r}", record=label, field=key)
        out[name] = rec
    return out


def check_ref(
    value: str, known: dict[str, Any] | set[str] | frozenset[str], file: str, record: str, field: str, what: str
) -> None:
    """Fail unless ``value`` names a known record of kind ``what``."""
    if value not in known:
        raise DataError(file, f"unknown {what} {value!r}", record=record, field=field)


def check_provenance(src: str, file: str, record: str) -> None:
    """A provenance must be a rule/page reference or an explained reconstruction."""
    if not src.strip():
        raise DataError(file, "empty provenance", record=record, field="src")
    if src.startswith("reconstructed") and not re.match(r"reconstructed: \S", src):
        raise DataError(file, "a reconstruction must say why: 'reconstructed: <reason>'", record=record, field="src")
