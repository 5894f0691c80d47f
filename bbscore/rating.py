"""Players' ratings across games, pure: each finished game updates the ratings of the people who played it, in date
order, by the full Bradley-Terry model of the ``openskill`` library (Weng and Lin's Bayesian rating in the TrueSkill
family: each player's skill is a mean μ and an uncertainty σ; the rating shown is μ − 3σ, which starts at 0 and rises
as a player wins and as the uncertainty shrinks).  The full Bradley-Terry model compares every two sides of a game, a
tie counting half a win each way, so that sides tied for a place move alike and never below a side placed after them
(openskill's Plackett-Luce model does not: players tied for first could rate below the third, openskill.py issue
#155).

A game is its teams (a Bazar-Belot game: two teams of the pair's two players; preferans: three or four teams of one,
a free-for-all) and each team's place (1 the first; equal places a tie).  Nothing here knows a game or reads a file:
:mod:`bbscore.cli.tournament` reads the sheets through each game's :attr:`~bbscore.games.Game.table_result`.
The games are taken in the order of their ``key`` (the sheet's date, then its path in natural order), so the order
in which they are given never changes a rating.  ``openskill`` is imported only here, when a rating is computed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

_DIGITS = re.compile(r"([0-9]+)")


def natural_key(text: str) -> list:
    """A key sorting ``r2-t1`` before ``r10-t1`` (runs of digits as numbers)."""
    return [int(part) if part.isdigit() else part for part in _DIGITS.split(text)]


@dataclass(frozen=True, kw_only=True)
class RatedGame:
    """One finished game: its ``date`` (``"YYYY-MM-DD HH:MM"``, ``""`` when unknown), ``source`` (its file, for the
    order of games on the same date), its ``teams`` (the players of each side) and each side's ``ranks`` (1 the first)."""

    date: str
    source: str
    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]

    def key(self) -> tuple:
        return (self.date, natural_key(self.source))


@dataclass(frozen=True, kw_only=True)
class PlayerRating:
    """A player after every game: ``rating`` (μ − 3σ), ``mu``, ``sigma``, ``games`` rated, ``wins`` (games he placed
    first in alone), ``draws`` (games whose first place he shared: a draw, as the standings count it), and
    ``history``: (game number in the date order, from 1; the rating after it)."""

    name: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int
    history: tuple[tuple[int, float], ...]


@dataclass(frozen=True, kw_only=True)
class Ratings:
    """Every player, the highest rating first (then the name); ``games``: the games rated, in date order."""

    players: tuple[PlayerRating, ...]
    games: tuple[RatedGame, ...]


def rate(games: Sequence[RatedGame]) -> Ratings:
    """Rate every player over ``games`` (taken in date order, whatever order they come in).  A game in which one
    person sits on two sides cannot be rated and is left out by the caller (:func:`playable`)."""
    from openskill.models import BradleyTerryFull

    model = BradleyTerryFull()
    ordered = sorted(games, key=RatedGame.key)
    current: dict[str, object] = {}
    counts: dict[str, list[int]] = {}
    history: dict[str, list[tuple[int, float]]] = {}
    for number, game in enumerate(ordered, start=1):
        teams = [[current.get(name) or model.rating(name=name) for name in team] for team in game.teams]
        rated = model.rate(teams, ranks=list(game.ranks))
        firsts = game.ranks.count(1)
        for team, rank, players in zip(game.teams, game.ranks, rated):
            for name, player in zip(team, players):
                current[name] = player
                count = counts.setdefault(name, [0, 0, 0])
                count[0] += 1
                count[1] += rank == 1 and firsts == 1
                count[2] += rank == 1 and firsts > 1
                history.setdefault(name, []).append((number, round(player.ordinal(), 3)))
    players = [PlayerRating(name=name, rating=round(player.ordinal(), 3), mu=round(player.mu, 3),
                            sigma=round(player.sigma, 3), games=counts[name][0], wins=counts[name][1],
                            draws=counts[name][2], history=tuple(history[name])) for name, player in current.items()]
    players.sort(key=lambda player: (-player.rating, player.name))
    return Ratings(players=tuple(players), games=tuple(ordered))


def playable(teams: Sequence[Sequence[str]]) -> bool:
    """Whether a game's teams name each person once (a rating cannot have one person on two sides)."""
    names = [name for team in teams for name in team]
    return len(names) == len(set(names)) and all(teams)
