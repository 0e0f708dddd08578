"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012), for players and puzzles.

Written here rather than taken from PyPI: the ``glicko2`` package (2.1.0)
computes the volatility step's f(x) with the rating μ² where the paper has
the deviation φ², which goes wrong away from a rating of 1500. Each attempt
at a puzzle is one rating period with one game: the player beats the puzzle
when solving it, and both ratings move.

Glickman's worked example (τ = 0.5; the paper, rounding as it goes, gets
r′ = 1464.06, RD′ = 151.52, σ′ = 0.05999):

>>> player = Rating(1500, 200, 0.06)
>>> after = player.updated([(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(after.rating, 2), round(after.rd, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's internal scale: μ = (r − 1500) / SCALE
TAU = 0.5  # how much the volatility may change (Glickman suggests 0.3–1.2)
EPSILON = 1e-6
START_RD = 350.0
START_VOLATILITY = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the estimate, its deviation (RD) and its volatility."""

    rating: float = 1500.0
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    def expected(self, other: Rating) -> float:
        """The chance to beat ``other``."""
        return _expected((self.rating - 1500) / SCALE, (other.rating - 1500) / SCALE, other.rd / SCALE)

    def updated(self, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
        """The rating after one rating period with ``games`` (opponent, score 1 win / 0.5 / 0 loss).

        With no games only the deviation grows (step 6 of the paper).
        """
        mu, phi, sigma = (self.rating - 1500) / SCALE, self.rd / SCALE, self.volatility
        if not games:
            return Rating(self.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
        weights = []
        for other, score in games:
            mu_j, phi_j = (other.rating - 1500) / SCALE, other.rd / SCALE
            weights.append((_g(phi_j), _expected(mu, mu_j, phi_j), score))
        v = 1 / sum(g * g * e * (1 - e) for g, e, _ in weights)
        delta = v * sum(g * (s - e) for g, e, s in weights)
        sigma = _new_volatility(phi, sigma, v, delta, tau)
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
        mu = mu + phi * phi * sum(g * (s - e) for g, e, s in weights)
        return Rating(mu * SCALE + 1500, phi * SCALE, sigma)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    lo = a
    if delta * delta > phi * phi + v:
        hi = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        hi = a - k * tau
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > EPSILON:
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2
        hi, f_hi = c, f_c
    return math.exp(lo / 2)
