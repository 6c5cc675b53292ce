"""How high can the Coalition go against random in 1815? (prints; never asserted in tests; docs/agents.md)

``match``: SPEC as the Coalition against ``random`` on seeds FROM..TO-1, seeded as ``grognard selfplay`` seeds
them (the same games), printing every game's result, CPU time and the running count with a Wilson 95% interval.

``oracle``: a pure experiment, never an agent: at each Coalition decision with a choice, the heuristic's WIDTH
ranked moves are each played out on a copy of the *true* state (the real hidden cards and the real dice stream, no
determinization) with the heuristic playing the Coalition afterwards and MODEL playing the Empire: ``random`` is
a copy of the real opponent's generator, so a playout is exactly the future that move would meet, ``heuristic``
is the model the search uses. The first move whose playout wins is played (the heuristic's own move first), else
the heuristic's. With the ``random`` model this clairvoyant player wins a seed as soon as any of its candidate
moves leads to a win with the heuristic's play after it: what no fair player can beat with these moves, so an
upper bound on what a Coalition built on the heuristic can reach with these rules and data.

``turns``: the oracle (``random`` model) on seeds FROM..TO-1, printing for every game it turned the turning move
against the heuristic's, the position round Napoléon, the dice each move met in the true future, and each move's
wins over CHECKS fair futures (paired determinized copies against a random Empire with a fresh generator): a move
that wins only in the true future was lucky; one that wins more fair futures is a lesson for the heuristic.
``late``: the same for the *last* decision of each game the heuristic lost at which one of its next choices wins
in the true future (the oracle turns the *first*, where any change reshuffles every later die).

``lost``: the heuristic Coalition against ``random`` on seeds FROM..TO-1; for the games it loses, where Napoléon
ends and with what combat value, whether a Coalition force of twice his value stands next to him, whether he
evaded a strike or won a battle in the last two rounds, and the Coalition's empty hands; for won and lost games,
the battles with him a game and those he won, with their odds (round 7's reading of the lost games).

``strikes``: the heuristic Coalition against ``random`` on seeds FROM..TO-1; every strike on Napoléon with the exact
forecast of its battle when the march into his zone is chosen (``forecast.py``: chance to win, odds), then what
happened (he evaded, or the battle as fought after the counter-marches and who won); the first SHOW lost games
strike by strike, and per game won and lost the strikes, evasions, battles, forecast and actual wins (round 8's
reading of the lost games with the exact chances).

``rollout``: the fair bound (round 9), Bertsekas's rollout algorithm on the heuristic: the heuristic Coalition
against the real ``random`` Empire (seeded as ``match``), except that at each Coalition decision with a choice the
heuristic's WIDTH ranked moves are each played to the end of the game on the same CHECKS fair futures (the
position determinized for the Coalition, ``state.determinize``; common random numbers), the heuristic playing the
Coalition afterwards and MODEL the Empire (``random`` with a fresh generator per future, or ``heuristic``); the
move with the most wins is played (ties: the heuristic's order). It never reads the hidden truth (its futures are
drawn from its own generator, seeded as ``play_match`` seeds the Coalition's seat), but with MODEL ``random`` it
knows its opponent plays at random, more than a fair player is told: a generous estimate of what a rule of thumb
built on the heuristic's moves can reach. Printed per game: the result, the decisions where it left the
heuristic's move by step, the playouts and the CPU time; at the end the rate with its Wilson interval and the
changed decisions by step. To keep the CPU to about a minute a game at 24 futures, only the steps that decide
where and whether the armies fight are rolled out (``DECISIVE``: cards, activations, marches and forced marches,
interceptions, evasions, retreats, counter-marches, combat cards, a campaign's wait); at the others (which units
take the losses, which unit tests morale, pick-ups, swaps, depots: a third of the choices) the heuristic's move is
played as it is. A last argument ``all`` rolls out every step.

Usage: python bench/coalition_bound.py match SPEC FROM TO          e.g. match search:iterations=400 0 40
       python bench/coalition_bound.py rollout WIDTH CHECKS MODEL FROM TO [all]  e.g. rollout 3 24 random 0 40
       python bench/coalition_bound.py oracle WIDTH MODEL FROM TO  e.g. oracle 3 random 0 40
       python bench/coalition_bound.py turns WIDTH FROM TO CHECKS  e.g. turns 3 0 42 200
       python bench/coalition_bound.py late WIDTH FROM TO CHECKS   e.g. late 3 0 42 200
       python bench/coalition_bound.py lost FROM TO                e.g. lost 0 200
       python bench/coalition_bound.py strikes FROM TO SHOW        e.g. strikes 0 200 30
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from grognard.agents import make_agent
from grognard.agents.heuristic import game_ai
from grognard.agents.random_agent import RandomAgent
from grognard.agents.search import ranked
from grognard.core.machine import Action, State
from grognard.core.registry import load_game
from grognard.games.nae import ai, forecast
from grognard.games.nae import state as S
from grognard.games.nae.ai import describe_choice
from grognard.ratings import wilson
from grognard.selfplay import Match, play_match


def _report(label: str, wins: int, n: int) -> None:
    lo, hi = wilson(wins, n)
    print(f"{label}: Coalition {wins}/{n} = {wins / n:.1%} (Wilson 95% {lo:.1%}-{hi:.1%})", flush=True)


def match(spec: str, seeds: range) -> None:
    wins = 0
    for n, seed in enumerate(seeds, 1):
        t0 = time.process_time()
        o = play_match(Match("nae", "1815", seed, {"empire": "random", "coalition": spec}))
        wins += o.winner == "coalition"
        print(f"seed {seed}: {o.winner} wins in {o.decisions} decisions, {time.process_time() - t0:.0f} s CPU; "
              f"Coalition {wins}/{n}", flush=True)
    _report(f"{spec} against random", wins, len(seeds))


def _clone(agent: RandomAgent) -> RandomAgent:
    twin = RandomAgent()
    twin.rng.setstate(agent.rng.getstate())
    return twin


def _wins(st: State, action: Action, empire: RandomAgent | None) -> bool:
    """Play ``action`` on the true state, then the heuristic (Coalition) and the model (Empire) to the end."""
    player = game_ai(st)
    st.apply(action, check=False)
    while not st.over:
        side = str(st.active)
        move = empire.choose(st, side) if empire is not None and side == "empire" else player.policy(st, side)[0]
        st.apply(move, check=False)
    return (st.result or {}).get("winner") == "coalition"


class Turn:
    """The decision where the oracle left the heuristic's move: the position before it and both moves."""

    def __init__(self, st: State, empire: RandomAgent, decision: int, moves: list[tuple[Action, str]],
                 chosen: int) -> None:
        self.st, self.empire, self.decision, self.moves, self.chosen = st, empire, decision, moves, chosen


def _against_random(seed: int, coalition: Callable[[State, list[Action], RandomAgent], Action]) -> State:
    """One 1815 seed to its end: the real random Empire, seeded as ``play_match`` seeds the first seat, against
    ``coalition``, asked (with the Empire's agent as it stands) only at the decisions with a choice."""
    st = load_game("nae").new_state("1815", seed=seed)
    empire = RandomAgent(seed * 7919)
    while not st.over:
        side = str(st.active)
        legal = st.legal_actions()
        if side == "empire":
            action = empire.choose(st, side)
        elif len(legal) == 1:
            action = legal[0]
        else:
            action = coalition(st, legal, empire)
        st.apply(action)
    return st


def _oracle_game(seed: int, width: int, model: str) -> tuple[State, Turn | None, int]:
    """One seed played by the oracle: the final state, the turning decision (if any) and the playouts spent."""
    turn: Turn | None = None
    playouts = decision = 0

    def choose(st: State, legal: list[Action], empire: RandomAgent) -> Action:
        nonlocal turn, playouts, decision
        decision += 1
        moves = ranked(game_ai(st), st, "coalition", legal, width)
        for i, (a, _) in enumerate(moves):
            playouts += 1
            if _wins(st.copy(), a, _clone(empire) if model == "random" else None):
                if i:
                    turn = Turn(st.copy(), _clone(empire), decision, moves, i)
                return a
        return moves[0][0]

    st = _against_random(seed, choose)
    return st, turn, playouts


def oracle(width: int, model: str, seeds: range) -> None:
    wins = 0
    for n, seed in enumerate(seeds, 1):
        t0 = time.process_time()
        st, turn, playouts = _oracle_game(seed, width, model)
        wins += (st.result or {}).get("winner") == "coalition"
        print(f"seed {seed}: {(st.result or {}).get('winner')} wins, {int(turn is not None)} moves other than the "
              f"heuristic's, {playouts} playouts, {time.process_time() - t0:.0f} s CPU; Coalition {wins}/{n}",
              flush=True)
    _report(f"oracle width {width}, Empire modelled as {model}", wins, len(seeds))


# the steps ``rollout`` plays out: where and whether the armies fight (the others: the heuristic's move as it is)
DECISIVE = frozenset({"round", "activation", "march", "march.declare", "intercept", "intercept.card", "evade",
                      "evade.where", "retreat", "countermarch", "cards.window", "campaign.hold"})


class Rollout:
    """The fair rollout player's choice at a Coalition decision (see ``rollout``): ``changed`` counts by step the
    decisions where it left the heuristic's move (``notes`` describes them), ``playouts`` the games it played out."""

    def __init__(self, width: int, checks: int, model: str, seed: int,
                 steps: frozenset[str] | None = DECISIVE) -> None:
        if model not in ("random", "heuristic"):
            raise ValueError(f"MODEL must be random or heuristic, not {model!r}")
        self.width, self.checks, self.model, self.steps = width, checks, model, steps
        self.rng = random.Random(seed)
        self.changed: Counter[str] = Counter()
        self.notes: list[str] = []  # each decision where it left the heuristic's move: both moves and their wins
        self.decisions = self.playouts = 0
        self.played: list[tuple[int, int]] = []  # the last decision's moves: (wins, futures played)

    def wins(self, st: State, moves: list[Action], rng: random.Random) -> list[int]:
        """Each move's wins over the fair futures (paired: the same determinized copy and opponent generator for
        every move). A move is dropped once it can no longer come first even winning every future left (it
        would lose the tie to an earlier move), which never changes the choice, only saves playouts: it counts
        -1 (``played`` keeps each move's wins and futures played)."""
        wins = [0] * len(moves)
        self.played = [(0, 0)] * len(moves)
        alive = list(range(len(moves)))
        for done in range(1, self.checks + 1):
            base = st.determinize("coalition", rng)
            empire_seed = rng.randrange(1 << 30)
            for i in alive:
                self.playouts += 1
                wins[i] += _wins(base.copy(), moves[i],
                                 RandomAgent(empire_seed) if self.model == "random" else None)
                self.played[i] = (wins[i], done)
            left = self.checks - done
            alive = [i for i in alive if not any(
                wins[k] > wins[i] + left or (k < i and wins[k] == wins[i] + left) for k in alive)]
            if len(alive) == 1:
                break
        return [w if i in alive else -1 for i, w in enumerate(wins)]

    def choose(self, st: State, legal: list[Action]) -> Action:
        """The ranked move with the most wins over the fair futures (ties: the heuristic's order)."""
        if self.steps is not None and str(st.step) not in self.steps:
            return game_ai(st).policy(st, "coalition", legal)[0]
        moves = ranked(game_ai(st), st, "coalition", legal, self.width)
        # one draw a decision: the futures of later decisions do not depend on how many playouts this one took
        futures = random.Random(self.rng.randrange(1 << 30))
        self.decisions += 1
        if len(moves) == 1:
            return moves[0][0]
        wins = self.wins(st, [a for a, _ in moves], futures)
        best = max(range(len(moves)), key=lambda i: (wins[i], -i))
        if best:
            self.changed[str(st.step)] += 1
            (h, hwhy), (b, bwhy) = moves[0], moves[best]
            (hw, hn), (bw, bn) = self.played[0], self.played[best]
            self.notes.append(f"round {st.g['round']}, {st.step}: {describe_choice(st, h, hwhy)!r} wins {hw} of "
                              f"{hn} -> {describe_choice(st, b, bwhy)!r} wins {bw} of {bn}")
        return moves[best][0]


def _rollout_game(seed: int, width: int, checks: int, model: str,
                  steps: frozenset[str] | None = DECISIVE) -> tuple[State, Rollout]:
    """One seed: the rollout Coalition against the real random Empire, both seeded as ``play_match`` seeds them."""
    player = Rollout(width, checks, model, seed * 7919 + 1, steps)
    return _against_random(seed, lambda st, legal, _empire: player.choose(st, legal)), player


def rollout(width: int, checks: int, model: str, seeds: range, steps: frozenset[str] | None) -> None:
    wins = 0
    changed: Counter[str] = Counter()
    cpu = 0.0
    for n, seed in enumerate(seeds, 1):
        t0 = time.process_time()
        st, player = _rollout_game(seed, width, checks, model, steps)
        cpu += time.process_time() - t0
        winner = (st.result or {}).get("winner")
        wins += winner == "coalition"
        changed.update(player.changed)
        print(f"seed {seed}: {winner} wins; {player.decisions} decisions rolled out, left the heuristic's move "
              f"in {sum(player.changed.values())} ({', '.join(f'{k} {v}' for k, v in sorted(player.changed.items()))}"
              f"); {player.playouts} playouts, {time.process_time() - t0:.0f} s CPU; Coalition {wins}/{n}",
              flush=True)
        for note in player.notes:
            print("   " + note, flush=True)
    _report(f"rollout width {width}, {checks} fair futures, Empire modelled as {model}", wins, len(seeds))
    print(f"{cpu:.0f} s CPU ({cpu / len(seeds):.0f} s a game); the heuristic's move left in: "
          + ", ".join(f"{k} {v}" for k, v in changed.most_common()), flush=True)


def _position(st: State) -> list[str]:
    """The board round Napoléon as a player reads it before the turning move."""
    g = st.g
    nap = ai.napoleon_force(st)
    lines = [f"round {g['round']}/{g['last_round']}, {g['turn']}'s turn, step {st.step}; Coalition hand "
             f"{', '.join(sorted(g['hands']['coalition'])) or 'empty'}; Empire hand {len(g['hands']['empire'])}"]
    if nap is None:
        return lines
    nf = S.force(st, nap)
    nz = nf["zone"]
    lines.append(f"Napoléon: {S.name_of(st, nap)} at {S.zone_name(nz)}, combat value {S.combat_value(nf)}"
                 f"{', demoralized' if nf['demoralized'] else ''}{', unsupplied' if nf['unsupplied'] else ''}"
                 f"{', in the fortress' if nf['in_fortress'] else ''}")
    ways = []
    for z in sorted(S.data().map.neighbours(nz)):
        c, e = ai.strength(st, z, "coalition"), ai.strength(st, z, "empire")
        ways.append(f"{S.zone_name(z)}{f' C{c}' if c else ''}{f' E{e}' if e else ''}")
    lines.append("  his zone's neighbours: " + "; ".join(ways))
    near = sorted((ai.dist(f["zone"], nz), fid) for fid, f in g["forces"].items()
                  if f["side"] == "coalition" and ai.dist(f["zone"], nz) <= 3 and S.combat_value(f))
    for d, fid in near:
        f = S.force(st, fid)
        lines.append(f"  {d} border(s): {S.name_of(st, fid)} at {S.zone_name(f['zone'])}, value {S.combat_value(f)}"
                     f"{', demoralized' if f['demoralized'] else ''}{', unsupplied' if f['unsupplied'] else ''}"
                     f"{', in fortress' if f['in_fortress'] else ''}")
    return lines


def _fair(st: State, moves: list[Action], checks: int, seed: int) -> list[int]:
    """Each move's wins over ``checks`` fair futures: determinized copies (new dice, the hidden cards dealt again)
    against a random Empire with a fresh generator, the same copy and generator for every move (paired)."""
    rng = random.Random(seed)
    wins = [0] * len(moves)
    for _ in range(checks):
        base = st.determinize("coalition", rng)
        empire_seed = rng.randrange(1 << 30)
        for i, a in enumerate(moves):
            wins[i] += _wins(base.copy(), a, RandomAgent(empire_seed))
    return wins


def _late_turn(seed: int, width: int) -> tuple[State, Turn | None]:
    """The heuristic's own game against random, and if it lost, the *last* Coalition decision at which one of the
    heuristic's next choices wins in the true future (searched backwards from the end: the move nearest the
    decisive moment, whose future the dice have had the least time to reshuffle)."""
    st = load_game("nae").new_state("1815", seed=seed)
    empire = RandomAgent(seed * 7919)
    player = game_ai(st)
    seen: list[tuple[State, RandomAgent]] = []
    while not st.over:
        side = str(st.active)
        if side == "empire":
            action = empire.choose(st, side)
        else:
            if len(st.legal_actions()) > 1:
                seen.append((st.copy(), _clone(empire)))
            action = player.policy(st, side)[0]
        st.apply(action)
    if (st.result or {}).get("winner") == "coalition":
        return st, None
    for decision in range(len(seen) - 1, -1, -1):
        before, opponent = seen[decision]
        moves = ranked(player, before, "coalition", before.legal_actions(), width)
        for i, (a, _) in enumerate(moves[1:], 1):
            if _wins(before.copy(), a, _clone(opponent)):
                return st, Turn(before, opponent, decision + 1, moves, i)
    return st, None


def turns(width: int, seeds: range, checks: int, late: bool) -> None:
    """Every game the oracle turned (``late``: the last turning decision of the heuristic's lost games): the
    turning move against the heuristic's, the position, what followed on the true future for each, and each move's
    wins over fair futures (is the move better, or only luckier?)."""
    wins = 0
    for n, seed in enumerate(seeds, 1):
        end, turn = _late_turn(seed, width) if late else _oracle_game(seed, width, "random")[:2]
        winner = (end.result or {}).get("winner")
        wins += winner == "coalition" or turn is not None
        print(f"seed {seed}: {winner} wins{', turned' if turn else ''}; Coalition {wins}/{n}", flush=True)
        if turn is not None:
            _explain(turn, seed, checks)
    _report(f"oracle width {width}, Empire modelled as random", wins, len(seeds))


def _explain(turn: Turn, seed: int, checks: int) -> None:
    (h, hwhy), (t, twhy) = turn.moves[0], turn.moves[turn.chosen]
    print(f"== seed {seed}, decision {turn.decision}: the heuristic's move "
          f"{describe_choice(turn.st, h, hwhy)!r}; the turning move (rank {turn.chosen + 1}) "
          f"{describe_choice(turn.st, t, twhy)!r}")
    for text in _position(turn.st):
        print("   " + text)
    for label, a in (("heuristic", h), ("turning", t)):
        future = turn.st.copy()
        before = len(future.log)
        _wins(future, a, _clone(turn.empire))
        dice = [e["text"] for e in future.log[before:] if e.get("dice")]
        print(f"   after the {label} move: {(future.result or {}).get('winner')} wins in round {future.g['round']}; "
              f"{(future.result or {}).get('text', '')}")
        for text in dice[:8] + ["..."] + [e["text"] for e in future.log[-4:]]:
            print(f"      {text}")
    fair = _fair(turn.st, [h, t], checks, seed)
    lo, hi = wilson(fair[1], checks)
    print(f"   fair futures ({checks}, paired): heuristic's move {fair[0]}, turning move {fair[1]} "
          f"({lo:.0%}-{hi:.0%})", flush=True)


def _lost_game(seed: int, tally: Counter[str]) -> tuple[State, Counter[str]]:
    """Play the heuristic Coalition against ``random`` (seeded as ``match``), counting the battles with Napoléon
    (by odds and winner) and his evasions and battles won in the last two rounds."""
    st = load_game("nae").new_state("1815", seed=seed)
    agents = {"empire": make_agent("random", seed * 7919), "coalition": make_agent("heuristic", seed * 7919 + 1)}
    late: Counter[str] = Counter()
    while not st.over:
        n = len(st.log)
        st.apply(agents[str(st.active)].choose(st, str(st.active)))
        for e in st.log[n:]:
            text = e["text"]
            if text.startswith("Battle in") and "Napoleon" in text:
                tally["battles with him"] += 1
                if "attacks Napoleon" in text:
                    tally[f"strikes at {text.rsplit('odds ', 1)[1]}"] += 1
            won = "Napoleon (Grande Armée) wins the battle" in text
            evaded = text.startswith("Evasion of Napoleon") and "→ evades" in text
            tally["battles he won"] += won
            if st.g["round"] >= st.g["last_round"] - 1:
                late["won"] += won
                late["evaded"] += evaded
    return st, late


def lost(seeds: range) -> None:
    tallies: dict[str, Counter[str]] = {"coalition": Counter(), "empire": Counter()}
    games: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    values = []
    for seed in seeds:
        tally: Counter[str] = Counter()
        st, late = _lost_game(seed, tally)
        winner = str(st.result["winner"])
        games[winner] += 1
        tallies.setdefault(winner, Counter()).update(tally)
        nap = ai.napoleon_force(st)
        if winner != "empire" or nap is None:
            continue
        nf = S.force(st, nap)
        value = S.combat_value(nf)
        values.append(value)
        near = max((S.combat_value(f) for f in st.g["forces"].values() if f["side"] == "coalition"
                    and not f["demoralized"] and ai.dist(f["zone"], nf["zone"]) <= 1), default=0)
        print(f"seed {seed}: Napoléon at {S.zone_name(nf['zone'])}, combat value {value}; strongest Coalition force "
              f"next to him {near}; last two rounds: {late['evaded']} evasion(s), {late['won']} battle(s) won by him; "
              f"Coalition hand {len(st.g['hands']['coalition'])}", flush=True)
        ends[nf["zone"]] += 1
        ends["in France"] += S.data().map.zones[nf["zone"]].owner == "france"
        ends["twice his value next to him"] += near >= 2 * value
        ends["he evaded or won in the last two rounds"] += bool(late["evaded"] or late["won"])
        ends["Coalition hand empty"] += not st.g["hands"]["coalition"]
    values.sort()
    n = games["empire"]
    if values:
        print(f"{n} lost of {len(seeds)}; his combat value at the end: quartiles {values[n // 4]}, {values[n // 2]}, "
              f"{values[3 * n // 4]}")
    print("in the lost games:", ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    for winner, tally in tallies.items():
        if games[winner]:
            counts = ", ".join(f"{k} {v / games[winner]:.2f}" for k, v in sorted(tally.items()))
            print(f"per game the {winner} won: {counts}")


BATTLE = re.compile(r"Battle in .*\((\d+)\) attacks Napoleon \(Grande Armée\) \((\d+)\)")


@dataclass
class Strike:
    """A Coalition march into Napoléon's zone: the round, both combat values and the forecast chance to win when
    it was chosen, then what followed ("evaded", "won", "he won") and the values the battle was fought at."""

    round: int
    mine: int
    his: int
    win: float
    out: str = "?"
    fought: tuple[int, int] | None = None

    def __str__(self) -> str:
        at = f" ({self.fought[0]}v{self.fought[1]})" if self.fought else ""
        return f"r{self.round} {self.mine}v{self.his} {self.win:.0%} -> {self.out}{at}"


def _strike_game(seed: int) -> tuple[State, list[Strike]]:
    """One game of the heuristic Coalition against ``random`` (seeded as ``match``): each strike on Napoléon with
    its forecast when the march into his zone is chosen and what followed."""
    st = load_game("nae").new_state("1815", seed=seed)
    agents = {"empire": make_agent("random", seed * 7919), "coalition": make_agent("heuristic", seed * 7919 + 1)}
    rows: list[Strike] = []
    pending: Strike | None = None
    while not st.over:
        side = str(st.active)
        action = agents[side].choose(st, side)
        nap = ai.napoleon_force(st)
        if (side == "coalition" and st.step == "march" and action[0] == "zone" and nap is not None
                and S.force(st, nap)["zone"] == action[1]):
            fid = st.frame["fid"]
            fc = forecast.forecast(st, fid, nap, action[1], S.force(st, fid)["zone"])
            pending = Strike(st.g["round"], S.combat_value(S.force(st, fid)), S.combat_value(S.force(st, nap)),
                             float(fc["win"]["attacker"]))
            rows.append(pending)
        n = len(st.log)
        st.apply(action)
        for e in st.log[n:]:
            text = e["text"]
            if pending is None:
                break
            fought = BATTLE.match(text)
            if fought:
                pending.fought = int(fought[1]), int(fought[2])
            if text.startswith("Evasion of Napoleon") and "→ evades" in text:
                pending.out, pending = "evaded", None
            elif "wins the battle" in text:
                pending.out, pending = ("he won" if text.startswith("Napoleon") else "won"), None
    return st, rows


def strikes(seeds: range, show: int) -> None:
    per: dict[str, Counter[str]] = {}
    forecast_wins: Counter[str] = Counter()
    shown = 0
    for seed in seeds:
        end, rows = _strike_game(seed)
        winner = (end.result or {}).get("winner")
        tally = per.setdefault(str(winner), Counter())
        tally["games"] += 1
        for r in rows:
            tally["strikes"] += 1
            tally["evaded"] += r.out == "evaded"
            tally["strikes below 15%"] += r.win < 0.15
            tally["strikes at 5:1"] += r.win == 1.0
            if r.fought:
                tally["battles"] += 1
                forecast_wins[str(winner)] += r.win
                tally["won"] += r.out == "won"
                tally["he grew by counter-march"] += r.fought[1] > r.his
        if winner != "coalition" and shown < show:
            shown += 1
            print(f"seed {seed}: " + "; ".join(map(str, rows)), flush=True)
    for winner, tally in per.items():
        n = tally.pop("games")
        print(f"{n} games the {winner} won, per game: " + ", ".join(f"{k} {v / n:.2f}" for k, v in sorted(
            tally.items())) + f", forecast wins {forecast_wins[winner] / n:.2f}")


def main() -> None:
    if sys.argv[1] in ("turns", "late"):
        turns(int(sys.argv[2]), range(int(sys.argv[3]), int(sys.argv[4])), int(sys.argv[5]), sys.argv[1] == "late")
    elif sys.argv[1] == "strikes":
        strikes(range(int(sys.argv[2]), int(sys.argv[3])), int(sys.argv[4]))
    elif sys.argv[1] == "lost":
        lost(range(int(sys.argv[2]), int(sys.argv[3])))
    elif sys.argv[1] == "rollout":
        rollout(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], range(int(sys.argv[5]), int(sys.argv[6])),
                None if sys.argv[7:] == ["all"] else DECISIVE)
    elif sys.argv[1] == "oracle":
        oracle(int(sys.argv[2]), sys.argv[3], range(int(sys.argv[4]), int(sys.argv[5])))
    else:
        match(sys.argv[2], range(int(sys.argv[3]), int(sys.argv[4])))


if __name__ == "__main__":
    main()
