"""Preferans score sheets (пуля) as TOML files: read with line numbers, create, append, undo, fix.

The file is the source of truth, like the Bazar-Belot protocol (:mod:`bbscore.belot.protocol`), and shares its file
machinery (:mod:`bbscore.files`: TOML with lines, atomic write, lock, backup)::

    [game]
    game = "preferans"
    format = 1
    convention = "rostov"
    convention_sha256 = "…"
    target = 20
    players = ["Аня", "Боря", "Вера"]

    [[hand]]
    game = "6♠"
    by = "Аня"
    tricks = 7                  # the declarer's tricks (распасы: a table of everyone's)
    whist = { "Боря" = 3 }      # the whisters and the tricks each took
    pass = ["Вера"]             # the defenders who passed
    pulya = { "Аня" = 2 }       # what the hand wrote: checked by recompute
    gora = { "Боря" = 1 }
    vists = [{ from = "Боря", on = "Аня", vists = 6 }]

With four players each hand also has ``dealer`` (who sits out; by rotation from the first player).  Every change
goes through :mod:`bbscore.sheets` (the same engine as the Bazar-Belot protocol's: comments and the other hands'
layout kept, the new text proven before it is written): a new hand follows the last one; ``undo`` removes the last
``[[hand]]`` table; ``fix`` writes what each hand writes, key by key (a backup beside the file first).  Each key is
one line, its lists and tables inline (:attr:`bbscore.sheets.Style.INLINE`).  Vists that are not whole are written
as text, ``"15/2"``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from dataclasses import replace as with_fields
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from bbscore import conventions, games
from bbscore.errors import (
    BBScoreError,
    ConventionError,
    InconsistentHandError,
    InvalidValueError,
    ProtocolError,
    shown,
)
from bbscore.seats import MAX_NAME, MAX_NOTE, distinct, new_names, typed_name
from bbscore.files import key_line, locked
from bbscore import sheets
from bbscore.sheets import Sheet, Style, check_sheet_path, field_line, names_a_path, sheet_header, stored_convention
from bbscore.preferans.engine import HandEntries, next_run, score
from bbscore.preferans.hand import PrefHand, check_players
from bbscore.preferans.inputs import (  # noqa: F401 (dealer_of: re-exported for the commands)
    INPUT_KEYS,
    WRITTEN_KEYS,
    dealer_of,
    input_fields,
    make,
    named,
    plain,
    vists_by_pair,
    with_revoke,
    written_fields,
)
from bbscore.preferans.pulya import PulyaSheet, check_run, first_end, replay
from bbscore.preferans.rules import GAME, LoadedPreferans, PrefConvention
from bbscore.i18n import N_, _

FORMAT = 1
HEADER_KEYS = ("game", "format", "convention", "convention_sha256", "target", "players")
HEADER_OPTIONAL = ("dealer", "created", "note", "place", "lang")
FIELD_NAMES = {"pulya": N_("пуля"), "gora": N_("гора"), "vists": N_("висты"), "input": N_("ввод")}  # translated where shown


@dataclass(frozen=True, kw_only=True)
class Header:
    """The ``[game]`` table."""

    convention: str
    convention_sha256: str | None
    target: int
    players: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Record:
    """A ``[[hand]]`` as written: its number (from 1), its line and its keys."""

    number: int
    line: int | None
    fields: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class PrefProtocol:
    """A read sheet: its header, its hands (with lines), its text, where each hand's table starts in it, and the
    sheet as read (:class:`bbscore.sheets.Sheet`: what every change starts from)."""

    path: Path
    header: Header
    hands: list[Record]
    text: str
    starts: list[int] | None  # offset of each ``[[hand]]`` in the text (None when written otherwise)
    sheet: Sheet

    def field_line(self, record: Record, key: str) -> int | None:
        """The line of ``key = …`` inside a hand's table, or the hand's own line."""
        return field_line(self.text, self.starts, record.number, record.line, key)


class NotPreferansError(ProtocolError):
    """A TOML file whose ``[game]`` table is not a preferans sheet's (a Bazar-Belot protocol)."""


# --- Reading ---


def read_text(path: Path) -> str:
    """The file's text (:class:`ProtocolError` when it is missing, a folder, a pipe, too big, unreadable, not UTF-8)."""
    return _read_text(path)[0]


def _read_text(path: Path) -> tuple[str, bool]:
    return sheets.read_text(path, kind=_("файл пули"), missing=_("нет такого файла (начать пулю: bbscore pref new)"))


def read_text_bom(path: Path) -> tuple[str, bool] | None:
    """The file's text and whether it starts with a byte-order mark; None when it cannot be read (whoever reads it
    next says why)."""
    try:
        return _read_text(path)
    except ProtocolError:
        return None


def parse(path: Path, text: str, data: dict[str, Any] | None = None, *, bom: bool = False,
          lines: bool = True) -> PrefProtocol:
    """A sheet's text → :class:`PrefProtocol` (hands as written; their inputs are checked when replayed).

    ``data``: the text's TOML when it has been parsed already (``recompute`` of a file it first took for a
    Bazar-Belot protocol); ``bom``: whether the file starts with a byte-order mark (kept when it is written);
    ``lines=False``: the hands' lines are not looked for (None: a check finds the lines of what it reports,
    :func:`report_lines`).
    """
    if data is None:
        data = sheets.parse(path, text)
    header = _header(path, data, text)
    hands_data = data.get("hand", [])
    if not isinstance(hands_data, list) or not all(isinstance(h, dict) for h in hands_data):
        raise ProtocolError(str(path), key_line(text, "hand"), _("hand должен быть списком таблиц [[hand]]"))
    sheet = Sheet(path=path, text=text, bom=bom, data=data)
    found, starts = sheet.hand_lines() if lines else ([None] * len(hands_data), None)
    hands = [Record(number=i + 1, line=found[i], fields=hand) for i, hand in enumerate(hands_data)]
    return PrefProtocol(path=path, header=header, hands=hands, text=text, starts=starts, sheet=sheet)


def report_lines(protocol: PrefProtocol, discrepancies: list[Discrepancy]) -> list[int | None]:
    """The line of each discrepancy of a sheet parsed without its lines (``parse(…, lines=False)``): of its key
    in the hand's table, else of the hand."""
    if not discrepancies:
        return []
    lines, starts = protocol.sheet.hand_lines()
    return [field_line(protocol.text, starts, d.hand, lines[d.hand - 1], d.key) if d.key else lines[d.hand - 1]
            for d in discrepancies]


def read(path: Path) -> PrefProtocol:
    """Read a sheet (:class:`ProtocolError` with the file and line when it cannot be used)."""
    text, bom = _read_text(path)
    return parse(path, text, bom=bom)


def _header(path: Path, data: dict[str, Any], text: str) -> Header:
    game = data.get("game")
    if not isinstance(game, dict):
        raise ProtocolError(str(path), None, _("нет таблицы [game]"))
    if game.get("game") != GAME:
        other = games.other_game(game.get("game"))  # a sheet of another game of the house says whose it is
        raise NotPreferansError(str(path), key_line(text, "game"), other or _(
            'это не пуля преферанса (в [game] нет game = "{GAME}")').format(GAME=GAME))
    unknown = sorted(set(data) - {"game", "hand"})
    if unknown:
        raise ProtocolError(str(path), key_line(text, unknown[0]), _("неизвестный раздел «{value}»; есть [game] и [[hand]]").format(value=unknown[0]))

    def refuse(key: str, problem: str) -> ProtocolError:
        return ProtocolError(str(path), key_line(text, key), f"[game] {key}: {problem}")

    convention, sha, target = sheet_header(path, text, game, keys=(*HEADER_KEYS, *HEADER_OPTIONAL), format=FORMAT,
                                           example="rostov")
    players = game.get("players")
    if not (isinstance(players, list) and len(players) in (3, 4)
            and all(isinstance(p, str) and p.strip() and len(p) <= MAX_NAME for p in players) and distinct(players)):
        raise refuse("players", _("ожидаются 3 или 4 разных имени игроков (до {count} знаков), например [\"Аня\", \"Боря\", "
                                  "\"Вера\"], а дано {value}").format(value=shown(players), count=MAX_NAME))
    dealer = game.get("dealer")
    if dealer is not None and (len(players) != 4 or dealer not in players):
        raise refuse("dealer", _("первый сдающий — один из четырёх игроков (втроём сдающий играет: не указывается)"))
    extra = {key: game[key] for key in HEADER_OPTIONAL if key in game}
    return Header(convention=convention, convention_sha256=sha, target=target, players=tuple(players), extra=extra)


# --- The rules of a sheet ---


def rules_for(protocol: PrefProtocol, override: str | None = None) -> tuple[LoadedPreferans, PrefConvention, str | None]:
    """The sheet's convention (``override`` wins), the settings with the sheet's target, and a warning when they
    are not the rules the sheet was kept with."""
    name = override or protocol.header.convention
    if override is None and names_a_path(name) and not Path(name).is_absolute() and not name.startswith("~"):
        name = str(protocol.path.parent / name)
    try:
        rules = conventions.load(name, game=GAME)
    except ConventionError as error:
        if override is not None:
            raise
        reason = conventions.sheet_refusal(error, name)  # (a file anywhere it names: nothing of it quoted)
        raise ProtocolError(str(protocol.path), key_line(protocol.text, "convention"),
                            _("правила пули «{convention}» ([game] convention): {reason}").format(convention=protocol.header.convention, reason=reason)) from None
    warning = None
    recorded = protocol.header.convention_sha256
    if override is not None and (recorded is None or not rules.same_rules(recorded)):
        warning = _("пересчёт по правилам «{rules}», а пуля записана по «{convention}»").format(
            rules=rules.name, convention=protocol.header.convention)
    elif recorded is not None and not rules.same_rules(recorded):
        warning = _("правила «{convention}» изменились с тех пор, как записана пуля "
                    "(sha256 в файле {recorded}…, сейчас {current}…)").format(
            convention=protocol.header.convention, recorded=recorded[:12], current=rules.sha256[:12])
    return rules, rules.with_target(protocol.header.target), warning


# --- Replay with checks ---


@dataclass(frozen=True, kw_only=True)
class Discrepancy:
    """A hand's input the rules refuse, or what it wrote that they do not give; ``key``: the hand's key whose line
    ``line`` is (empty: the hand's own line)."""

    hand: int
    line: int | None
    field: str  # pulya, gora, vists, input
    recorded: Any
    computed: Any
    message: str
    key: str = ""


@dataclass(frozen=True, kw_only=True)
class Checked:
    """A sheet replayed: the running sheet of its good hands, each hand's entries (None when its inputs are bad),
    and every discrepancy."""

    sheet: PulyaSheet
    entries: list[HandEntries | None]
    hands: list[PrefHand | None]
    discrepancies: list[Discrepancy]


def _recorded_number(value: Any) -> Fraction | None:
    """A number a hand recorded (``pulya``, ``gora``, ``vists``): by the one strict reader, :func:`bbscore.numbers.exact`
    (whole or ``"15/2"``, ASCII digits, at most 15 digits a part; ``inf``, ``nan``, ``"1e999999"`` are not read — and
    never handed to :class:`~fractions.Fraction`, which would compute 10**100000000 for ``"1e100000000"``)."""
    from bbscore.numbers import exact

    return exact(value)


def _recorded_table(value: Any) -> dict[str, Fraction] | None:
    if value is None:
        return {}
    if not isinstance(value, dict):
        return None
    table = {}
    for player, n in value.items():
        number = _recorded_number(n)
        if number is None:
            return None
        if number:
            table[player] = number
    return table


def _recorded_vists(value: Any) -> dict[tuple[str, str], Fraction] | None:
    if value is None:
        return {}
    if not isinstance(value, list):
        return None
    pairs: dict[tuple[str, str], Fraction] = {}
    for item in value:
        if not isinstance(item, dict) or set(item) != {"from", "on", "vists"}:
            return None
        number = _recorded_number(item["vists"])
        if number is None or not isinstance(item["from"], str) or not isinstance(item["on"], str):
            return None
        key = (item["from"], item["on"])
        pairs[key] = pairs.get(key, Fraction(0)) + number
    return {pair: n for pair, n in pairs.items() if n}


def _table_text(table: dict[str, Fraction]) -> str:
    return ", ".join(f"{p} {plain(n)}" for p, n in table.items()) or _("ничего")


def _vists_text(pairs: dict[tuple[str, str], Fraction]) -> str:
    return ", ".join(f"{a} → {b} {plain(n)}" for (a, b), n in pairs.items()) or _("ничего")


_OWNER = object()  # the key under which a memo keeps the rules and players its hands were scored with
_NOTHING = HandEntries(contract="", pulya={}, gora={}, vists=(), steps=())  # what a bad hand adds to the sheet
# What a hand's scoring does not depend on: what it wrote, and its note (checked on its own: see _scored).
_NOT_SCORED = frozenset(WRITTEN_KEYS + ("note",))


def _frozen(value: Any) -> Any:
    """A value of a hand's key as part of a memo key: with its type, a list as a tuple and a table as its items, each
    item with its type too (``1``, ``1.0`` and ``true`` differ everywhere)."""
    kind = value.__class__
    if kind is list:
        return kind, tuple((item.__class__, item) for item in value)
    if kind is dict:
        return kind, tuple((key, item.__class__, item) for key, item in value.items())
    return kind, value


def _scored(record: Record, players: tuple[str, ...], convention: PrefConvention, run: int,
            memo: dict | None) -> tuple[PrefHand, HandEntries, tuple[str, str, str] | None]:
    """A hand's inputs checked (:func:`~bbscore.preferans.inputs.make`, then the run of распасы before it) and
    scored, with what it writes (:func:`_written_reprs`); with a ``memo``, each distinct input and run once (a hand
    is a pure function of its inputs, the players, the rules and the run before it).  Raises as ``make`` and
    ``check_run`` (a refusal is not remembered)."""
    fields = record.fields
    if memo is not None:
        key = (run, *(item for name, value in fields.items() if name not in _NOT_SCORED for item in (name, _frozen(value))))
        try:
            found = memo.get(key)
        except TypeError:  # a value nesting lists or tables (refused by make)
            found, key = None, None
        if found is not None:
            note = fields.get("note")  # the one check of make not in the key, made as make makes it
            if note is not None and (not isinstance(note, str) or len(note) > MAX_NOTE):
                make(fields, players, convention)  # (refused, in its words)
            return found
    hand = make(fields, players, convention)
    check_run(hand, convention, run)
    entries = with_revoke(fields, score(hand, convention, run), players, convention)  # (a kept deal's revoke)
    scored = hand, entries, _written_reprs(entries)
    if memo is not None and key is not None:
        memo[key] = scored
    return scored


def _written_reprs(entries: HandEntries) -> tuple[str, str, str] | None:
    """What a hand writes as the file keeps it, each key's value as ``repr`` gives it (``pulya``, ``gora``,
    ``vists``): a recorded value with the very same ``repr`` — the same keys in the same order, the same values of
    the same types — reads back to exactly what the rules give (:func:`check` then compares no further).  None when
    a number written would not read back so (0, or beyond what the reader takes: :func:`_recorded_number`)."""
    from bbscore.numbers import MAX_DIGITS

    bound = 10**MAX_DIGITS
    pairs = vists_by_pair(entries)
    for value in (*entries.pulya.values(), *entries.gora.values(), *pairs.values()):
        number = Fraction(value)
        if not number or not abs(number.numerator) < bound or not number.denominator < bound:
            return None
    written = _plain_value(written_fields(entries))
    return repr(written["pulya"]), repr(written["gora"]), repr(written["vists"])


def check(protocol: PrefProtocol, convention: PrefConvention, memo: dict | None = None,
          start: Checked | None = None) -> Checked:
    """Replay the sheet's hands: each one's inputs checked and scored, what it wrote compared with the rules.

    ``memo``: a dict remembering each distinct hand's scoring — a command that checks the same sheet more than once
    passes the same one; it holds the hands of one table's players under one rule set, and is begun again when given
    with others.  By default each check has its own.  ``start``: the check (by the same rules) of the sheet's first
    hands, as they still are: only the hands after them are checked, and the пуля carried on from its sheet."""
    players = protocol.header.players
    discrepancies: list[Discrepancy] = [] if start is None else list(start.discrepancies)
    entries_list: list[HandEntries | None] = [] if start is None else list(start.entries)
    hands: list[PrefHand | None] = [] if start is None else list(start.hands)
    good: list[PrefHand] = [hand for hand in hands if hand is not None]
    memo = {} if memo is None else memo
    if memo.get(_OWNER) != (convention, players):  # a memo of other rules or players: begun again
        memo.clear()
        memo[_OWNER] = (convention, players)
    # распасы in a row before the hand (RULES.md §11): its price and the lowest game after them
    run = 0 if start is None else start.sheet.run
    for record in protocol.hands[len(hands):]:
        fields = record.fields
        try:
            hand, entries, written = _scored(record, players, convention, run, memo)
        except BBScoreError as error:
            key = error.field.split("/")[0] if error.field in fields else ""
            discrepancies.append(Discrepancy(hand=record.number, line=protocol.field_line(record, key) if key else record.line,
                                             field="input", recorded=None, computed=None, message=error.message(), key=key))
            entries_list.append(None)
            hands.append(None)
            continue
        run = next_run(hand, convention, run)
        good.append(hand)
        hands.append(hand)
        entries_list.append(entries)
        for index, key in enumerate(("pulya", "gora")):
            if written is not None and repr(fields.get(key)) == written[index]:
                continue  # written as the rules write it (see _written_reprs)
            recorded = _recorded_table(fields.get(key))
            computed = {p: Fraction(n) for p, n in (entries.pulya if key == "pulya" else entries.gora).items()}
            if recorded != computed:
                discrepancies.append(Discrepancy(
                    hand=record.number, line=protocol.field_line(record, key), field=key, key=key,
                    recorded=_jsonable(fields.get(key)), computed={p: plain(n) for p, n in computed.items()},
                    message=(_("записано {recorded}, по правилам {computed}").format(
                                 recorded=_table_text(recorded), computed=_table_text(computed)) if recorded is not None
                             else _("не читается ({value}); по правилам {computed}").format(
                                 value=shown(fields.get(key)), computed=_table_text(computed)))))
        if written is not None and repr(fields.get("vists")) == written[2]:
            continue
        recorded_vists = _recorded_vists(fields.get("vists"))
        computed_vists = vists_by_pair(entries)
        if recorded_vists != computed_vists:
            discrepancies.append(Discrepancy(
                hand=record.number, line=protocol.field_line(record, "vists"), field="vists", key="vists",
                recorded=_jsonable(fields.get("vists")),
                computed=[{"from": a, "on": b, "vists": plain(n)} for (a, b), n in computed_vists.items()],
                message=(_("записано {recorded}, по правилам {computed}").format(
                             recorded=_vists_text(recorded_vists), computed=_vists_text(computed_vists))
                         if recorded_vists is not None else
                         _("не читается; по правилам {computed}").format(computed=_vists_text(computed_vists)))))
    if start is None:
        sheet = replay(players, good, convention, [e for e in entries_list if e is not None])
    else:  # (the пуля carried on from the sheet of the hands before)
        sheet = replay(players, [hand for hand in hands[len(start.hands):] if hand is not None], convention,
                       [entry for entry in entries_list[len(start.entries):] if entry is not None], start=start.sheet)
    return Checked(sheet=sheet, entries=entries_list, hands=hands, discrepancies=discrepancies)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


# --- Writing ---


def _plain_value(value: Any) -> Any:
    """A value as the file keeps it: vists that are not whole as text (``"15/2"``), tuples as lists."""
    if isinstance(value, Fraction):
        return plain(value)
    if isinstance(value, dict):
        return {key: _plain_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_value(item) for item in value]
    return value


def header_data(header: Header) -> dict[str, Any]:
    """The ``[game]`` table of a sheet, in the order it is written."""
    game: dict[str, Any] = {"game": GAME, "format": FORMAT, "convention": header.convention}
    if header.convention_sha256:
        game["convention_sha256"] = header.convention_sha256
    game["target"] = header.target
    game["players"] = list(header.players)
    game.update(header.extra)
    return game


def header_text(header: Header) -> str:
    """The ``[game]`` table's text (one line a key)."""
    return sheets.table_text("game", header_data(header), Style.INLINE)


def _ordered(fields: dict[str, Any]) -> dict[str, Any]:
    """A hand's keys in the order they are written (its inputs, what it wrote, then any other), values as kept."""
    order = [k for k in INPUT_KEYS + WRITTEN_KEYS if k in fields] + [k for k in fields if k not in INPUT_KEYS + WRITTEN_KEYS]
    return {key: _plain_value(fields[key]) for key in order}


def hand_text(fields: dict[str, Any]) -> str:
    """A hand's ``[[hand]]`` table as the file keeps it, after a blank line."""
    return "\n" + sheets.hand_text(_ordered(fields), Style.INLINE)


def dumps(header: Header, hands: list[dict[str, Any]]) -> str:
    """A whole sheet's text (what :func:`create` and then :func:`append` of each hand write)."""
    return header_text(header) + "".join(hand_text(fields) for fields in hands)


def _check_existing(path: Path) -> None:
    """:func:`check_path` of an existing sheet (then each change runs through :func:`bbscore.sheets.change`: a sheet
    with no lock file yet is changed in rehearsal first, so that a refused command leaves none)."""
    check_path(path, must_exist=True)


def check_path(path: Path, *, must_exist: bool) -> None:
    """Refuse a path that cannot be a sheet (see :func:`bbscore.files.check_sheet_path`)."""
    check_sheet_path(path, must_exist=must_exist, kind=_("файл пули"), example="pulya.toml",
                     missing=_("нет такого файла (начать пулю: bbscore pref new)"))


def create(path: Path, players: list[str], convention_name: str, target: int | None = None,
           dealer: str | None = None, more: dict[str, Any] | None = None,
           reserved: Callable[[str], str | None] | None = None) -> Header:
    """Create a new sheet (an existing file is refused).  ``dealer``: with four players, who deals first; ``more``:
    other ``[game]`` keys (``lang``: the language the game is kept in); ``reserved``: the words a player may not be
    named (:func:`bbscore.seats.new_names`)."""
    check_path(path, must_exist=False)
    if path.exists():
        raise ProtocolError(str(path), None, _("файл уже есть — не перезаписываю"))
    rules = conventions.load(convention_name, game=GAME)
    names = new_names(players, "players", _("имена игроков"), reserved)
    for name in names:
        if any(ch in name for ch in ",:="):
            raise InvalidValueError("players", ",".join(players), _("имена игроков через запятую, непустые, без «:» и «=»"))
    check_players(names, rules.settings)
    if target is not None and target < 1:
        raise InvalidValueError("target", target, _("пуля — положительное число"))
    extra: dict[str, Any] = {}
    if dealer is not None:
        dealer = typed_name(dealer)
        if len(names) != 4:
            raise InvalidValueError("dealer", dealer, _("первый сдающий указывается только вчетвером (втроём сдающий играет)"))
        if dealer not in names:
            raise InvalidValueError("dealer", dealer, _("нет такого игрока; играют: {join}").format(join=', '.join(names)))
        extra["dealer"] = dealer
    extra["created"] = time.strftime("%Y-%m-%d %H:%M")
    extra.update(more or {})
    header = Header(convention=stored_convention(convention_name, path), convention_sha256=rules.sha256,
                    target=rules.settings.pulya.target if target is None else target, players=names, extra=extra)
    check_path(path, must_exist=False)
    text = sheets.new_text(path, header_data(header), Style.INLINE, lambda text, data: _header(path, data, text))
    with locked(path):
        sheets.create(path, text)
    return header


@dataclass(frozen=True, kw_only=True)
class Appended:
    """What ``pref add`` did: the sheet before, the new hand's number, the hand and what it writes, the sheet replayed
    after it (``written``: the sheet as written), a warning."""

    protocol: PrefProtocol
    number: int
    hand: PrefHand
    entries: HandEntries
    after: Checked
    warning: str | None
    written: PrefProtocol | None = None
    convention: PrefConvention | None = None  # the rules it was checked by


def _refuse_bad_first(protocol: PrefProtocol, bad: Discrepancy) -> None:
    """Refuse an edit of another hand while hand ``bad.hand``, the sheet's first bad hand, has bad inputs
    (:func:`bbscore.sheets.mend_first`), at its line."""
    line = bad.line if bad.line is not None else report_lines(protocol, [bad])[0]  # (read without lines)
    raise sheets.mend_first(protocol.path, line, bad.hand, bad.message)


def _refuse_bad_hands(protocol: PrefProtocol, checked: Checked) -> None:
    bad = [d for d in checked.discrepancies if d.field == "input"]
    if bad:
        first = bad[0]
        line = first.line if first.line is not None else report_lines(protocol, [first])[0]  # (read without lines)
        raise ProtocolError(str(protocol.path), line,
                            _("в сдаче {hand} ошибка ({message}); исправьте файл, проверка: bbscore recompute").format(hand=first.hand, message=first.message))


def append(path: Path, given: dict[str, Any], *, known: tuple[PrefProtocol, Checked] | None = None,
           memo: dict | None = None) -> Appended:
    """Score a hand by the sheet's rules and append it with what it writes (the dealer by rotation).

    Refused, with nothing written, when the пуля is closed, an earlier hand has bad inputs, or this hand's
    inputs are bad.  ``known``: the sheet and its check as a session holds them, used when the file is still exactly
    that text under the lock (else it is read and checked again); ``memo``: the checks' memo (:func:`check`).
    """
    _check_existing(path)
    def change():
        if known is not None and _read_text(path) == (known[0].text, known[0].sheet.bom):
            protocol, before = known
            _loaded, convention, warning = rules_for(protocol)
        else:
            text, bom = _read_text(path)
            protocol = parse(path, text, bom=bom, lines=False)  # (the line of a bad hand alone: _refuse_bad_hands)
            _loaded, convention, warning = rules_for(protocol)
            before = check(protocol, convention, memo)
        _refuse_bad_hands(protocol, before)
        if before.sheet.ended:
            raise ProtocolError(str(path), None, _("пуля закрыта — новые сдачи не принимаются (итог: bbscore pref settle)"))
        if before.discrepancies:
            warning = (warning + "; " if warning else "") + _("записанное в сдачах расходится с правилами — см. bbscore recompute")
        number = len(protocol.hands) + 1
        players = protocol.header.players
        dealer = dealer_of(number, players, protocol.header.extra.get("dealer"))
        fields = named(given, players, dealer)
        if dealer is not None:
            fields["dealer"] = dealer
        hand = make(fields, players, convention)
        check_run(hand, convention, before.sheet.run)
        entries = with_revoke(fields, score(hand, convention, before.sheet.run), players, convention)
        fields = {**input_fields(hand, fields), **written_fields(entries)}
        written = sheets.append(protocol.sheet, _ordered(fields), Style.INLINE)
        # the sheet as written: its hands are the ones before, as they were (the write proved it), and the new one
        anew = PrefProtocol(path=path, header=protocol.header, text=written.text, starts=None, sheet=written,
                            hands=[*protocol.hands, Record(number=number, line=None, fields=written.data["hand"][-1])])
        after = check(anew, convention, memo, start=before)  # (the hands before are as they were: only the new one)
        return Appended(protocol=protocol, number=number, hand=hand, entries=entries, after=after, warning=warning,
                        written=anew, convention=convention)

    return sheets.change(path, change)


@dataclass(frozen=True, kw_only=True)
class Replaced:
    """What :func:`replace` changed: the sheet before, hand ``number`` as it was and as it is now, the sheet replayed
    after the change, the later hands whose entries changed with it."""

    protocol: PrefProtocol
    number: int
    old: Record
    hand: PrefHand
    entries: HandEntries
    before: Checked
    after: Checked
    changed: tuple[int, ...]
    warning: str | None
    old_error: str | None = None  # why hand ``number`` as it was could not be scored (the edit repaired it)


def replace(path: Path, number: int, given: dict[str, Any]) -> Replaced:
    """Replace the inputs of hand ``number`` (1-based) with ``given`` (keys as :func:`append` takes them; the hand's
    note stays unless ``given`` has one, its dealer is the rotation's), score it again and write what every later
    hand now writes (a run of распасы carries the change on) — one locked write through :func:`bbscore.sheets.replace`.

    Hand ``number`` may itself have bad inputs (a hand written wrong by hand): the edit repairs it, and as how the
    hands after it scored was never known (the run of распасы after it), each of them is written what it writes where
    it recorded otherwise (not only where its scoring changed, as after a good hand ``number``).  Refused, leaving
    the file as it was: no such hand, bad inputs, a hand before it with bad inputs (the state before it is not known),
    a hand after it with bad inputs — made bad by the change, or bad already while hand ``number`` is good (the sheet's
    first bad hand is mended first; hands after a repaired one that were bad as they still are stay, and the warning
    names them) — or a change after which the пуля would be closed before a later hand.
    """
    _check_existing(path)
    def change():
        text, bom = _read_text(path)
        protocol = parse(path, text, bom=bom, lines=False)  # (a line only for what is reported)
        _loaded, convention, warning = rules_for(protocol)
        count = len(protocol.hands)
        if not 1 <= number <= count:
            raise InvalidValueError("hand", number, _("в пуле сдачи с 1 по {count}").format(count=count) if count
                                    else _("в пуле нет сдач"))
        memo: dict = {}  # (each distinct hand, and run of распасы before it, scored once for both checks)
        before = check(protocol, convention, memo)
        bad_before = {d.hand: d for d in before.discrepancies if d.field == "input"}  # (in the order of the hands)
        repaired = bad_before.get(number)  # hand N's own inputs are bad: this edit repairs it
        other = next((d for hand, d in bad_before.items() if hand != number), None)
        if other is not None and (other.hand < number or repaired is None):  # (the sheet's first bad hand: mend it first)
            _refuse_bad_first(protocol, other)
        players = protocol.header.players
        old = protocol.hands[number - 1]
        dealer = dealer_of(number, players, protocol.header.extra.get("dealer"))
        fields = named(given, players, dealer)
        if dealer is not None:
            fields["dealer"] = dealer
        carried = "note" not in fields and old.fields.get("note")
        if carried:
            fields["note"] = old.fields["note"]
        try:
            hand = make(fields, players, convention)
        except InconsistentHandError as error:
            if carried and error.field == "note":  # (the file's note, not typed: the file's problem)
                raise sheets.carried_error(protocol.sheet, number, "note", error) from error
            raise
        inputs = input_fields(hand, fields)
        records = list(protocol.hands)
        records[number - 1] = Record(number=number, line=old.line, fields=inputs)
        anew = replace_records(protocol, records)
        after = _checked_anew(anew, before, number, convention, memo)
        bad = [d for d in after.discrepancies if d.field == "input"]
        # a later hand bad as it was before the edit (only after a repaired hand N) is not the edit's doing
        blamed = [d for d in bad if d.hand <= number or d.hand not in bad_before or bad_before[d.hand].message != d.message]
        if blamed:
            raise sheets.made_bad(path, protocol.sheet.hand_line(number), number, blamed[0].hand, blamed[0].message)
        if bad:
            warning = sheets.still_bad(warning, bad[0].hand, bad[0].message)
        end = first_end(players, [_NOTHING if e is None else e for e in after.entries], convention, number, count,
                        after.sheet)
        if end is not None:  # (the sheet of the first `end` hands has ended, and a hand is written after it)
            raise ProtocolError(str(path), protocol.sheet.hand_line(number), (
                _("после такой правки сдачи {number} пуля закрылась бы на сдаче {end}, а после неё записана сдача "
                  "{count}: не меняю") if end + 1 == count else
                _("после такой правки сдачи {number} пуля закрылась бы на сдаче {end}, а после неё записаны сдачи "
                  "{next}–{count}: не меняю")).format(number=number, end=end, next=end + 1, count=count))
        new_entries = after.entries[number - 1]
        assert new_entries is not None
        changes: dict[int, dict[str, Any]] = {}
        for record, was, later in zip(protocol.hands[number:], before.entries[number:], after.entries[number:]):
            if later is None:  # bad as it was (see above)
                continue
            if repaired is not None or was is None:  # how it scored was never known (the run of распасы after a bad
                updates = _unlike_recorded(record.fields, later)  # hand N): what it writes, where it wrote otherwise
            elif was is later:  # the same scoring (the same inputs after the same run of распасы): it writes the same
                continue
            else:
                old_written = written_fields(was)  # (a slip written in a later hand stays: recompute names it)
                updates = {key: _plain_value(value) for key, value in written_fields(later).items()
                           if not sheets.same(_plain_value(value), _plain_value(old_written[key]))}
            if updates:
                changes[record.number] = updates
        sheets.replace(protocol.sheet, number, _ordered({**inputs, **written_fields(new_entries)}), Style.INLINE, changes)
        return Replaced(protocol=protocol, number=number, old=old, hand=hand, entries=new_entries, before=before,
                        after=after, changed=tuple(sorted(changes)), warning=warning,
                        old_error=repaired.message if repaired is not None else None)

    return sheets.change(path, change)


def _unlike_recorded(fields: dict[str, Any], entries: HandEntries) -> dict[str, Any]:
    """The keys of what a hand writes (:func:`written_fields`) that it recorded otherwise (compared as :func:`check`
    compares them) or not at all, with the values to write."""
    updates = {}
    for key, value in written_fields(entries).items():
        recorded = fields.get(key)
        if key == "vists":
            same = _recorded_vists(recorded) == vists_by_pair(entries)
        else:
            same = _recorded_table(recorded) == {p: Fraction(n) for p, n in value.items()}
        if not same or key not in fields:
            updates[key] = _plain_value(value)
    return updates


def _checked_anew(anew: PrefProtocol, before: Checked, number: int, convention: PrefConvention, memo: dict) -> Checked:
    """:func:`check` of ``anew``, the sheet checked as ``before`` (the hands before ``number`` good) with hand
    ``number`` changed: the hands before it are carried on as they were, it is checked, and so are the hands after
    it — unless the run of распасы after it is what it was and every hand was good: a hand's check is a function of
    its inputs and of the run before it alone (:func:`_scored`, the recorded values against what it writes), so each
    later hand is then checked as it was.  When hand ``number`` was bad (an edit repairing it), the run after it was
    never known (``before.sheet.runs`` counts the good hands only): the hands after it are checked anew."""
    players = anew.header.players
    first = _first_hands(before, number - 1, players, convention)
    if number == len(anew.hands) or any(hand is None for hand in before.hands[number - 1:]):
        return check(anew, convention, memo, start=first)
    now = check(replace_records(anew, anew.hands[:number]), convention, memo, start=first)
    if now.hands[-1] is None or now.sheet.run != before.sheet.runs[number]:
        return check(anew, convention, memo, start=now)
    entries = now.entries + before.entries[number:]
    hands = now.hands + before.hands[number:]
    sheet = replay(players, [hand for hand in before.hands[number:] if hand is not None], convention,
                   [entry for entry in before.entries[number:] if entry is not None], start=now.sheet)
    return Checked(sheet=sheet, entries=entries, hands=hands,
                   discrepancies=now.discrepancies + [d for d in before.discrepancies if d.hand > number])


def _first_hands(checked: Checked, count: int, players: tuple[str, ...], convention: PrefConvention) -> Checked:
    """The check of a sheet's first ``count`` hands, taken from the check of the whole sheet (its hands all good):
    what :func:`check` carries on from (``start``) when a hand after them changes."""
    entries = checked.entries[:count]
    hands = checked.hands[:count]
    sheet = replay(players, [hand for hand in hands if hand is not None], convention,
                   [entry for entry in entries if entry is not None])
    return Checked(sheet=sheet, entries=entries, hands=hands,
                   discrepancies=[d for d in checked.discrepancies if d.hand <= count])


def replace_records(protocol: PrefProtocol, records: list[Record]) -> PrefProtocol:
    """The sheet as it would read with ``records`` as its hands (nothing written)."""
    return PrefProtocol(path=protocol.path, header=protocol.header, hands=records, text=protocol.text,
                        starts=protocol.starts, sheet=protocol.sheet)


def remove_last(path: Path) -> tuple[PrefProtocol, Record]:
    """Cut the last hand off the sheet; returns the sheet as it was and the hand removed."""
    _check_existing(path)
    def change():
        protocol = read(path)
        if not protocol.hands:
            raise ProtocolError(str(path), None, _("в пуле нет сдач"))
        last = protocol.hands[-1]
        sheets.remove_last(protocol.sheet)
        return protocol, last

    return sheets.change(path, change)


def fix(path: Path, known: tuple[PrefProtocol, Checked] | None = None) -> Path | None:
    """Write what each hand writes by the sheet's own rules back (a backup beside the file first); None when nothing
    differed.  Refused when a hand's inputs are bad."""
    _check_existing(path)
    def change():
        text, bom = _read_text(path)
        if known is not None and text == known[0].text:
            protocol, checked = known
            if protocol.sheet.bom != bom:  # (a sheet handed over by recompute, read as a Bazar-Belot protocol first)
                protocol = with_fields(protocol, sheet=Sheet(path=path, text=text, bom=bom, data=protocol.sheet.data))
            loaded, _rules, _warning = rules_for(protocol)
        else:
            protocol = read(path)
            loaded, convention, _warning = rules_for(protocol)
            checked = check(protocol, convention)
        _refuse_bad_hands(protocol, checked)
        changes: dict[int, dict[str, Any]] = {}  # hand number → what it writes, each key where it is written
        for record, entries in zip(protocol.hands, checked.entries, strict=True):
            assert entries is not None
            for key, value in written_fields(entries).items():
                old = record.fields.get(key)
                if key == "vists":
                    same = _recorded_vists(old) == vists_by_pair(entries)
                else:
                    same = _recorded_table(old) == {p: Fraction(n) for p, n in value.items()}
                if not same or key not in record.fields:
                    if key == "vists":  # (in the order the hand has its pairs: only what differs is changed)
                        value = _in_written_order(value, old)
                    changes.setdefault(record.number, {})[key] = _plain_value(value)
        game = None
        if protocol.header.convention_sha256 is None:  # the rules' hash, after their name
            game = {}
            for key, value in protocol.sheet.data["game"].items():
                game[key] = value
                if key == "convention":
                    game["convention_sha256"] = loaded.sha256
            game.setdefault("convention_sha256", loaded.sha256)
        if not changes and game is None:
            return None
        return sheets.rewrite(protocol.sheet, changes, game, Style.INLINE)

    return sheets.change(path, change)


def _in_written_order(vists: list[dict[str, Any]], written: Any) -> list[dict[str, Any]]:
    """The vists a hand writes (``{from, on, vists}`` each) in the order of their pairs in what it has ``written``,
    a pair it lacks after them."""
    order: dict[tuple[str, str], int] = {}
    for item in written if isinstance(written, list) else ():
        if isinstance(item, dict) and isinstance(item.get("from"), str) and isinstance(item.get("on"), str):
            order.setdefault((item["from"], item["on"]), len(order))
    return sorted(vists, key=lambda item: order.get((item["from"], item["on"]), len(order)))

# --- A sheet in a tournament (bbscore.games: create_table, table_result) ---


def create_table(path: Path, sides: tuple[str, ...], convention_name: str, target: int | None,
                 players: dict[str, tuple[str, ...]] | None, lang: str | None = None) -> None:
    """A new sheet for one table of a tournament (:attr:`bbscore.games.Game.create_table`): its 3 or 4 players (the
    first deals first), the rules, the пуля and the language it is kept in (None: Russian)."""
    create(path, list(sides), convention_name, target, more={"lang": lang} if lang else None)


def table_result(path: Path):
    """One пуля as a tournament counts it (:class:`bbscore.games.TableResult`): the players, each one's vists won and
    paid at the settlement (whole, as ``pref settle`` shows them), the places by the exact settlement once the пуля
    has ended (equal exact results share a place; the rounding to whole vists never decides one), the date, and
    what ``recompute`` finds wrong.  Raises :class:`ProtocolError` when the file cannot be read."""
    from bbscore.preferans.settle import settle_sheet

    sheet = read(path)
    _rules, settings, _warning = rules_for(sheet)
    checked = check(sheet, settings)
    players = sheet.header.players
    wrong = tuple(_("сдача {hand}: {message}").format(hand=d.hand, message=d.message) for d in checked.discrepancies)
    created = sheet.header.extra.get("created")
    created = created if isinstance(created, str) else ""
    if any(d.field == "input" for d in checked.discrepancies):  # no settlement of a sheet with a hand it cannot read
        zero = tuple(0 for _player in players)
        return games.TableResult(sides=players, people=tuple((p,) for p in players), points=zero, against=zero,
                                 finished=False, ranks=tuple(1 for _player in players), created=created, wrong=wrong)
    settlement = settle_sheet(checked.sheet, settings)
    results = [settlement.shown[p] for p in players]
    exact = [settlement.result[p] for p in players]  # the places: by the exact results, never the rounded ones
    ranks = tuple(1 + sum(other > mine for other in exact) for mine in exact) if checked.sheet.ended \
        else tuple(1 for _player in players)
    return games.TableResult(
        sides=players, people=tuple((p,) for p in players), points=tuple(max(v, 0) for v in results),
        against=tuple(max(-v, 0) for v in results), finished=checked.sheet.ended, ranks=ranks, created=created,
        wrong=wrong, exact_points=tuple(max(v, Fraction(0)) for v in exact),
        exact_against=tuple(max(-v, Fraction(0)) for v in exact),
    )
