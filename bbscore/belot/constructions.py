"""Constructions (melds): names as players write them, and their value in visty (RULES.md §4, seed 000 §0.2).

A list of passed constructions is written comma-separated::

    терц, бэла          2×терц          рамки-В, терц         40
    terz, bela          2x terz         rams-J, terz

Names (case-insensitive; Latin aliases in brackets):

* ``терц`` (terz, tierce, terca) — 3 in sequence; ``берц`` (кварта; berz, quarte, kvarta) — 4;
  ``квинта`` (quinta, quinte) — 5; ``шестерик`` (sixte) — 6;
  ``семерик`` (septime) — 7; ``восьмерик`` (huitieme) — 8;
* ``бэла`` / ``бела`` (bela, belote) — trump K+Q;
* ``рамки-В 9 Т 10 К Д 8 7`` (also ``каре-В``) with Russian ranks (В валет, Д дама, К король,
  Т туз), or ``rams-J 9 A 10 K Q 8 7`` with Latin ones (``rams-T`` is tens,
  ``рамки-Т`` aces: the rank is read in the language of the word before it,
  and a mix of the two is refused);
* ``N×name`` (also ``Nxname``, ``N*name``) for N of them; a repeated name counts twice;
* a bare number: that many visty of constructions.

The value of each construction depends on the game and comes from the convention, as a
:class:`ConstructionValues` table (:meth:`bbscore.belot.convention.Convention.construction_values`);
:func:`visty_of` reads it.
"""

from __future__ import annotations

import enum
import re
from functools import lru_cache

import msgspec

from bbscore.belot.cards import CARDS_PER_PLAYER, RUSSIAN_RANKS, rank_shown
from bbscore.belot.contract import GameKind
from bbscore.errors import ConstructionError
from bbscore.i18n import N_, _


class ConstructionKind(enum.Enum):
    SEQUENCE = "sequence"
    RAMS = "rams"
    BELA = "bela"
    VISTY = "visty"

    __hash__ = object.__hash__  # members are singletons compared by identity: hash them in C


_SEQUENCE_NAMES: dict[str, int] = {
    "терц": 3, "терца": 3, "terz": 3, "tierce": 3,
    "берц": 4, "берца": 4, "berz": 4, "quarte": 4, "fifty": 4,  # English belote: tierce, fifty, hundred
    "кварта": 4, "terca": 3, "kvarta": 4, "kvinta": 5,  # Bulgarian «терца, кварта, квинта», Croatian «terca, kvarta»
    "квинта": 5, "quinta": 5, "quinte": 5, "hundred": 5,
    "шестерик": 6, "sixte": 6,
    "семерик": 7, "septime": 7,
    "восьмерик": 8, "huitieme": 8,
}
NORMAL_SEQUENCE_NAMES = {3: "терц", 4: "берц", 5: "квинта", 6: "шестерик", 7: "семерик", 8: "восьмерик"}
_BELA_NAMES = {"бэла", "бела", "белот", "bela", "belote", "belot"}
_RUSSIAN_RAMS_RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A", "10": "10", "9": "9", "8": "8", "7": "7"}
_LATIN_RAMS_RANKS = {"J": "J", "Q": "Q", "K": "K", "A": "A", "T": "10", "10": "10", "9": "9", "8": "8", "7": "7"}
_RAMS_WORDS = {"рамки": _RUSSIAN_RAMS_RANKS, "каре": _RUSSIAN_RAMS_RANKS, "rams": _LATIN_RAMS_RANKS,
               "carre": _LATIN_RAMS_RANKS, "carré": _LATIN_RAMS_RANKS}
# English: "four jacks" (a carré of jacks), as belote players say it.
_FOUR_OF = {"four jacks": "J", "four nines": "9", "four aces": "A", "four tens": "10", "four kings": "K",
            "four queens": "Q", "four eights": "8", "four sevens": "7"}
_MAX_COUNT = 8
MAX_TEXT = 1000  # the longest list text read (16 constructions, each named in full, are far shorter)

ALLOWED_NAMES = N_(  # translated where shown (BBScoreError.explanation)
    "ожидаются: терц, берц, квинта, шестерик, семерик, восьмерик, бэла (бела), "
    "рамки-В/9/Т/10/К/Д/8/7 (или terz, berz, quinta, bela, rams-J/9/A/10/K/Q/8/7), "
    "2×терц для двух, или число вистов"
)
# Patterns, compiled by re at first use (re caches them): a hand without constructions never needs them.
_COUNT = r"^(?P<count>[0-9]+)\s*[×xх*]\s*(?P<name>.+)$"
_RAMS = r"^(?P<word>рамки|каре|rams|carre|carré)\s*[-‐–—]?\s*(?P<rank>\S+)$"


class Construction(msgspec.Struct, frozen=True):
    """One construction: a sequence of ``length`` cards, rams of ``rank``, a bela, or ``visty`` of unnamed ones (a
    msgspec Struct: hashed in C, as a protocol's memo keys need)."""

    kind: ConstructionKind
    length: int = 0
    rank: str = ""
    visty: int = 0

    def shown(self) -> str:
        """The name in the language in use, for output only (files keep :meth:`__str__`, the normal form):
        ``терц``/``tierce``, ``рамки-В``/``carre-J``, ``бэла``/``belote``."""
        if self.kind is ConstructionKind.SEQUENCE:
            return _(_SHOWN_SEQUENCES[self.length])
        if self.kind is ConstructionKind.RAMS:
            return _("рамки-{rank}").format(rank=rank_shown(self.rank))
        if self.kind is ConstructionKind.BELA:
            return _("бэла")
        return str(self.visty)

    def __str__(self) -> str:
        """The normal form: ``терц``, ``рамки-В``, ``бэла``, ``40``."""
        if self.kind is ConstructionKind.SEQUENCE:
            return NORMAL_SEQUENCE_NAMES[self.length]
        if self.kind is ConstructionKind.RAMS:
            return f"рамки-{RUSSIAN_RANKS[self.rank]}"
        if self.kind is ConstructionKind.BELA:
            return "бэла"
        return str(self.visty)

    @property
    def cards(self) -> int:
        """How many cards of the pair's 16 it needs at least (0 for a bare number)."""
        return {ConstructionKind.SEQUENCE: self.length, ConstructionKind.RAMS: 4,
                ConstructionKind.BELA: 2, ConstructionKind.VISTY: 0}[self.kind]


def parse_list(texts: str | list[str] | tuple[str, ...] | None, field: str) -> tuple[Construction, ...]:
    """Parse one or more comma-separated construction lists (see the module text).

    ``field`` names the option in error messages.  Raises :class:`ConstructionError`
    for an unknown name, a bad count or a bad rank.
    """
    if texts is None:
        return ()
    if isinstance(texts, str):
        texts = [texts]
    result: list[Construction] = []
    for text in texts:
        if not isinstance(text, str) or len(text) > MAX_TEXT:  # (a long text is refused unread)
            raise ConstructionError(field, text, ALLOWED_NAMES)
        result.extend(_parse_text(text, field))
    return tuple(result)


@lru_cache(maxsize=1024)
def _parse_text(text: str, field: str) -> tuple[Construction, ...]:
    """One comma-separated list, remembered (a protocol repeats the same few)."""
    result: list[Construction] = []
    for item in re.split(r"[,;]", text):
        item = " ".join(item.split())
        if item:
            try:
                result.extend(_parse_item(item, field))
            except ConstructionError:
                if " " not in item:
                    raise
                result.extend(_spaced_list(item, field))
    return tuple(result)


def _spaced_list(item: str, field: str) -> list[Construction]:
    """A list written with spaces instead of commas (``терц бэла``): each word a construction, or an explanation."""
    found: list[Construction] = []
    for word in item.split():
        try:
            found.extend(_parse_item(word, field))
        except ConstructionError as error:
            raise ConstructionError(field, item, _("{allowed}; не понято «{word}» (несколько конструкций перечисляйте через запятую: «терц, бэла»)").format(allowed=error.explanation(), word=word)) from None
    return found


def known_names() -> list[str]:
    """Every construction name the notation accepts (for completion and for "did you mean")."""
    rams = [f"рамки-{rank}" for rank in _RUSSIAN_RAMS_RANKS] + [f"rams-{rank}" for rank in _LATIN_RAMS_RANKS]
    rams += [f"carre-{rank}" for rank in _LATIN_RAMS_RANKS] + list(_FOUR_OF)
    return list(_SEQUENCE_NAMES) + sorted(_BELA_NAMES) + rams


def _unknown(name: str) -> str:
    """What is allowed for an unknown name: the nearest known names, else the whole list."""
    import difflib

    def normal(known: str) -> str:  # a Russian spelling as its normal form: терца → терц, бела → бэла
        if known.isascii():
            return known
        if known in _SEQUENCE_NAMES:
            return NORMAL_SEQUENCE_NAMES[_SEQUENCE_NAMES[known]]
        return "бэла" if known in _BELA_NAMES else known

    near = list(dict.fromkeys(normal(known) for known in difflib.get_close_matches(name.lower(), known_names(), n=4, cutoff=0.6)))
    if near:
        return _("неизвестная конструкция; может быть, {near}?").format(near=_(" или ").join(near))
    return ALLOWED_NAMES


def _parse_item(item: str, field: str) -> list[Construction]:
    count = 1
    name = item
    counted = re.match(_COUNT, item, re.IGNORECASE)
    if counted:
        digits = counted.group("count")
        count = int(digits) if len(digits) <= 2 else 0  # (a count of 5,000 digits: refused, never given to int())
        name = counted.group("name").strip()
        if not 1 <= count <= _MAX_COUNT:
            raise ConstructionError(field, item, _("число конструкций от 1 до {MAX_COUNT}").format(MAX_COUNT=_MAX_COUNT))
    return [_parse_name(name, item, field)] * count


def _parse_name(name: str, item: str, field: str) -> Construction:
    lower = name.lower()
    if lower in _SEQUENCE_NAMES:
        return Construction(ConstructionKind.SEQUENCE, length=_SEQUENCE_NAMES[lower])
    if lower in _BELA_NAMES:
        return Construction(ConstructionKind.BELA)
    if " ".join(lower.split()) in _FOUR_OF:
        return Construction(ConstructionKind.RAMS, rank=_FOUR_OF[" ".join(lower.split())])
    if name.isascii() and name.isdecimal() and len(name) <= 4:
        return Construction(ConstructionKind.VISTY, visty=int(name))
    rams = re.match(_RAMS, name, re.IGNORECASE)
    if rams:
        word = rams.group("word").lower()
        rank_text = rams.group("rank").upper()
        ranks = _RAMS_WORDS[word]
        if rank_text not in ranks:
            other = _RAMS_WORDS["rams" if ranks is _RUSSIAN_RAMS_RANKS else "рамки"]  # каре: Russian ranks, carre: Latin
            hint = (_(" — не смешивайте кириллицу и латиницу: «рамки-Т» — тузы, «rams-T» — десятки")
                    if rank_text in other else "")
            allowed = "/".join(key for key in ranks if key != "T") + ("/T" if "T" in ranks else "")
            raise ConstructionError(field, item, _("ранг рамок: {word}-{allowed}{hint}").format(word=word, allowed=allowed, hint=hint))
        return Construction(ConstructionKind.RAMS, rank=ranks[rank_text])
    raise ConstructionError(field, item, _unknown(name))


def format_list(constructions: tuple[Construction, ...], shown: bool = False) -> str:
    """The normal form of a list: ``2×терц, бэла``; ``—`` when empty.  With ``shown``, the names in the language in
    use (output only: :meth:`Construction.shown`)."""
    if not constructions:
        return "—"
    counts: dict[Construction, int] = {}
    for construction in constructions:
        counts[construction] = counts.get(construction, 0) + 1
    name = Construction.shown if shown else Construction.__str__
    return ", ".join(f"{n}×{name(c)}" if n > 1 else name(c) for c, n in counts.items())


# The names output shows (msgids: the Russian normal form; English: the belote names).
_SHOWN_SEQUENCES = {3: N_("терц"), 4: N_("берц"), 5: N_("квинта"), 6: N_("шестерик"), 7: N_("семерик"),
                    8: N_("восьмерик")}


# --- Values: what a construction is worth, from a table the convention derives (seed 000 §0.2). ---

SEQUENCE_LENGTHS = range(3, CARDS_PER_PLAYER + 1)
KIND_NAMES = {GameKind.SUIT: N_("в масть"), GameKind.NO_TRUMPS: N_("БК"), GameKind.ALL_TRUMPS: N_("ВК")}  # translated where shown


class ConstructionValues(msgspec.Struct, frozen=True, kw_only=True):
    """What each construction is worth in one kind of game, in visty.

    ``sequences``: visty of a sequence of 3…8 cards; ``bela``: of a bela;
    ``rams``: of four cards by rank (a rank missing is no construction in this
    game); ``max_belas``: how many belas the game has; ``bela_stays``: a bela
    always stays with its pair, tricks or not (seed 001 §2), instead of
    following the no-trick rule like the others.
    """

    kind: GameKind
    sequences: tuple[int, ...]
    bela: int
    rams: dict[str, int]
    max_belas: int
    bela_stays: bool


def visty_of(construction: Construction, values: ConstructionValues) -> int:
    """Visty of one construction in a kind of game (seed 000 §0.2).

    Raises :class:`ConstructionError` (field ``construction``) for rams that are no construction in this game.
    """
    if construction.kind is ConstructionKind.SEQUENCE:
        return values.sequences[construction.length - 3]
    if construction.kind is ConstructionKind.BELA:
        return values.bela
    if construction.kind is ConstructionKind.VISTY:
        return construction.visty
    if construction.rank not in values.rams:
        raise ConstructionError(
            "construction", construction.shown(),
            _("в игре {value} четыре {value2} — не конструкция").format(value=_(KIND_NAMES[values.kind]), value2=rank_shown(construction.rank)),
        )
    return values.rams[construction.rank]


def lost_without_trick(construction: Construction, values: ConstructionValues) -> bool:
    """Whether a construction follows the no-trick rule (seed 000 §5), or stays with its pair whatever the tricks:
    a bela where the convention says so (seed 001 §2)."""
    return not (construction.kind is ConstructionKind.BELA and values.bela_stays)


def max_construction_visty(values: ConstructionValues) -> int:
    """An upper bound of the constructions one pair can hold, in visty (as :func:`fits_two_players` counts cards).

    A player holds two rams, or one rams and sequences of ``Σ(L − 1) ≤ 4``,
    or sequences of ``ΣL ≤ 8``; the pair is two such players, with every bela
    of the game.
    """
    rams = sorted(values.rams.values(), reverse=True) + [0, 0]

    def best_sequences(cost, budget: int) -> int:
        best = [0] * (budget + 1)
        for spent in range(1, budget + 1):
            best[spent] = max([best[spent - 1]] + [best[spent - cost(n)] + values.sequences[n - 3]
                                                   for n in SEQUENCE_LENGTHS if cost(n) <= spent])
        return best[budget]

    player = max(rams[0] + rams[1],
                 rams[0] + best_sequences(lambda n: n - 1, CARDS_PER_PLAYER - 4),
                 best_sequences(lambda n: n, CARDS_PER_PLAYER))
    return 2 * player + values.max_belas * values.bela


def fits_two_players(constructions: tuple[Construction, ...], shared: bool = True) -> bool:
    """Whether a pair's sequences and rams can be held by its two players, 8 cards each (seed 000 §0.2).

    Each construction is one player's.  A player's rams take 4 cards each; a
    sequence of L cards may share with each of that player's rams at most the
    one card of its rank (seed 000 allows a card in both), so the player holds
    at least ``4·R + ΣL − Σ min(R, L)`` cards.  Tried for every split between
    the two players.  ``shared = False`` (a convention where a card may not be in a sequence and rams, seed 001
    §2): no card is shared, ``4·R + ΣL``.
    """
    items = [c for c in constructions if c.kind in (ConstructionKind.SEQUENCE, ConstructionKind.RAMS)]
    if len(items) > 2 * CARDS_PER_PLAYER // 3 + 2:  # more than any two hands hold; saves the search
        return False

    def holds(player: list[Construction]) -> bool:
        rams = sum(1 for c in player if c.kind is ConstructionKind.RAMS)
        lengths = [c.length for c in player if c.kind is ConstructionKind.SEQUENCE]
        overlap = sum(min(rams, length) for length in lengths) if shared else 0
        return 4 * rams + sum(lengths) - overlap <= CARDS_PER_PLAYER

    for mask in range(2 ** len(items)):
        first = [c for bit, c in enumerate(items) if mask >> bit & 1]
        second = [c for bit, c in enumerate(items) if not mask >> bit & 1]
        if holds(first) and holds(second):
            return True
    return False
