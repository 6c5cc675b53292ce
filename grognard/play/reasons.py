"""A computer move's reason in plain words, for the browser's feed and the terminal.

The search agent (``grognard/agents/search.py``) says why in its own terms: "Move to Liège (1 MP): expected score 43%
in 28 simulations (6 other moves tried); Kleist concentrates before the battle". A new player needs the why (the
heuristic's sentence, or that looking ahead found a better move); the figures go in a detail the client shows on
demand."""

from __future__ import annotations

import re

SEARCH = re.compile(r"expected score (?P<score>\d+)% in (?P<sims>\d+) simulations"
                    r"(?: \((?P<tried>\d+) other moves tried\); (?P<why>.*)"
                    r"|, (?P<lead>[-+][\d.]+) (?P<unit>games|a simulation) against the heuristic's (?P<hint>.*))$",
                    re.S)


def plain_reason(label: str, reason: str) -> tuple[str, str]:
    """(why, detail): why the computer made the move labelled ``label``, in plain words, and the search's figures
    ("" when the agent did not search)."""
    said = reason[len(label):].lstrip(":—- ") if reason.startswith(label) else reason
    if said.lower().startswith(label.lower()):  # a heuristic's sentence that names the move again: once is enough
        said = said[len(label):].lstrip(":—- ")
    m = SEARCH.match(said)
    if not m:
        return said, ""
    sims = f"{m['sims']} simulated game{'s' * (m['sims'] != '1')}"
    if m["why"] is not None:
        tried = int(m["tried"])
        detail = (f"it looked ahead {sims}" + (f" and tried {tried} other move{'s' * (tried != 1)}" if tried else "")
                  + f"; it rates its chances from here at {m['score']}%")
        return m["why"], detail
    more = f"{m['lead']} games won" if m["unit"] == "games" else f"{m['lead']} a game on its scoring"
    return (f"looking ahead, it judged this better than its first idea ({m['hint']})",
            f"it looked ahead {sims}: {more} against {m['hint']}; it rates its chances from here at {m['score']}%")
