"""One preferans hand's inputs as the sheet file and the command line give them → a checked hand; what a hand wrote
as the file keeps it.  No file is read here (:mod:`bbscore.preferans.protocol` reads and writes sheets): ``pref
score`` uses this module alone, so that its start does not pay for the file machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bbscore.errors import InconsistentHandError
from bbscore.preferans.contract import Kind, PrefContract
from bbscore.preferans.engine import HandEntries
from bbscore.preferans.hand import TRICKS, PrefHand, after, make_hand
from bbscore.preferans.rules import PrefConvention
from bbscore.i18n import _
from bbscore.seats import MAX_NOTE

if TYPE_CHECKING:  # (a Fraction is made only for a number that is not whole)
    from fractions import Fraction

INPUT_KEYS = ("game", "by", "tricks", "whist", "pass", "dealer", "note", "deal")
WRITTEN_KEYS = ("pulya", "gora", "vists")


def dealer_of(number: int, players: tuple[str, ...], first: str | None = None) -> str | None:
    """Who deals hand ``number`` (from 1) and sits out: with four players, by rotation in seating order from ``first``
    (default: the first player); else None."""
    if len(players) != 4:
        return None
    start = players.index(first) if first in players else 0
    return players[(start + number - 1) % len(players)]


def _count(value: Any, key: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= TRICKS:
        raise InconsistentHandError(key, value, _("{what}: целое число от 0 до {TRICKS}").format(what=what, TRICKS=TRICKS))
    return value


def _name(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InconsistentHandError(key, value, _("ожидается имя игрока"))
    return value


def make(fields: dict[str, Any], players: tuple[str, ...], convention: PrefConvention) -> PrefHand:
    """A hand's keys (as the file holds them) → the checked :class:`PrefHand`.

    ``tricks``: the declarer's tricks (an int) for a game or мизер, a table ``{player: n}`` on распасы;
    ``whist``: ``{whister: tricks}`` (a count may be omitted for a lone whister: he has the defenders' rest);
    ``pass``: the defenders who passed; ``dealer``: with four players.  Raises the core's errors with neutral keys
    (``game``, ``by``, ``tricks``, ``whist``, ``pass``, ``dealer``).
    """
    unknown = [key for key in fields if key not in INPUT_KEYS + WRITTEN_KEYS]
    if unknown:
        raise InconsistentHandError("key", unknown[0], _("неизвестный ключ сдачи; допустимы: {join}").format(join=', '.join(INPUT_KEYS + WRITTEN_KEYS)))
    note = fields.get("note")
    if note is not None and (not isinstance(note, str) or len(note) > MAX_NOTE):
        raise InconsistentHandError("note", note, _("примечание — текст не длиннее {count} знаков").format(count=MAX_NOTE))
    if "game" not in fields:
        raise InconsistentHandError("game", None, _("нужна игра: 6♠ … 10БК, мизер или распасы"))
    if "deal" in fields:
        return refereed(fields, players, convention)[0]
    contract = PrefContract.parse(fields["game"])
    dealer = fields.get("dealer")
    if dealer is not None:
        dealer = _name(dealer, "dealer")
        if dealer not in players:
            raise InconsistentHandError("dealer", dealer, _("нет такого игрока; играют: {join}").format(join=", ".join(players)))
        if len(players) != 4:  # (three players: no one sits out — the misère's defenders are the other two)
            raise InconsistentHandError("dealer", dealer, _("втроём сдающий играет: сидящий на прикупе бывает только вчетвером"))
    by = fields.get("by")
    whist = fields.get("whist")
    passed = fields.get("pass")
    tricks = fields.get("tricks")
    if contract.kind is Kind.ALL_PASS:
        for key, value in (("by", by), ("whist", whist), ("pass", passed)):
            if value is not None:
                raise InconsistentHandError(key, value, _("на распасах нет играющего и вистующих: только взятки каждого"))
        if not isinstance(tricks, dict):
            raise InconsistentHandError("tricks", tricks, _("на распасах — взятки каждого: \"Аня=2,Боря=3,Вера=5\""))
        counts = {_name(p, "tricks"): _count(n, "tricks", _("{player}: взятки").format(player=p)) for p, n in tricks.items()}
        return make_hand(players, contract, convention=convention, tricks=counts, dealer=dealer)
    if by is None:
        raise InconsistentHandError("by", None, _("нужно имя играющего"))
    by = _name(by, "by")
    if by not in players:
        raise InconsistentHandError("by", by, _("нет такого игрока; играют: {join}").format(join=', '.join(players)))
    if contract.kind is Kind.MISERE:
        for key, value in (("whist", whist), ("pass", passed)):
            if value is not None:
                given = ", ".join(map(str, value)) if isinstance(value, (dict, list)) else value  # the names given
                raise InconsistentHandError(key, given, _("на мизере не вистуют: вист и пас не указываются"))
        taken = _count(tricks, "tricks", _("взятки играющего на мизере"))
        if dealer == by:
            raise InconsistentHandError("by", by, _("сдающий сидит на прикупе и не играет"))
        defenders = after(tuple(p for p in players if p != dealer), by)
        counts = {by: taken, defenders[0]: TRICKS - taken, defenders[1]: 0}  # the defenders' split does not count
        return make_hand(players, contract, convention=convention, declarer=by, tricks=counts, dealer=dealer)
    whisters: dict[str, int | None] = {}
    if whist is not None:
        if not isinstance(whist, dict):
            raise InconsistentHandError("whist", whist, _("вистующие и их взятки: { \"Боря\" = 3 }"))
        for player, n in whist.items():
            whisters[_name(player, "whist")] = None if n is None else _count(n, "whist", _("{player}: взятки").format(player=player))
    passers: list[str] = []
    if passed is not None:
        if isinstance(passed, str) or not isinstance(passed, list):
            raise InconsistentHandError("pass", passed, _("пасовавшие: список имён"))
        passers = [_name(p, "pass") for p in passed]
        twice = [p for index, p in enumerate(passers) if p in passers[:index]]
        if twice:
            raise InconsistentHandError("pass", twice[0], _("этот игрок уже назван пасующим"))
    for key, named in (("whist", whisters), ("pass", passers)):  # a name no player has is said as such first
        unknown = [p for p in named if p not in players]
        if unknown:
            raise InconsistentHandError(key, unknown[0], _("нет такого игрока; играют: {join}").format(join=", ".join(players)))
    both = [p for p in passers if p in whisters]
    if both:
        raise InconsistentHandError("pass", both[0], _("один и тот же игрок не может и вистовать, и пасовать"))
    choices: dict[str, bool] = {**dict.fromkeys(whisters, True), **dict.fromkeys(passers, False)}
    if dealer != by and (dealer is None or dealer in players):
        missing = [p for p in after(tuple(p for p in players if p != dealer), by) if p not in choices]
        if missing:
            raise InconsistentHandError("pass", None, _("для каждого защитника нужен вист или пас; не указано: {join}").format(join=', '.join(missing)))
    if not whisters:
        if tricks is not None:
            raise InconsistentHandError("tricks", tricks, _("оба защитника спасовали: игра не разыгрывается, взятки не указываются"))
        return make_hand(players, contract, convention=convention, declarer=by, whist=choices, dealer=dealer)
    if tricks is None:
        raise InconsistentHandError("tricks", None, _("нужны взятки играющего"))
    taken = _count(tricks, "tricks", _("взятки играющего"))
    counts = {by: taken, **dict.fromkeys(passers, 0)}
    if len(whisters) == 1:
        (whister, n), = whisters.items()
        counts[whister] = TRICKS - taken if n is None else n
    else:
        missing = [p for p, n in whisters.items() if n is None]
        if missing:
            raise InconsistentHandError("whist", missing[0], _("вистуют оба: укажите взятки каждого, ИМЯ:N"))
        counts.update(whisters)  # type: ignore[arg-type]
    return make_hand(players, contract, convention=convention, declarer=by, whist=choices, tricks=counts, dealer=dealer)


def refereed(fields: dict[str, Any], players: tuple[str, ...], convention: PrefConvention):
    """(the hand, the ruling) of a hand kept with its deal (``bbscore pref add --deal``): the deal refereed again
    (:func:`bbscore.preferans.referee.referee`), its players the sheet's, the hand's written inputs what it gives."""
    from bbscore.errors import BBScoreError
    from bbscore.preferans.deal import from_tables
    from bbscore.preferans.referee import referee

    tables = fields["deal"]
    if not isinstance(tables, dict):
        raise InconsistentHandError("deal", tables, _("ожидается таблица deal = {{ … }} — раздача, как её пишет bbscore pref add с раздачей").format())
    try:
        deal = from_tables(tables, tuple(convention.players.counts))
        if deal.players != tuple(players):
            raise InconsistentHandError("players", list(deal.players), _("в пуле играют {players}").format(players=", ".join(players)))
        ruling = referee(deal, convention)
    except BBScoreError as error:
        raise InconsistentHandError(f"deal.{error.field}", error.value, error.explanation()) from None
    if ruling.hand is None:
        raise InconsistentHandError("deal", _("неполная раздача"), _("с сдачей пишется только вся раздача"))
    derived = input_fields(ruling.hand, {})
    for key in ("game", "by", "tricks", "whist", "pass", "dealer"):
        if key in fields and fields[key] != derived.get(key):
            raise InconsistentHandError(key, fields[key], _("по раздаче {value}").format(value=derived.get(key)))
    return ruling.hand, ruling


def with_revoke(fields: dict[str, Any], entries: HandEntries, players: tuple[str, ...],
                convention: PrefConvention) -> HandEntries:
    """A hand's entries with what a revoke costs where its deal is kept and the rules charge a penalty
    (``play.revoke = "penalty"``): the offender's гора (else the entries as they are)."""
    if "deal" not in fields or convention.play is None or convention.play.revoke != "penalty":
        return entries
    ruling = refereed(fields, players, convention)[1]
    if ruling.first_illegal is None:
        return entries
    import msgspec

    from bbscore.preferans.engine import exact

    offender = ruling.deal.name(ruling.first_illegal.seat)
    gora = dict(entries.gora)
    gora[offender] = exact(gora.get(offender, 0) + convention.play.revoke_penalty)
    return msgspec.structs.replace(entries, gora=gora)


def input_fields(hand: PrefHand, given: dict[str, Any]) -> dict[str, Any]:
    """A checked hand's inputs as the file keeps them (normal forms; a lone whister's count written out)."""
    fields: dict[str, Any] = {"game": str(hand.contract)}
    if hand.contract.kind is Kind.ALL_PASS:
        fields["tricks"] = dict(hand.tricks)
    else:
        fields["by"] = hand.declarer
        if hand.contract.kind is Kind.MISERE:
            fields["tricks"] = hand.tricks_of(hand.declarer)  # type: ignore[arg-type]
        elif hand.whisters:
            fields["tricks"] = hand.tricks_of(hand.declarer)  # type: ignore[arg-type]
            fields["whist"] = {p: hand.tricks_of(p) for p in hand.whisters}
        if hand.passers:
            fields["pass"] = list(hand.passers)
    if hand.dealer is not None:
        fields["dealer"] = hand.dealer
    if given.get("note"):
        fields["note"] = given["note"]
    if given.get("deal"):
        fields["deal"] = given["deal"]
    return fields


def written_fields(entries: HandEntries) -> dict[str, Any]:
    """What a hand wrote, as the file keeps it."""
    return {"pulya": dict(entries.pulya), "gora": dict(entries.gora),
            "vists": [{"from": a, "on": b, "vists": n} for (a, b), n in vists_by_pair(entries).items()]}


def vists_by_pair(entries: HandEntries) -> dict[tuple[str, str], Fraction | int]:
    pairs: dict[tuple[str, str], Fraction | int] = {}
    for a, b, n in entries.vists:
        pairs[(a, b)] = pairs.get((a, b), 0) + n
    return {pair: n for pair, n in pairs.items() if n}


def plain(value: Fraction | int) -> int | str:
    """A number for JSON or the file: whole as an int, else text ``"15/2"``."""
    if value.__class__ is int:
        return value
    from fractions import Fraction

    value = Fraction(value)
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def named(fields: dict[str, Any], players: tuple[str, ...], dealer: str | None = None) -> dict[str, Any]:
    """A hand's keys as a person typed them (``pref add``, ``pref edit``, ``pref play``) with each player's name
    as the sheet writes it (any case, a unique prefix, the seat number: :func:`bbscore.seats.match_name`).

    Refused naming the key the name was given under: an unknown or ambiguous name; the declarer or ``dealer`` (who
    sits out with four players) given as a whister or a passer; one player given twice.
    """
    from bbscore.seats import match_name

    given = dict(fields)
    if isinstance(given.get("by"), str):
        given["by"] = match_name(given["by"], players, "by")
    roles: dict[str, str] = {}
    for key in ("whist", "pass"):
        value = given.get(key)
        if isinstance(value, dict):
            names = list(value)
        elif isinstance(value, list):
            names = value
        else:
            continue
        matched = []
        for name in names:
            player = match_name(name, players, key) if isinstance(name, str) else name
            if player == given.get("by"):
                raise InconsistentHandError(key, name, _("{player} играет эту сдачу: вистуют или пасуют защитники").format(
                    player=player))
            if dealer is not None and player == dealer:
                raise InconsistentHandError(key, name, _("{player} сдаёт эту сдачу и сидит на прикупе: не вистует и не "
                                                         "пасует").format(player=player))
            if player in roles:
                raise InconsistentHandError(key, name, _("{player}: уже указано — вист или пас, один раз").format(
                    player=player))
            roles[player] = key
            matched.append(player)
        given[key] = dict(zip(matched, value.values())) if isinstance(value, dict) else matched
    tricks = given.get("tricks")
    if isinstance(tricks, dict):
        table: dict[str, Any] = {}
        for name, count in tricks.items():
            player = match_name(name, players, "tricks") if isinstance(name, str) else name
            if player in table:
                raise InconsistentHandError("tricks", name, _("{player}: взятки указаны дважды").format(player=player))
            if dealer is not None and player == dealer:
                raise InconsistentHandError("tricks", name, _("{player} сдаёт эту сдачу и сидит на прикупе: взяток не "
                                                              "берёт").format(player=player))
            table[player] = count
        given["tricks"] = table
    return given
