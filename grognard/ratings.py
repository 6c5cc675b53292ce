"""Win rates and ratings from match results: Wilson score intervals, and a Bradley-Terry model with a seat
advantage (Elo scale) fitted by Newton's method, with 95% intervals from its information matrix."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
ELO = 400 / math.log(10)  # natural log-odds -> Elo points
PRIOR_SD = 3.0  # a weak normal prior on ratings (log-odds) keeps a clean sweep finite


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials (0, 1 when there are no trials)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Game:
    """One result: ``first`` held the first seat (the seat with the advantage term), ``score`` is its score
    (1 win, 0.5 draw, 0 loss)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float  # points won


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems here are a handful of unknowns)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def bradley_terry(names: Sequence[str], games: Sequence[Game]) -> tuple[list[Rating], float]:
    """Ratings (Elo scale, centred on 0) and the first seat's advantage in Elo.

    P(first beats second) = 1 / (1 + exp(-(r_first - r_second + h))); a draw counts half a win each."""
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    theta = [0.0] * (k + 1)  # ratings, then the seat advantage h
    for _ in range(50):
        grad = [-t / PRIOR_SD**2 for t in theta]
        hess = [[(1 / PRIOR_SD**2 if i == j else 0.0) for j in range(k + 1)] for i in range(k + 1)]
        for g in games:
            i, j = idx[g.first], idx[g.second]
            p = 1 / (1 + math.exp(-(theta[i] - theta[j] + theta[k])))
            w = p * (1 - p)
            for a, sa in ((i, 1), (j, -1), (k, 1)):
                grad[a] += sa * (g.score - p)
                for b, sb in ((i, 1), (j, -1), (k, 1)):
                    hess[a][b] += sa * sb * w
        step = _solve(hess, grad)
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    cov = [_solve(hess, [1.0 if r == c else 0.0 for r in range(k + 1)]) for c in range(k + 1)]
    mean = sum(theta[:k]) / k
    out = []
    for n, i in idx.items():
        played = [g for g in games if i in (idx[g.first], idx[g.second])]
        score = sum(g.score if idx[g.first] == i else 1 - g.score for g in played)
        # the variance of r_i - mean(r): ratings are relative, the common shift the prior allows is no uncertainty
        var = cov[i][i] - 2 / k * sum(cov[i][j] for j in range(k)) + sum(cov[a][b] for a in range(k)
                                                                          for b in range(k)) / k**2
        half = Z95 * math.sqrt(max(var, 0.0)) * ELO
        elo = (theta[i] - mean) * ELO
        out.append(Rating(n, elo, elo - half, elo + half, len(played), score))
    out.sort(key=lambda r: -r.elo)
    return out, theta[k] * ELO
