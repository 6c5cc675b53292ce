"""The rules write where forces stand and what supply reads through the setters of ``grognard.games.nae.state``,
which keep its derived caches right (the zone -> forces index, the supply cache key): a direct write found in the
NAE code or its tests fails here, naming the setter to use. (The conftest also checks the caches after every
action, which catches what a pattern cannot see.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SETTERS = "grognard/games/nae/state.py"
WRITES = [
    (re.compile(r'\["zone"\]\s*=[^=]|\.update\(.*\bzone='), "S.move_force"),
    (re.compile(r'\["in_fortress"\]\s*=[^=]|\.update\(.*\bin_fortress='), "S.set_in_fortress"),
    (re.compile(r'(\["forces"\]|\bforces)(\[[^\]]+\]\s*=[^=]|\s*\.(pop|update|clear|setdefault|popitem)\()'),
     "S.add_force / S.take_force"),
    (re.compile(r'\["control"\]\[[^\]]+\]\s*=[^=]|\["control"\]\s*\.(pop|update|clear|setdefault)\('), "S.set_control"),
    (re.compile(r'\["fortresses"\]\[.+?\](\["\w+"\]\s*=[^=]|\.update\()|\bfort\w*\["\w+"\]\s*=[^=]'),
     "S.set_fortress"),
    (re.compile(r'\["(sides|ally_of)"\]\[[^\]]+\]\s*=[^=]|\["(sides|ally_of)"\]\s*\.(pop|update|clear)\('),
     "S.set_side / S.set_ally_of"),
    (re.compile(r'\["fixed_depots"\]\s*(\+=|=[^=]|\.(append|remove|pop|clear|extend|insert)\()'),
     "S.add_fixed_depot / S.remove_fixed_depot / S.set_fixed_depots"),
]


def test_forces_control_fortresses_and_depots_are_written_through_the_setters() -> None:
    found = []
    for path in sorted([*ROOT.glob("grognard/games/nae/**/*.py"), *ROOT.glob("tests/games/nae/**/*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if rel in (SETTERS, "tests/games/nae/test_setters.py"):
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            found += [f"{rel}:{n}: {line.strip()}  (use {setter})" for pattern, setter in WRITES
                      if pattern.search(code)]
    assert not found, "direct writes that leave the derived caches stale:\n" + "\n".join(found)
