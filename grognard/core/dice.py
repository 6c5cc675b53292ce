"""Seeded dice whose whole state is four 32-bit integers kept in the game state.

xoshiro128** (Blackman & Vigna): tiny, fast, and identical on every machine because it
uses only integer arithmetic. Tests may script rolls; scripted values are used first.
"""

from __future__ import annotations

M32 = 0xFFFFFFFF


def seed_rng(seed: int) -> list[int]:
    """Expand any integer seed into a xoshiro128** state with splitmix64."""
    x = seed & 0xFFFFFFFFFFFFFFFF
    words: list[int] = []
    while len(words) < 4:
        x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        words += [z & M32, z >> 32]
    if not any(words[:4]):
        words[0] = 1  # the all-zero state is a fixed point
    return words[:4]


def next32(s: list[int]) -> int:
    """Advance the state in place and return the next 32-bit output."""
    s0, s1, s2, s3 = s
    x = (s1 * 5) & M32
    result = (((x << 7) | (x >> 25)) & M32) * 9 & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & M32
    s[0], s[1], s[2], s[3] = s0, s1, s2, s3
    return result


def below(s: list[int], n: int) -> int:
    """A uniform integer in [0, n) (multiply-shift; bias below 2**-32 * n)."""
    return (next32(s) * n) >> 32


def d6(s: list[int], script: list[int]) -> int:
    """One six-sided die: the next scripted value if any, else the generator's."""
    if script:
        value = script.pop(0)
        if not 1 <= value <= 6:
            raise ValueError(f"scripted die {value} is not between 1 and 6")
        return value
    return below(s, 6) + 1
