"""16 Weather: round 5 bad weather, rounds 6-7 winter; MF -1 in both, the winter attrition modifier in winter."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S


def mf_modifier(st: State) -> int:
    """12.1 / 16: MF modifier of the current activation round."""
    return S.data().tables.weather(st.g["round"]).mf_modifier


def winter(st: State) -> bool:
    """16: winter rounds (6 and 7) add the winter attrition modifier and bar the 20.1 replacements."""
    return S.data().tables.weather(st.g["round"]).winter
