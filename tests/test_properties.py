"""Properties of the engine that hold for every hand (RULES.md §5) and for every text typed (§8).

Hands are generated valid by construction under the gambler convention:
contract kind, game, number ≥ the minimum bid, doubling; the declarers'
trick visty drawn from what cards can make (``convention.makeable``, by
tricks when the trick count is drawn too); constructions other than bela on at
most one side, plus up to ``max_belas`` belas shared between the sides.  The
hypothesis profile (tests/conftest.py) is derandomized: every run tries the
same examples.
"""

from __future__ import annotations

import pytest
from collections import Counter

from hypothesis import assume, event, example, given, settings
from hypothesis import strategies as st

from bbscore import conventions as convention
from bbscore.belot.cards import RUSSIAN_RANKS
from bbscore.belot.constructions import format_list, parse_list
from bbscore.belot.contract import Contract, ContractKind, Doubling, Game
from bbscore.errors import BBScoreError
from bbscore.belot.constructions import fits_two_players
from bbscore.belot.hand import Hand, make_hand
from bbscore.belot.scoring import Outcome, score

GAMBLER = convention.load("gambler")

# The "any text" properties below accept an input or refuse it with the project's error: each outcome is recorded
# (hypothesis.event, and counted here), and each test states the share of its inputs that must be accepted — a
# property that would hold if everything were refused tests nothing.
OUTCOMES: Counter = Counter()


def outcome(kind: str) -> None:
    event(kind)
    OUTCOMES[kind] += 1


def run_counted(search, accepted_at_least: float, refused_at_least: float = 0.05) -> None:
    """Run a hypothesis search whose examples call :func:`outcome`; assert the shares of accepted and refused inputs."""
    OUTCOMES.clear()
    search()
    total = sum(OUTCOMES.values())
    assert total >= 100, OUTCOMES
    assert OUTCOMES["accepted"] >= accepted_at_least * total, f"too many refused: {dict(OUTCOMES)}"
    assert OUTCOMES["refused"] >= refused_at_least * total, f"too few refused (bad input not reached): {dict(OUTCOMES)}"
SEQUENCES = ["терц", "берц", "квинта", "шестерик", "семерик", "восьмерик"]


def union(sets) -> frozenset[int]:
    return frozenset().union(*sets)


@st.composite
def constructions(draw, game: Game) -> tuple[list[str], list[str]]:
    """(decl_con, def_con): non-bela constructions on at most one side, belas within max_belas."""
    table = GAMBLER.game(game.kind)
    rams_ranks = sorted(rank for rank in table.rams if rank not in ("7", "8"))  # 7s: redeal; 8s: below
    rams = ["рамки-" + RUSSIAN_RANKS[rank] for rank in rams_ranks]
    choice = draw(st.sampled_from(["none", "rams8", "mixed"]))
    others: list[str] = []
    if choice == "rams8":  # rams of 8s cancel every other construction: alone
        others = ["рамки-8"]
    elif choice == "mixed":
        others = draw(st.lists(st.sampled_from(SEQUENCES), max_size=2))  # ≤ 16 cards
        others += draw(st.lists(st.sampled_from(rams), max_size=2, unique=True))
        # only what two players of 8 cards can hold (hand.fits_two_players; such lists are refused)
        assume(fits_two_players(parse_list(others, "test")))
        others += draw(st.lists(st.sampled_from(["40", "70"]), max_size=1))  # bare visty: 20+20, 20+50
    decl: list[str] = []
    defs: list[str] = []
    (decl if draw(st.booleans()) else defs).extend(others)
    for _ in range(draw(st.integers(0, table.max_belas))):
        (decl if draw(st.booleans()) else defs).append("бэла")
    return decl, defs


@st.composite
def hands(draw, kinds=(ContractKind.SIMPLE, ContractKind.KAPO, ContractKind.KAPO_HAND)) -> dict:
    """Keyword arguments of :func:`make_hand` for a valid hand."""
    game = draw(st.sampled_from(list(Game)))
    table = GAMBLER.game(game.kind)
    deck = table.deck_visty
    kind = draw(st.sampled_from(list(kinds)))
    if kind is ContractKind.SIMPLE:
        number = draw(st.integers(table.min_bid, deck // 10 + 12))
    else:
        number = draw(st.integers(0, 6))
    contract = Contract(kind, number, game, draw(st.sampled_from(list(Doubling))))
    by_tricks = GAMBLER.makeable(game.kind)
    if kind is ContractKind.SIMPLE:
        tricks = draw(st.none() | st.integers(0, 8))
    else:
        tricks = draw(st.integers(0, 8))
    possible = union(by_tricks) if tricks is None else by_tricks[tricks]
    decl_points = draw(st.sampled_from(sorted(possible)))
    decl_con, def_con = draw(constructions(game))
    if tricks is None and decl_points == 0 and decl_con:
        tricks = 0  # with 0 trick visty and constructions the count is required (it matters for rule 1)
    given_as = draw(st.sampled_from(["def", "decl", "both"]))
    kwargs: dict = {"contract": contract, "decl_con": decl_con, "def_con": def_con, "decl_tricks": tricks}
    if given_as in ("def", "both"):
        kwargs["def_points"] = deck - decl_points
    if given_as in ("decl", "both"):
        kwargs["decl_points"] = decl_points
    return kwargs


def scored(kwargs: dict):
    kwargs = dict(kwargs)
    contract = kwargs.pop("contract")
    return score(make_hand(GAMBLER, contract, **kwargs), GAMBLER)


@settings(max_examples=300)
@given(hands())
def test_written_points_add_up(kwargs):
    """(a) Whatever the outcome, the pairs together write PC + Pp + Pv (seed 000 §5 table)."""
    b = scored(kwargs)
    assert b.declarers + b.defenders == b.PC + b.Pp + b.Pv
    assert b.declarers >= 0 and b.defenders >= 0
    assert b.VTp + b.VTv == b.S
    assert (b.Vp, b.Vv) == (b.VTp + b.VCp, b.VTv + b.VCv)
    assert b.VCp + b.VCv == b.announced_VCp + b.announced_VCv
    assert b.made == (b.outcome is not Outcome.BAIT)
    if b.outcome is Outcome.MADE:
        assert (b.declarers, b.defenders) == (b.PC + b.Pp, b.Pv)


@settings(max_examples=300)
@given(hands(kinds=(ContractKind.SIMPLE,)))
def test_simple_points_for_visty_are_the_base_cost_plus_constructions(kwargs):
    """(b) Simple game: Pp + Pv = C + (VCp + VCv)/10 always (RULES.md §5 step 6)."""
    b = scored(kwargs)
    assert b.Pp + b.Pv == b.C + (b.VCp + b.VCv) // 10
    assert b.made == (b.Vp >= 10 * b.contract.number)  # seed 000 §5: the defenders' visty do not matter


@settings(max_examples=300)
@given(hands(kinds=(ContractKind.SIMPLE,)), st.data())
def test_more_defenders_points_never_make_a_bait_made(kwargs, data):
    """(c) Simple game: more defenders' trick visty never turn a bait into made (Vp only falls)."""
    first = scored(kwargs)
    game = first.contract.game
    deck = first.S
    more = data.draw(st.sampled_from(sorted(v for v in union(GAMBLER.makeable(game.kind)) if v >= first.VTv)))
    second_kwargs = {"contract": first.contract, "def_points": more,
                     "decl_con": kwargs["decl_con"], "def_con": kwargs["def_con"], "decl_tricks": None}
    if more == deck and kwargs["decl_con"]:
        second_kwargs["decl_tricks"] = 0
    second = scored(second_kwargs)
    assert not (not first.made and second.made), (first.VTv, more)


NOTATION_ALPHABET = "0123456789^+ПТБЧВКSCDHNTA♠♣♦♥ pt"


def _contract_parse_is_total(text: str) -> None:
    try:
        contract = Contract.parse(text)
    except BBScoreError:
        outcome("refused")
        return
    outcome("accepted")
    assert isinstance(contract, Contract)
    again = Contract.parse(str(contract))
    assert again == contract
    assert str(again) == str(contract)


@st.composite
def contract_texts(draw) -> str:
    """A contract's normal form, as a user may type it: with spaces around or in lower case."""
    game = draw(st.sampled_from(list(Game)))
    kind = draw(st.sampled_from(list(ContractKind)))
    table = GAMBLER.game(game.kind)
    number = draw(st.integers(table.min_bid, 30)) if kind is ContractKind.SIMPLE else draw(st.integers(0, 6))
    text = str(Contract(kind, number, game, draw(st.sampled_from(list(Doubling)))))
    return draw(st.sampled_from([text, f" {text} ", text.lower()]))


@settings(max_examples=300)
@given(contract_texts() | st.text())
@example("")
@example("١٢Т")  # Arabic-Indic digits are digits
@example("²Т")  # a superscript is not
@example("12ß")
@example("^-1Т")
@example("-12Т")
def contract_parse_any_text(text):
    _contract_parse_is_total(text)


def test_contract_parse_any_text():
    """(d) Any text (half of it contracts as typed): a Contract whose normal form re-parses to it, or one of the
    project's errors."""
    run_counted(contract_parse_any_text, accepted_at_least=0.3)


@settings(max_examples=300)
@given(st.text(alphabet=NOTATION_ALPHABET, max_size=12))
@example("^^0БК++")
@example("00000Т")
def contract_parse_notation_like_text(text):
    _contract_parse_is_total(text)


def test_contract_parse_notation_like_text():
    """(d) Text made of notation characters: same (near misses, most of them refused; about 2 % are contracts)."""
    run_counted(contract_parse_notation_like_text, accepted_at_least=0.01)


TEXT_OR_LIST = st.text(max_size=20) | st.lists(st.text(max_size=12), max_size=3)
CON_NAMES = SEQUENCES + ["бэла", "рамки-9", "рамки-В", "рамки-Д", "рамки-К", "рамки-Т", "рамки-10", "40", "70"]
# construction lists as typed: "2×терц, бэла", one name a list item, or several in one text
CON_LISTS = (st.lists(st.sampled_from(CON_NAMES), min_size=1, max_size=3).map(", ".join)
             | st.lists(st.sampled_from(CON_NAMES), min_size=1, max_size=3)
             | st.tuples(st.integers(2, 3), st.sampled_from(["терц", "бэла"])).map(lambda p: f"{p[0]}×{p[1]}"))
CON_ALPHABET = "0123456789×x*,; -терцбэлаквинтрамкиВДКТ9 rams-JQKAT"


def _parse_list_is_total(texts) -> None:
    try:
        result = parse_list(texts, "--decl-con")
    except BBScoreError:
        outcome("refused")
        return
    outcome("accepted")
    again = parse_list(format_list(result), "--decl-con") if result else ()
    assert sorted(map(str, again)) == sorted(map(str, result))


@settings(max_examples=300)
@given(CON_LISTS | TEXT_OR_LIST)
@example("²")  # str.isdigit() is True, int() refuses it
@example("٣")
@example("2×терц, бэла")
def parse_list_any_text(texts):
    _parse_list_is_total(texts)


def test_parse_list_any_text():
    """(e) Construction lists (half of them as typed): parsed (and their normal form re-parses the same) or refused
    with our error."""
    run_counted(parse_list_any_text, accepted_at_least=0.3)


@settings(max_examples=300)
@given(st.text(alphabet=CON_ALPHABET, max_size=20))
def parse_list_construction_like_text(text):
    _parse_list_is_total(text)


def test_parse_list_construction_like_text():
    """(e) Text made of construction-name characters: same (near misses, most of them refused; about 8 % parse)."""
    run_counted(parse_list_construction_like_text, accepted_at_least=0.03)


VALID_CONTRACTS = ["12Т", "22ВК", "15БК+", "^Т", "^^2Ч", "8П", "20ВК++"]
FIELD = (
    st.none()
    | st.text(max_size=8)
    | st.text(alphabet="0123456789- +", max_size=5)
    | st.integers(-300, 300)
    | st.sampled_from(["²", "--5", "٣", " 18 ", "-0", "0"])
)
CON_FIELD = st.none() | TEXT_OR_LIST | st.sampled_from(["терц", "бэла", "рамки-9", "2×бэла", "²", "40"])


ANY_FIELDS = st.fixed_dictionaries({
    "contract": st.sampled_from(VALID_CONTRACTS) | st.text(max_size=8),
    "def_points": FIELD, "decl_points": FIELD, "decl_con": CON_FIELD, "def_con": CON_FIELD, "decl_tricks": FIELD,
})


def as_typed(kwargs: dict) -> dict:
    """A valid hand of :func:`hands` as text, the way the command line passes it."""
    text = lambda value: None if value is None else str(value)  # noqa: E731
    return {"contract": str(kwargs["contract"]), "def_points": text(kwargs.get("def_points")),
            "decl_points": text(kwargs.get("decl_points")), "decl_con": ", ".join(kwargs["decl_con"]) or None,
            "def_con": kwargs["def_con"] or None, "decl_tricks": text(kwargs["decl_tricks"])}


@settings(max_examples=300)
@given(hands().map(as_typed) | ANY_FIELDS)
@example({"contract": "12Т", "def_points": "--5", "decl_points": None, "decl_con": None, "def_con": None,
          "decl_tricks": None})
@example({"contract": "12Т", "def_points": "18", "decl_points": None, "decl_con": "²", "def_con": None,
          "decl_tricks": None})
@example({"contract": "^Т", "def_points": "0", "decl_points": None, "decl_con": None, "def_con": None,
          "decl_tricks": "²"})
def make_hand_any_text(fields):
    contract, def_points, decl_points, decl_con, def_con, decl_tricks = (
        fields[key] for key in ("contract", "def_points", "decl_points", "decl_con", "def_con", "decl_tricks"))
    try:
        hand = make_hand(GAMBLER, contract, def_points=def_points, decl_points=decl_points,
                         decl_con=decl_con, def_con=def_con, decl_tricks=decl_tricks)
    except BBScoreError:
        outcome("refused")
        return
    outcome("accepted")
    assert isinstance(hand, Hand)
    b = score(hand, GAMBLER)
    assert b.declarers + b.defenders == b.PC + b.Pp + b.Pv


def test_make_hand_any_text():
    """(e) make_hand with anything in every field (half of the hands valid ones, typed as text): a Hand that scores,
    or one of the project's errors."""
    run_counted(make_hand_any_text, accepted_at_least=0.3)


# The counterexamples above, as plain tests, so that a failure names the bug at once.
@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("def_points", "--5", id="hand.parse_count: --5"),
        pytest.param("def_points", "²", id="hand.parse_count: superscript 2"),
        pytest.param("decl_tricks", "²", id="hand.parse_count: --decl-tricks superscript 2"),
        pytest.param("decl_con", "²", id="constructions._parse_name: superscript 2"),
        pytest.param("def_con", "①", id="constructions._parse_name: circled 1"),
    ],
)
def test_digit_like_text_is_refused_with_our_error(field, value):
    kwargs = {"def_points": "18", "decl_con": None, "def_con": None, "decl_tricks": None}
    kwargs[field] = value
    contract = "^Т" if field == "decl_tricks" else "12Т"
    if field == "decl_tricks":
        kwargs["def_points"] = "0"
    with pytest.raises(BBScoreError):
        make_hand(GAMBLER, contract, **kwargs)
