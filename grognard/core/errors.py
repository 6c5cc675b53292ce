"""Errors every part of Grognard raises: refused actions and bad data files."""

from __future__ import annotations

MAX_MESSAGE = 2000  # a refusal is read by people and sent over the network: never as long as the input


class IllegalAction(Exception):
    """An action the rules refuse. The state it was offered to is unchanged."""

    def __init__(self, reason: str, legal: list[tuple[str, object]] | None = None) -> None:
        self.reason = reason
        self.legal = legal
        text = reason
        if legal is not None:
            shown = ", ".join(f"({v!r}, {a!r})" for v, a in legal[:12])
            more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
            text = f"{reason} Legal now: {shown}{more}."
        super().__init__(text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "...")


class DataError(Exception):
    """A data file that does not load, located by file, record and field."""

    def __init__(self, file: str, message: str, record: str | None = None, field: str | None = None) -> None:
        self.file = file
        self.record = record
        self.field = field
        where = file
        if record is not None:
            where += f", record {record!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")
