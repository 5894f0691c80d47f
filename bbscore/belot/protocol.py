"""Protocol files: one game per TOML file, read with line numbers, written atomically under a lock.

The file is the source of truth (as in beancount)::

    [game]
    format = 1
    convention = "gambler"
    convention_sha256 = "…"
    target = 301
    pairs = ["Мы", "Они"]
    players = { "Мы" = ["Аня", "Боря"] }   # optional: who plays in each pair (any of the pairs)

    [[hand]]
    contract = "12Т"
    by = "Мы"
    def_points = 18
    decl_con = ["терц"]
    def_con = ["бэла"]
    score = [28, 4]
    total = [28, 4]

    [[hand]]
    redeal = "all-pass"

Every change goes through :mod:`bbscore.sheets` (the hands found by parsing, the new text proven to hold
exactly the hands meant before it is written; comments and the layout of the hands not changed kept) and
replaces the file atomically (a temporary file beside it, flushed and fsynced, then renamed over it) while
holding a lock on ``.FILE.lock``: a crash leaves the old file or the new one, and two writers are serialized.
A file that does not parse is never written over.
"""

from __future__ import annotations

import itertools
import operator
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from bbscore.errors import (
    ConventionError,
    InvalidValueError,
    ProtocolError,
    shown,
)
from bbscore.seats import MAX_NAME, distinct, new_names
from bbscore.files import key_line, locked
from bbscore import sheets
from bbscore.sheets import (
    Sheet,
    Style,
    check_sheet_path,
    field_line,
    names_a_path,
    sheet_header,
    stored_convention,
)
from bbscore import conventions, games
from bbscore.belot import KEY
from bbscore.i18n import _
from bbscore.belot.game import HandEntry, carried_totals, match_pair, replay

FORMAT = 1
HEADER_OPTIONAL = ("created", "dealer", "note", "place", "players", "lang")


class OtherGameError(ProtocolError):
    """A score sheet of another game of the house (its ``[game] game`` key: :mod:`bbscore.games`), read by that game.

    ``text`` and ``data``: the file's text and its parsed TOML, set by :func:`read`.
    """

    text: str | None = None
    data: dict | None = None


@dataclass(frozen=True, kw_only=True)
class Header:
    """The ``[game]`` table: the convention (name and hash), the target and the two pairs."""

    convention: str
    convention_sha256: str | None
    target: int
    pairs: tuple[str, str]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Protocol:
    """A read protocol: its header, its hands (with lines), its text and where each hand's table starts in it, and
    the sheet as read (:class:`bbscore.sheets.Sheet`: what every change starts from)."""

    path: Path
    header: Header
    hands: list[HandEntry]
    text: str
    starts: list[int] | None  # offset of each ``[[hand]]`` in the text (None when written as inline tables)
    sheet: Sheet

    def field_line(self, entry: HandEntry, key: str) -> int | None:
        """The line of ``key = …`` inside a hand's table, or the hand's own line."""
        return field_line(self.text, self.starts, entry.number, entry.line, key)


def read(path: Path) -> Protocol:
    """Read and check a protocol file.

    Hands are returned as written (their inputs are checked when replayed,
    so that one bad hand does not hide the others).  Raises
    :class:`ProtocolError` with the file and line when the file cannot be read,
    is not TOML, or its ``[game]`` table is unusable.
    """
    text, bom = sheets.read_text(path, kind=_("файл протокола"), missing=_("нет такого файла"))
    return parse(path, text, sheets.parse(path, text), bom=bom)


def parse(path: Path, text: str, data: dict[str, Any], *, bom: bool = False, lines: bool = True) -> Protocol:
    """A protocol from its text and parsed TOML (:func:`read` without the reading; ``bom``: whether the file starts
    with a byte-order mark, kept when it is written); raises as :func:`read`.  ``lines=False``: the hands' lines are
    not looked for (None, and no ``starts``: a check finds the lines of what it reports, ``sheet.hand_lines()``)."""
    try:
        header = _header(path, data, text)
    except OtherGameError as error:  # read again as that game's sheet, without parsing it twice
        error.text, error.data = text, data
        raise
    hands_data = data.get("hand", [])
    if not isinstance(hands_data, list) or not all(isinstance(h, dict) for h in hands_data):
        raise ProtocolError(str(path), None, _("hand должен быть списком таблиц [[hand]]"))
    sheet = Sheet(path=path, text=text, bom=bom, data=data)
    found, starts = sheet.hand_lines() if lines else ([None] * len(hands_data), None)
    hands = [HandEntry(number=i + 1, line=found[i], fields=hand) for i, hand in enumerate(hands_data)]
    return Protocol(path=path, header=header, hands=hands, text=text, starts=starts, sheet=sheet)


def _header(path: Path, data: dict[str, Any], text: str) -> Header:
    game = data.get("game")
    if not isinstance(game, dict):  # (first: what a file that is no sheet holds is not shown)
        raise ProtocolError(str(path), None, _("нет таблицы [game]"))
    unknown = sorted(set(data) - {"game", "hand"})
    if unknown:
        raise ProtocolError(str(path), key_line(text, unknown[0]), _("неизвестный раздел «{value}»; есть [game] и [[hand]]").format(value=unknown[0]))

    def refuse(key: str, problem: str) -> ProtocolError:
        return ProtocolError(str(path), key_line(text, key), f"[game] {key}: {problem}")

    if game.get("game", KEY) != KEY:
        if games.of(game["game"]) is None:  # no game of the house
            raise refuse("game", _("{value} — нет такой игры; есть {games}").format(
                value=shown(game["game"]), games=games.keys_text()))
        raise OtherGameError(str(path), key_line(text, "game"), games.other_game(game["game"]))  # another game's sheet
    convention, sha, target = sheet_header(path, text, game, keys=("format", "convention", "convention_sha256", "target",
                                                                   "pairs", *HEADER_OPTIONAL), format=FORMAT, example="gambler")
    pairs = game.get("pairs")
    if not (isinstance(pairs, list) and len(pairs) == 2
            and all(isinstance(p, str) and p.strip() and len(p) <= MAX_NAME for p in pairs)):
        raise refuse("pairs", _("ожидаются два названия пар (до {count} знаков), например [\"Мы\", \"Они\"], а дано {value}").format(value=shown(pairs), count=MAX_NAME))
    if not distinct(pairs):  # (the same name but for case or how an accent is encoded: one pair to every command)
        raise refuse("pairs", _("названия пар должны различаться"))
    if "players" in game:
        _check_players(game["players"], pairs, refuse)
    extra = {key: game[key] for key in HEADER_OPTIONAL if key in game}
    return Header(convention=convention, convention_sha256=sha, target=target, pairs=(pairs[0], pairs[1]), extra=extra)


def _check_players(players: Any, pairs: list[str], refuse) -> None:
    """``[game] players``: a table naming the two players of some of the pairs, ``{ "Мы" = ["Аня", "Боря"] }``."""
    example = _("например {{ \"{pair}\" = [\"Аня\", \"Боря\"] }}").format(pair=pairs[0])
    if not isinstance(players, dict) or not players:
        raise refuse("players", _("ожидается таблица игроков пар, {example}, а дано {value}").format(
            example=example, value=shown(players)))
    for pair, people in players.items():
        if pair not in pairs:
            raise refuse("players", _("«{pair}» — не пара этого протокола; пары: {pairs}").format(
                pair=pair, pairs=", ".join(pairs)))
        if not (isinstance(people, list) and len(people) == 2 and all(isinstance(p, str) and p.strip() for p in people)
                and people[0].strip().casefold() != people[1].strip().casefold()):
            raise refuse("players", _("у пары «{pair}» — два разных игрока, {example}, а дано {value}").format(
                pair=pair, example=example, value=shown(people)))


def people_of(header: Header) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The persons of each pair: the two players ``[game] players`` names, or the pair's own name."""
    players = header.extra.get("players") or {}
    return tuple(tuple(players[pair]) if pair in players else (pair,) for pair in header.pairs)  # type: ignore[return-value]


def to_data(header: Header, hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The TOML data of a protocol: ``[game]`` then the hands in order."""
    game: dict[str, Any] = {"format": FORMAT, "convention": header.convention}
    if header.convention_sha256:
        game["convention_sha256"] = header.convention_sha256
    game["target"] = header.target
    game["pairs"] = list(header.pairs)
    game.update(header.extra)
    data: dict[str, Any] = {"game": game}
    if hands:
        data["hand"] = hands
    return data


def dumps(header: Header, hands: list[dict[str, Any]]) -> str:
    """A whole protocol's text as tomli-w writes it (what :func:`create` and then :func:`append` of each hand
    write)."""
    import tomli_w

    return tomli_w.dumps(to_data(header, hands))


def check_path(path: Path, *, must_exist: bool) -> None:
    """Refuse a path that cannot be a protocol (see :func:`bbscore.files.check_sheet_path`)."""
    check_sheet_path(path, must_exist=must_exist, kind=_("файл протокола"), example="game.toml",
                     missing=_("нет такого файла (начать партию: bbscore new)"))


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Check that ``path`` can be a new protocol (:func:`check_path`), then hold its lock (:func:`bbscore.files.locked`)."""
    check_path(path, must_exist=False)
    with locked(path):
        yield


def _changed(path: Path, change: Callable[[], Any]) -> Any:
    """``change()`` — read, check and write the protocol — under its lock, after :func:`check_path`; a protocol with no
    lock file yet is first changed in rehearsal, unlocked and unwritten (:func:`bbscore.sheets.change`), so that a
    command refused for what it holds or what it was asked leaves no lock file."""
    check_path(path, must_exist=True)
    return sheets.change(path, change)


# --- Operations on a protocol file: each reads, changes and writes under the lock. ---


def convention_for(protocol: Protocol, override: str | None = None):
    """The convention to score a protocol with, and a warning when it is not the one the file was kept with.

    ``override`` (``--convention``) wins over the file's own; a relative path in
    the file is read relative to the file's folder.
    """

    name = override or protocol.header.convention
    if override is None and names_a_path(name) and not Path(name).is_absolute() and not name.startswith("~"):
        name = str(protocol.path.parent / name)
    try:
        rules = conventions.load(name, game=KEY)
    except ConventionError as error:  # missing, not a regular file, broken: said as this protocol's problem
        if override is not None:
            raise
        reason = conventions.sheet_refusal(error, name)  # (a file anywhere it names: nothing of it quoted)
        raise ProtocolError(
            str(protocol.path), key_line(protocol.text, "convention"),
            _("правила партии «{convention}» ([game] convention): {reason}").format(convention=protocol.header.convention, reason=reason),
        ) from None
    warning = None
    recorded = protocol.header.convention_sha256
    if override is not None and (recorded is None or not rules.same_rules(recorded)):
        if recorded is None:
            warning = _("пересчёт по правилам «{rules}», а партия записана по «{convention}»").format(
                rules=rules.name, convention=protocol.header.convention)
        else:
            warning = _("пересчёт по правилам «{rules}», а партия записана по «{convention}» "
                        "(sha256 {recorded}…, у этих правил {current}…)").format(
                rules=rules.name, convention=protocol.header.convention, recorded=recorded[:12], current=rules.sha256[:12])
    elif recorded is not None and not rules.same_rules(recorded):
        warning = _("правила «{convention}» изменились с тех пор, как записана партия "
                    "(sha256 в файле {recorded}…, сейчас {current}…)").format(
            convention=protocol.header.convention, recorded=recorded[:12], current=rules.sha256[:12])
    return rules, warning


def create(path: Path, pairs: tuple[str, str], convention_name: str, target: int | None = None,
           players: dict[str, tuple[str, str]] | None = None, extra: dict[str, Any] | None = None,
           reserved: Callable[[str], str | None] | None = None) -> Header:
    """Create a new protocol; refuses an existing file.  The target defaults to the convention's.  ``players``: the two
    players of some of the pairs (``{pair: (player, player)}``, pairs named as in ``pairs``), kept as ``[game]
    players``; ``extra``: more ``[game]`` keys (``dealer``: the pair that deals first; ``lang``: the language the game
    is kept in); ``reserved``: the words a pair may not be named (:func:`bbscore.seats.new_names`)."""

    check_path(path, must_exist=False)
    if path.exists():
        raise ProtocolError(str(path), None, _("файл уже есть — не перезаписываю"))
    rules = conventions.load(convention_name, game=KEY)
    if len(pairs) != 2:
        raise InvalidValueError("pairs", ",".join(pairs), _("нужны два разных названия пар через запятую, например \"Мы,Они\""))
    names = new_names(pairs, "pairs", _("названия пар"), reserved)
    if target is not None and target < 1:
        raise InvalidValueError("target", target, _("цель партии — положительное число"))
    extra = {"created": time.strftime("%Y-%m-%d %H:%M"), **(extra or {})}
    if players:
        extra["players"] = _new_players(players, names)
    header = Header(
        convention=stored_convention(convention_name, path), convention_sha256=rules.sha256,
        target=target if target is not None else rules.settings.game_end.target,
        pairs=(names[0], names[1]), extra=extra,
    )
    text = sheets.new_text(path, to_data(header, [])["game"], Style.TABLES, lambda text, data: _header(path, data, text))
    with _locked(path):
        sheets.create(path, text)
    return header


def _new_players(players: dict[str, tuple[str, ...]], pairs: tuple[str, ...]) -> dict[str, list[str]]:
    """The ``[game] players`` of a new protocol: each pair named (any case, a prefix, its number) as ``match_pair``
    finds it, with two different players."""
    table: dict[str, list[str]] = {}
    for given, people in players.items():
        pair = match_pair(given, (pairs[0], pairs[1]), "players")
        names = new_names(tuple(people), "players", _("игроки пары «{pair}»").format(pair=pair))
        if len(names) != 2:
            raise InvalidValueError("players", "+".join(people), _("у пары двое игроков: «{pair}=Аня+Боря»").format(pair=pair))
        if pair in table:
            raise InvalidValueError("players", given, _("игроки пары «{pair}» указаны дважды").format(pair=pair))
        table[pair] = list(names)
    return {pair: table[pair] for pair in pairs if pair in table}


def create_table(path: Path, sides: tuple[str, ...], convention_name: str, target: int | None,
                 players: dict[str, tuple[str, ...]] | None, lang: str | None = None) -> None:
    """A new protocol for one table of a tournament (:attr:`bbscore.games.Game.create_table`): the two pairs, their
    players, the rules, the target and the language it is kept in (None: Russian)."""
    create(path, (sides[0], sides[1]), convention_name, target, players or None, {"lang": lang} if lang else None)


def table_result(path: Path):
    """One protocol's game as a tournament counts it (:class:`bbscore.games.TableResult`): the pairs and their
    players, each pair's total from the hands' inputs and the other's, the winner, the date, and what ``recompute``
    finds wrong.  Raises :class:`ProtocolError` when the file cannot be read (its rules included)."""
    sheet = read(path)
    rules, _warning = convention_for(sheet)
    result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)
    first, second = result.totals
    if not result.ended:
        ranks = (1, 1)
    else:
        ranks = (1, 1) if result.winner is None else ((1, 2) if result.winner == 0 else (2, 1))
    created = sheet.header.extra.get("created")
    return games.TableResult(
        sides=sheet.header.pairs, people=people_of(sheet.header), points=(first, second), against=(second, first),
        finished=result.ended, ranks=ranks, created=created if isinstance(created, str) else "",
        wrong=tuple(_("сдача {hand}: {message}").format(hand=d.hand, message=d.message) for d in result.discrepancies),
    )


@dataclass(frozen=True, kw_only=True)
class Appended:
    """What ``add`` did: the protocol before, the replay after and a warning, if any; the replay before and the sheet
    as written (what a session carries on from without reading the file again)."""

    protocol: Protocol
    replay: Any
    warning: str | None
    before: Any = None
    written: Sheet | None = None


def still(path: Path, protocol: Protocol) -> bool:
    """Whether the file holds exactly the text ``protocol`` was read from (its byte-order mark too)."""
    try:
        return sheets.read_text(path, kind="", missing="") == (protocol.text, protocol.sheet.bom)
    except ProtocolError:
        return False


def _refuse_bad_file(protocol: Protocol, replay) -> None:
    bad = [d for d in replay.discrepancies if d.field == "input"]
    if bad:
        first = bad[0]
        raise ProtocolError(
            str(protocol.path), first.line,
            _("в сдаче {hand} ошибка ({message}); исправьте файл, проверка: bbscore recompute").format(
                hand=first.hand, message=first.message),
        )


def _refuse_bad_first(protocol: Protocol, bad) -> None:
    """Refuse an edit of another hand while hand ``bad.hand``, the sheet's first bad hand, has bad inputs
    (:func:`bbscore.sheets.mend_first`), at its line."""
    line = bad.line if bad.line is not None else protocol.sheet.hand_line(bad.hand)  # (read without lines)
    raise sheets.mend_first(protocol.path, line, bad.hand, bad.message)


def _given(fields: dict[str, Any], pairs: tuple[str, str], rules, confirmed: bool) -> dict[str, Any]:
    """A hand's fields as typed, with its pairs named as the file names them (``--by мы``, ``--by 1``) and its bid
    checked for a slip (``80Ч``) unless ``confirmed``."""
    given = dict(fields)
    for key in ("by", "doezd"):
        if isinstance(given.get(key), str):
            given[key] = match_pair(given[key], pairs, key)
    if not confirmed and isinstance(given.get("contract"), str):
        from bbscore.belot.hand import check_contract, check_plausible_bid

        contract = rules.parse_contract(given["contract"])
        check_contract(rules, contract)  # a form the rules do not read is said first, not asked to be confirmed
        check_plausible_bid(rules, contract)
    return given


def _held_or_read(path: Path, known, **replaying):
    """The protocol at ``path``, its rules, their warning and its replay: ``known`` (the protocol and its replay)
    when the file is still exactly that text, else read and replayed (``replaying``: :func:`replay`'s options)."""
    if known is not None and still(path, known[0]):
        protocol, replayed = known
        return (protocol, *convention_for(protocol), replayed)
    protocol = read(path)
    rules, warning = convention_for(protocol)
    return protocol, rules, warning, replay(protocol.hands, protocol.header.pairs, protocol.header.target, rules,
                                            **replaying)


def append(path: Path, fields: dict[str, Any], *, confirmed: bool = True, known: tuple[Protocol, Any] | None = None,
           memo: dict | None = None) -> Appended:
    """Score a hand with the file's convention and append it with its score and running total.

    ``fields`` are a hand's protocol fields (inputs, or ``redeal``).  Refused
    when the game has ended, when an earlier hand has bad inputs, or when
    this hand's inputs are bad (the file is then left as it was); a bid above the
    convention's ``confirm_bid_above`` is refused unless ``confirmed``.  The file is
    replayed once, and only the new hand scored after it.  ``known``: the protocol
    and its replay as a session holds them, used when the file is still exactly
    that text under the lock (else it is read and replayed again); ``memo``: the
    replays' memo (:func:`bbscore.belot.game.replay`) of the same pairs and rules.
    """
    def change():
        # (the hands before are checked, not shown: no per-hand result kept)
        protocol, rules, warning, before = _held_or_read(path, known, memo=memo, keep=False)
        typed = _given(fields, protocol.header.pairs, rules, confirmed)
        _refuse_bad_file(protocol, before)
        if before.ended:
            raise ProtocolError(str(path), None, _("партия окончена на сдаче {hand}: {winner}; новые сдачи не принимаются").format(
                hand=before.ended_at, winner=_winner_text(protocol, before)))
        if (any(d.field in ("score", "total", "held") for d in before.discrepancies)
                and tuple(before.sheet_totals) == tuple(before.totals)):  # (else the total written says it, with both)
            warning = (warning + "; " if warning else "") + _("записанные очки или итоги расходятся с правилами — см. bbscore recompute")
        entry = HandEntry(number=len(protocol.hands) + 1, line=None, fields=dict(typed))
        after = replay([entry], protocol.header.pairs, protocol.header.target, rules, memo=memo, start=before)
        new = after.results[-1]
        if new.error is not None:
            raise new.error
        # the total carries on the sheet's own running total (what the players see), not a recount under changed rules
        sheet = before.sheet_totals
        written = _normal_fields(typed, new, (sheet[0] + new.score[0], sheet[1] + new.score[1]))
        done = sheets.append(protocol.sheet, written, Style.TABLES)
        return Appended(protocol=protocol, replay=after, warning=warning, before=before, written=done)

    return _changed(path, change)


@dataclass(frozen=True, kw_only=True)
class Replaced:
    """What ``edit`` did: the protocol, the replay of its hands up to this one as they were (``before``) and the rules'
    totals of all its hands as they were (``totals_before``), the replay after, the hand's number and a warning."""

    protocol: Protocol
    before: Any
    totals_before: tuple[int, int]
    replay: Any
    number: int
    warning: str | None
    written_total: tuple[int, int] | None = None  # the last hand's running total as written (None: it has none)


_RECORDED_TOTAL = operator.attrgetter("recorded_total")


def replace(path: Path, number: int, fields: dict[str, Any], *, confirmed: bool = True) -> Replaced:
    """Replace the inputs of hand ``number`` (1-based), rescore it and rewrite every later running total (and a later
    hand's score that was right and that the change makes another: points of a tie held over into it).

    The hand's note (and dealer, time) stay unless ``fields`` gives new ones.  Hand ``number`` may itself have bad
    inputs: the edit repairs it.  Refused, leaving the file as it was, when there is no such hand, when the new inputs
    are bad, when a hand before it has bad inputs (refused before anything is scored), when a later hand has bad
    inputs — made bad by the change, or bad as it was while hand ``number`` is good (the sheet's first bad hand is
    mended first; hands after a repaired one that are bad as they were stay, and the warning names them) — or when
    the change would end the game before a later hand.

    The sheet is replayed once: the hands before this one (unchanged, and so is the state they leave), this hand as
    it was and as it is now, and the hands after it from the new state.  They are replayed from the old state too only
    when they could score otherwise from it (:func:`bbscore.belot.game.carried_totals`).
    """
    def change():
        text, bom = sheets.read_text(path, kind=_("файл протокола"), missing=_("нет такого файла"))
        protocol = parse(path, text, sheets.parse(path, text), bom=bom, lines=False)  # (the line of hand N alone, below)
        rules, warning = convention_for(protocol)
        count = len(protocol.hands)
        if not 1 <= number <= count:
            raise InvalidValueError("hand", number, _("в протоколе сдачи с 1 по {count}").format(count=count) if count
                                    else _("в протоколе нет сдач"))
        pairs, target = protocol.header.pairs, protocol.header.target
        memo: dict = {}  # (each distinct hand scored once, for every replay below: what it writes, not its working)
        earlier = replay(protocol.hands[:number - 1], pairs, target, rules, memo=memo, working=False)
        bad_earlier = [d for d in earlier.discrepancies if d.field == "input"]
        if bad_earlier:  # (the state before hand N is not known)
            _refuse_bad_first(protocol, bad_earlier[0])
        old = protocol.hands[number - 1]
        old = HandEntry(number=number, line=protocol.sheet.hand_line(number), fields=old.fields)
        typed = _given(fields, pairs, rules, confirmed)
        carried = [key for key in ("note", "dealer", "time") if key not in typed and key in old.fields]
        for key in carried:
            typed[key] = old.fields[key]
        # this hand as it was and as it is now, with its working (shown), from the same state
        was = replay([old], pairs, target, rules, start=earlier)
        now = replay([HandEntry(number=number, line=old.line, fields=dict(typed))], pairs, target, rules, start=earlier)
        new = now.results[number - 1]
        if new.error is not None:
            if getattr(new.error, "field", None) in carried:  # (a bad value of the file's, not typed: the file's problem)
                raise sheets.carried_error(protocol.sheet, number, new.error.field, new.error) from new.error
            raise new.error
        later_hands = protocol.hands[number:]
        after = replay(later_hands, pairs, target, rules, memo=memo, start=now, working=False)
        if after.ended and after.ended_at < count:
            raise ProtocolError(
                str(path), old.line,
                (_("после такой правки сдачи {number} партия окончилась бы на сдаче {ended_at} ({winner_text}), а после неё "
                   "записана сдача {count}: не меняю (сначала уберите лишнюю сдачу: bbscore undo)") if after.ended_at + 1 == count
                 else _("после такой правки сдачи {number} партия окончилась бы на сдаче {ended_at} ({winner_text}), а после неё "
                        "записаны сдачи {value}–{count}: не меняю (сначала уберите лишние сдачи: bbscore undo)")).format(
                    number=number, ended_at=after.ended_at, winner_text=_winner_text(protocol, after), value=after.ended_at + 1,
                    count=count),
            )
        bad = [d for d in after.discrepancies if d.field == "input" and d.hand != number]
        if bad:  # (each a later hand: those before are refused above, and hand N's own error is raised)
            as_was = replay(later_hands, pairs, target, rules, memo=memo, start=was, working=False)
            bad_before = {d.hand: d for d in as_was.discrepancies if d.field == "input" and d.hand > number}
            blamed = [d for d in bad if d.hand not in bad_before or bad_before[d.hand].message != d.message]
            if blamed:
                raise sheets.made_bad(path, old.line, number, blamed[0].hand, blamed[0].message)
            if was.results[number - 1].error is None:  # (hand N good: the sheet's first bad hand is after it)
                _refuse_bad_first(protocol, next(iter(bad_before.values())))
            warning = sheets.still_bad(warning, bad[0].hand, bad[0].message)
        totals_before = carried_totals(after, now, was, later_hands, target)
        scores_before = None  # each later hand's score as the sheet was (None: as it is now, hand for hand)
        if totals_before is None:
            before = replay(later_hands, pairs, target, rules, memo=memo, start=was, working=False)
            totals_before, scores_before = before.totals, [result.score for result in before.results[number:]]
        sheet = earlier.sheet_totals
        written = _normal_fields(typed, new, (sheet[0] + new.score[0], sheet[1] + new.score[1]))
        sheet = (sheet[0] + new.score[0], sheet[1] + new.score[1])
        changes: dict[int, dict[str, Any]] = {}  # a later hand's score and points held over, changed where written
        totals: list[list[int] | None] = []  # every later running total (None: not written), changed where written
        first, second = sheet
        results = after.results[number:]
        if scores_before is None and not after.holding and not after.held_written:  # (the common case, at once)
            points = [later.score if later.recorded_score is None else later.recorded_score for later in results]
            firsts = itertools.accumulate(map(operator.itemgetter(0), points), initial=first)
            seconds = itertools.accumulate(map(operator.itemgetter(1), points), initial=second)
            next(firsts), next(seconds)  # (the totals after each later hand: the first is the edited hand's)
            if all(map(_RECORDED_TOTAL, results)):  # (every later hand has its total written: each is changed)
                totals = list(map(list, zip(firsts, seconds)))
            else:
                totals = [[a, b] if "total" in entry.fields else None
                          for a, b, entry in zip(firsts, seconds, later_hands)]
            results = ()
        for index, later in enumerate(results):
            recorded = later.recorded_score
            fields_later = later.entry.fields
            updates = None
            if recorded is None:
                points = later.score
            elif scores_before is not None and recorded == scores_before[index] and recorded != later.score:
                points = later.score  # a score that was right and that this edit changes (points of a tie held over)
                updates = {"score": list(points)}
            else:
                points = recorded
            first += points[0]
            second += points[1]
            totals.append([first, second] if "total" in fields_later else None)
            if later.held_out or "held" in fields_later:  # points of ties held over (RULES.md §12)
                updates = {**(updates or {}), "held": later.held_out or sheets.REMOVE}
            if updates:
                changes[later.entry.number] = updates
        sheets.replace(protocol.sheet, number, written, Style.TABLES, changes, sheets.Column("total", number + 1, totals),
                       held=False)
        last = totals[-1] if totals else written.get("total")
        return Replaced(protocol=protocol, before=was, totals_before=totals_before, replay=after, number=number,
                        warning=warning, written_total=None if last is None else (last[0], last[1]))

    return _changed(path, change)


def _normal_fields(given: dict[str, Any], result, total: tuple[int, int]) -> dict[str, Any]:
    """A new hand's fields as written: normal forms, whole numbers, its score and running total."""
    fields: dict[str, Any] = {}
    if result.hand is None:
        fields["redeal"] = given["redeal"]
    else:
        hand = result.hand
        fields["contract"] = str(hand.contract)
        fields["by"] = given["by"]
        if hand.def_cards is not None or hand.decl_cards is not None:
            if hand.def_cards is not None:
                fields["def_cards"] = [str(card) for card in hand.def_cards]
            if hand.decl_cards is not None:
                fields["decl_cards"] = [str(card) for card in hand.decl_cards]
            fields["last"] = hand.last.value
        elif given.get("def_points") is not None or given.get("decl_points") is None:
            fields["def_points"] = hand.def_points
        else:
            fields["decl_points"] = result.breakdown.counted_S - hand.def_points
        if given.get("melds"):
            fields["melds"] = given["melds"]
            fields["decl_seats"] = given["decl_seats"]
        else:
            if hand.decl_constructions:
                fields["decl_con"] = [str(c) for c in hand.decl_constructions]
            if hand.def_constructions:
                fields["def_con"] = [str(c) for c in hand.def_constructions]
        if given.get("decl_tricks") is not None or given.get("deal"):  # (with cards, the count follows from them)
            fields["decl_tricks"] = hand.decl_tricks
        if given.get("deal"):  # the deal the hand was refereed from: recompute referees it again (issue 23)
            fields["deal"] = given["deal"]
    for key in ("doezd", "note", "dealer", "time"):
        if given.get(key):
            fields[key] = given[key]
    fields["score"] = list(result.score)
    fields["total"] = list(total)
    if result.held_out:  # points of ties held over after this hand (RULES.md §12)
        fields["held"] = result.held_out
    return fields


def _winner_text(protocol: Protocol, replay) -> str:
    if replay.winner is None:
        return _("ничья")
    return _("победили «{pair}»").format(pair=protocol.header.pairs[replay.winner])


def remove_last(path: Path) -> tuple[Protocol, HandEntry]:
    """Remove the last hand of a protocol; returns the protocol as it was and the removed hand."""
    def change():
        protocol = read(path)
        if not protocol.hands:
            raise ProtocolError(str(path), None, _("в протоколе нет сдач"))
        sheets.remove_last(protocol.sheet)
        return protocol, protocol.hands[-1]

    return _changed(path, change)


def fix(path: Path, known: tuple[Protocol, Any] | None = None) -> Path | None:
    """Write the computed score and total of every hand back, under the game's own rules (a backup beside the file first).

    ``known``: the protocol as just read and its replay under its own rules
    (``recompute --fix``); used when the file is still exactly that text under
    the lock, else the file is read and replayed again.  Returns the backup's
    path, or None when nothing differed.  Refused when a hand's inputs are bad
    (its score cannot be computed).
    """
    def change():
        protocol, rules, _warning, result = _held_or_read(path, known)
        _refuse_bad_file(protocol, result)
        changes: dict[int, dict[str, Any]] = {}  # hand number → the keys written anew, each where it is written
        slipped = {(d.hand, d.field) for d in result.discrepancies}  # (a 5.0 equals 5, and is still a slip)
        for entry, hand in zip(protocol.hands, result.results, strict=True):
            for key, value in (("score", list(hand.score)), ("total", list(hand.total))):
                if entry.fields.get(key) != value or (entry.number, key) in slipped:
                    changes.setdefault(entry.number, {})[key] = value
            if entry.fields.get("held", 0) != hand.held_out:  # points of ties held over (RULES.md §12)
                changes.setdefault(entry.number, {})["held"] = hand.held_out or sheets.REMOVE
        game = None
        if protocol.header.convention_sha256 is None:  # the rules' hash, after their name
            old = protocol.sheet.data["game"]
            game = {}
            for key, value in old.items():
                game[key] = value
                if key == "convention":
                    game["convention_sha256"] = rules.sha256
            game.setdefault("convention_sha256", rules.sha256)
        if not changes and game is None:
            return None
        return sheets.rewrite(protocol.sheet, changes, game, Style.TABLES)

    return _changed(path, change)
