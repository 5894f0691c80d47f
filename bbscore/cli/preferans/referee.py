"""``bbscore pref referee DEAL``: a preferans deal refereed (RULES.md §13) — every card's legality, the tricks, what
the hand writes."""

# No "from __future__ import annotations": Typer reads the annotations.
from typing import Annotated, Optional

import typer

from bbscore.cli import emit_json
from bbscore.cli.deals import DealArgument
from bbscore.cli.options import AsJson


def referee(
    deal: DealArgument,
    convention: Annotated[Optional[str], typer.Option(
        "--convention", help="Правила вместо тех, что названы в раздаче (rules): имя или путь к .toml.",
        metavar="NAME|PATH")] = None,
    as_json: AsJson = False,
) -> None:
    """Разобрать сдачу преферанса по картам: законен ли каждый ход, кто взял взятки, что пишется."""
    _deal, ruling, _rules = judged(deal, convention)
    if as_json:
        emit_json(ruling_json(ruling, _rules))
        return
    from bbscore.render.referee import preferans as render

    render.ruling(ruling, _rules.settings.play.revoke_penalty)


def load(given: str, override: Optional[str] = None):
    """(name, text, the checked :class:`~bbscore.preferans.deal.PrefDeal`, its loaded rules) of a deal file; a
    refusal of a value names the file and its line."""
    from bbscore.cli import deals as deal_files
    from bbscore.preferans import KEY
    from bbscore.preferans.deal import from_tables, rules_of

    return deal_files.loaded(given, override, KEY, rules_of, lambda data, rules: from_tables(data, tuple(rules.settings.players.counts)))


def judged(given: str, override: Optional[str] = None):
    """(the deal, its ruling, the loaded rules) of a deal file."""
    from bbscore.cli import deals as deal_files
    from bbscore.preferans.referee import referee as judge

    name, text, deal, rules = load(given, override)
    return deal, deal_files.guarded(name, text, lambda: judge(deal, rules.settings)), rules


def deal_fields(file, given: str, options: dict, note: Optional[str] = None) -> dict:
    """The sheet fields of ``pref add FILE --deal DEAL``: the hand's inputs as the deal gives them, refereed under
    the sheet's own rules, and the deal kept with the hand.  Refused: another input of the hand given with it, a deal
    of other players or other rules, a partial deal, a deal the referee refuses (named ``DEAL:line``)."""
    from bbscore import deals
    from bbscore.cli import deals as deal_files
    from bbscore.errors import BBScoreError, ConventionError, InconsistentHandError, ref
    from bbscore.i18n import _
    from bbscore.preferans import KEY, protocol
    from bbscore.preferans.deal import from_tables, rules_of, to_tables
    from bbscore.preferans.inputs import input_fields
    from bbscore.preferans.referee import referee as judge

    for key, value in options.items():
        if value not in (None, []):
            raise InconsistentHandError(key, value, _("с {deal} ввод сдачи берётся из раздачи").format(deal=ref("deal")))
    sheet = protocol.read(file)
    loaded, settings, _warning = protocol.rules_for(sheet)
    name, text, data, folder = deal_files.read(given)
    try:
        named = rules_of(data)
        if named is not None:
            theirs = deal_files.load_rules(named, None, folder, KEY)
            if not loaded.same_rules(theirs.sha256):
                raise InconsistentHandError("rules", named, _("пуля записана по правилам «{game}»: раздача должна быть "
                                                              "по ним же (или без rules)").format(game=loaded.name))
        deal = from_tables(data, tuple(settings.players.counts))
        if deal.players != tuple(sheet.header.players):
            raise InconsistentHandError("players", list(deal.players), _("в пуле играют {players} (в том же порядке)").format(
                players=", ".join(sheet.header.players)))
        ruling = judge(deal, settings)
    except ConventionError:
        raise
    except BBScoreError as error:
        raise deals.refusal(name, text, error) from None
    if ruling.hand is None:
        raise InconsistentHandError("deal", name, _("в пулю пишется только вся раздача: все руки, прикуп, снос и 10 "
                                                    "взяток (разбор части: bbscore pref referee)"))
    fields = {**input_fields(ruling.hand, {}), "deal": to_tables(deal)}
    if note is not None:
        if not note.strip():
            raise InconsistentHandError("note", note, _("примечание — непустой текст"))
        fields["note"] = note
    return fields


def ruling_json(ruling, rules) -> dict:
    """The JSON object of ``bbscore pref referee --json``."""
    from bbscore.preferans.inputs import plain, written_fields

    deal = ruling.deal
    name = deal.name

    def judgement(j) -> dict:
        return {"trick": j.trick, "position": j.position, "player": name(j.seat), "card": str(j.card), "duty": j.duty,
                "legal": sorted(str(card) for card in j.legal), "doubt": sorted(str(card) for card in j.doubt)}

    written = None
    if ruling.entries is not None:
        fields = written_fields(ruling.entries)
        written = {"pulya": fields["pulya"], "gora": {p: plain(n) for p, n in fields["gora"].items()},
                   "vists": [{**v, "vists": plain(v["vists"])} for v in fields["vists"]]}
    return {
        "convention": ruling.convention, "convention_sha256": rules.sha256, "source": ruling.source,
        "game": str(deal.contract), "players": list(deal.players), "dealer": deal.dealer, "active": list(deal.active),
        "declarer": deal.declarer, "whist": list(deal.whisted), "pass": list(deal.passed),
        "talon": [str(card) for card in deal.talon], "discard": [str(card) for card in deal.discard],
        "first_trick": deal.first_trick,
        "tricks": [{"number": t.number, "leader": name(t.leader),
                    "talon": next((str(card) for seat, card in t.plays if seat is None), None),
                    "cards": [str(card) for seat, card in t.plays if seat is not None], "winner": name(t.winner)}
                   for t in ruling.tricks],
        "legal": None if ruling.undecided and ruling.first_illegal is None else ruling.first_illegal is None,
        "first_illegal": judgement(ruling.first_illegal) if ruling.first_illegal is not None else None,
        "undecided": [judgement(j) for j in ruling.undecided],
        "tricks_taken": dict(ruling.taken), "tricks_written": dict(ruling.credited),
        "revoke": ruling.revoke, "written": written, "not_decided": list(ruling.not_decided),
    }
