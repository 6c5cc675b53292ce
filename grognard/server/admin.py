"""``grognard admin patch``: re-run the live games' logs under the current rules code, as Rally the Troops
does after a rules fix, and report those whose replay no longer reaches the stored state.
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.core.errors import IllegalAction
from grognard.server.store import GameStore, Stale


@dataclass(frozen=True)
class Patched:
    game_id: str
    status: str  # "same" | "diverged" | "refused"
    detail: str = ""
    rewritten: bool = False


def patch(store: GameStore, *, write: bool = False, games: list[str] | None = None) -> list[Patched]:
    """Replay every live game (or ``games``); with ``write``, store the replayed state of diverged games whose
    every action still replays (a game with a refused action keeps its snapshot and needs a person)."""
    out = []
    for gid in games if games is not None else store.live_games():
        version = store.meta(gid).version
        stored = store.meta(gid).digest
        try:
            st = store.replay_log(gid)
        except IllegalAction as exc:
            out.append(Patched(gid, "refused", str(exc)))
            continue
        if st.digest() == stored:
            out.append(Patched(gid, "same"))
            continue
        rewritten = False
        if write:
            try:
                store.rewrite_snapshot(gid, st, version)
                rewritten = True
            except Stale:
                pass  # played meanwhile: the next run sees it again
        out.append(Patched(gid, "diverged", f"now at {st.step or 'the end'}: {st.prompt}", rewritten))
    return out
