"""Issue #22: a property per bundled family — the written points of random hands are what the family's rule text says.

Each oracle is written here from the family's rules (RULES.md §12 and the sources cited in the rule files), not from
the engine's formula: the card points of each side (a side that took every trick counts the capot value), the
constructions, who is made, and what each side writes.  Every generated hand is valid, so a refusal fails the
property.  A last property follows the points of a tie held over to the next hand.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bbscore import conventions
from bbscore.belot.game import HandEntry, replay
from bbscore.belot.hand import make_hand
from bbscore.belot.scoring import score

VALUES = {"терц": 20, "берц": 50, "бэла": 20, "рамки-В": 200, "рамки-9": 150, "рамки-Д": 100}
EXAMPLES = settings(max_examples=80, deadline=None)


def visty(constructions: list[str]) -> int:
    return sum(VALUES[c] for c in constructions)


def bela(constructions: list[str]) -> int:
    return sum(VALUES[c] for c in constructions if c == "бэла")


@st.composite
def sides(draw, rules, game: str, decl_choices, def_choices):
    """(declarers' card points, their tricks or None, their constructions, the defenders') for a valid hand."""
    kind = rules.parse_contract(game).game.kind if not game[0].isdigit() else rules.parse_contract(game).game.kind
    by_tricks = rules.makeable(kind)
    tricks = draw(st.sampled_from([None, 0, 8, None, None, 3, 5]))
    possible = sorted(frozenset().union(*by_tricks) if tricks is None else by_tricks[tricks])
    points = draw(st.sampled_from(possible))
    deck = rules.game(kind).deck_visty
    if points in (0, deck):
        tricks = 8 if points else 0
    decl, defs = draw(st.sampled_from(decl_choices)), draw(st.sampled_from(def_choices))
    return points, tricks, decl, defs


def breakdown_of(rules, contract: str, points: int, tricks, decl, defs):
    return score(make_hand(rules, contract, decl_points=points, decl_tricks=tricks, decl_con=decl, def_con=defs), rules)


def written(rules, contract: str, points: int, tricks, decl, defs):
    breakdown = breakdown_of(rules, contract, points, tricks, decl, defs)
    return breakdown.declarers, breakdown.defenders, breakdown.held


# --------------------------------------------------------------------------- Bulgarian (RULES.md §12, Belot_Scorer)

BG = conventions.load("bulgarian")
BG_DECK = {"Ч": (162, 16, 6, 1), "БК": (130, 13, 5, 2), "ВК": (258, 26, 4, 1)}  # visty, points, round up from, ×


@st.composite
def bulgarian_hands(draw):
    game = draw(st.sampled_from(["Ч", "БК", "ВК"]))
    doubling = draw(st.sampled_from(["", "+", "++"]))
    if game == "БК":
        choices_p, choices_v = [[]], [[]]
    else:
        choices_p, choices_v = [[], ["терц"], ["берц", "бэла"]], [[], ["бэла"], ["рамки-В"], ["рамки-9"]]
    points, tricks, decl, defs = draw(sides(BG, game, choices_p, choices_v))
    assume(not (game == "Ч" and "бэла" in decl and "бэла" in defs))
    return game + doubling, points, tricks, decl, defs


def bulgarian_points(contract: str, points: int, tricks, decl, defs) -> tuple[int, int, int, int, int]:
    """The caller's points are rounded (a last digit from 6 up in a suit game, 4 in all trumps, 5 in no trumps), the
    opponents get the rest of 16 / 26 / 13 (a capot: 9 more) plus the declarations; no trumps doubles every point,
    contra ×2, recontra ×4; more than the opponents — each writes its own (under contra the caller writes all the
    points), fewer — «вътре», the opponents write all, equal — «висяща»: the opponents write theirs, the caller's are
    held."""
    game = contract.rstrip("+")
    deck, deck_points, up_from, times = BG_DECK[game]
    times *= (1, 2, 4)[len(contract) - len(game)]
    capot = tricks in (0, 8)
    mine, theirs = points, deck - points
    own_p, own_v = visty(decl), visty(defs)
    if capot:
        mine, theirs = (deck + 90, 0) if tricks == 8 else (0, deck + 90)
    if tricks == 0:  # a caller without a trick is «вътре»: its declarations (but the belot, «винаги се зачита»)
        own_p, own_v = bela(decl), own_p + own_v - bela(decl)  # count with the opponents'
    Vp, Vv = mine + own_p, theirs + own_v
    Pp = Vp // 10 + (1 if Vp % 10 >= up_from else 0)
    total = deck_points + (9 if capot else 0) + (visty(decl) + visty(defs)) // 10
    if Vp > Vv and contract != game:  # under contra the winner writes all the points (NikolayIT Rules.md §4)
        return total * times, 0, 0, Pp, total - Pp
    if Vp > Vv:
        return Pp * times, (total - Pp) * times, 0, Pp, total - Pp
    if Vp < Vv:
        return 0, total * times, 0, Pp, total - Pp
    return 0, (total - Pp) * times, Pp * times, Pp, total - Pp


@settings(max_examples=150, deadline=None)
@given(bulgarian_hands())
def test_bulgarian_written_points(hand):
    """What each pair writes, and the rounded points of each side (so that a rounding slip shows on a bait too)."""
    b = breakdown_of(BG, *hand)
    assert (b.declarers, b.defenders, b.held, b.Pp, b.Pv) == bulgarian_points(*hand)


# --------------------------------------------------------------------------- French belote (FFB, ScoreIt, scorehub)

FR = conventions.load("belote")


@st.composite
def french_hands(draw):
    points, tricks, decl, defs = draw(sides(FR, "Т", [[], ["бэла"], ["терц"], ["терц", "бэла"]],
                                            [[], ["бэла"], ["берц"], ["берц", "бэла"]]))
    assume(not ("бэла" in decl and "бэла" in defs))
    assume(not (set(decl) - {"бэла"} and set(defs) - {"бэла"}))
    return "Т", points, tricks, decl, defs


def french_oracle(contract, points, tricks, decl, defs) -> tuple[int, int, int]:
    """Card points as counted (a capot: 252 for the side with every trick, whose opponents' declarations but the
    belote change hands); the taker needs strictly more than the defence, belote and declarations included; made —
    each writes its own; 81–81 «litige» — the defence writes its own, the taker's are held; a «chute» — the defence
    writes 162 (252 after its own capot) and every declaration but the taker's belote, which the taker keeps."""
    mine, theirs = points, 162 - points
    own_p, own_v = visty(decl), visty(defs)
    if tricks == 8:
        mine, theirs = 252, 0
        own_p, own_v = own_p + own_v - bela(defs), bela(defs)
    elif tricks == 0:
        mine, theirs = 0, 252
        own_p, own_v = bela(decl), own_v + own_p - bela(decl)
    Vp, Vv = mine + own_p, theirs + own_v
    if Vp > Vv:
        return Vp, Vv, 0
    if Vp == Vv:
        return 0, Vv, Vp
    return bela(decl), (252 if tricks == 0 else 162) + visty(decl) - bela(decl) + visty(defs), 0


@EXAMPLES
@given(french_hands())
def test_french_written_points(hand):
    assert written(FR, *hand) == french_oracle(*hand)


# --------------------------------------------------------------------------- coinche (FFB contrée, ScoreIt, carg)

CO = conventions.load("coinche")


@st.composite
def coinche_hands(draw):
    bid = draw(st.sampled_from(["^"] + [str(n) for n in range(80, 161, 10)]))
    contract = f"{bid}Т{draw(st.sampled_from(['', '+', '++']))}"
    points, tricks, decl, defs = draw(sides(CO, "80Т", [[], ["бэла"], ["терц"]], [[], ["бэла"], ["берц"]]))
    assume(not ("бэла" in decl and "бэла" in defs))
    assume(not (set(decl) - {"бэла"} and set(defs) - {"бэла"}))
    if bid == "^" and tricks is None:
        tricks = 5
        assume(points in CO.makeable(CO.parse_contract("80Т").game.kind)[5])
    return contract, points, tricks, decl, defs


def coinche_oracle(contract, points, tricks, decl, defs) -> tuple[int, int, int]:
    """The taker needs the bid and more than the defence (a capot bid: all 8 tricks); made — the taker writes the bid
    and its points (a capot bid: 250 and its declarations, the cards not counted), the defence its own; a failure —
    the taker its belote, the defence 160 + the bid (250 for a capot) + every other declaration; coinche ×2,
    surcoinche ×4 on the row of the side that wins the hand."""
    times = (1, 2, 4)[contract.count("+")]
    capot_bid = contract.startswith("^")
    bid = 250 if capot_bid else int(contract.rstrip("+").rstrip("Т"))
    mine, theirs = points, 162 - points
    own_p, own_v = visty(decl), visty(defs)
    if tricks == 8:
        mine, theirs = 252, 0
        own_p, own_v = own_p + own_v - bela(defs), bela(defs)
    elif tricks == 0:
        mine, theirs = 0, 252
        own_p, own_v = bela(decl), own_v + own_p - bela(decl)
    Vp, Vv = mine + own_p, theirs + own_v
    made = tricks == 8 if capot_bid else (Vp >= bid and Vp > Vv)
    if made:
        return (bid + (own_p if capot_bid else Vp)) * times, own_v if capot_bid else Vv, 0
    return bela(decl), (160 + bid + visty(decl) - bela(decl) + visty(defs)) * times, 0


@EXAMPLES
@given(coinche_hands())
def test_coinche_written_points(hand):
    assert written(CO, *hand) == coinche_oracle(*hand)


# --------------------------------------------------------------------------- Croatian bela (BelaBot calculate_points)

HR = conventions.load("bela")


@st.composite
def croatian_hands(draw):
    points, tricks, decl, defs = draw(sides(HR, "Т", [[], ["бэла"], ["терц"], ["берц", "бэла"]],
                                            [[], ["бэла"], ["рамки-Д"]]))
    assume(not ("бэла" in decl and "бэла" in defs))
    assume(not (set(decl) - {"бэла"} and set(defs) - {"бэла"}))
    return "Т", points, tricks, decl, defs


def croatian_oracle(contract, points, tricks, decl, defs) -> tuple[int, int, int]:
    """«štiglja»: the side with every trick writes 162 + 90 and every declaration of both sides, the other nothing;
    otherwise the caller needs more than the opponents: each writes its own, or the opponents write everything."""
    everything = visty(decl) + visty(defs)
    if tricks == 8:
        return 252 + everything, 0, 0
    if tricks == 0:
        return 0, 252 + everything, 0
    Vp, Vv = points + visty(decl), 162 - points + visty(defs)
    return (Vp, Vv, 0) if Vp > Vv else (0, Vp + Vv, 0)


@EXAMPLES
@given(croatian_hands())
def test_croatian_written_points(hand):
    assert written(HR, *hand) == croatian_oracle(*hand)


# --------------------------------------------------------------------------- held-over points reach the next hand


@EXAMPLES
@given(st.sampled_from(["bulgarian", "belote"]), st.sampled_from(["A", "B"]), st.sampled_from(["A", "B"]),
       st.integers(0, 162), st.booleans())
def test_held_points_reach_the_next_hand(name, tied_by, next_by, next_points, second_tie):
    """After a tie (81 : 81, no declarations) the held points go, with the next hand: Bulgarian — to the pair that
    writes more in it (equal: still held); French — to its declarers if they make it (else still held)."""
    rules = conventions.load(name)
    assume(next_points in rules.makeable(rules.parse_contract("Т").game.kind)[4] or next_points in (0, 162))
    if second_tie:
        next_points = 81
    contract = "Ч" if name == "bulgarian" else "Т"
    tie = {"contract": contract, "by": tied_by, "decl_points": 81}
    later = {"contract": contract, "by": next_by, "decl_points": next_points}
    if next_points in (0, 162):
        later["decl_tricks"] = 8 if next_points else 0
    entries = [HandEntry(number=1, line=None, fields=tie), HandEntry(number=2, line=None, fields=later)]
    result = replay(entries, ("A", "B"), 10_000, rules)
    first, second = result.results
    held = first.held_out
    assert held == (8 if name == "bulgarian" else 81) and first.score[("A", "B").index(tied_by)] == 0
    alone = score(make_hand(rules, contract, decl_points=next_points, decl_tricks=later.get("decl_tricks")), rules)
    own = [0, 0]
    declarers = ("A", "B").index(next_by)
    own[declarers], own[1 - declarers] = alone.declarers, alone.defenders
    if alone.outcome.value == "tie":
        assert second.score == tuple(own) and result.held == held + alone.held
        return
    if name == "bulgarian":
        to = None if own[0] == own[1] else (0 if own[0] > own[1] else 1)
    else:
        to = declarers if alone.made else None
    if to is None:
        assert second.score == tuple(own) and result.held == held
    else:
        own[to] += held
        assert second.score == tuple(own) and result.held == 0 and second.held_to == to
