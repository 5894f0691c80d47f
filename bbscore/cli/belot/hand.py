"""Commands about one hand: ``score``, ``count``, ``melds``."""

from typing import Annotated, Optional

import typer

from bbscore.cli import epilog, emit_json
from bbscore.i18n import _
from bbscore.cli.options import AsJson, Command
from bbscore.cli.belot.options import ConventionOption, DeclCards, DeclCon, DeclPoints, DeclSeats, DeclTricks, DefCards, DefCon, DefPoints, LastTrick, Melds, Seat


def score(
    contract: Annotated[str, typer.Argument(help=(
        "Контракт: 12Т, 22ВК, 15П+, ^2Ч, ^^Т++ (или 12C, 22AT, 15S+). Капо — как в файле правил (kapo.style): "
        "premium (gambler, classic) — премия ^Т, ^2Т, с руки ^^Т; flag (blot-star) — отметка на заявке: 26Т^ "
        "(«26 капо»: набрать 260 и взять все 8 взяток)."), metavar="CONTRACT")],
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
    from bbscore import conventions
    from bbscore.belot import KEY
    from bbscore.belot.hand import make_hand
    from bbscore.belot.scoring import score as score_hand

    rules = conventions.load(convention, game=KEY)
    hand = make_hand(
        rules, contract, def_points=def_points, decl_points=decl_points,
        decl_con=decl_con, def_con=def_con, decl_tricks=decl_tricks,
        def_cards=def_cards, decl_cards=decl_cards, last=last, melds=melds, decl_seats=decl_seats,
    )
    breakdown = score_hand(hand, rules)
    if as_json:
        emit_json(breakdown_json(hand, breakdown, rules))
        return
    from bbscore.render import belot as render

    render.hand_result(hand, breakdown, rules)


def count(
    game: Annotated[str, typer.Argument(help="Игра: П Т Б Ч БК ВК (или S C D H NT AT).", metavar="GAME")],
    cards: Annotated[str, typer.Argument(help="Взятые карты: \"ВТ 10Ч ТП Д♦ …\" (или JC TH AS QD).", metavar="CARDS")],
    last: Annotated[bool, typer.Option("--last", help="Эта сторона взяла последнюю взятку (послед).")] = False,
    convention: ConventionOption = "gambler",
    as_json: AsJson = False,
) -> None:
    """Посчитать висты за взятые карты, карта за картой (с последом при --last)."""
    from bbscore import conventions
    from bbscore.belot import KEY
    from bbscore.belot.cards import parse_cards
    from bbscore.belot.contract import parse_game
    from bbscore.errors import InconsistentHandError

    rules = conventions.load(convention, game=KEY)
    played = parse_game(game)
    taken = parse_cards(cards, "CARDS")
    if last and not taken:
        raise InconsistentHandError("--last", _("без карт"), _("последнюю взятку берут с картами"))
    values = [(str(card), rules.card_visty(card, played)) for card in taken]
    bonus = rules.settings.points.last_trick if last else 0
    total = sum(points for _, points in values) + bonus
    if as_json:
        emit_json({"game": played.value, "points": total, "last": bonus,
                          "cards": [{"card": card, "points": points} for card, points in values]})
        return
    from bbscore.render import belot as render

    render.counted(played, [(card.shown(), points) for card, (_name, points) in zip(taken, values)], bonus, total,
                   len(taken))


def melds(
    contract: Annotated[str, typer.Argument(help="Контракт (нужна игра: козырь, БК, ВК).", metavar="CONTRACT")],
    p1: Annotated[Optional[list[str]], Seat(1)] = None,
    p2: Annotated[Optional[list[str]], Seat(2)] = None,
    p3: Annotated[Optional[list[str]], Seat(3)] = None,
    p4: Annotated[Optional[list[str]], Seat(4)] = None,
    convention: ConventionOption = "gambler",
    as_json: AsJson = False,
) -> None:
    """Чьи конструкции проходят: сравнить объявления игроков (p1 ходит первым; пары 1+3 и 2+4)."""
    from bbscore import conventions
    from bbscore.belot import KEY
    from bbscore.belot import melds as meld_rules

    rules = conventions.load(convention, game=KEY)
    played = rules.parse_contract(contract)
    seats = {seat: ", ".join(texts) for seat, texts in ((1, p1), (2, p2), (3, p3), (4, p4)) if texts}  # a repeated option adds
    announced = meld_rules.parse_announcements(seats, played, rules)
    resolution = meld_rules.resolve(announced, played, rules)
    if as_json:
        emit_json(resolution_json(resolution, rules))
        return
    from bbscore.render import belot as render

    render.resolution(played, resolution, rules)


def resolution_json(resolution, rules) -> dict:
    """The JSON object of ``bbscore melds --json``."""
    from bbscore.belot.reasons import cancel_text, reasons_text

    return {
        "winner_pair": resolution.winner_pair.value if resolution.winner_pair else None,
        "visty": {pair.value: visty for pair, visty in resolution.visty.items()},
        "redeal": resolution.redeal,
        "passed": [{"seat": m.seat, "pair": m.pair.value, "construction": str(m), "visty": v} for m, v in resolution.passed],
        "cancelled": [{"seat": m.seat, "pair": m.pair.value, "construction": str(m), "why": cancel_text(why)}
                      for m, why in resolution.cancelled],
        "reasons": reasons_text(resolution, rules),
    }


def breakdown_json(hand, breakdown, rules) -> dict:
    """The JSON object of ``bbscore score --json``."""
    import msgspec

    data = msgspec.structs.asdict(breakdown)
    data["contract"] = str(breakdown.contract)
    data["outcome"] = breakdown.outcome.value
    data["decl_con"] = [str(c) for c in hand.decl_constructions]
    data["def_con"] = [str(c) for c in hand.def_constructions]
    for key in ("def_cards", "decl_cards"):
        cards = getattr(hand, key)
        if cards is not None:
            data[key] = [str(card) for card in cards]
    if hand.last is not None:
        data["last"] = hand.last.value
    from bbscore.belot.working import formula

    data["formula"] = formula(breakdown, rules)
    data["convention"] = rules.name
    data["convention_sha256"] = rules.sha256
    return data


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add these commands to the app (only the one named ``only``, when given)."""
    for command in (score, count, melds):
        if only in (None, command.__name__):
            app.command(cls=Command, epilog=epilog(command.__name__))(command)
