"""A game (партия) to the target: replaying the hands of a protocol (RULES.md §6, seed 000 §6).

Pure: :func:`replay` takes the hands as read from a protocol (their inputs,
and what was recorded for them), scores each with the convention, keeps the
running totals, finds the end of the game and every discrepancy between what
was recorded and what the rules give.  No file is touched here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from bbscore.belot.convention import Convention
from bbscore.errors import BBScoreError, InconsistentHandError
from bbscore.belot.hand import Hand, make_hand, with_points
from bbscore.belot.scoring import Breakdown, Outcome, Points, score, score_points, tricks_taken
from bbscore.i18n import N_, _
from bbscore.seats import MAX_NOTE

REDEALS = {"all-pass": N_("все спасовали"), "rams-7": N_("рамки 7"), "rams-8": N_("рамки 8")}  # translated where shown
HAND_FIELDS = ("contract", "by", "def_points", "decl_points", "decl_con", "def_con", "decl_tricks", "def_cards",
               "decl_cards", "last", "melds", "decl_seats")
RECORD_FIELDS = ("score", "total", "held")
NOTE_FIELDS = ("note", "dealer", "time")
CLAIM_FIELD = "doezd"
_LIST_FIELDS = (("decl_con", '["терц", "бэла"]'), ("def_con", '["терц", "бэла"]'),
                ("def_cards", '["ВП", "10Т", "ТТ", "КТ"]'), ("decl_cards", '["ВП", "10Т", "ТТ", "КТ"]'))
_TEXT_FIELDS = ("last", "decl_seats", "redeal", CLAIM_FIELD) + NOTE_FIELDS
DEAL_FIELD = "deal"  # the deal a hand was refereed from (issue 23): its inputs come from it
_KNOWN_FIELDS = frozenset(HAND_FIELDS + RECORD_FIELDS + NOTE_FIELDS + ("redeal", CLAIM_FIELD, DEAL_FIELD))
Pair = tuple[int, int]
# A refusal of a value read from a protocol names the file's own key (``contract``), as the file writes it.
FILE_LABELS = {key: key for key in _KNOWN_FIELDS}


class HandEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One ``[[hand]]`` of a protocol as written: its number (1-based), line in the file and fields.

    The records of a replay (this, :class:`HandResult`, :class:`Discrepancy`) are frozen msgspec Structs:
    one of each per hand, and a Struct is ~10× cheaper to build than a frozen dataclass.
    """

    number: int
    line: int | None
    fields: dict[str, Any]


class HandResult(msgspec.Struct, frozen=True, kw_only=True):
    """One hand replayed: its inputs checked and scored, in the protocol's pair order.

    ``score`` and ``total`` are computed points (what the rules give; ``score``
    includes the held-over points this hand received);
    ``recorded_score``/``recorded_total`` what the file says (None when absent).
    ``held_in``/``held_out`` are the points of ties held over before and after
    this hand (RULES.md §12), ``held_to`` the pair (index) that received
    ``held_in`` with this hand, ``recorded_held`` the file's ``held`` (None when
    absent).  ``error`` is set, and ``hand``/``breakdown`` are None, when the
    inputs are bad.  ``sheet_total`` is the running total as the sheet has it
    after this hand (its recorded total, else the previous one plus this score).
    """

    entry: HandEntry
    redeal: str | None
    by: int | None
    hand: Hand | None
    breakdown: Breakdown | None
    score: Pair
    total: Pair
    recorded_score: Pair | None
    recorded_total: Pair | None
    error: BBScoreError | None = None
    held_in: int = 0
    held_out: int = 0
    held_to: int | None = None
    recorded_held: int | None = None
    sheet_total: Pair = (0, 0)


class Discrepancy(msgspec.Struct, frozen=True, kw_only=True):
    """A recorded value that disagrees with the rules, or a hand whose inputs are bad.

    ``field`` is ``"score"``, ``"total"``, ``"held"`` or ``"input"``.
    """

    hand: int
    line: int | None
    field: str
    recorded: Any
    computed: Any
    message: str


@dataclass
class Replay:
    """The whole game replayed.

    ``totals`` are the running totals the rules give from the start; ``sheet_totals``
    the running total as the sheet has it after the last hand (its last recorded
    total, carried on with computed scores where none is recorded); ``held`` the
    points of ties still held over after the last hand (RULES.md §12);
    ``errors`` why each hand with bad inputs is refused (by hand number).
    """

    results: list[HandResult] = field(default_factory=list)
    discrepancies: list[Discrepancy] = field(default_factory=list)
    totals: Pair = (0, 0)
    sheet_totals: Pair = (0, 0)
    held: int = 0
    ended_at: int | None = None
    winner: int | None = None
    errors: dict[int, BBScoreError] = field(default_factory=dict)  # hand number → why its inputs are bad
    hands: int = 0  # how many hands were replayed (``results`` holds them unless the replay kept none)
    # Of the hands this replay itself went through (not those of its ``start``): the highest running totals of each
    # pair after any of them but the last (None: fewer than two), how many claim the game (``doezd``) …
    peak: Pair | None = None
    claims: int = 0
    holding: int = 0  # … how many hold points of ties over after them
    held_written: int = 0  # … how many have a ``held`` written

    @property
    def ended(self) -> bool:
        return self.ended_at is not None


def redeals(convention: Convention) -> list[str]:
    """The kinds of hand with no result under a convention: all passed, and rams whose effect is a redeal (seed 000 §0.2, §2)."""
    settings = convention.settings.constructions
    return ["all-pass"] + [f"rams-{rank}" for rank, effect in (("7", settings.rams_7), ("8", settings.rams_8))
                           if effect == "redeal"]


def game_end(totals: Pair, target: int, on_tie: str, took_trick: tuple[bool, bool] = (True, True), *,
             winner_needs_trick: bool = True, loser_needs_trick: bool = False) -> tuple[bool, int | None]:
    """(ended, winner's pair index or None) after a hand (seed 000 §6).

    The game ends when a pair's total reaches ``target``; if both do, the
    higher wins; equal totals: ``on_tie = "another_hand"`` plays on,
    ``"draw"`` ends it with no winner.  ``took_trick``: whether each pair took
    a trick in this hand — where the convention says the pair that reaches the
    target must have (``game_end.winner_needs_trick``), a pair without one does
    not end the game by reaching it.  (Where the convention allows "доезд"
    (seed 001), a hand's ``doezd = PAIR`` ends the game for that pair once its
    total reaches the target, whatever the other pair has: see :func:`replay`.)  ``loser_needs_trick``
    (``game_end.loser_needs_trick``, RULES.md §12): the game does not end on a hand in which the pair that would
    lose it took no trick.
    """
    reached = [pair for pair in (0, 1) if totals[pair] >= target and (took_trick[pair] or not winner_needs_trick)]
    if not reached:
        return False, None
    if len(reached) == 1:
        winner = reached[0]
    elif totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
    else:
        return (on_tie == "draw"), None
    if loser_needs_trick and not took_trick[1 - winner]:
        return False, None
    return True, winner


def pairs_with_a_trick(scored: ScoredEntry, convention: Convention) -> tuple[bool, bool]:
    """Whether each pair (protocol order) took a trick in a scored hand: from the declarers' trick count when given,
    else from the trick visty (see :func:`~bbscore.belot.scoring.tricks_taken`).  A redeal: neither."""
    if scored.hand is None or scored.by is None:
        return False, False
    declarers, defenders = tricks_taken(scored.hand, convention.game(scored.hand.contract.game.kind).deck_visty)
    return (declarers, defenders) if scored.by == 0 else (defenders, declarers)


def match_pair(text: str, pairs: tuple[str, str], field: str) -> str:
    """The pair a user meant: its exact name, the name in any case, a unique prefix of it, or its number (1 or 2).

    Never a guess: a prefix both names share, or no match, raises :class:`InconsistentHandError` naming ``field``.
    """
    from bbscore.seats import MAX_NAME, name_key

    if text in pairs:
        return text
    if len(str(text)) > MAX_NAME:  # no pair's name is longer: refused unread (a line of megabytes costs nothing)
        raise InconsistentHandError(field, text, _("имя не длиннее {count} знаков").format(count=MAX_NAME))
    typed = name_key(str(text))
    if typed in ("1", "2"):
        return pairs[int(typed) - 1]
    for candidates in ([p for p in pairs if name_key(p) == typed], [p for p in pairs if name_key(p).startswith(typed)]):
        if len(candidates) == 1 and typed:
            return candidates[0]
        if len(candidates) > 1:
            break
    raise InconsistentHandError(field, text, _("одна из пар: {first} (или 1), {second} (или 2)").format(first=pairs[0], second=pairs[1]))


# The longest score or total read from a protocol: far beyond any game (the benchmark's million hands stay below 10**9),
# and sums of such numbers over any protocol the tool reads can still be printed (Python refuses past 4300 digits).
MAX_DIGITS = 15
MAX_POINTS = 10**MAX_DIGITS - 1


def _pair(value: Any, name: str) -> Pair:
    if value.__class__ is list and len(value) == 2:  # the common case, quickly: two plain ints (not bools)
        first, second = value
        if (first.__class__ is int and second.__class__ is int
                and -MAX_POINTS <= first <= MAX_POINTS and -MAX_POINTS <= second <= MAX_POINTS):
            return first, second
    if (
        isinstance(value, list) and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and -MAX_POINTS <= v <= MAX_POINTS for v in value)
    ):
        return value[0], value[1]
    raise InconsistentHandError(name, value, _("ожидаются два целых числа (до {digits} цифр): [пара 1, пара 2]").format(digits=MAX_DIGITS))


class ScoredEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One protocol hand checked and scored: a redeal (its kind), or the declarers' pair index, the hand and its
    breakdown; ``score`` is in the protocol's pair order."""

    redeal: str | None = None
    by: int | None = None
    hand: Hand | None = None
    breakdown: Breakdown | Points | None = None
    score: Pair = (0, 0)


def _check_texts(fields: dict[str, Any], names: tuple[str, ...]) -> None:
    """Refuse a value of ``names`` in a hand that is not text, or is too long."""
    for name in names:
        if name in fields:
            value = fields[name]
            if not isinstance(value, str):
                raise InconsistentHandError(name, value, _("ожидается текст в кавычках"))
            if len(value) > MAX_NOTE:
                raise InconsistentHandError(name, value, _("текст не длиннее {count} знаков").format(count=MAX_NOTE))


def score_entry(entry: HandEntry, pairs: tuple[str, str], convention: Convention, working: bool = True) -> ScoredEntry:
    """Check and score one protocol hand (seed 000 §5, §6); ``working=False``: its ``breakdown`` is the
    :class:`~bbscore.belot.scoring.Points` alone.

    Raises the project's input errors for bad fields (unknown key, unknown pair, bad inputs), each naming the
    protocol's key.
    """
    fields = entry.fields
    if not _KNOWN_FIELDS.issuperset(fields):
        unknown = sorted(set(fields) - _KNOWN_FIELDS)
        raise InconsistentHandError("key", unknown[0], _("в сдаче допустимы ключи: {keys}").format(keys=", ".join(sorted(_KNOWN_FIELDS))))
    _check_texts(fields, _TEXT_FIELDS)  # a list or a table where text belongs is refused here, before any use of it
    if CLAIM_FIELD in fields:
        if not convention.settings.game_end.doezd:
            raise InconsistentHandError(CLAIM_FIELD, fields[CLAIM_FIELD], _("доезд не предусмотрен правилами «{convention}»").format(convention=convention.name))
        if fields[CLAIM_FIELD] not in pairs:
            raise InconsistentHandError(CLAIM_FIELD, fields[CLAIM_FIELD], _("доезд заявляет одна из пар: {pairs}").format(pairs=", ".join(pairs)))
    if "redeal" in fields:
        allowed = redeals(convention)
        if fields["redeal"] not in allowed:
            raise InconsistentHandError(
                "redeal", fields["redeal"], _("по правилам «{convention}» пересдача — это {allowed}").format(convention=convention.name,
                                                                              allowed=_(" или ").join(allowed))
            )
        extra = [name for name in HAND_FIELDS if name in fields]
        if extra:
            raise InconsistentHandError(extra[0], fields[extra[0]], _("у пересдачи нет контракта и вистов"))
        return ScoredEntry(redeal=fields["redeal"])
    if "contract" not in fields:
        raise InconsistentHandError("contract", _("нет"), _("у сдачи нужен contract (или redeal = \"all-pass\" / \"rams-7\")"))
    by = fields.get("by")
    if not isinstance(by, str) or by not in pairs:
        raise InconsistentHandError("by", by if by is not None else _("нет"),
                                    _("разыгрывающие — одна из пар: {pairs}").format(pairs=", ".join(pairs)))
    if DEAL_FIELD in fields:
        return _refereed(fields, pairs.index(by), convention)
    for name, example in _LIST_FIELDS:
        value = fields.get(name)
        if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise InconsistentHandError(name, value, _("ожидается список в квадратных скобках, например {example}").format(example=example))
    if not isinstance(fields["contract"], str):
        raise InconsistentHandError("contract", fields["contract"], _("ожидается текст в кавычках, например \"12Т\""))
    for name in ("def_points", "decl_points", "decl_tricks"):
        value = fields.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InconsistentHandError(name, value, _("ожидается целое число без кавычек, например 18"))
    hand = make_hand(
        convention, fields["contract"],
        def_points=fields.get("def_points"), decl_points=fields.get("decl_points"),
        decl_con=fields.get("decl_con"), def_con=fields.get("def_con"), decl_tricks=fields.get("decl_tricks"),
        def_cards=_joined_cards(fields.get("def_cards")), decl_cards=_joined_cards(fields.get("decl_cards")),
        last=fields.get("last"), melds=_seat_texts(fields.get("melds")), decl_seats=fields.get("decl_seats"),
    )
    return _scored(hand, pairs.index(by), convention, working)


def _scored(hand: Hand, index: int, convention: Convention, working: bool) -> ScoredEntry:
    """A checked hand scored, its points in the protocol's pair order (``index``: the declarers' pair)."""
    breakdown = score(hand, convention) if working else score_points(hand, convention)
    points = [0, 0]
    points[index], points[1 - index] = breakdown.declarers, breakdown.defenders
    return ScoredEntry(by=index, hand=hand, breakdown=breakdown, score=(points[0], points[1]))


# With a deal, these inputs may be written (what the deal gives, for the reader); the others come from it alone.
_DEAL_INPUTS = ("def_points", "decl_tricks", "decl_con", "def_con")


def _refereed(fields: dict[str, Any], index: int, convention: Convention) -> ScoredEntry:
    """A hand kept with its deal (``bbscore add --deal``): the deal refereed again (:func:`bbscore.belot.referee.referee`)
    and scored from it, its written inputs checked against what the deal gives (RULES.md §13)."""
    from bbscore.belot.deal import from_tables
    from bbscore.belot.referee import referee

    tables = fields[DEAL_FIELD]
    if not isinstance(tables, dict):
        raise InconsistentHandError(DEAL_FIELD, tables, _("ожидается таблица [hand.deal] — раздача, как её пишет bbscore add с раздачей"))
    extra = [name for name in HAND_FIELDS if name in fields and name not in ("contract", "by", *_DEAL_INPUTS)]
    if extra:
        raise InconsistentHandError(extra[0], fields[extra[0]], _("у сдачи с раздачей (deal) ввод берётся из раздачи"))
    try:
        ruling = referee(from_tables(tables, convention), convention)
    except BBScoreError as error:
        raise InconsistentHandError(f"{DEAL_FIELD}.{error.field}", error.value, error.explanation()) from None
    if ruling.hand is None or ruling.breakdown is None:
        raise InconsistentHandError(DEAL_FIELD, _("неполная раздача"), _("с сдачей пишется только вся раздача: все руки и 8 взяток"))
    hand = ruling.hand
    if fields["contract"] != str(hand.contract) and convention.parse_contract(fields["contract"]) != hand.contract:
        raise InconsistentHandError("contract", fields["contract"], _("по раздаче контракт {contract}").format(contract=hand.contract))
    derived = {"def_points": hand.def_points, "decl_tricks": hand.decl_tricks,
               "decl_con": [str(c) for c in hand.decl_constructions], "def_con": [str(c) for c in hand.def_constructions]}
    for name in _DEAL_INPUTS:
        if name in fields and fields[name] != derived[name]:
            raise InconsistentHandError(name, fields[name], _("по раздаче {value}").format(value=derived[name]))
    points = [0, 0]
    points[index], points[1 - index] = ruling.declarers_points, ruling.defenders_points  # type: ignore[assignment]
    return ScoredEntry(by=index, hand=hand, breakdown=ruling.breakdown, score=(points[0], points[1]))


def held_over(scored: ScoredEntry, held_in: int, convention: Convention) -> tuple[Pair, int, int | None]:
    """A scored hand with the points of earlier ties held over (RULES.md §12, «висяща», «litige»): (its score with
    the held points it receives, the points held after it, the pair index that received them or None).

    A tie adds the declarers' held points to what is held.  Any other hand gives what is held to the pair
    ``tie.held_to`` names: ``next_winner`` — the pair that writes more in this hand (equal: still held);
    ``next_declarers_if_made`` — this hand's declarers if they made it (else still held).  A redeal changes nothing.
    """
    breakdown = scored.breakdown
    if breakdown is None or scored.by is None:
        return scored.score, held_in, None
    if breakdown.outcome is Outcome.TIE:
        return scored.score, held_in + breakdown.held, None
    if not held_in:
        return scored.score, 0, None
    points = scored.score
    if convention.settings.tie is not None and convention.settings.tie.held_to == "next_declarers_if_made":
        to = scored.by if breakdown.made else None
    else:
        to = 0 if points[0] > points[1] else 1 if points[1] > points[0] else None
    if to is None:
        return points, held_in, None
    received = (points[0] + held_in, points[1]) if to == 0 else (points[0], points[1] + held_in)
    return received, 0, to


def _held(value: Any, name: str = "held") -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_POINTS:
        return value
    raise InconsistentHandError("held", value, _("ожидается целое неотрицательное число отложенных очков, например 8"))


def _seat_texts(table: Any) -> dict[int, str] | None:
    """A hand's ``melds`` table ({"p1": "терц от Д♠", …}) as {seat: announcements}."""
    if table is None:
        return None
    if not isinstance(table, dict) or not all(
        isinstance(key, str) and key in ("p1", "p2", "p3", "p4") and isinstance(value, str) for key, value in table.items()
    ):
        raise InconsistentHandError("melds", table, _("ожидается таблица {{ p1 = \"терц от Д♠\", p3 = \"рамки-В\" }}").format())
    return {int(key[1]): value for key, value in table.items()}


def _joined_cards(cards: list[str] | None) -> str | None:
    return None if cards is None else " ".join(cards)


def _check_claim(entry: HandEntry, pairs: tuple[str, str], total: Pair, target: int) -> None:
    """A "доезд" claim must be true: the claiming pair's total reaches the target with this hand (seed 001)."""
    claimant = entry.fields.get(CLAIM_FIELD)
    if claimant is None:
        return
    reached = total[pairs.index(claimant)]
    if reached < target:
        raise InconsistentHandError(CLAIM_FIELD, claimant, _("доезд заявлен, но у пары с этой сдачей {reached} < {target}").format(reached=reached, target=target))


# What a hand's score does not depend on: what was recorded for it, its notes (checked on their own) and its declarers
# (one scoring serves both pairs; see :func:`scored_entry`).
_NOT_SCORED = frozenset(RECORD_FIELDS + NOTE_FIELDS + ("by",))


def input_key(fields: dict[str, Any]) -> tuple:
    """What a hand's scoring is a function of (with the pairs and the rule set), but for its declarers: its other input
    keys in order, each with its value's type and value (``1``, ``1.0`` and ``true`` differ; a list as a tuple, a
    table as its items).

    Two hands with equal keys are checked and scored alike by :func:`score_entry` up to which pair declared: every
    check it makes reads only these values, their types, the declarers and the notes; and a value that passes (text,
    a whole number, a list or table of text) equals only a value of its own type.  Raises ``TypeError`` when hashed
    if a value nests lists or tables (such a hand is scored without the memo).
    """
    key: list = []
    for name, value in fields.items():
        if name in _NOT_SCORED:
            continue
        kind = value.__class__
        if kind is list:
            value = tuple(value)
        elif kind is dict:
            value = tuple(value.items())
        key += (name, kind, value)
    return tuple(key)


def scored_entry(entry: HandEntry, pairs: tuple[str, str], convention: Convention, memo: dict,
                 working: bool = True) -> ScoredEntry:
    """:func:`score_entry`, each distinct input (:func:`input_key`) checked and scored once: ``memo`` remembers what
    the hands' inputs gave (for the same pairs, rule set and ``working``).  A hand is a pure function of
    its inputs, the pairs and the rule set — what depends on the hands before it (held-over points, the running total,
    the end of the game) is worked out by :func:`replay`, not remembered here.  Raises as :func:`score_entry` (a
    refusal is not remembered: the next such hand is checked again, to the same refusal)."""
    fields = entry.fields
    key = input_key(fields)
    try:
        found = memo.get(key)
    except TypeError:  # a value nesting lists or tables (refused by score_entry)
        return score_entry(entry, pairs, convention, working)
    if found is None:
        scored = _first_scored(entry, pairs, convention, memo, working)
        if scored.hand is None:  # a redeal
            memo[key] = scored
        else:  # the scoring for each pair as declarers: this one now, the other made from it when it comes
            memo[key] = [scored, None] if scored.by == 0 else [None, scored]
        return scored
    # The same inputs passed score_entry's checks: those of the notes and of the declarers are left (in its order).
    if "note" in fields or "dealer" in fields or "time" in fields:
        _check_texts(fields, NOTE_FIELDS)
    if found.__class__ is ScoredEntry:  # a redeal, which names no declarers
        return found if "by" not in fields else score_entry(entry, pairs, convention, working)  # (refused, its words)
    by = fields.get("by")
    if by.__class__ is not str or by not in pairs:
        return score_entry(entry, pairs, convention, working)  # (refused, in its words)
    index = pairs.index(by)
    scored = found[index]
    if scored is None:  # the same hand played by the other pair: each pair writes what the other did
        other = found[1 - index]
        scored = found[index] = ScoredEntry(by=index, hand=other.hand, breakdown=other.breakdown,
                                            score=(other.score[1], other.score[0]))
    return scored


# What a hand's trick points are given by, and the keys with which a hand's other inputs are not those of a plain
# protocol hand (then no hand of the same other inputs stands for it: see _first_scored).
_POINT_FIELDS = frozenset(("def_points", "decl_points"))
_UNPLANNED = frozenset(("redeal", "def_cards", "decl_cards", "last", "melds", "decl_seats"))
_PLAN = object()  # the first item of a memo's key of a hand's inputs but its trick points


def _first_scored(entry: HandEntry, pairs: tuple[str, str], convention: Convention, memo: dict,
                  working: bool) -> ScoredEntry:
    """:func:`score_entry` of a hand whose inputs the memo has not seen; when a hand of the same inputs but its trick
    points was scored (a protocol repeats a contract and its constructions with other points), the checks that those
    inputs passed are not made again: only the notes', the declarers' and the points' are, in score_entry's order,
    and its hand takes these points (:func:`~bbscore.belot.hand.with_points`)."""
    fields = entry.fields
    plan = None
    if "contract" in fields and _UNPLANNED.isdisjoint(fields):
        decl_con, def_con = fields.get("decl_con"), fields.get("def_con")
        if (decl_con is None or decl_con.__class__ is list) and (def_con is None or def_con.__class__ is list):
            plan = [_PLAN]
            for name, value in fields.items():
                if name not in _NOT_SCORED and name not in _POINT_FIELDS:
                    plan += (name, value.__class__, tuple(value) if value.__class__ is list else value)
            plan = tuple(plan)
            try:
                model = memo.get(plan)
            except TypeError:  # (a list of lists: refused by score_entry)
                model, plan = None, None
            if model is not None:
                if "note" in fields or "dealer" in fields or "time" in fields:
                    _check_texts(fields, NOTE_FIELDS)
                by = fields.get("by")
                points = [fields.get(name) for name in ("def_points", "decl_points")]
                if (by.__class__ is str and by in pairs
                        and all(value is None or value.__class__ is int for value in points)):
                    hand = with_points(convention, model, def_points=points[0], decl_points=points[1])
                    return _scored(hand, pairs.index(by), convention, working)
                # (a declarer or points score_entry refuses: refused by it, in its words)
    scored = score_entry(entry, pairs, convention, working)
    if plan is not None and scored.hand is not None:
        memo[plan] = scored.hand
    return scored


def replay(entries: list[HandEntry], pairs: tuple[str, str], target: int, convention: Convention, *,
           memo: dict | None = None, keep: bool = True, start: Replay | None = None,
           working: bool | None = None) -> Replay:
    """Score every hand, keep running totals, find the end and the discrepancies (seed 000 §6).

    A hand score that differs from the rules is reported at its hand; a
    running total is checked against the sheet's own arithmetic (the previous
    recorded total plus this hand's recorded score), so that a slip of addition
    is reported where it happens and not at every later hand; a total that
    agrees with the rules' running total from the start is never a
    discrepancy (the hand after a slip, written right again).  Hands with bad
    inputs are reported (``field = "input"``) and the rest are still checked.
    The points of a tie held over (RULES.md §12) are carried from hand to hand
    (:func:`held_over`) and a hand's recorded ``held`` is checked against them.

    ``memo``: a dict remembering each distinct hand's scoring (:func:`scored_entry`) — a command that replays the
    same sheet more than once passes the same one; it holds the hands of one pair of pairs under one rule set (and one
    ``working``), and is begun again when given with others.  By default each replay has its own.  ``keep=False``: no
    per-hand result is kept (``results`` stays empty; the totals, the end, the discrepancies and ``errors`` are all a
    check needs).  ``working``: each hand scored with its working (a :class:`~bbscore.belot.scoring.Breakdown`), or
    without it (:class:`~bbscore.belot.scoring.Points`: what a hand writes, all a check or a change of the sheet
    needs); by default as ``keep``.  ``start``: the replay of the hands before ``entries`` (see :func:`prefix`),
    carried on.
    """
    working = keep if working is None else working
    memo = {} if memo is None else memo
    if memo.get(_OWNER) != (convention, pairs, working):  # a memo of other rules or pairs: begun again
        memo.clear()
        memo[_OWNER] = (convention, pairs, working)
    result = Replay()
    on_tie = convention.settings.game_end.on_tie
    end = convention.settings.game_end
    needs_trick = end.winner_needs_trick or end.loser_needs_trick
    total: Pair = (0, 0)
    sheet: Pair = (0, 0)  # the running total as the sheet has it
    held = 0  # points of ties held over (RULES.md §12)
    if start is not None:
        result.results, result.discrepancies = list(start.results) if keep else [], list(start.discrepancies)
        result.errors, result.hands = dict(start.errors), start.hands
        result.ended_at, result.winner = start.ended_at, start.winner
        total, sheet, held = start.totals, start.sheet_totals, start.held
    results, discrepancies = result.results, result.discrepancies
    previous: Pair | None = None  # the running totals after the hand before (of these entries)
    top0 = top1 = 0  # the highest of them (from the first hand's on)
    for entry in entries:
        if previous is not None:
            if previous[0] > top0:
                top0 = previous[0]
            if previous[1] > top1:
                top1 = previous[1]
        recorded_score = recorded_total = recorded_held = None
        problems: list[Discrepancy] = []
        held_in, held_to = held, None
        # A recorded score, total or held that is not a number is a slip of what was written, not of the hand: the
        # hand is still scored from its inputs, and the slip is named beside what the rules give (--fix writes that).
        fields = entry.fields
        claim = CLAIM_FIELD in fields
        if claim:
            result.claims += 1
        unreadable: dict[str, BBScoreError] = {}
        for key, reader in (("score", _pair), ("total", _pair), ("held", _held)):
            if key in fields:
                try:
                    value = reader(fields[key], key)
                except BBScoreError as problem:
                    unreadable[key] = problem
                    if key == "held":
                        result.held_written += 1
                    continue
                if key == "score":
                    recorded_score = value
                elif key == "total":
                    recorded_total = value
                else:
                    recorded_held = value
                    result.held_written += 1
        try:
            if result.ended_at is not None:
                raise InconsistentHandError(
                    "hand", entry.number, _("партия уже окончена на сдаче {hand}").format(hand=result.ended_at)
                )
            scored = scored_entry(entry, pairs, convention, memo, working)
            breakdown = scored.breakdown
            if held or breakdown is None or breakdown.outcome is Outcome.TIE:
                points, held_after, held_to = held_over(scored, held, convention)
            else:  # nothing held before, nothing held after (held_over's own first answer, without the call)
                points, held_after = scored.score, 0
            if claim:
                _check_claim(entry, pairs, (total[0] + points[0], total[1] + points[1]), target)
            error = None
        except BBScoreError as problem:
            scored, points, error, held_after, held_to = _UNSCORED, (0, 0), problem, held, None
            result.errors[entry.number] = problem
            problems.append(Discrepancy(hand=entry.number, line=entry.line, field="input", recorded=None, computed=None,
                                        message=problem.message(FILE_LABELS)))
        held = held_after
        if held:
            result.holding += 1
        if error is None:
            for key, problem in unreadable.items():
                computed = {"score": points, "total": (total[0] + points[0], total[1] + points[1]), "held": held}[key]
                shown = f"{computed[0]} : {computed[1]}" if isinstance(computed, tuple) else str(computed)
                problems.append(Discrepancy(
                    hand=entry.number, line=entry.line, field=key, recorded=None,
                    computed=list(computed) if isinstance(computed, tuple) else computed,
                    message=_("{problem}; по правилам {computed}").format(problem=problem.message(FILE_LABELS),
                                                                           computed=shown)))
        if recorded_held is None and recorded_score is not None and "held" not in unreadable:
            recorded_held = 0  # a hand written with its score writes what it holds over too (none: nothing held)
        if error is None and recorded_held is not None and recorded_held != held:
            problems.append(Discrepancy(
                hand=entry.number, line=entry.line, field="held", recorded=recorded_held, computed=held,
                message=_("отложено записано {recorded}, по правилам {computed}").format(recorded=recorded_held, computed=held)))
        if error is None:
            total = (total[0] + points[0], total[1] + points[1])
            if recorded_score is not None and recorded_score != points:
                problems.append(Discrepancy(
                    hand=entry.number, line=entry.line, field="score", recorded=list(recorded_score), computed=list(points),
                    message=_("записано {first} : {second}, по правилам {rules_first} : {rules_second}").format(
                        first=recorded_score[0], second=recorded_score[1], rules_first=points[0], rules_second=points[1]),
                ))
        sheet_points = recorded_score if recorded_score is not None else points
        expected = (sheet[0] + sheet_points[0], sheet[1] + sheet_points[1])
        # a total that agrees with the rules' running total from the start is right, whatever slip came before it
        agrees_with_rules = error is None and recorded_total == total
        if recorded_total is not None and recorded_total != expected and not agrees_with_rules:
            by_rules = ("" if expected == total or error is not None
                        else _(" (по правилам с начала партии {first} : {second})").format(first=total[0], second=total[1]))
            problems.append(Discrepancy(
                hand=entry.number, line=entry.line, field="total", recorded=list(recorded_total), computed=list(expected),
                message=_("итог записан {first} : {second}, а предыдущий итог плюс очки сдачи дают "
                          "{expected_first} : {expected_second}{by_rules}").format(
                    first=recorded_total[0], second=recorded_total[1], expected_first=expected[0],
                    expected_second=expected[1], by_rules=by_rules),
            ))
        sheet = recorded_total if recorded_total is not None else expected
        if keep:
            results.append(HandResult(
                entry=entry, redeal=scored.redeal, by=scored.by, hand=scored.hand, breakdown=scored.breakdown,
                score=points, total=total, recorded_score=recorded_score, recorded_total=recorded_total, error=error,
                held_in=held_in, held_out=held, held_to=held_to, recorded_held=recorded_held, sheet_total=sheet,
            ))
        result.hands += 1
        if problems:
            discrepancies.extend(problems)
        if error is None and result.ended_at is None:
            claimant = fields.get(CLAIM_FIELD) if claim else None
            if claimant is not None:
                result.ended_at, result.winner = entry.number, pairs.index(claimant)
            elif total[0] >= target or total[1] >= target:  # (below the target on both sides the game goes on)
                took = pairs_with_a_trick(scored, convention) if needs_trick else (True, True)
                ended, winner = game_end(total, target, on_tie, took, winner_needs_trick=end.winner_needs_trick,
                                         loser_needs_trick=end.loser_needs_trick)
                if ended:
                    result.ended_at, result.winner = entry.number, winner
        if previous is None:
            top0, top1 = total
        previous = total
    result.totals = total
    result.sheet_totals = sheet
    result.held = held
    if result.hands - (start.hands if start is not None else 0) >= 2:
        result.peak = (top0, top1)
    return result


_UNSCORED = ScoredEntry()
_OWNER = object()  # the key under which a memo keeps the rules and pairs its hands were scored with


def carried_totals(replayed: Replay, start: Replay, other: Replay, entries: list[HandEntry], target: int) -> Pair | None:
    """The rules' running totals after ``entries`` replayed from the state ``other`` instead of ``start``, known from
    ``replayed`` (``entries`` replayed from ``start`` by one :func:`replay`: its ``peak`` and ``claims`` are theirs)
    without replaying them again — when
    every one of them scores the same from either state: the same points of ties held over, the game ended in neither,
    no claim («доезд», checked against the running total) among them, and the totals from ``other`` (those of
    ``replayed`` shifted by what the two states' totals differ) reaching the target after none of them before the
    last (so that the game does not end there before a later hand).  A hand's score is a function of its inputs and
    the points held over to it alone (:func:`scored_entry`, :func:`held_over`).  None when that is not so (then
    replay them from ``other``).

    What ``edit N`` needs of the sheet as it was: ``start`` and ``other`` are the replays up to hand N as it is now
    and as it was, ``entries`` the hands after it."""
    last = start.hands + len(entries)
    if (start.held != other.held or start.ended_at is not None or other.ended_at is not None
            or (replayed.ended_at is not None and replayed.ended_at < last)
            or replayed.claims or replayed.hands != last):
        return None
    shift = (other.totals[0] - start.totals[0], other.totals[1] - start.totals[1])
    peak = replayed.peak  # (after the last hand an end ends nothing)
    if peak is not None and (peak[0] + shift[0] >= target or peak[1] + shift[1] >= target):
        return None
    return replayed.totals[0] + shift[0], replayed.totals[1] + shift[1]


def prefix(replayed: Replay, count: int) -> Replay:
    """The replay of the first ``count`` hands, taken from the replay of a whole sheet (kept with its ``results``):
    what :func:`replay` carries on from (``start``) when hands after them change.  The hands before are unchanged, so
    their state is: the running totals, the held-over points, the end if it came among them."""
    results = replayed.results[:count]
    last = results[-1] if results else None
    ended = replayed.ended_at is not None and replayed.ended_at <= count
    return Replay(
        results=results, discrepancies=[d for d in replayed.discrepancies if d.hand <= count],
        totals=last.total if last else (0, 0), sheet_totals=last.sheet_total if last else (0, 0),
        held=last.held_out if last else 0, ended_at=replayed.ended_at if ended else None,
        winner=replayed.winner if ended else None,
        errors={number: error for number, error in replayed.errors.items() if number <= count}, hands=count,
    )
