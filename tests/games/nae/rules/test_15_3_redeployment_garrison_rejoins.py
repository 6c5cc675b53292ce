"""15.3 / 11 at the end of a strategic redeployment (7.6): a force that stops where units of its side hold an
unbesieged fortress takes them in, « Il ne peut y avoir qu'une seule force d'un même camp dans une zone à l'issue
d'un round d'activation » (a heuristic 1809 game left Masséna inside Ulm's fortress and Napoléon outside it)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import supply
from tests.games.nae.rules.grand import board_1806, reach_power, start_redeployment
from tests.games.nae.rules.helpers import put


def test_15_3_a_redeployed_force_takes_in_the_garrison_of_its_zone() -> None:
    st = board_1806()
    garrison = put(st, "landau", ["fr_v"])
    S.set_in_fortress(st, garrison, True)
    fid = put(st, "mainz", ["fr_iii", "fr_iv"], commander="davout")
    supply.update_supply(st)
    start_redeployment(st)
    reach_power(st, "france")
    st.apply(("force", fid))
    st.apply(("zone", "landau"))
    st.apply(("done", None))
    here = S.forces_in(st, "landau", "empire")
    assert len(here) == 1 and not S.force(st, here[0])["in_fortress"]
    assert set(S.force(st, here[0])["units"]) == {"fr_iii", "fr_iv", "fr_v"}
