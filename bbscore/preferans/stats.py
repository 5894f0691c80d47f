"""Statistics over many пули: pure counting over replayed sheets (``bbscore stats``, ``bbscore list``).

Two steps, as for the Belot family (:mod:`bbscore.belot.stats`), so that the files can be read in worker processes and
only small records travel back: :func:`pulya_summary` counts one replayed пуля (plain data), :func:`combine` adds the
summaries up.  No file is read here and no text for people is made.

What is counted, per player by name across the пули (names compared as the sheets compare them,
:func:`bbscore.seats.name_key`; shown in the spelling used most):

* пули played, and won — the player with the best exact settlement of a пуля that ended (alone: an equal best wins
  none; the whole vists shown never decide it);
* the games declared and made at each level 6…10 (a game both defenders passed counts as made: seed 004), misères
  declared and made, распасы played;
* the settlement: its sum over the пули, and its average a пуля, in whole vists (as ``pref settle`` shows it).

A hand whose inputs are bad is counted apart and left out of the rest (as ``recompute`` reports it).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Mapping

from bbscore.preferans import engine as e
from bbscore.preferans.contract import LEVELS, Kind


def pulya_summary(players: tuple[str, ...], hands, entries, ended: bool, settled: dict[str, int] | None,
                  exact: Mapping[str, Fraction] | None = None) -> dict[str, Any]:
    """One пуля's counts (plain data, cheap to send between processes).

    ``hands``/``entries``: each hand as checked (a :class:`~bbscore.preferans.hand.PrefHand` and its
    :class:`~bbscore.preferans.engine.HandEntries`, None for a hand whose inputs are bad); ``ended``: whether the пуля
    is over; ``settled``: each player's settlement in whole vists (None when it cannot be settled); ``exact``: the
    same exact (:class:`~fractions.Fraction`), which decides the winner (``settled`` when not given).  Per player, in
    the order of ``players``: ``games`` (``[declared, made]`` per level of :data:`LEVELS`), ``misere`` (``[declared,
    made]``), ``raspasy``; ``results``: the settlement in whole vists; ``winner``: the index of the best exact
    settlement of an ended пуля (None: not ended, or an equal best — two results rounded to the same whole number
    but not equal are no tie, two equal ones rounded apart are one).
    """
    index = {player: number for number, player in enumerate(players)}
    games = [[[0, 0] for _level in LEVELS] for _player in players]
    misere = [[0, 0] for _player in players]
    raspasy = [0 for _player in players]
    good = bad = 0
    for hand, written in zip(hands, entries):
        if hand is None or written is None:
            bad += 1
            continue
        good += 1
        contract = hand.contract
        if contract.kind is Kind.ALL_PASS:
            for player in hand.active:
                raspasy[index[player]] += 1
            continue
        declarer = index[hand.declarer]
        made = any(isinstance(step, (e.GameMade, e.BothPassed, e.MisereMade)) for step in written.steps)
        row = misere[declarer] if contract.kind is Kind.MISERE else games[declarer][LEVELS.index(contract.level)]
        row[0] += 1
        row[1] += made
    results = None if settled is None else [settled[player] for player in players]
    winner = None
    ranked = None if settled is None else [(exact or settled)[player] for player in players]
    if ended and ranked:
        best = max(ranked)
        if ranked.count(best) == 1:
            winner = ranked.index(best)
    return {"players": list(players), "ended": ended, "hands": good, "bad_hands": bad, "games": games,
            "misere": misere, "raspasy": raspasy, "results": results, "winner": winner}


def combine(summaries: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The statistics of many пули (their summaries, in the order given).

    ``players`` lists each player with ``name``, ``pulyas``, ``wins``, ``win_rate``, ``declared`` (``{level:
    {"declared", "made"}}``, the levels as text: ``"6"``…``"10"``), ``misere`` (``{"declared", "made"}``),
    ``raspasy``, ``settlement`` (the sum, whole vists) and ``average_settlement`` (a пуля; None without one settled),
    ranked by wins, then win rate, then пули (:func:`bbscore.seats.ranked`).
    """
    from bbscore.seats import most_frequent, name_key, ranked

    players: dict[str, dict[str, Any]] = {}
    spellings: dict[str, dict[str, int]] = {}
    pulyas = finished = hands = bad = 0
    for summary in summaries:
        pulyas += 1
        finished += bool(summary["ended"])
        hands += summary["hands"]
        bad += summary["bad_hands"]
        for number, name in enumerate(summary["players"]):
            key = name_key(name)
            written = spellings.setdefault(key, {})
            written[name] = written.get(name, 0) + 1
            player = players.setdefault(key, {"name": name, "pulyas": 0, "games": 0, "wins": 0,
                                              "declared": [[0, 0] for _level in LEVELS], "misere": [0, 0],
                                              "raspasy": 0, "settlement": 0, "settled": 0})
            player["pulyas"] += 1
            player["games"] += 1
            player["wins"] += summary["winner"] == number
            for level, (declared, made) in enumerate(summary["games"][number]):
                player["declared"][level][0] += declared
                player["declared"][level][1] += made
            player["misere"][0] += summary["misere"][number][0]
            player["misere"][1] += summary["misere"][number][1]
            player["raspasy"] += summary["raspasy"][number]
            if summary["results"] is not None:
                player["settlement"] += summary["results"][number]
                player["settled"] += 1
    shown = []
    for key, player in players.items():
        settled = player.pop("settled")
        shown.append({
            "name": most_frequent(spellings[key]), "pulyas": player["pulyas"], "games": player.pop("games"),
            "wins": player["wins"], "win_rate": _average(player["wins"], player["pulyas"]),
            "declared": {str(level): {"declared": declared, "made": made}
                         for level, (declared, made) in zip(LEVELS, player["declared"])},
            "misere": {"declared": player["misere"][0], "made": player["misere"][1]},
            "raspasy": player["raspasy"], "settlement": player["settlement"],
            "average_settlement": _average(player["settlement"], settled),
        })
    ordered = ranked(shown)
    for player in ordered:
        del player["games"]  # (the ranking's third key: the пули played)
    return {"pulyas": pulyas, "finished": finished, "hands": hands, "bad_hands": bad, "players": ordered}


def _average(total: int, count: int) -> float | None:
    """``total / count`` to two places (None for nothing counted)."""
    return round(total / count, 2) if count else None
