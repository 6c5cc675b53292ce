"""Atomic file writes: write a temporary file, flush it to disk, then rename over the target."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` by ``data`` at once. ``durable=False`` skips the flush to disk: the file is still whole after
    a crash of the program, only a power cut may lose the last write (fine for an autosave made at every action)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
