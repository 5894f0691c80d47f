"""The command line: parse options, call the engine, render with rich.

Nothing here computes a score.  Every refusal of bad input becomes one line
on standard error, ``ошибка: …``, and exit code 2; a traceback reaching the
user is a bug.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from bbscore.errors import BBScoreError, os_reason

app = typer.Typer(
    name="bbscore",
    help="Подсчёт очков Базар-Белота: что пишет каждая пара за сдачу, с расчётом по шагам.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

ConventionOption = Annotated[
    str, typer.Option("--convention", help="Правила: имя (gambler) или путь к файлу .toml.", metavar="NAME|PATH")
]


@app.callback()
def _root() -> None:
    """Подсчёт очков Базар-Белота."""


DefPoints = Annotated[Optional[str], typer.Option("--def-points", help="Висты вистующих за взятки (с последом).", metavar="N")]
DeclPoints = Annotated[Optional[str], typer.Option("--decl-points", help="Висты разыгрывающих за взятки (с последом).", metavar="N")]
DeclCon = Annotated[Optional[list[str]], typer.Option("--decl-con", help="Прошедшие конструкции разыгрывающих через запятую: терц, бэла, рамки-В, 2×терц, 40.", metavar="LIST")]
DefCon = Annotated[Optional[list[str]], typer.Option("--def-con", help="Прошедшие конструкции вистующих.", metavar="LIST")]
DeclTricks = Annotated[Optional[str], typer.Option("--decl-tricks", help="Сколько взяток взяли разыгрывающие (0–8); обязательно для капо.", metavar="K")]
AsJson = Annotated[bool, typer.Option("--json", help="Вывести результат в JSON.")]
DefCards = Annotated[Optional[str], typer.Option("--def-cards", help="Карты во взятках вистующих (вместо --def-points): \"ВТ 10Ч ТП …\".", metavar="CARDS")]
DeclCards = Annotated[Optional[str], typer.Option("--decl-cards", help="Карты во взятках разыгрывающих (вместо --decl-points).", metavar="CARDS")]
Melds = Annotated[Optional[list[str]], typer.Option("--melds", help="Объявления игроков вместо прошедших конструкций: \"p1: терц от Д♠; p2: рамки-В\".", metavar="SEATS")]
DeclSeats = Annotated[Optional[str], typer.Option("--decl-seats", help="Места разыгрывающих при --melds: 13 или 24.", metavar="13|24")]
LastTrick = Annotated[Optional[str], typer.Option("--last", help="Чья последняя взятка, когда даны карты: decl или def.", metavar="decl|def")]
ProtocolFile = Annotated[Path, typer.Argument(help="Файл протокола (.toml).", metavar="FILE")]


@app.command()
def score(
    contract: Annotated[str, typer.Argument(help="Контракт: 12Т, 22ВК, 15П+, ^2Ч, ^^Т++ (или 12C, 22AT, 15S+).", metavar="CONTRACT")],
    def_points: DefPoints = None,
    decl_points: DeclPoints = None,
    decl_con: DeclCon = None,
    def_con: DefCon = None,
    decl_tricks: DeclTricks = None,
    def_cards: DefCards = None,
    decl_cards: DeclCards = None,
    last: LastTrick = None,
    melds: Melds = None,
    decl_seats: DeclSeats = None,
    convention: ConventionOption = "gambler",
    as_json: AsJson = False,
) -> None:
    """Посчитать одну сдачу: что пишут разыгрывающие и вистующие, с расчётом."""
    from bbscore import convention as conventions
    from bbscore.hand import make_hand
    from bbscore.scoring import score as score_hand

    rules = conventions.load(convention)
    hand = make_hand(
        rules, contract, def_points=def_points, decl_points=decl_points,
        decl_con=decl_con, def_con=def_con, decl_tricks=decl_tricks,
        def_cards=def_cards, decl_cards=decl_cards, last=last, melds=melds, decl_seats=decl_seats,
    )
    breakdown = score_hand(hand, rules)
    if as_json:
        print(json.dumps(breakdown_json(hand, breakdown, rules), ensure_ascii=False))
        return
    from bbscore import render

    render.hand_result(hand, breakdown, rules)


@app.command()
def count(
    game: Annotated[str, typer.Argument(help="Игра: П Т Б Ч БК ВК (или S C D H NT AT).", metavar="GAME")],
    cards: Annotated[str, typer.Argument(help="Взятые карты: \"ВТ 10Ч ТП Д♦ …\" (или JC TH AS QD).", metavar="CARDS")],
    last: Annotated[bool, typer.Option("--last", help="Эта сторона взяла последнюю взятку (послед).")] = False,
    convention: ConventionOption = "gambler",
    as_json: AsJson = False,
) -> None:
    """Посчитать висты за взятые карты, карта за картой (с последом при --last)."""
    from bbscore import convention as conventions
    from bbscore.cards import parse_cards
    from bbscore.contract import parse_game
    from bbscore.errors import InconsistentHandError

    rules = conventions.load(convention)
    played = parse_game(game)
    taken = parse_cards(cards, "CARDS")
    if last and not taken:
        raise InconsistentHandError("--last", "без карт", "последнюю взятку берут с картами")
    values = [(str(card), rules.card_visty(card, played)) for card in taken]
    bonus = rules.settings.points.last_trick if last else 0
    total = sum(points for _, points in values) + bonus
    if as_json:
        print(json.dumps({"game": played.value, "points": total, "last": bonus,
                          "cards": [{"card": card, "points": points} for card, points in values]}, ensure_ascii=False))
        return
    from bbscore import render

    render.counted(played, values, bonus, total, len(taken))


Seat = lambda number: typer.Option(f"--p{number}", help=f"Конструкции игрока {number} через запятую.", metavar="LIST")  # noqa: E731


@app.command()
def melds(
    contract: Annotated[str, typer.Argument(help="Контракт (нужна игра: козырь, БК, ВК).", metavar="CONTRACT")],
    p1: Annotated[Optional[str], Seat(1)] = None,
    p2: Annotated[Optional[str], Seat(2)] = None,
    p3: Annotated[Optional[str], Seat(3)] = None,
    p4: Annotated[Optional[str], Seat(4)] = None,
    convention: ConventionOption = "gambler",
    as_json: AsJson = False,
) -> None:
    """Чьи конструкции проходят: сравнить объявления игроков (p1 ходит первым; пары 1+3 и 2+4)."""
    from bbscore import convention as conventions
    from bbscore import melds as meld_rules
    from bbscore.contract import Contract

    rules = conventions.load(convention)
    played = Contract.parse(contract)
    announced = meld_rules.parse_announcements({1: p1, 2: p2, 3: p3, 4: p4}, played, rules)
    resolution = meld_rules.resolve(announced, played, rules)
    if as_json:
        print(json.dumps(resolution_json(resolution), ensure_ascii=False))
        return
    from bbscore import render

    render.resolution(played, resolution)


def resolution_json(resolution) -> dict:
    """The JSON object of ``bbscore melds --json``."""
    return {
        "winner_pair": resolution.winner_pair,
        "visty": resolution.visty,
        "redeal": resolution.redeal,
        "passed": [{"seat": m.seat, "pair": m.pair, "construction": str(m), "visty": v} for m, v in resolution.passed],
        "cancelled": [{"seat": m.seat, "pair": m.pair, "construction": str(m), "why": why} for m, why in resolution.cancelled],
        "reasons": resolution.reasons,
    }


@app.command()
def new(
    file: ProtocolFile,
    pairs: Annotated[str, typer.Option("--pairs", help="Две пары через запятую: \"Мы,Они\".", metavar="A,B")],
    convention: ConventionOption = "gambler",
    target: Annotated[Optional[str], typer.Option("--target", help="До скольких очков партия (по умолчанию из правил, 301).", metavar="N")] = None,
) -> None:
    """Начать протокол новой партии в файле FILE (существующий файл не перезаписывается)."""
    from bbscore import protocol
    from bbscore.hand import parse_count

    goal = parse_count(target, "--target", 1, 100_000, "цель партии — целое число от 1 до 100000")
    header = protocol.create(file, tuple(pairs.split(",")), convention, goal)
    print(f"Протокол {file}: {header.pairs[0]} — {header.pairs[1]}, до {header.target}, правила {header.convention}.")


@app.command()
def add(
    file: ProtocolFile,
    contract: Annotated[Optional[str], typer.Argument(help="Контракт, как в bbscore score.", metavar="CONTRACT")] = None,
    by: Annotated[Optional[str], typer.Option("--by", help="Разыгрывающие: название пары из протокола.", metavar="PAIR")] = None,
    def_points: DefPoints = None,
    decl_points: DeclPoints = None,
    decl_con: DeclCon = None,
    def_con: DefCon = None,
    decl_tricks: DeclTricks = None,
    def_cards: DefCards = None,
    decl_cards: DeclCards = None,
    last: LastTrick = None,
    melds: Melds = None,
    decl_seats: DeclSeats = None,
    redeal: Annotated[Optional[str], typer.Option("--redeal", help="Пересдача без результата: all-pass (все спасовали), rams-7 или rams-8 (если по правилам такие рамки — пересдача).", metavar="all-pass|rams-7|rams-8")] = None,
    note: Annotated[Optional[str], typer.Option("--note", help="Примечание к сдаче.")] = None,
    doezd: Annotated[Optional[str], typer.Option("--doezd", help="Пара, заявившая «доезд» (если правила его допускают).", metavar="PAIR")] = None,
) -> None:
    """Записать сдачу в протокол: посчитать по правилам партии, дописать очки и итоги."""
    from bbscore import protocol, render
    from bbscore.errors import InconsistentHandError

    if redeal is not None:
        given = [(name, value) for name, value in (("CONTRACT", contract), ("--by", by), ("--def-points", def_points),
                 ("--decl-points", decl_points), ("--decl-con", decl_con), ("--def-con", def_con),
                 ("--decl-tricks", decl_tricks), ("--def-cards", def_cards), ("--decl-cards", decl_cards),
                 ("--last", last), ("--melds", melds), ("--decl-seats", decl_seats)) if value]
        if given:
            name, value = given[0]
            raise InconsistentHandError(name, value, "у пересдачи (--redeal) нет контракта и вистов")
        fields: dict = {"redeal": redeal}
    else:
        if contract is None:
            raise InconsistentHandError("CONTRACT", "не указано", "нужен контракт (или --redeal all-pass|rams-7)")
        if by is None:
            raise InconsistentHandError("--by", "не указано", "нужны разыгрывающие: название пары из протокола")
        fields = {"contract": contract, "by": by, "def_points": _whole(def_points, "--def-points"),
                  "decl_points": _whole(decl_points, "--decl-points"), "decl_con": _joined(decl_con),
                  "def_con": _joined(def_con), "decl_tricks": _whole(decl_tricks, "--decl-tricks"),
                  "def_cards": _card_list(def_cards, "--def-cards"), "decl_cards": _card_list(decl_cards, "--decl-cards"),
                  "last": last, "melds": _seat_table(melds), "decl_seats": decl_seats}
    if note:
        fields["note"] = note
    if doezd is not None:
        fields["doezd"] = doezd
    appended = protocol.append(file, {k: v for k, v in fields.items() if v is not None})
    render.added_hand(appended)


def _whole(text: str | None, option: str) -> int | None:
    """An option's whole number (its range is checked with the hand)."""
    from bbscore.hand import parse_count

    return parse_count(text, option, -999_999, 999_999, "ожидается целое число")


def _seat_table(texts: list[str] | None) -> dict[str, str] | None:
    """``--melds`` as the protocol stores it: {"p1": "терц от Д♠", …}."""
    if not texts:
        return None
    from bbscore.melds import seats_from_text

    return {f"p{seat}": text for seat, text in sorted(seats_from_text(texts).items())}


def _card_list(text: str | None, option: str) -> list[str] | None:
    """Cards typed for ``add``, in normal form, as the protocol stores them."""
    if text is None:
        return None
    from bbscore.cards import parse_cards

    return [str(card) for card in parse_cards(text, option)]


def _joined(values: list[str] | None) -> list[str] | None:
    return list(values) if values else None


@app.command()
def undo(file: ProtocolFile) -> None:
    """Убрать последнюю сдачу протокола (сначала показав её)."""
    from bbscore import protocol, render

    before, removed = protocol.remove_last(file)
    render.removed_hand(before, removed)


@app.command()
def show(file: ProtocolFile, as_json: AsJson = False) -> None:
    """Показать протокол как на бумаге: сдачи, очки, итоги, до цели, победитель."""
    from bbscore import protocol
    from bbscore.game import replay

    sheet = protocol.read(file)
    rules, warning = protocol.convention_for(sheet)
    result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)
    if as_json:
        print(json.dumps(sheet_json(sheet, result), ensure_ascii=False))
        return
    from bbscore import render

    render.sheet(sheet, result, warning)


def sheet_json(sheet, result) -> dict:
    """The JSON object of ``bbscore show --json``."""
    hands = []
    for hand in result.results:
        item: dict = {"n": hand.entry.number}
        if hand.error is not None:
            item["error"] = hand.error.message()
        elif hand.redeal is not None:
            item["redeal"] = hand.redeal
        else:
            item["contract"] = str(hand.breakdown.contract)
            item["by"] = sheet.header.pairs[hand.by]
            item["made"] = hand.breakdown.made
        item["score"] = list(hand.score)
        item["total"] = list(hand.total)
        hands.append(item)
    return {
        "file": str(sheet.path),
        "pairs": list(sheet.header.pairs),
        "target": sheet.header.target,
        "convention": sheet.header.convention,
        "totals": list(result.totals),
        "ended_at": result.ended_at,
        "winner": None if result.winner is None else sheet.header.pairs[result.winner],
        "hands": hands,
    }


@app.command()
def recompute(
    files: Annotated[list[Path], typer.Argument(help="Файлы протоколов.", metavar="FILE...")],
    convention: Annotated[Optional[str], typer.Option("--convention", help="Пересчитать по другим правилам (имя или путь).", metavar="NAME|PATH")] = None,
    as_json: AsJson = False,
    fix: Annotated[bool, typer.Option("--fix", help="Записать пересчитанные очки и итоги в файл (копия рядом).")] = False,
) -> None:
    """Пересчитать сохранённые протоколы и найти каждое расхождение (файл, сдача, строка).

    Код выхода: 0 — всё сходится, 1 — есть расхождения или ошибки в сдачах, 2 — файл не читается.
    """
    from bbscore import protocol
    from bbscore.game import replay

    reports = []
    worst = 0
    if fix and convention is not None:
        from bbscore.errors import InconsistentHandError

        raise InconsistentHandError(
            "--fix", "с --convention", "пересчёт по другим правилам — только «что, если»: --fix пишет очки по правилам самой партии, уберите --convention"
        )
    for path in files:
        report: dict = {"file": str(path)}
        try:
            sheet = protocol.read(path)
            rules, warning = protocol.convention_for(sheet, convention)
        except BBScoreError as error:
            report.update(ok=False, error=error.message(), totals=None, discrepancies=[])
            reports.append(report)
            worst = 2
            if not as_json:
                _warn(error.message())
            continue
        result = replay(sheet.hands, sheet.header.pairs, sheet.header.target, rules)
        report.update(
            ok=not result.discrepancies,
            totals=list(result.totals),
            winner=None if result.winner is None else sheet.header.pairs[result.winner],
            convention=rules.name,
            discrepancies=[
                {"hand": d.hand, "line": _discrepancy_line(sheet, d), "field": d.field,
                 "recorded": d.recorded, "computed": d.computed, "message": d.message}
                for d in result.discrepancies
            ],
        )
        if warning:
            report["warning"] = warning
        if result.discrepancies:
            worst = max(worst, 1)
            if fix:
                try:
                    saved = protocol.fix(path)
                    report["fixed"] = True
                    report["backup"] = str(saved) if saved else None
                except BBScoreError as error:
                    report["fixed"] = False
                    report["fix_error"] = error.message()
        reports.append(report)
    if as_json:
        print(json.dumps({"files": reports}, ensure_ascii=False))
    else:
        from bbscore import render

        render.recompute_reports(reports)
    if worst:
        raise typer.Exit(worst)


def _discrepancy_line(sheet, discrepancy) -> int | None:
    entry = sheet.hands[discrepancy.hand - 1]
    if discrepancy.field in ("score", "total") and discrepancy.field in entry.fields:
        return sheet.field_line(entry, discrepancy.field)
    return entry.line


conventions_app = typer.Typer(
    help="Правила (конвенции): посмотреть, сравнить, проверить, сделать свои.", no_args_is_help=True,
)
app.add_typer(conventions_app, name="conventions")


@conventions_app.command("list")
def conventions_list(as_json: AsJson = False) -> None:
    """Встроенные правила и свои (из папки настроек пользователя)."""
    from bbscore import convention as conventions

    entries = []
    for origin, names, folder in (("bundled", conventions.bundled_names(), conventions.bundled_dir()),
                                  ("user", conventions.user_names(), conventions.user_dir())):
        for name in names:
            entry = {"name": name, "origin": origin, "file": str(folder / f"{name}.toml")}
            if origin == "user" and name in conventions.bundled_names():
                entry["problem"] = "имя занято встроенными правилами: по имени находятся встроенные, этот файл — только по пути"
            else:
                try:
                    loaded = conventions.load(entry["file"])
                    entry.update(title=loaded.settings.title, sha256=loaded.sha256)
                except BBScoreError as error:
                    entry["problem"] = error.message()
            entries.append(entry)
    if as_json:
        print(json.dumps({"user_dir": str(conventions.user_dir()), "conventions": entries}, ensure_ascii=False))
        return
    from bbscore import render

    render.convention_list(entries, conventions.user_dir())


@conventions_app.command("show")
def conventions_show(
    name: Annotated[str, typer.Argument(help="Имя правил или путь к файлу.", metavar="NAME|PATH")],
    as_json: AsJson = False,
) -> None:
    """Все значения правил, таблицами."""
    from bbscore import convention as conventions

    rules = conventions.load(name)
    if as_json:
        print(json.dumps({"file": str(rules.path), "sha256": rules.sha256, **rules.content}, ensure_ascii=False))
        return
    from bbscore import render

    render.convention_tables(rules)


@conventions_app.command("diff")
def conventions_diff(
    first: Annotated[str, typer.Argument(help="Первые правила (имя или путь).", metavar="A")],
    second: Annotated[str, typer.Argument(help="Вторые правила (имя или путь).", metavar="B")],
    as_json: AsJson = False,
) -> None:
    """Только то, чем различаются двое правил."""
    from bbscore import convention as conventions

    a, b = conventions.load(first), conventions.load(second)
    rows = conventions.differences(a, b)
    if as_json:
        print(json.dumps({"a": a.name, "b": b.name, "differences": [
            {"key": key, "a": left, "b": right, "description": conventions.describe(key)} for key, left, right in rows
        ]}, ensure_ascii=False))
        return
    from bbscore import render

    render.convention_diff(a, b, rows)


@conventions_app.command("check")
def conventions_check(file: Annotated[Path, typer.Argument(help="Файл правил (.toml).", metavar="FILE")]) -> None:
    """Проверить файл правил: все ключи, типы и согласованность чисел."""
    from bbscore import convention as conventions
    from bbscore.errors import ConventionNotFoundError

    if file.is_dir():
        raise ConventionNotFoundError("FILE", str(file), "это папка, а нужен файл правил .toml")
    if not file.is_file():
        hint = (f"; чтобы посмотреть правила по имени: bbscore conventions show {file}"
                if str(file) in conventions.bundled_names() + conventions.user_names() else "")
        raise ConventionNotFoundError("FILE", str(file), "файл правил не найден (check проверяет файл по пути)" + hint)
    rules = conventions.load_file(file)
    print(f"{file}: правила «{rules.name}» в порядке ({rules.settings.title}); sha256 {rules.sha256}")
    if rules.name != file.stem:
        print(f"внимание: имя в файле «{rules.name}», а файл называется {file.name}: по имени правила находятся по "
              f"имени файла (--convention {file.stem}), а в протоколе и выводе будет «{rules.name}»")


@conventions_app.command("init")
def conventions_init(
    new_file: Annotated[Path, typer.Argument(help="Новый файл правил (.toml); существующий не перезаписывается.", metavar="NEW.toml")],
    source: Annotated[str, typer.Option("--from", help="С каких правил начать (имя или путь).", metavar="NAME|PATH")] = "gambler",
) -> None:
    """Сделать свои правила: копия с комментариями, чтобы править."""
    from bbscore import convention as conventions
    from bbscore import protocol
    from bbscore.errors import ConventionError

    if new_file.suffix != ".toml":
        raise ConventionError(str(new_file), "", "файл правил должен оканчиваться на .toml")
    if new_file.stem in conventions.bundled_names():
        raise ConventionError(str(new_file), "", f"имя «{new_file.stem}» занято встроенными правилами — выберите другое")
    text = conventions.commented_copy(conventions.load(source), new_file.stem)
    if not new_file.parent.is_dir():
        raise ConventionError(str(new_file), "", f"нет папки {new_file.parent}")
    protocol.write_atomic(new_file, text, exclusive=True)
    conventions.parse(text.encode("utf-8"), new_file)
    print(f"{new_file}: копия правил «{source}» под именем «{new_file.stem}». Правьте значения, проверка: "
          f"bbscore conventions check {new_file}. Чтобы выбирать их по имени (--convention {new_file.stem}), "
          f"положите файл в {conventions.user_dir()}")


def breakdown_json(hand, breakdown, rules) -> dict:
    """The JSON object of ``bbscore score --json``."""
    from dataclasses import asdict

    data = asdict(breakdown)
    data["contract"] = str(breakdown.contract)
    data["outcome"] = breakdown.outcome.value
    data["decl_con"] = [str(c) for c in hand.decl_constructions]
    data["def_con"] = [str(c) for c in hand.def_constructions]
    for key in ("def_cards", "decl_cards"):
        cards = getattr(hand, key)
        if cards is not None:
            data[key] = [str(card) for card in cards]
    if hand.last is not None:
        data["last"] = hand.last
    data["convention"] = rules.name
    data["convention_sha256"] = rules.sha256
    return data


def main(argv: list[str] | None = None) -> int:
    """The console script: run the app, turning every input error into one line and exit code 2."""
    try:
        result = app(args=argv, standalone_mode=False, prog_name="bbscore")
    except BBScoreError as error:
        return _fail(error.message())
    except typer.Abort:
        print("прервано", file=sys.stderr)
        return 130
    except typer.TyperException as error:  # click's usage errors: unknown option, missing argument
        if type(error).__name__ == "NoArgsIsHelpError":  # help was printed
            return 0
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        return _fail(f"{_translate_usage(message)} (см. bbscore --help)")
    except KeyboardInterrupt:
        print("прервано", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        return 0
    except OSError as error:  # the system refused: a full disk, a closed output, permissions
        return _fail(f"{error.filename or 'вывод'}: {os_reason(error)}")
    except Exception as error:  # a bug: one line, not a traceback (BBSCORE_DEBUG=1 shows it)
        import os

        if os.environ.get("BBSCORE_DEBUG"):
            raise
        print(f"внутренняя ошибка bbscore ({type(error).__name__}: {error}); BBSCORE_DEBUG=1 покажет подробности",
              file=sys.stderr)
        return 3
    return result if isinstance(result, int) else 0


_USAGE_MESSAGES = [
    (r"^No such option: (\S+).*", r"нет такого параметра \1"),
    (r"^Missing argument '(\S+)'.*", r"не указан аргумент \1"),
    (r"^Missing option '(\S+)'.*", r"не указан параметр \1"),
    (r"^Option '(\S+)' requires an argument.*", r"параметру \1 нужно значение"),
    (r"^Got unexpected extra argument(?:\(s\)|s)? \((.*)\)", r"лишние аргументы: \1"),
    (r"^No such command '(\S+)'.*", r"нет такой команды \1"),
    (r"^Option '(\S+)' does not take a value.*", r"параметр \1 не принимает значения"),
]


def _translate_usage(message: str) -> str:
    """Click's usage messages in Russian (the few a user meets)."""
    import re

    for pattern, russian in _USAGE_MESSAGES:
        if re.match(pattern, message):
            return re.sub(pattern, russian, message)
    return message


def _warn(message: str) -> None:
    """One error line on standard error, without ending the command (recompute goes on to the next file)."""
    print(f"ошибка: {' '.join(message.split())}", file=sys.stderr)


def _fail(message: str) -> int:
    print(f"ошибка: {' '.join(message.split())}", file=sys.stderr)
    return 2


def run() -> None:
    """Entry point for ``python -m bbscore`` and the ``bbscore`` script."""
    sys.exit(main())
