"""``bbscore referee DEAL``: a deal of the Belot family refereed (RULES.md §13) — every card's legality, the tricks,
the constructions held and announced, the score."""

# No "from __future__ import annotations": Typer reads the annotations.
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json, epilog
from bbscore.cli.deals import DealArgument
from bbscore.cli.options import AsJson, Command


def referee(
    deal: DealArgument,
    convention: Annotated[Optional[str], typer.Option(
        "--convention", help="Правила вместо тех, что названы в раздаче (rules): имя или путь к .toml.",
        metavar="NAME|PATH")] = None,
    as_json: AsJson = False,
) -> None:
    """Разобрать сдачу по картам: законен ли каждый ход, кто взял взятки, какие конструкции были и прошли, что пишут пары."""
    _deal, ruling, rules = judged(deal, convention)
    if as_json:
        emit_json(ruling_json(ruling, rules))
        return
    from bbscore.render.referee import belot as render

    render.ruling(ruling, rules)


def load(given: str, override: Optional[str] = None):
    """(name, text, the checked :class:`~bbscore.belot.deal.Deal`, its rules) of a deal file; a refusal of a value
    names the file and its line."""
    from bbscore.cli import deals as deal_files
    from bbscore.belot import KEY
    from bbscore.belot.deal import from_tables, rules_of

    return deal_files.loaded(given, override, KEY, rules_of, from_tables)


def judged(given: str, override: Optional[str] = None):
    """(the deal, its ruling, the rules) of a deal file (:func:`load` and the referee; a refusal names the line)."""
    from bbscore.cli import deals as deal_files
    from bbscore.belot.referee import referee as judge

    name, text, deal, rules = load(given, override)
    return deal, deal_files.guarded(name, text, lambda: judge(deal, rules)), rules


# What ``add --deal`` takes from the deal: no other input of the hand is given with it.
_HAND_INPUTS = ("contract", "def_points", "decl_points", "decl_con", "def_con", "decl_tricks", "def_cards", "decl_cards",
                "last", "melds", "decl_seats", "redeal", "doezd")


def deal_fields(file, given: str, options: dict) -> dict:
    """The protocol fields of ``add FILE --deal DEAL``: the contract and the pair from the options, the deal refereed
    under the game's own rules (:func:`bbscore.belot.protocol.convention_for`) and kept with the hand.

    Refused: another input of the hand given with it, a deal whose ``rules`` are not the game's, a partial deal, a
    deal the referee refuses (named ``DEAL:line``)."""
    from bbscore import deals
    from bbscore.belot import KEY, protocol
    from bbscore.belot.deal import from_tables, rules_of, to_tables
    from bbscore.belot.referee import referee as judge
    from bbscore.cli import deals as deal_files
    from bbscore.errors import BBScoreError, ConventionError, InconsistentHandError, ref
    from bbscore.i18n import _

    for name in _HAND_INPUTS:
        if options.get(name) not in (None, []):
            raise InconsistentHandError(name, options[name], _("с {deal} ввод сдачи берётся из раздачи").format(deal=ref("deal")))
    if options.get("by") is None:
        raise InconsistentHandError("by", _("не указано"), _("нужны разыгрывающие: название пары из протокола или её номер"))
    rules, _warning = protocol.convention_for(protocol.read(file))
    name, text, data, folder = deal_files.read(given)
    try:
        named = rules_of(data)
        if named is not None:
            theirs = deal_files.load_rules(named, None, folder, KEY)
            if not rules.same_rules(theirs.sha256):
                raise InconsistentHandError("rules", named, _("партия записана по правилам «{game}»: раздача должна быть "
                                                              "по ним же (или без rules)").format(game=rules.name))
        deal = from_tables(data, rules)
        ruling = judge(deal, rules)
    except ConventionError:
        raise
    except BBScoreError as error:
        raise deals.refusal(name, text, error) from None
    if ruling.hand is None:
        raise InconsistentHandError("deal", name, _("в протокол пишется только вся раздача: все руки и 8 взяток "
                                                    "(разбор части: bbscore referee)") if not ruling.redeal else
                                    _("по раздаче сдача без результата (пересдача): {redeal} rams-7").format(redeal=ref("redeal")))
    fields = {"contract": str(deal.contract), "by": options["by"], "deal": to_tables(deal)}
    if options.get("note") is not None:
        fields["note"] = options["note"]
    return fields


def ruling_json(ruling, rules) -> dict:
    """The JSON object of ``bbscore referee --json``."""
    from bbscore.cli.belot.hand import breakdown_json, resolution_json
    from bbscore.seats import Partnership

    deal = ruling.deal
    name = deal.name

    def judgement(j) -> dict:
        return {"trick": j.trick, "position": j.position, "player": name(j.seat), "card": str(j.card), "duty": j.duty,
                "legal": sorted(str(card) for card in j.legal), "doubt": sorted(str(card) for card in j.doubt)}

    data = {
        "convention": ruling.convention, "convention_sha256": rules.sha256, "source": ruling.source,
        "contract": str(deal.contract), "players": list(deal.players), "dealer": name(4),
        "declarers": [name(seat) for seat in (1, 2, 3, 4) if Partnership.of_seat(seat) is ruling.declarers],
        "first_trick": deal.first_trick,
        "tricks": [{"number": t.number, "leader": name(t.leader), "cards": [str(card) for _seat, card in t.plays],
                    "winner": name(t.winner), "points": t.points, "last": t.last} for t in ruling.tricks],
        "legal": None if ruling.undecided and ruling.first_illegal is None else ruling.first_illegal is None,
        "first_illegal": judgement(ruling.first_illegal) if ruling.first_illegal is not None else None,
        "undecided": [judgement(j) for j in ruling.undecided],
        "points": {pair.value: points for pair, points in ruling.points.items()},
        "tricks_won": {pair.value: won for pair, won in ruling.tricks_won.items()},
        "player_tricks": {name(seat): won for seat, won in ruling.seat_tricks.items()},
        "announcements": [{"player": name(c.seat), "construction": str(c.meld) if c.meld is not None else c.text,
                           "status": c.status, "reason": c.reason}
                          for c in ruling.announcements],
        "belas": [{"player": name(c.seat), "suit": c.suit, "status": c.status, "why": c.why} for c in ruling.belas],
        "constructions": resolution_json(ruling.resolution, rules) if ruling.resolution is not None else None,
        "redeal": ruling.redeal, "revoke": ruling.revoke,
        "declarers_points": ruling.declarers_points, "defenders_points": ruling.defenders_points,
        "score": breakdown_json(ruling.hand, ruling.breakdown, rules) if ruling.breakdown is not None else None,
        "not_decided": list(ruling.not_decided),
    }
    return data


def register(app: typer.Typer, only: Optional[str] = None) -> None:
    """Add ``referee`` to the app."""
    if only in (None, "referee"):
        app.command(cls=Command, epilog=epilog("referee"))(referee)
