"""Statistics over many games: pure counting over replays (``bbscore stats``).

Two steps, so that the files can be replayed in worker processes and only small records travel back:
:func:`game_summary` counts one replayed game (plain data: numbers, names, lists); :func:`combine` adds the
summaries up, in the order given (the longest winning streak depends on it).  No file is read here and no text
for people is made: :mod:`bbscore.render.belot` shows the result.

What is counted:

* per pair, by its name across the games (names compared as the sheets compare them): games played, games won, hands
  played and the points it wrote, and its longest winning streak — the most games in a row that the pair won, among the games it played (a game it lost, or
  one not finished, ends a streak);
* per game kind — ``suit`` (П Т Б Ч together), ``no_trumps`` (БК), ``all_trumps`` (ВК), ``kapo`` (a kapo or a kapo
  from one hand, of any game) — contracts declared, made and baits;
* contras and recontras: how many, how many of those contracts were made (the doubling paid the declarers) and how
  many were baits;
* per player, when a sheet names the players of a pair (``[game] players``): games, wins and the points the
  player's pair wrote, by the player's name across the games (so a player counts in whichever pair he sat);
* hands: every hand replayed without an error, redeals included (a dealt hand that nobody scored); hands with bad
  inputs are counted apart and left out of everything else.
"""

from __future__ import annotations

from typing import Any, Iterable

from bbscore.belot.contract import ContractKind, Doubling, GameKind
from bbscore.belot.game import Replay
from bbscore.belot.scoring import Outcome

KINDS = ("suit", "no_trumps", "all_trumps", "kapo")
DOUBLINGS = ("contra", "recontra")
_KIND_OF = {GameKind.SUIT: "suit", GameKind.NO_TRUMPS: "no_trumps", GameKind.ALL_TRUMPS: "all_trumps"}


def game_summary(pairs: tuple[str, str], replay: Replay,
                 people: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """One game's counts (plain data, cheap to send between processes).

    ``kinds`` and ``doublings`` map a name to ``[declared, made, baits]``; ``points`` is in the pairs' order;
    ``people``: the players the sheet names for some of its pairs (``{pair: [player, player]}``), kept as
    ``players`` (a list per pair, empty when not named).
    """
    kinds = {kind: [0, 0, 0] for kind in KINDS}
    doublings = {name: [0, 0, 0] for name in DOUBLINGS}
    hands = bad = redeals = 0
    points = [0, 0]
    for result in replay.results:
        if result.error is not None:
            bad += 1
            continue
        hands += 1
        points[0] += result.score[0]
        points[1] += result.score[1]
        breakdown = result.breakdown
        if breakdown is None:  # a redeal
            redeals += 1
            continue
        contract = breakdown.contract
        made = breakdown.outcome is not Outcome.BAIT
        simple = contract.kind in (ContractKind.SIMPLE, ContractKind.GAME)  # (the game alone: RULES.md §12)
        counts = [kinds["kapo" if not simple else _KIND_OF[contract.game.kind]]]
        if contract.doubling is not Doubling.NONE:
            counts.append(doublings[DOUBLINGS[contract.doubling - 1]])
        for row in counts:
            row[0] += 1
            if breakdown.outcome is not Outcome.TIE:  # a held tie is neither made nor a bait
                row[1 if made else 2] += 1
    return {"pairs": list(pairs), "players": [list((people or {}).get(pair, [])) for pair in pairs],
            "winner": replay.winner, "ended": replay.ended, "hands": hands, "bad_hands": bad,
            "redeals": redeals, "points": points, "kinds": kinds, "doublings": doublings}


def combine(summaries: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The statistics of many games (their summaries, in the order the games are to be taken).

    A pair is known by its name as the sheets compare names (:func:`bbscore.seats.name_key`: case, Unicode's composed
    form, invisible characters) and shown in the spelling its sheets use most.  ``pairs`` lists each pair with
    ``games``, ``wins``, ``win_rate`` (wins ÷ games), ``hands``, ``points``, ``points_per_hand`` and
    ``longest_streak``, ranked by wins, then win rate, then games (then the order they were first met);
    ``kinds``/``doublings`` map a name to ``{"declared", "made", "baits"}``; ``longest_streak`` is the longest of all
    (``{"pair", "games"}``, the pair met first among equals; ``None`` when nobody won a game); ``players`` each
    player a sheet names (known as pairs are), with ``games``, ``wins``, ``win_rate`` and ``points`` (his pair's),
    ranked as the pairs.
    """
    from bbscore.seats import most_frequent, name_key, ranked

    pairs: dict[str, dict[str, Any]] = {}
    spellings: dict[str, dict[str, int]] = {}
    players: dict[str, dict[str, Any]] = {}
    player_spellings: dict[str, dict[str, int]] = {}
    streak: dict[str, int] = {}
    kinds = {kind: [0, 0, 0] for kind in KINDS}
    doublings = {name: [0, 0, 0] for name in DOUBLINGS}
    games = finished = hands = bad = redeals = points = 0
    for summary in summaries:
        games += 1
        finished += bool(summary["ended"])
        hands += summary["hands"]
        bad += summary["bad_hands"]
        redeals += summary["redeals"]
        for index, name in enumerate(summary["pairs"]):
            key = name_key(name)
            written = spellings.setdefault(key, {})
            written[name] = written.get(name, 0) + 1
            pair = pairs.setdefault(key, {"name": name, "games": 0, "wins": 0, "hands": 0, "points": 0,
                                          "longest_streak": 0})
            won = summary["winner"] == index
            pair["games"] += 1
            pair["wins"] += won
            pair["hands"] += summary["hands"]
            pair["points"] += summary["points"][index]
            points += summary["points"][index]
            streak[key] = streak.get(key, 0) + 1 if won else 0
            pair["longest_streak"] = max(pair["longest_streak"], streak[key])
            for person in summary.get("players", [[], []])[index]:
                person_key = name_key(person)
                said = player_spellings.setdefault(person_key, {})
                said[person] = said.get(person, 0) + 1
                player = players.setdefault(person_key, {"name": person, "games": 0, "wins": 0, "points": 0})
                player["games"] += 1
                player["wins"] += won
                player["points"] += summary["points"][index]
        for table, counts in ((kinds, summary["kinds"]), (doublings, summary["doublings"])):
            for name, row in counts.items():
                for column in range(3):
                    table[name][column] += row[column]
    for key, pair in pairs.items():
        pair["name"] = most_frequent(spellings[key])
        pair["win_rate"] = _average(pair["wins"], pair["games"])
        pair["points_per_hand"] = _average(pair["points"], pair["hands"])
    for key, player in players.items():
        player["name"] = most_frequent(player_spellings[key])
        player["win_rate"] = _average(player["wins"], player["games"])
    ordered = ranked(list(pairs.values()))
    best = max(pairs.values(), key=lambda pair: pair["longest_streak"], default=None)
    return {
        "games": games,
        "finished": finished,
        "hands": hands,
        "bad_hands": bad,
        "redeals": redeals,
        "points_per_hand": _average(points, hands),
        "pairs": ordered,
        "players": ranked(list(players.values())),
        "kinds": {name: _row(row) for name, row in kinds.items()},
        "doublings": {name: _row(row) for name, row in doublings.items()},
        "longest_streak": None if best is None or best["longest_streak"] == 0
        else {"pair": best["name"], "games": best["longest_streak"]},
    }


def _row(row: list[int]) -> dict[str, int]:
    return {"declared": row[0], "made": row[1], "baits": row[2]}


def _average(total: int, count: int) -> float | None:
    """``total / count`` to two places (None for no hands)."""
    return round(total / count, 2) if count else None
