"""A tournament's folder: ``tournament.toml`` (the entrants, the system, the rules, the rounds and their tables) and one
score sheet per table per round beside it (``r1-t1.toml`` …), each created by its game's own sheet-creating function
and kept with that game's commands (``add``, ``play``, ``pref add``) like any sheet.

Names no game: what differs (how to create a sheet, how to read a finished one's result, how many sit at a table) is
each game's registry entry (:mod:`bbscore.games`).  The file::

    [tournament]
    format = 1
    game = "bazar-belot"
    system = "round-robin"        # or "swiss"
    convention = "gambler"
    target = 301                  # optional: the rules' own when absent
    rounds = 7                    # how many rounds are to be played
    table_size = 2                # 2 (pairs), or 3 or 4 players a table
    created = "2026-12-01 19:00"
    lang = "en"                   # optional: begun in English (every sheet it creates records it too)

    [[entrant]]
    name = "Север"
    players = ["Аня", "Боря"]     # optional

    [[round]]
    number = 1
    bye = []                      # who sits out this round

    [[round.table]]
    number = 1
    sheet = "r1-t1.toml"
    entrants = ["Север", "Юг"]

Every write is atomic; a new file is created exclusively (never through a link); ``tournament.toml`` is rewritten (a
round added, ``bbscore tournament pair``) under its lock.  A refused command writes nothing: every name is checked
before the first sheet is written, and the sheets already written are taken back when a later write fails.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from bbscore import conventions, games, sheets
from bbscore.errors import (BBScoreError, FileWriteError, InconsistentHandError, InvalidValueError, ProtocolError,
                            os_reason, shown)
from bbscore.files import batch, key_line, lock_path, locked, write_atomic
from bbscore.sheets import names_a_path, stored_convention
from bbscore.i18n import LANGUAGES, _, ngettext
from bbscore.seats import new_names
from bbscore.tournament import SYSTEMS, Round, Table, default_rounds, full_cycle, table_sizes

FILE = "tournament.toml"
FORMAT = 1
MAX_ENTRANTS = 64
MAX_ROUNDS = 99
SHEET_NAME = re.compile(r"r([1-9][0-9]{0,2})-t([1-9][0-9]{0,2})\.toml")
SEPARATORS = ",=+"


@dataclass(frozen=True, kw_only=True)
class Entrant:
    """A pair (with its two players, when named) or a player."""

    name: str
    players: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Tournament:
    """A read ``tournament.toml``: its folder, game key, system, rules (as stored), target (None: the rules'), the
    rounds to play, the table size, the entrants, the rounds scheduled so far, the date it was created, and the
    language it was begun in when not Russian (``lang``, recorded in every sheet it creates: ``"en"``; None)."""

    folder: Path
    game: str
    system: str
    convention: str
    target: int | None
    rounds: int
    table_size: int
    entrants: tuple[Entrant, ...]
    schedule: tuple[Round, ...]
    created: str = ""
    lang: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entrant.name for entrant in self.entrants)

    def players_of(self, names: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        """The named players of these entrants (those that name theirs)."""
        by_name = {entrant.name: entrant for entrant in self.entrants}
        return {name: by_name[name].players for name in names if by_name[name].players}

    def convention_path(self) -> str:
        """The rules as a sheet created now must be given them: a name, or a file found from the folder."""
        if names_a_path(self.convention) and not Path(self.convention).is_absolute():
            return str(self.folder / self.convention)
        return self.convention


def parse_pairs(text: str) -> list[Entrant]:
    """``--pairs "Север=Аня+Боря,Юг=Вера+Гена,Восток"``: pairs by name, each with its two players after ``=`` (joined
    by ``+``) or none.  Raises :class:`InvalidValueError` (field ``pairs``)."""
    entrants = []
    for item in text.split(","):
        name, equals, people = item.partition("=")
        players: tuple[str, ...] = ()
        if equals:
            players = tuple(" ".join(person.split()) for person in people.split("+"))
            if len(players) != 2 or not all(players):
                raise InvalidValueError("pairs", item, _("пара и два её игрока: «Север=Аня+Боря»"))
        entrants.append(Entrant(name=" ".join(name.split()), players=players))
    return entrants


def parse_players(text: str) -> list[Entrant]:
    """``--players "Аня,Боря,Вера"``: the players of a tournament of one-player sides (preferans)."""
    return [Entrant(name=" ".join(name.split())) for name in text.split(",")]


def _check_entrants(entrants: list[Entrant], field: str,
                    reserved: Callable[[str], str | None] | None = None) -> tuple[Entrant, ...]:
    names = new_names([entrant.name for entrant in entrants], field, _("участники"), reserved)
    joined = ",".join(names)
    if len(names) < 3:
        raise InvalidValueError(field, joined, _("в турнире не меньше трёх участников"))
    if len(names) > MAX_ENTRANTS:
        raise InvalidValueError(field, joined, _("в турнире не больше {count} участников").format(count=MAX_ENTRANTS))
    people: list[str] = []
    for entrant in entrants:
        if any(mark in entrant.name for mark in SEPARATORS):
            raise InvalidValueError(field, entrant.name, _("имя без «,», «=» и «+» (ими разделяются участники и игроки)"))
        if entrant.players:
            new_names(entrant.players, field, _("игроки пары «{pair}»").format(pair=entrant.name))
        people += entrant.players
    folded = [person.casefold() for person in people]
    twice = next((person for person in people if folded.count(person.casefold()) > 1), None)
    if twice is not None:
        raise InvalidValueError(field, twice, _("игрок «{player}» назван в двух парах").format(player=twice))
    return tuple(Entrant(name=name, players=entrant.players) for name, entrant in zip(names, entrants))


def game_of(option: str, convention: str | None) -> tuple[games.Game, Any]:
    """The game a tournament of ``option`` (``pairs`` or ``players``) is of, and its loaded rules: the rules' own game
    when ``convention`` is given (refused when its tables seat the other kind of entrant), else the first game whose
    entrants are of that kind."""
    if convention is not None:
        rules = conventions.load(convention, game=None)
        game = games.of(rules.for_game)
        if game is None or game.entrants != option:
            # (the value is the rules' — named by their own option, not by the entrants' that clashed with them)
            raise InconsistentHandError("convention", convention, _("правила {title}: {sheet_is}").format(
                title=_(game.of_title) if game else rules.for_game,
                sheet_is=_("участники такого турнира — --pairs") if game and game.entrants == "pairs"
                else _("участники такого турнира — --players")))
        return game, rules
    game = next(game for game in sorted(games.registered().values(), key=lambda g: not g.untagged)
                if game.entrants == option)
    return game, conventions.load(None, game=game.key)


def plan(game: games.Game, entrants: tuple[Entrant, ...], system: str, rounds: int | None,
         table_size: int | None) -> tuple[int, int]:
    """The rounds to play and the table size, checked: a round-robin of pairs has at most one full cycle; a table seats
    one of the game's sizes."""
    if system not in SYSTEMS:
        raise InvalidValueError("system", system, _("система: round-robin (круговая) или swiss (швейцарская)"))
    sizes = game.table_sizes
    if table_size is None:
        table_size = max(sizes)
    if table_size not in sizes:
        raise InvalidValueError("table_size", table_size, _("за столом {sizes}").format(sizes=_(" или ").join(map(str, sizes))))
    count = len(entrants)
    if rounds is None:
        rounds = default_rounds(system, count, table_size)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InvalidValueError("rounds", rounds, _("туров от 1 до {most}").format(most=MAX_ROUNDS))
    if system == "round-robin" and table_size == 2 and rounds > full_cycle(count):
        raise InvalidValueError("rounds", rounds, ngettext(
            "участников {count}: в круговом турнире не больше {most} тура (каждый с каждым по разу)",
            "участников {count}: в круговом турнире не больше {most} туров (каждый с каждым по разу)",
            full_cycle(count)).format(count=count, most=full_cycle(count)))
    if not table_sizes(count, sizes, table_size):
        raise InvalidValueError("players", count, _("участников меньше, чем мест за столом"))
    return rounds, table_size


def sheet_name(round_number: int, table: int) -> str:
    return f"r{round_number}-t{table}.toml"


def rounds_of(first: int, seatings: list[tuple[list[tuple[str, ...]], tuple[str, ...]]]) -> tuple[Round, ...]:
    """Rounds numbered from ``first``, their tables numbered from 1 with their sheets' names."""
    return tuple(Round(number=first + i, byes=byes,
                       tables=tuple(Table(number=t, sheet=sheet_name(first + i, t), entrants=group)
                                    for t, group in enumerate(tables, start=1)))
                 for i, (tables, byes) in enumerate(seatings))


# --- Reading ---


def read(folder: Path) -> Tournament:
    """Read and check ``folder/tournament.toml``.  Raises :class:`ProtocolError` with the key's line."""
    path = folder / FILE
    if not folder.is_dir():
        raise ProtocolError(str(folder), None, _("нет такой папки турнира") if not folder.exists()
                            else _("нужна папка турнира, а это файл"))
    text = sheets.read_text(path, kind=_("файл турнира"), missing=_("в папке нет tournament.toml (начать турнир: bbscore tournament new)"))[0]
    return parse(folder, text, sheets.parse(path, text))


def parse(folder: Path, text: str, data: dict[str, Any]) -> Tournament:
    """A tournament from its file's text and TOML (:func:`read` without the reading)."""
    path = folder / FILE

    def refuse(key: str, problem: str, line_key: str | None = None) -> ProtocolError:
        return ProtocolError(str(path), key_line(text, line_key or key), f"{key}: {problem}")

    head = data.get("tournament")
    if not isinstance(head, dict):  # (first: what a file that is no tournament's holds is not shown)
        raise ProtocolError(str(path), None, _("нет таблицы [tournament]"))
    unknown = sorted(set(data) - {"tournament", "entrant", "round"})
    if unknown:
        raise refuse(unknown[0], _("неизвестный раздел; есть [tournament], [[entrant]] и [[round]]"))
    allowed = {"format", "game", "system", "convention", "target", "rounds", "table_size", "created", "title", "place",
               "note", "lang"}
    for key in head:
        if key not in allowed:
            raise refuse(f"[tournament] {key}", _("неизвестный ключ; допустимы: {keys}").format(keys=", ".join(sorted(allowed))), key)
    if head.get("format") != FORMAT:
        raise refuse("[tournament] format", _("поддерживается format = {format}, а дано {given}").format(
            format=FORMAT, given=shown(head.get("format"))), "format")
    game = games.of(head.get("game")) if isinstance(head.get("game"), str) else None
    if game is None:
        raise refuse("[tournament] game", _("ожидается игра {keys}, а дано {given}").format(
            keys=games.keys_text(), given=shown(head.get("game"))), "game")
    system = head.get("system")
    if system not in SYSTEMS:
        raise refuse("[tournament] system", _("ожидается \"round-robin\" или \"swiss\", а дано {given}").format(given=shown(system)), "system")
    convention = head.get("convention")
    if not isinstance(convention, str) or not convention:
        raise refuse("[tournament] convention", _("нужно имя правил или путь"), "convention")
    numbers = {}
    for key, low, high, optional in (("target", 1, 10**15 - 1, True), ("rounds", 1, MAX_ROUNDS, False),
                                     ("table_size", min(game.table_sizes), max(game.table_sizes), False)):
        value = head.get(key)
        if value is None and optional:
            numbers[key] = None
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high or \
                (key == "table_size" and value not in game.table_sizes):
            raise refuse(f"[tournament] {key}", _("ожидается целое число от {low} до {high}, а дано {given}").format(
                low=low, high=high, given=shown(value)), key)
        numbers[key] = value
    entrants = _entrants(data.get("entrant"), refuse)
    names = [entrant.name for entrant in entrants]
    schedule = _schedule(data.get("round", []), names, numbers["table_size"], game, refuse)
    created = head.get("created")
    lang = head.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise refuse("[tournament] lang", _("язык, на котором ведётся игра: {languages}, а дано {given}").format(
            languages=_(" или ").join(LANGUAGES), given=shown(lang)), "lang")
    return Tournament(folder=folder, game=game.key, system=system, convention=convention, target=numbers["target"],
                      rounds=numbers["rounds"], table_size=numbers["table_size"], entrants=entrants, schedule=schedule,
                      created=created if isinstance(created, str) else "", lang=lang)


def _entrants(table: Any, refuse) -> tuple[Entrant, ...]:
    if not isinstance(table, list) or len(table) < 2 or not all(isinstance(item, dict) for item in table):
        raise refuse("[[entrant]]", _("ожидаются участники: таблицы [[entrant]] с name"), "[entrant]")
    entrants = []
    for item in table:
        name, players = item.get("name"), item.get("players", [])
        if set(item) - {"name", "players"} or not isinstance(name, str) or not name.strip() or \
                not isinstance(players, list) or len(players) not in (0, 2) or \
                not all(isinstance(p, str) and p.strip() for p in players):
            raise refuse("[[entrant]]", _("участник — name = \"Север\" и, если названы, players = [\"Аня\", \"Боря\"]; а дано {given}").format(
                given=shown(item)), "[entrant]")
        entrants.append(Entrant(name=name, players=tuple(players)))
    if len({entrant.name for entrant in entrants}) != len(entrants):
        raise refuse("[[entrant]]", _("имена участников повторяются"), "[entrant]")
    return tuple(entrants)


def _schedule(rounds: Any, names: list[str], table_size: int, game: games.Game, refuse) -> tuple[Round, ...]:
    if not isinstance(rounds, list) or not all(isinstance(item, dict) for item in rounds):
        raise refuse("[[round]]", _("туры — таблицы [[round]]"), "[round]")
    found = []
    for number, item in enumerate(rounds, start=1):
        where = f"[[round]] {number}"
        tables, bye = item.get("table", []), item.get("bye", [])
        if item.get("number") != number or set(item) - {"number", "table", "bye"}:
            raise refuse(where, _("туры нумеруются по порядку с 1 (number = {number}), в туре — number, bye и [[round.table]]").format(number=number), "[round]")
        if not isinstance(bye, list) or not all(isinstance(name, str) and name in names for name in bye):
            raise refuse(where, _("bye — список участников турнира, а дано {given}").format(given=shown(bye)), "[round]")
        if not isinstance(tables, list) or not all(isinstance(table, dict) for table in tables):
            raise refuse(where, _("столы тура — таблицы [[round.table]]"), "[round]")
        seated = list(bye)
        made = []
        for index, table in enumerate(tables, start=1):
            sheet, entrants = table.get("sheet"), table.get("entrants")
            if (table.get("number") != index or set(table) - {"number", "sheet", "entrants"} or not isinstance(sheet, str)
                    or not SHEET_NAME.fullmatch(sheet) or not isinstance(entrants, list)
                    or len(entrants) not in game.table_sizes or len(entrants) > table_size
                    or not all(isinstance(name, str) and name in names for name in entrants)):
                raise refuse(f"{where}, table {index}", _("стол — number = {index}, sheet = \"r{round}-t{index}.toml\" (имя файла в папке турнира) и entrants — участники турнира; а дано {given}").format(
                    index=index, round=number, given=shown(table)), "[round.table]")
            seated += entrants
            made.append(Table(number=index, sheet=sheet, entrants=tuple(entrants)))
        if len(seated) != len(set(seated)):
            twice = next(name for name in seated if seated.count(name) > 1)
            raise refuse(where, _("«{name}» дважды в одном туре").format(name=twice), "[round]")
        found.append(Round(number=number, tables=tuple(made), byes=tuple(bye)))
    sheets = [table.sheet for round_ in found for table in round_.tables]
    if len(sheets) != len(set(sheets)):
        raise refuse("[[round.table]]", _("один лист у двух столов"), "[round.table]")
    return tuple(found)


# --- Writing ---


def to_data(tournament: Tournament) -> dict[str, Any]:
    head: dict[str, Any] = {"format": FORMAT, "game": tournament.game, "system": tournament.system,
                            "convention": tournament.convention}
    if tournament.target is not None:
        head["target"] = tournament.target
    head.update(rounds=tournament.rounds, table_size=tournament.table_size)
    if tournament.created:
        head["created"] = tournament.created
    if tournament.lang:
        head["lang"] = tournament.lang
    entrants = [{"name": e.name, **({"players": list(e.players)} if e.players else {})} for e in tournament.entrants]
    rounds = [{"number": r.number, "bye": list(r.byes),
               "table": [{"number": t.number, "sheet": t.sheet, "entrants": list(t.entrants)} for t in r.tables]}
              for r in tournament.schedule]
    data: dict[str, Any] = {"tournament": head, "entrant": entrants}
    if rounds:
        data["round"] = rounds
    return data


def dumps(tournament: Tournament) -> str:
    import tomli_w

    return tomli_w.dumps(to_data(tournament))


def _check_free(folder: Path, names: list[str]) -> None:
    """Refuse when a file to be created is there already (a link, even a dangling one, too)."""
    for name in names:
        if os.path.lexists(folder / name):
            raise ProtocolError(str(folder / name), None, _("файл уже есть — не перезаписываю"))


def _write_sheets(tournament: Tournament, rounds: tuple[Round, ...]) -> list[Path]:
    """Create the sheets of ``rounds`` by the game's own function; on a failure, take back those written and raise.
    Each sheet is made once (its text proven, then written exclusively, its content fsynced); the folder is fsynced
    once for them all, and listed once for stale temporaries (:func:`bbscore.files.batch`) — the tournament file written after them is what
    makes them a tournament."""
    game = games.of(tournament.game)
    create = games.resolve(game.create_table)
    rules = tournament.convention_path()
    written: list[Path] = []
    try:
        with batch():
            for round_ in rounds:
                for table in round_.tables:
                    path = tournament.folder / table.sheet
                    create(path, table.entrants, rules, tournament.target, tournament.players_of(table.entrants),
                           tournament.lang)
                    written.append(path)
    except BaseException:
        _take_back(written)
        raise
    return written


def _take_back(paths: list[Path]) -> None:
    for path in paths:
        for name in (path, lock_path(path)):
            try:
                name.unlink()
            except OSError:
                pass


def create(folder: Path, option: str, entrants: list[Entrant], *, system: str, rounds: int | None,
           convention: str | None, target: int | None, table_size: int | None,
           lang: str | None = None,
           reserved: Callable[[games.Game], Callable[[str], str | None] | None] | None = None
           ) -> tuple[Tournament, list[Path]]:
    """Start a tournament in ``folder`` (made when missing; one that holds a tournament already is refused): the
    ``tournament.toml`` and the sheets of the rounds known now — every round of a round-robin, the first of a Swiss
    tournament (in the entry order).  ``option``: ``pairs`` or ``players`` (what the entrants are); ``lang``: the
    language it is begun in when not Russian (``"en"``), recorded in it and in every sheet it creates, now and by
    :func:`pair_next`; ``reserved``: given the tournament's game, the words an entrant may not be named
    (:func:`bbscore.seats.new_names`; its tables' sheets are kept by the game's guided session too), or None.  Returns
    the tournament and the files written.  Raises :class:`BBScoreError`; then nothing is written."""
    from bbscore.tournament import berger, rotation, seat

    game, rules = game_of(option, convention)
    checked = _check_entrants(entrants, option, reserved(game) if reserved is not None else None)
    if target is not None and not 1 <= target <= 100_000:
        raise InvalidValueError("target", target, _("цель — целое число от 1 до 100000"))
    rounds, table_size = plan(game, checked, system, rounds, table_size)
    names = [entrant.name for entrant in checked]
    sizes = table_sizes(len(names), game.table_sizes, table_size)
    if system == "round-robin" and table_size == 2:
        seatings = [([(names[a], names[b]) for a, b in pairs], (names[bye],) if bye is not None else ())
                    for pairs, bye in berger(len(names))[:rounds]]
    elif system == "round-robin":
        seatings = rotation(names, rounds, sizes)
    else:
        seatings = [seat(names, sizes, {})]
    _check_folder(folder)
    stored = stored_convention(convention, folder / FILE) if convention else game.default_rules
    tournament = Tournament(folder=folder, game=game.key, system=system, convention=stored, target=target,
                            rounds=rounds, table_size=table_size, entrants=checked, schedule=rounds_of(1, seatings),
                            created=time.strftime("%Y-%m-%d %H:%M"), lang=lang)
    sheets = [table.sheet for round_ in tournament.schedule for table in round_.tables]
    made_folder = not folder.exists()
    if not made_folder:
        _check_free(folder, [FILE, *sheets])
    try:
        if made_folder:
            try:
                folder.mkdir()
            except OSError as error:  # (the system's refusal: the tool's one line, naming the folder)
                reason = os_reason(error)
                raise FileWriteError(str(folder), None, _("не создать папку ({os_reason})").format(os_reason=reason),
                                     reason) from None
        written = _write_sheets(tournament, tournament.schedule)
        try:
            write_atomic(folder / FILE, dumps(tournament), exclusive=True)
        except BaseException:
            _take_back(written)
            raise
    except BaseException:
        if made_folder:
            try:
                folder.rmdir()
            except OSError:
                pass
        raise
    return tournament, [*written, folder / FILE]


def _check_folder(folder: Path) -> None:
    if not folder.name or str(folder) in (".", ".."):
        raise ProtocolError(str(folder) or "«»", None, _("нужно имя папки турнира, например evening"))
    if os.path.islink(folder):
        raise ProtocolError(str(folder), None, _("на месте папки символическая ссылка — не пишу через неё"))
    if folder.exists() and not folder.is_dir():
        raise ProtocolError(str(folder), None, _("нужна папка турнира, а это файл"))
    if not folder.parent.is_dir():
        raise ProtocolError(str(folder), None, _("нет папки {folder}").format(folder=folder.parent))
    where = folder if folder.exists() else folder.parent
    if not os.access(where, os.W_OK | os.X_OK):
        raise ProtocolError(str(folder), None, _("нет права записи в папку {folder}").format(folder=where))
    if (folder / FILE).exists() or os.path.lexists(folder / FILE):
        raise ProtocolError(str(folder / FILE), None, _("в папке уже есть турнир — не перезаписываю"))


# --- Results ---


def results(tournament: Tournament, rounds: tuple[Round, ...] | None = None) -> dict[str, games.TableResult | str]:
    """Each table's sheet read by its game (:attr:`bbscore.games.Game.table_result`): its result, or why it cannot be
    used (not readable; naming other entrants than the schedule's table)."""
    game = games.of(tournament.game)
    read_result = games.resolve(game.table_result)
    found: dict[str, games.TableResult | str] = {}
    for round_ in tournament.schedule if rounds is None else rounds:
        for table in round_.tables:
            path = tournament.folder / table.sheet
            try:
                result = read_result(path)
            except BBScoreError as error:
                found[table.sheet] = error.message()
                continue
            if sorted(result.sides) != sorted(table.entrants):
                found[table.sheet] = _("{file}: в листе {sides}, а по расписанию за этим столом {entrants}").format(
                    file=path, sides=", ".join(result.sides), entrants=", ".join(table.entrants))
                continue
            found[table.sheet] = result
    return found


def pair_next(folder: Path, *, force: bool) -> tuple[Tournament, Round, list[Path]]:
    """The next round of a Swiss tournament, seated by the standings (:func:`bbscore.tournament.seat`), its sheets
    created and the round added to ``tournament.toml`` under its lock.  Refused (nothing written) for a round-robin,
    when every round is paired, and — unless ``force`` — while a game of the last round is not finished."""
    from bbscore.tournament import meetings, seat, standings

    path = folder / FILE
    read(folder)  # refused before a lock file is made
    with locked(path):
        tournament = read(folder)
        if tournament.system != "swiss":
            raise InconsistentHandError("system", tournament.system, _("в круговом турнире все туры расписаны сразу (bbscore tournament new); следующий тур — только у швейцарской системы"))
        if len(tournament.schedule) >= tournament.rounds:
            raise InconsistentHandError("rounds", tournament.rounds, (
                _("тур {rounds} уже расписан: он единственный") if tournament.rounds == 1 else
                ngettext("все {rounds} тур уже расписаны", "все {rounds} туров уже расписаны", tournament.rounds,
                         few="все {rounds} тура уже расписаны")).format(rounds=tournament.rounds))
        found = results(tournament)
        last = tournament.schedule[-1] if tournament.schedule else None
        if last is not None and not force:
            open_tables = [table.sheet for table in last.tables
                           if not (isinstance(found.get(table.sheet), games.TableResult) and found[table.sheet].finished)]
            if open_tables:
                raise ProtocolError(str(path), None, _("тур {round} не окончен: не доиграны {sheets}; следующий тур — когда они окончены (или --force)").format(
                    round=last.number, sheets=", ".join(open_tables)))
        table = standings(tournament.names, tournament.schedule, found, tournament.system)
        order = [line.name for line in table.lines]
        had_bye = {name for round_ in tournament.schedule for name in round_.byes}
        game = games.of(tournament.game)
        sizes = table_sizes(len(order), game.table_sizes, tournament.table_size)
        seating = seat(order, sizes, meetings(tournament.schedule), had_bye if len(had_bye) < len(order) else set())
        new_round = rounds_of(len(tournament.schedule) + 1, [seating])
        _check_free(folder, [t.sheet for t in new_round[0].tables])
        after = Tournament(**{**tournament.__dict__, "schedule": tournament.schedule + new_round})
        written = _write_sheets(after, new_round)
        try:
            write_atomic(path, dumps(after))
        except BaseException:
            _take_back(written)
            raise
    return after, new_round[0], [*written, path]
