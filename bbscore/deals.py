"""A deal for the referee, whatever the game (RULES.md §13): the cards dealt once each, the play walked trick by
trick, and the deal file read with the line of every value.

Game-neutral: a card is any hashable value, a seat a number; each game's referee gives its rules as functions —
which cards a player may play (and the duty that makes them so) and which card takes a trick — and this module walks
the play with them:

* :func:`check_dealt` — no card in two places, every hand of its size (a complete deal) or no larger than it (a
  partial one);
* :func:`walk` — each trick led by the right player and of the right size, each card in the hand of the player
  whose turn it is (or, where his hand is only partly known, in no one else's), each card judged by the game's duty:
  legal, illegal, or — a partial deal — undecided, with the unknown cards that would make it illegal;
* :func:`parse`, :func:`check_is_deal`, :func:`line_of`, :func:`refusal` — the deal file's TOML, whether it is a
  deal file at all, the line of a key (``hands.Аня``, the 3rd trick of ``play``), a refusal of the core named
  ``file:line``.

Judging a card needs one property of the game's duty, which every game here has: a card legal in a hand stays legal
when cards are taken out of the hand (obligations come from holding cards).  So a card legal even with every unknown
card added to the hand is legal whatever the player held, and a card illegal with the known cards alone is illegal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from bbscore.errors import DealError, ProtocolError
from bbscore.i18n import N_, _

# A card's verdict.
LEGAL, ILLEGAL, UNDECIDED = "legal", "illegal", "undecided"


class Judged(msgspec.Struct, frozen=True):
    """A card played that is not plainly legal: the trick's number (from 1) and the card's place in it (0: the lead),
    the seat, the card, the duty that decided the legal cards (a game's key, None: any card), those cards (as far as
    the hand is known), the verdict (illegal, or undecided) and — undecided — the unknown cards that would have made it
    illegal."""

    trick: int
    position: int
    seat: int
    card: Any
    duty: str | None
    legal: frozenset
    verdict: str
    doubt: frozenset = frozenset()


class TrickPlayed(msgspec.Struct, frozen=True):
    """One trick: its number, the seat that led it, the plays ``((seat, card), …)`` in order (a card the talon sets
    the suit with stands first with seat None), and the seat that took it."""

    number: int
    leader: int
    plays: tuple
    winner: int


class Walked(msgspec.Struct, frozen=True):
    """The play walked: the tricks, and the cards judged not plainly legal (illegal or undecided), in order; every
    other card was legal."""

    tricks: tuple[TrickPlayed, ...]
    judged: tuple[Judged, ...]

    @property
    def first_illegal(self) -> Judged | None:
        """The first card that broke a duty, or None."""
        return next((j for j in self.judged if j.verdict == ILLEGAL), None)

    @property
    def undecided(self) -> tuple[Judged, ...]:
        """The cards whose legality depends on cards nobody knows were held."""
        return tuple(j for j in self.judged if j.verdict == UNDECIDED)


def check_dealt(hands: Mapping[str, Sequence], *, size: int | Mapping[str, int], complete: bool,
                extra: Mapping[str, Sequence] = {}, show: Callable[[Any], str] = str) -> None:
    """Refuse a deal whose cards cannot all be true: a card in two hands (or in a hand and ``extra``, the talon), a
    hand of another size than ``size`` (``complete``) or larger than it.  ``hands`` and ``extra`` are keyed by their
    field (``hands.Аня``, ``talon``); ``size``: one for every hand, or each hand's by its field.  Raises
    :class:`~bbscore.errors.DealError` naming the field of the second place a card is in, or of the hand of the wrong
    size."""
    places = [*hands.items(), *extra.items()]
    if len(set().union(*(cards for _field, cards in places))) != sum(len(cards) for _field, cards in places):
        where: dict[Any, str] = {}  # a card in two places: which
        for field, cards in places:
            for card in cards:
                if card in where:
                    raise DealError(field, show(card), _("эта карта уже есть: {where}").format(where=where[card]))
                where[card] = field
    for field, cards in hands.items():
        size_of = size if isinstance(size, int) else size[field]
        if complete and len(cards) != size_of:
            raise DealError(field, _("{count} карт").format(count=len(cards)),
                            _("в руке при раздаче {size} карт").format(size=size_of))
        if len(cards) > size_of:
            raise DealError(field, _("{count} карт").format(count=len(cards)),
                            _("в руке не больше {size} карт").format(size=size_of))


# duty(hand, trick_so_far, seat, number) -> (duty, legal cards): reads ``hand`` (a set) and ``trick_so_far`` (a sequence of
# (seat, card)) without keeping either.
Duty = Callable[[Any, Sequence, int, int], "tuple[str | None, Any]"]


def walk(*, seats: Sequence[int], names: Mapping[int, str], holdings: Mapping[int, frozenset],
         complete: Mapping[int, bool], unknown: frozenset, tricks: Sequence[tuple[int | None, tuple]], first: int,
         leader: int, size: int, duty: Duty, winner: Callable[[tuple, int], int],
         leads: Callable[[int, int], int] | None = None, talon: Callable[[int], Any] | None = None,
         sizes: Mapping[int, int] | None = None, show: Callable[[Any], str] = str, field: str = "play") -> Walked:
    """Walk the play (RULES.md §13) and judge every card.

    ``seats``: the seats that play, in playing order; ``names``: how messages name a seat; ``holdings``: each seat's
    cards known at the start of trick ``first`` (all of them where ``complete``; ``sizes``: how many each holds then,
    so that a hand the play fills up counts as known); ``unknown``: the cards whose place nobody knows (a partial
    deal); ``tricks``: each trick as (the seat written as its leader or None, its cards in play order); ``leader``:
    who leads trick ``first``; ``size``: cards a trick; ``duty(hand, trick_so_far, seat, number)``: (the duty's key or
    None, the cards of ``hand`` the seat may play), ``trick_so_far`` being ((seat, card), …); ``winner(plays,
    number)``: the index in ``plays`` of the card that takes the trick; ``leads(number, previous_winner)``: who leads
    a later trick (default: the previous trick's winner); ``talon(number)``: a card the talon puts first in the trick
    (seat None), or None.

    First the play is read through — who played each card, every card a seat is seen to play added to what it is
    known to hold — then each card is judged with the hand the seat held when it played it.  Raises
    :class:`~bbscore.errors.DealError` (field ``field``, ``item`` the trick's index) for a trick led out of turn, a
    trick of another size, a card played twice, a card not in the hand of the seat whose turn it is.
    """
    held = {seat: set(cards) for seat, cards in holdings.items()}
    known = dict(complete)
    pool = set(unknown)
    played: dict[Any, int] = {}
    done: list[TrickPlayed] = []
    previous = leader
    judged: list[Judged] = []
    at_once = all(known.values())  # every hand known: each card is judged as it is read (one pass)
    order = tuple(seats)
    rotations = {seat: order[at:] + order[:at] for at, seat in enumerate(order)}  # the seats in playing order from each
    for index, (named, cards) in enumerate(tricks):
        number = first + index
        expected = leader if index == 0 else (leads(number, previous) if leads is not None else previous)
        if named is not None and named != expected:
            why = (_("взятку {number} начинает {expected}, взявший взятку {previous}").format(
                number=number, expected=names[expected], previous=number - 1) if index and leads is None else
                _("взятку {number} начинает {expected}").format(number=number, expected=names[expected]))
            raise DealError(field, f"{names[named]}: {_written(cards, show)}", _("ход не в очередь: {why}").format(why=why), index)
        if len(cards) != size:
            raise DealError(field, _written(cards, show), _("во взятке {size} карты, а записано {count}").format(size=size, count=len(cards)),
                            index)
        extra = talon(number) if talon is not None else None
        plays: list[tuple[int | None, Any]] = [] if extra is None else [(None, extra)]
        for position, (seat, card) in enumerate(zip(rotations[expected], cards)):
            if card in played or (at_once and card not in held[seat] and _played_in(card, done, plays)):
                trick = played.get(card) or _played_in(card, done, plays)
                raise DealError(field, _written(cards, show), _("карта {card} уже сыграна во взятке {trick}").format(
                    card=show(card), trick=trick), index)
            if card not in held[seat]:
                owner = next((other for other, cards_of in held.items() if card in cards_of), None)
                if owner is not None or known[seat] or card not in pool:
                    where = (_("она у {owner}").format(owner=names[owner]) if owner is not None
                             else _("её нет ни в одной руке") if card not in pool else _("его рука известна вся"))
                    raise DealError(field, _written(cards, show), _("карты {card} нет в руке {player}, чей сейчас ход ({where})").format(
                        card=show(card), player=names[seat], where=where), index)
                pool.discard(card)
                held[seat].add(card)
                if sizes is not None and len(held[seat]) == sizes[seat]:
                    known[seat] = True
            if at_once:
                key, legal = duty(held[seat], plays, seat, number)
                if card not in legal:
                    judged.append(Judged(number, position, seat, card, key, frozenset(legal), ILLEGAL))
                held[seat].discard(card)  # (a card played again is then in no hand: found above)
            else:
                played[card] = number
            plays.append((seat, card))
        plays_of = tuple(plays)
        taker = plays_of[winner(plays_of, number)][0]
        done.append(TrickPlayed(number, expected, plays_of, taker))
        previous = taker
    if at_once:
        return Walked(tuple(done), tuple(judged))
    if all(known.values()):
        pool = set()
    hands = {seat: set(cards) for seat, cards in held.items()}
    for trick in done:
        so_far: list = []
        for position, (seat, card) in enumerate(trick.plays):
            if seat is None:  # the talon's card
                so_far.append((seat, card))
                continue
            hand = frozenset(hands[seat])
            before = tuple(so_far)
            key, legal = duty(hand, before, seat, trick.number)
            verdict, doubt = LEGAL, frozenset()
            if card not in legal:
                verdict = ILLEGAL
            elif not known[seat] and pool and card not in duty(hand | pool, before, seat, trick.number)[1]:
                verdict = UNDECIDED
                doubt = frozenset(other for other in pool if card not in duty(hand | {other}, before, seat, trick.number)[1])
            if verdict != LEGAL:
                judged.append(Judged(trick.number, position - (trick.plays[0][0] is None), seat, card, key,
                                     frozenset(legal), verdict, doubt))
            hands[seat].discard(card)
            so_far.append((seat, card))
    return Walked(tuple(done), tuple(judged))


def _played_in(card: Any, done: list[TrickPlayed], plays: list) -> int | None:
    """The number of the trick a card was played in already (the one being read: its own), or None."""
    for trick in done:
        if any(played == card for _seat, played in trick.plays):
            return trick.number
    if any(played == card for _seat, played in plays):
        return len(done) + 1 if not done else done[-1].number + 1
    return None


def _written(cards: Sequence, show: Callable[[Any], str]) -> str:
    """A trick as written, for a refusal."""
    return " ".join(show(card) for card in cards)


# --- The 32-card deck's notation, for a game whose cards are not the Belot family's (preferans) ---

RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "C", "D", "H")
_RUSSIAN_RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}
_LATIN_RANKS = {"J": "J", "Q": "Q", "K": "K", "A": "A", "T": "10"}
_RUSSIAN_SUITS = {"П": "S", "Т": "C", "Б": "D", "Ч": "H"}
_LATIN_SUITS = {"S": "S", "C": "C", "D": "D", "H": "H"}
_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C", "♢": "D", "♡": "H"}
CARDS_WRITTEN = N_(  # translated where shown
    "карта пишется достоинством и мастью: ВТ (валет треф), 10Ч, ТП (туз пик), Д♦; "
    "по-латински 7 8 9 T/10 J Q K A и S C D H (JC, TH, AS); карты через пробел или запятую"
)


def player(value: Any, field: str, players: Sequence[str]) -> str:
    """The player of a deal named by ``value`` (any case, spaces made single), as ``players`` write him.  Raises
    :class:`DealError` naming ``field`` and the players."""
    if isinstance(value, str):
        typed = " ".join(value.split()).casefold()
        for name in players:
            if name.casefold() == typed:
                return name
    raise DealError(field, value if value is not None else _("не указано"),
                    _("один из игроков: {players}").format(players=", ".join(players)))


def read_play(value: Any, seats: Sequence[str], first: int, tricks: int, cards: Callable[[str, str], tuple],
              example: str, partial_example: str) -> tuple[tuple[int | None, tuple], ...]:
    """A deal's ``play``: the tricks from trick ``first`` of ``tricks``, each ``"[LEADER:] CARD CARD …"`` — the seat
    (1-based, of ``seats``) the text names as its leader or None, and the cards read by ``cards(text, field)`` (the
    game's reader).  A partial deal's first trick names its leader.  ``example``, ``partial_example``: the game's own
    texts of a right value, in the refusals.  Raises :class:`DealError` with the trick's index."""
    from bbscore.errors import CardError

    if not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
        raise DealError("play", value, _("взятки по порядку — список строк: {example}").format(example=example))
    if len(value) > tricks - first + 1:
        raise DealError("play", _("{count} взяток").format(count=len(value)),
                        _("с взятки {first} их не больше {most}").format(first=first, most=tricks - first + 1))
    found = []
    for index, text in enumerate(value):
        named = None
        head, colon, rest = text.partition(":")
        if colon:
            try:
                named = list(seats).index(player(head, "play", seats)) + 1
            except DealError as error:
                raise DealError("play", text, error.allowed, index) from None
            text = rest
        try:
            played = cards(text, "play")
        except CardError as error:
            raise DealError("play", error.value, error.allowed, index) from None
        found.append((named, played))
    if first > 1 and found and found[0][0] is None:
        raise DealError("play", value[0], _("в неполной раздаче первую записанную взятку начинают с имени ходившего: "
                                            "{example}").format(example=partial_example), 0)
    return tuple(found)


def read_cards(text: Any, field: str) -> tuple[tuple[str, str], ...]:
    """Cards of the 32-card deck as people write them, in the order given, as (rank, suit) codes (ranks of
    :data:`RANKS`, suits of :data:`SUITS`): Russian ranks 7 8 9 10 В Д К Т with suits П Т Б Ч, Latin 7 8 9 T/10 J Q K
    A with S C D H, or the suit symbols; any case, separators optional.  A Cyrillic «Т» rank is the ace and a Latin
    «T» the ten, so neither is read with the other alphabet's suit letters.  A card given twice is the caller's to
    refuse (it names the card in its game's notation).  Raises :class:`~bbscore.errors.CardError` for what is no card,
    more than 32 cards."""
    from bbscore.errors import CardError

    if not isinstance(text, str):
        raise CardError(field, text, CARDS_WRITTEN)
    upper = text.upper()
    cards: list[tuple[str, str]] = []
    at = 0
    while at < len(upper):
        char = upper[at]
        if char.isspace() or char in ",;":
            at += 1
            continue
        start = at
        if upper.startswith("10", at):
            rank, alphabet, at = "10", "digit", at + 2
        elif char in "789":
            rank, alphabet, at = char, "digit", at + 1
        elif char in _RUSSIAN_RANKS:
            rank, alphabet, at = _RUSSIAN_RANKS[char], "russian" if char == "Т" else "any", at + 1
        elif char in _LATIN_RANKS:
            rank, alphabet, at = _LATIN_RANKS[char], "latin" if char == "T" else "any", at + 1
        else:
            raise CardError(field, _token(text, start), CARDS_WRITTEN)
        suit_char = upper[at] if at < len(upper) else ""
        if suit_char in _RUSSIAN_SUITS and alphabet != "latin":
            suit = _RUSSIAN_SUITS[suit_char]
        elif suit_char in _LATIN_SUITS and alphabet != "russian":
            suit = _LATIN_SUITS[suit_char]
        elif suit_char in _SYMBOLS:
            suit = _SYMBOLS[suit_char]
        elif suit_char in _RUSSIAN_SUITS or suit_char in _LATIN_SUITS:
            raise CardError(field, _token(text, start), _(
                "не смешивайте русские и латинские буквы в одной карте: «ТП» — туз пик, «TS» или «10П» — десятка пик"))
        else:
            raise CardError(field, _token(text, start),
                            _("после достоинства нужна масть: {allowed}").format(allowed=_(CARDS_WRITTEN)))
        cards.append((rank, suit))
        at += 1
    if len(cards) > len(RANKS) * len(SUITS):
        raise CardError(field, _("{count} карт").format(count=len(cards)),
                        _("в колоде {deck} карты").format(deck=len(RANKS) * len(SUITS)))
    return tuple(cards)


def _token(text: str, start: int) -> str:
    """The written card where reading stopped: from its start to the next separator."""
    end = start
    while end < len(text) and not text[end].isspace() and text[end] not in ",;":
        end += 1
    return text[start:end] or text.strip()


# --- The deal file: its TOML, the lines of its values, its refusals ---


def parse(name: str, text: str) -> dict[str, Any]:
    """A deal file's TOML (:class:`~bbscore.errors.ProtocolError` ``name:line`` for a syntax error or nesting too
    deep)."""
    from bbscore.errors import TOO_DEEP
    from bbscore.files import parse_toml, toml_problem

    try:
        return parse_toml(text)
    except ValueError as error:  # tomllib.TOMLDecodeError
        line, reason = toml_problem(error, text)
        raise ProtocolError(name, line, reason) from None
    except RecursionError:
        raise ProtocolError(name, None, TOO_DEEP) from None


def check_is_deal(name: str, data: Mapping[str, Any]) -> None:
    """Refuse a file that is no deal file before any of its keys is named, so that nothing it holds is shown: a score
    sheet (a ``[game]`` table: whose, as the sheet commands say it — :func:`bbscore.games.other_game`), or a file
    without ``players``, the key every game's deal file has.  Raises :class:`~bbscore.errors.ProtocolError` naming
    the file alone; a deal file passes, its keys then checked by the game (an unknown one named)."""
    from bbscore import games

    game = data.get("game")
    if isinstance(game, dict):  # (a preferans deal's game is its contract, a text)
        sheet = games.other_game(game.get("game"))
        raise ProtocolError(name, None, _("не файл раздачи — {sheet}").format(sheet=sheet) if sheet is not None
                            else _("не файл раздачи: в нём таблица [game], как в листе партии"))
    if "players" not in data:
        raise ProtocolError(name, None, _("не файл раздачи: нет ключа players (игроки за столом)"))


_STRINGS = re.compile(r""""(?:\\.|[^"\\\n])*"|'[^'\n]*'|#[^\n]*""")


def line_of(text: str, field: str, item: int | None = None) -> int | None:
    """The line of a deal file's value: a top-level key (``contract``), a key of a table (``hands.Аня``), or the
    ``item``-th string of a list (the 3rd trick of ``play``: item 2); None when it is not found."""
    from bbscore.files import key_line

    head, dot, rest = field.partition(".")
    if not dot:
        line = key_line(text, field)
        if line is None or item is None:
            return line
        start = _offset(text, line)
        end = _list_end(text, start)
        strings = [m for m in _STRINGS.finditer(text, start, end) if not m.group().startswith("#")]
        return text.count("\n", 0, strings[item].start()) + 1 if item < len(strings) else line
    table = key_line(text, head)
    if table is None:
        return None
    found = re.compile(rf"""^[ \t]*(?:{re.escape(rest)}|"{re.escape(rest)}"|'{re.escape(rest)}')[ \t]*=""", re.M).search(
        text, _offset(text, table))
    return table if found is None else text.count("\n", 0, found.start()) + 1


def _offset(text: str, line: int) -> int:
    """Where line ``line`` (from 1) starts in ``text``."""
    at = 0
    for _line in range(line - 1):
        at = text.index("\n", at) + 1
    return at


def _list_end(text: str, start: int) -> int:
    """Where the value that starts on the line at ``start`` ends: its closing bracket, strings and comments skipped."""
    depth = 0
    for token in re.finditer(r""""(?:\\.|[^"\\\n])*"|'[^'\n]*'|#[^\n]*|[\[\]]""", text[start:]):
        char = token.group()
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth <= 0:
                return start + token.end()
    return len(text)


def refusal(name: str, text: str, error: Any) -> ProtocolError:
    """A refusal of the core about a deal file's value, named ``name:line`` (the file's own key names the field)."""
    item = getattr(error, "item", None)
    line = line_of(text, error.field, item) if isinstance(error.field, str) else None
    return ProtocolError(name, line, error.message())
