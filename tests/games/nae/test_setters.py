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
    (re.compile(r'\b(f|force|o|other|x)\["side"\]\s*=[^=]|\["forces"\]\[[^\]]+\]\["side"\]\s*=[^=]'),
     "S.set_force_side"),
    (re.compile(r'(\["forces"\]|\bforces)(\[[^\]]+\]\s*=[^=]|\s*\.(pop|update|clear|setdefault|popitem)\()'),
     "S.add_force / S.take_force"),
    (re.compile(r'\["control"\]\[[^\]]+\]\s*=[^=]|\["control"\]\s*\.(pop|update|clear|setdefault)\('), "S.set_control"),
    (re.compile(r'\["fortresses"\]\[.+?\](\["\w+"\]\s*=[^=]|\.update\()|\bfort\w*\["\w+"\]\s*=[^=]'),
     "S.set_fortress"),
    (re.compile(r'\["(sides|ally_of)"\]\[[^\]]+\]\s*=[^=]|\["(sides|ally_of)"\]\s*\.(pop|update|clear)\('),
     "S.set_side / S.set_ally_of"),
    (re.compile(r'"territory"(\]|, \{\}\))(\[[^\]]+\]\s*=[^=]|\s*\.(pop|update|clear)\()'), "S.set_territory"),
    (re.compile(r'\["fixed_depots"\]\s*(\+=|=[^=]|\.(append|remove|pop|clear|extend|insert)\()'),
     "S.add_fixed_depot / S.remove_fixed_depot / S.set_fixed_depots"),
]

# an assignment target (one of a tuple or a chain, an augmented or a ``del`` one too) naming what the setters keep
TARGET = re.compile(r'(\["(zone|in_fortress)"\]|\["(forces|control|sides|ally_of|territory)"\]\[[^\]]+\]|'
                    r'\["fortresses"\]\[.+?\]\["\w+"\]|\bfort\w*\["\w+"\]|\["fixed_depots"\])$')
ASSIGN = re.compile(r'(?<![=!<>+\-*/%&|^@:])[-+*/|&]?=(?!=)')


def targets(code: str) -> list[str]:
    """The targets of an assignment or ``del`` statement on this line (none for a keyword argument)."""
    if code.lstrip().startswith("del "):
        return [t.strip() for t in code.lstrip()[4:].split(",")]
    parts = ASSIGN.split(code)
    if len(parts) < 2 or "(" in parts[0] or re.fullmatch(r"\s*\w+\s*", parts[0]):
        return []
    return [t.strip() for part in parts[:-1] if "(" not in part for t in part.split(",")]


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
            if not any(p.search(code) for p, _ in WRITES) and any(TARGET.search(t) for t in targets(code)):
                found.append(f"{rel}:{n}: {line.strip()}  (use the setters of {SETTERS})")
    assert not found, "direct writes that leave the derived caches stale:\n" + "\n".join(found)
