"""The play rules of every bundled rule set, one obligation or exemption a row (RULES.md §13): a hand-made first trick
in a deal — the cards already played, the judged player's whole hand and the card he plays — refereed as a deal file
would be (:func:`bbscore.belot.deal.from_tables`, :func:`bbscore.belot.referee.referee`; preferans the same), the
legal card accepted, the illegal one found with the duty it breaks.  Each row cites the sentence of its source; the
other hands are filled at random with cards that keep the cards before the judged one legal (the test's own reading of
the rules, :mod:`referee_oracle`), and the trick is finished the same way."""

from __future__ import annotations

import random

import pytest

from bbscore import conventions
from bbscore.belot.cards import full_deck, parse_cards
from bbscore.belot.deal import from_tables
from bbscore.belot.referee import referee
from bbscore.preferans.cards import DECK as PREF_DECK, parse_cards as pref_cards
from bbscore.preferans.deal import from_tables as pref_tables
from bbscore.preferans.referee import referee as pref_referee

import referee_oracle as oracle

PLAYERS = ["Аня", "Боря", "Вера", "Гоша"]
SUIT = {"gambler": "12Т", "classic": "12Т", "blot-star": "12Т", "coinche": "80Т", "bulgarian": "Т", "belote": "Т",
        "bela": "Т", "classic-1001": "Т"}
NO_TRUMPS = {"gambler": "8БК", "classic": "8БК", "blot-star": "8БК", "bulgarian": "БК", "classic-1001": "БК"}
ALL_TRUMPS = {"gambler": "20ВК", "classic": "20ВК", "bulgarian": "ВК", "classic-1001": "ВК"}
LEGAL = None

# Sources, a sentence each (the rule sets' files cite the same ones).
G4 = "seed 000 §4"
FOLLOW = {"gambler": f"{G4}: «При заходе в некозырную масть обязательно класть любую карту этой масти»",
          "classic": "seed 001 §4 (как seed 000 §4): масть хода обязательна",
          "classic-1001": "seed 001 §4: масть хода обязательна",
          "blot-star": "bazar-blot-rl §5 rule 1: «Holding a card of L, you must play one of L»",
          "bulgarian": "BelotGameEngine Rules.md §3.1: «the compulsory following of the \"wanted suit\"»",
          "belote": "FFB §5.2: «On doit toujours fournir la couleur demandée»",
          "coinche": "FFB contrée §5.2: «On doit toujours fournir la couleur demandée»",
          "bela": "BelaBot get_valid_moves: «Player must always respect the Suit of the first card»"}
RAISE = {"gambler": f"{G4}: «обязан выложить более старший козырь («надбить»), если он у него имеется»",
         "classic": "seed 001 §4: «При заходе козырем необходимо … надбивать (увеличивать) предыдущий козырь»",
         "classic-1001": "seed 001 §4: «надбивать (увеличивать) предыдущий козырь»",
         "blot-star": "bazar-blot-rl §5 rule 2: «you must play a trump higher … if you hold one»",
         "bulgarian": "Rules.md §3.1: «If that suit is a trump then it is compulsory to play a higher trump»",
         "belote": "FFB §5.2: «Si la couleur demandée est l'atout … il faut en plus monter»",
         "coinche": "FFB contrée §5.2: «il faut en plus monter sur la carte la plus haute déjà posée»",
         "bela": "BelaBot: «determined if a player has a card that is of greater value» (uber)"}
OVER_PARTNER = {"gambler": f"{G4}: «(в том числе, если старшая карта во взятке принадлежит партнеру!)»",
                "classic": "seed 001 §4 о партнёре молчит — как seed 000 §4",
                "classic-1001": "seed 001 §4 — как seed 000 §4",
                "blot-star": "bazar-blot-rl §5: the partner exemption is rule 5 (ruffing) only",
                "bulgarian": "Rules.md §3.1: higher trump, no exemption for the partner",
                "belote": "FFB §5.2: «monter sur la carte la plus haute déjà posée» — whoever's",
                "coinche": "FFB contrée §5.2: «monter sur la carte la plus haute déjà posée»",
                "bela": "BelaBot: uber whoever holds the trick"}
TRUMPING = {"gambler": f"{G4}: «иначе, если есть возможность перебить карту оппонента, то нужно положить любую карту, "
                       "перебивающую карты оппонентов»",
            "classic": "seed 001 §4: «При отсутствии масти козырем бить обязательно, если это не взятка партнера»",
            "classic-1001": "seed 001 §4: «козырем бить обязательно, если это не взятка партнера»",
            "blot-star": "bazar-blot-rl §5 rule 3: «if an opponent is currently winning the trick … you must play trump»",
            "bulgarian": "Rules.md §3.1: «obliged to play a trump card … only if the hand is being won by an opponent»",
            "belote": "FFB §5.2: «notre partenaire n'est pas maître … on est tenu de jouer un atout»",
            "coinche": "FFB contrée §5.2: «on est tenu de jouer un atout si l'on en possède»",
            "bela": "BelaBot: «the player must play an adut, if possible»"}
PARTNER_HOLDS = {"gambler": f"{G4}: «если на данный момент взятка принадлежит партнеру, то можно положить ЛЮБУЮ карту»",
                 "classic": "seed 001 §4: «…если это не взятка партнера»",
                 "classic-1001": "seed 001 §4: «…если это не взятка партнера»",
                 "blot-star": "bazar-blot-rl §5 rule 5: «you are not obliged to ruff — free discard»",
                 "bulgarian": "Rules.md §3.1: «only if the hand is being won by an opponent so far»",
                 "belote": "FFB §5.2: «il n'est pas obligatoire de couper. On peut se défausser»",
                 "coinche": "FFB contrée §5.2: «notre partenaire est maître … on peut alors jouer n'importe quelle carte»",
                 "bela": "BelaBot: an adut whoever holds the trick (no exemption)"}
OVERTRUMP = {"gambler": f"{G4}: «…любую карту, перебивающую карты оппонентов»",
             "classic": "seed 001 §4: «…оппонент ударил козырем и вы не в состоянии его надбить» — кто может, надбивает",
             "classic-1001": "seed 001 §4: кто может надбить, надбивает",
             "blot-star": "bazar-blot-rl §5 rule 4: «you must play a higher one if you hold it»",
             "bulgarian": "Rules.md §3.1: «you must play a higher trump if you can»",
             "belote": "FFB §5.2: «il est obligatoire de fournir un atout plus fort que lui»",
             "coinche": "FFB contrée §5.2: «on doit toujours jouer un atout plus fort que ceux déjà présents»",
             "bela": "BelaBot: «The player must play an uber adut, if possible»"}
UNDERTRUMP = {"gambler": f"{G4}: «есть только козырная девятка - ее класть необязательно»",
              "classic": "seed 001 §4: «Конвенционно задаётся…» — the file's choice: not required",
              "classic-1001": "seed 001 §4: «конвенционно» — not required (as classic)",
              "blot-star": "RULES.md §13: «when you cannot overtrump you must still play a lower trump»",
              "bulgarian": "Rules.md §3.1: «(otherwise you can play any card)»",
              "belote": "FFB §5.2: «Si c'est impossible, il faut fournir un atout plus faible (« pisse »)»",
              "coinche": "FFB contrée §5.2: «il n'est pas obligatoire d'en jouer un (« ne pisse pas »)»",
              "bela": "BelaBot: «return uber_aduts if len(uber_aduts) > 0 else player_aduts»"}
FREE = {name: "no duty holds: the led suit is not held and no trump must be played" for name in SUIT}

SUIT_ROWS = []
for name in SUIT:
    undertrump = oracle.RULES[name]["undertrump"]
    always = oracle.RULES[name]["void"] == "always"
    uber = oracle.RULES[name]["raise_"] == "always"
    SUIT_ROWS += [
        (name, "follow_suit", ["ТП", "7П", "8П"], "9П 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "7Б", "follow_suit", FOLLOW[name]),
        (name, "follow_with_a_low_card", ["10П", "7П", "8П"], "ТП 9П 7Б 8Б 9Б 10Б 7Ч 8Ч", "9П",
         "raise" if uber else LEGAL, RAISE[name] if uber else FOLLOW[name]),
        (name, "raise_on_a_trump_lead", ["9Т", "7Т", "8Т"], "ВТ ДТ 7Б 8Б 9Б 10Б 7Ч 8Ч", "ДТ", "raise", RAISE[name]),
        (name, "raise_over_the_partner", ["7Т", "9Т", "8Т"], "ВТ ДТ 7Б 8Б 9Б 10Б 7Ч 8Ч", "ДТ", "raise",
         OVER_PARTNER[name]),
        (name, "no_higher_trump", ["ВТ", "7Т", "8Т"], "ДТ 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "ДТ", LEGAL, RAISE[name]),
        (name, "a_trump_lead_followed", ["ВТ", "7Т", "8Т"], "ДТ 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "7Ч", "follow_suit",
         FOLLOW[name]),
        (name, "void_in_a_trump_lead", ["ВТ", "7Т", "8Т"], "7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч ВЧ", "7Ч", LEGAL, FREE[name]),
        (name, "void_an_opponent_holds", ["ТП", "7П", "8П"], "7Т 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "7Ч", "trump", TRUMPING[name]),
        (name, "void_the_partner_holds", ["7П", "ТП", "8П"], "7Т 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "7Ч",
         "trump" if always else LEGAL, PARTNER_HOLDS[name]),
        (name, "overtrump_an_opponent", ["ТП", "7Ч", "9Т"], "ВТ 7Т 7Б 8Б 9Б 10Б 8Ч 9Ч", "7Т", "overtrump",
         OVERTRUMP[name]),
        # seed 000 §4's example: the partner led a plain ace, an opponent trumped with the jack, the 9 is not owed
        (name, "cannot_overtrump", ["ТП", "ВТ"], "9Т 7Б 8Б 9Б 10Б 8Ч 9Ч ДЧ", "8Ч",
         "undertrump" if undertrump else LEGAL, UNDERTRUMP[name]),
    ]
NT_ROWS = []
for name, contract in NO_TRUMPS.items():
    NT_ROWS += [
        (name, "no_trumps_void", ["ТП", "7П", "8П"], "7Т 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "7Ч", LEGAL,
         f"{G4}: «на ВК … козырем … масть захода»; БК: no trump — RULES.md §13 «БК: follow suit, else any card»"),
        (name, "no_trumps_follow_low", ["10П", "7П", "8П"], "ТП 9П 7Б 8Б 9Б 10Б 7Ч 8Ч", "9П", LEGAL, FOLLOW[name]),
        (name, "no_trumps_follow", ["ТП", "7П", "8П"], "9П 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "7Б", "follow_suit", FOLLOW[name]),
    ]
AT_ROWS = []
AT_SOURCE = {"gambler": f"{G4}: «На ВК козырем в каждой взятке является масть карты захода»",
             "classic": "seed 001 молчит о ВК — как seed 000 §4", "classic-1001": "как seed 000 §4",
             "bulgarian": "Rules.md §3.3: «you must give a higher trump if you can regardless of who is winning»"}
for name, contract in ALL_TRUMPS.items():
    AT_ROWS += [
        (name, "all_trumps_raise", ["9П", "7П", "8П"], "ВП ДП 7Б 8Б 9Б 10Б 7Ч 8Ч", "ДП", "raise", AT_SOURCE[name]),
        (name, "all_trumps_raise_over_the_partner", ["7П", "9П", "8П"], "ВП ДП 7Б 8Б 9Б 10Б 7Ч 8Ч", "ДП", "raise",
         AT_SOURCE[name]),
        (name, "all_trumps_void", ["ТП", "7П", "8П"], "ВТ 7Б 8Б 9Б 10Б 7Ч 8Ч 9Ч", "7Ч", LEGAL,
         f"{AT_SOURCE[name]} — a card of another suit does not beat the led one"),
    ]


def _game(name: str, contract: str):
    rules = conventions.load(name)
    game = rules.parse_contract(contract).game
    return rules, game.trump_suit, game.kind.value == "all_trumps"


def build(name: str, contract: str, prefix: list[str], hand: str, card: str, seed: int = 7) -> dict:
    """A deal whose first trick starts with ``prefix`` (seats 1, 2, …), the next seat holding ``hand`` and playing
    ``card``; the other hands filled so that the cards before his stay legal, the trick finished with legal cards."""
    rules, trump, all_trumps = _game(name, contract)
    played = [parse_cards(text)[0] for text in prefix]
    judged = len(prefix) + 1
    own = parse_cards(hand)
    rnd = random.Random(seed)
    for _attempt in range(200):
        rest = [c for c in full_deck() if c not in own and c not in played]
        rnd.shuffle(rest)
        hands = {seat: [played[seat - 1]] if seat < judged else [] for seat in (1, 2, 3, 4)}
        hands[judged] = list(own)
        def fits(seat, extra):
            return len(hands[seat]) < 8 and (seat == 1 or seat > judged or played[seat - 1] in oracle.legal(
                hands[seat] + [extra], [(s, played[s - 1]) for s in range(1, seat)], seat, trump, all_trumps,
                oracle.RULES[name]))

        if _fill(rest, [s for s in (1, 2, 3, 4) if s != judged], fits, hands, rnd):
            trick = [(s, played[s - 1]) for s in range(1, judged)] + [(judged, parse_cards(card)[0])]
            for seat in range(judged + 1, 5):
                options = sorted(oracle.legal(hands[seat], trick, seat, trump, all_trumps, oracle.RULES[name]))
                trick.append((seat, rnd.choice(options)))
            return {"players": PLAYERS, "dealer": "Гоша", "contract": contract, "declarers": "Аня",
                    "hands": {PLAYERS[s - 1]: " ".join(str(c) for c in hands[s]) for s in (1, 2, 3, 4)},
                    "play": [" ".join(str(c) for _s, c in trick)]}
    raise AssertionError("no filling found")


def _fill(cards: list, seats: list, fits, hands: dict, rnd: random.Random) -> bool:
    """Give every card to a seat it fits (``fits(seat, card)``), the card with the fewest seats first; False when a
    card fits none."""
    left = list(cards)
    while left:
        options = [(card, [seat for seat in seats if fits(seat, card)]) for card in left]
        card, where = min(options, key=lambda option: (len(option[1]), rnd.random()))
        if not where:
            return False
        hands[rnd.choice(where)].append(card)
        left.remove(card)
    return True


def _judge(name, contract, prefix, hand, card, expected):
    rules = conventions.load(name)
    tables = build(name, contract, prefix, hand, card)
    ruling = referee(from_tables(tables, rules), rules)
    judged = len(prefix) + 1
    if expected is LEGAL:
        assert ruling.first_illegal is None, (ruling.first_illegal, tables)
    else:
        illegal = ruling.first_illegal
        assert illegal is not None and (illegal.trick, illegal.seat, str(illegal.card)) == (1, judged, card), tables
        assert illegal.duty == expected
        assert parse_cards(card)[0] not in illegal.legal and illegal.legal
    assert ruling.not_decided == ("score",)  # one trick of eight: every card's legality and the holdings are known


@pytest.mark.parametrize(("name", "case", "prefix", "hand", "card", "expected", "source"), SUIT_ROWS,
                         ids=[f"{row[0]}-{row[1]}" for row in SUIT_ROWS])
def test_a_suit_game(name, case, prefix, hand, card, expected, source):
    assert source
    _judge(name, SUIT[name], prefix, hand, card, expected)


@pytest.mark.parametrize(("name", "case", "prefix", "hand", "card", "expected", "source"), NT_ROWS,
                         ids=[f"{row[0]}-{row[1]}" for row in NT_ROWS])
def test_no_trumps(name, case, prefix, hand, card, expected, source):
    assert source
    _judge(name, NO_TRUMPS[name], prefix, hand, card, expected)


@pytest.mark.parametrize(("name", "case", "prefix", "hand", "card", "expected", "source"), AT_ROWS,
                         ids=[f"{row[0]}-{row[1]}" for row in AT_ROWS])
def test_all_trumps(name, case, prefix, hand, card, expected, source):
    assert source
    _judge(name, ALL_TRUMPS[name], prefix, hand, card, expected)


# --- Preferans: the same rules at every table (RULES.md §13; the Кодекс: «На ход игрок обязан класть карту масти хода.
# Если в руке карт масти хода нет, игрок обязан класть козырь. Если нет козыря, можно класть любую карту.»)

KODEKS = "Кодекс, правила взяток: «На ход игрок обязан класть карту масти хода»"
KODEKS_TRUMP = "Кодекс: «Если в руке карт масти хода нет, игрок обязан класть козырь»"
NO_BEAT = "RULES.md §13: «no duty to beat or overtrump»; eschava: «Nobody is obliged to beat»"
PREF_ROWS = []
for name in ("rostov", "sochi", "leningrad"):
    PREF_ROWS += [
        (name, "6♥", "follow_suit", ["Т♠"], "7♠ 7♦ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣ В♣", "7♦", "follow_suit", KODEKS),
        (name, "6♥", "follow_with_a_low_card", ["10♠"], "Т♠ 7♠ 7♦ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣", "7♠", LEGAL, NO_BEAT),
        (name, "6♥", "void_must_trump", ["Т♠"], "7♥ 7♦ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣ В♣", "7♦", "trump", KODEKS_TRUMP),
        (name, "6♥", "no_duty_to_overtrump", ["Т♠", "10♥"], "Т♥ 7♥ 7♦ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣", "7♥", LEGAL, NO_BEAT),
        (name, "6♥", "void_without_trumps", ["Т♠"], "7♦ 8♦ 9♦ 10♦ В♦ 7♣ 8♣ 9♣ 10♣ В♣", "7♦", LEGAL,
         "Кодекс: «Если нет козыря, можно класть любую карту»"),
        (name, "мизер", "misere_has_no_trump", ["Т♠"], "7♥ 7♦ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣ В♣", "7♦", LEGAL,
         "RULES.md §13: «the same on misère and распасы» — no trump"),
        (name, "распасы", "all_pass_follow_suit", ["Т♠"], "7♠ 7♦ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣ В♣", "7♦", "follow_suit",
         "RULES.md §13: «the same on misère and распасы»"),
    ]


def pref_build(name: str, game: str, prefix: list[str], hand: str, card: str, seed: int = 5) -> dict:
    """A preferans deal (3 players, Аня the first hand and the declarer, the talon her discard) whose first trick
    starts with ``prefix``; the next seat holds ``hand`` and plays ``card``."""
    trump = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}.get(game[-1]) if game[0].isdigit() else None
    played = [pref_cards(text, "x")[0] for text in prefix]
    judged = len(prefix) + 1
    own = list(pref_cards(hand, "x"))
    # распасы with the talon open: its first card, turned, sets the first trick's suit — a spade, as the lead is
    turned = list(pref_cards("8♠ 9♠", "x")) if game == "распасы" else []
    rnd = random.Random(seed)

    def legal(cards, trick):
        led = trick[0].suit if trick else None
        if led is None:
            return set(cards)
        same = {c for c in cards if c.suit == led}
        return same or ({c for c in cards if c.suit == trump} or set(cards))

    for _attempt in range(200):
        rest = [c for c in PREF_DECK if c not in own and c not in played and c not in turned]
        rnd.shuffle(rest)
        hands = {seat: [played[seat - 1]] if seat < judged else [] for seat in (1, 2, 3)}
        hands[judged] = own[:]
        hands[0] = list(turned)  # the talon

        def fits(seat, extra):
            if seat == 0:
                return len(hands[0]) < 2
            return len(hands[seat]) < 10 and (seat == 1 or seat > judged or played[seat - 1] in legal(
                hands[seat] + [extra], played[:seat - 1]))

        if _fill(rest, [s for s in (0, 1, 2, 3) if s != judged], fits, hands, rnd):
            talon = hands.pop(0)
            trick = played + [own[[str(c) for c in own].index(card)] if card in [str(c) for c in own] else pref_cards(card, "x")[0]]
            for seat in range(judged + 1, 4):
                trick.append(rnd.choice(sorted(legal(hands[seat], trick))))
            tables = {"rules": name, "players": PLAYERS[:3], "dealer": "Вера", "game": game, "talon": " ".join(map(str, talon)),
                      "hands": {PLAYERS[s - 1]: " ".join(map(str, hands[s])) for s in (1, 2, 3)},
                      "play": [" ".join(map(str, trick))]}
            if game != "распасы":
                tables["declarer"] = "Аня"
                tables["discard"] = tables["talon"]
            if game[0].isdigit():
                tables["whist"] = ["Боря", "Вера"]
            return tables
    raise AssertionError("no filling found")


@pytest.mark.parametrize(("name", "game", "case", "prefix", "hand", "card", "expected", "source"), PREF_ROWS,
                         ids=[f"{row[0]}-{row[2]}" for row in PREF_ROWS])
def test_preferans(name, game, case, prefix, hand, card, expected, source):
    assert source
    rules = conventions.load(name).settings
    tables = pref_build(name, game, prefix, hand, card)
    ruling = pref_referee(pref_tables(tables), rules)
    if expected is LEGAL:
        assert ruling.first_illegal is None, (ruling.first_illegal, tables)
    else:
        illegal = ruling.first_illegal
        assert illegal is not None and (illegal.trick, illegal.seat, str(illegal.card)) == (1, len(prefix) + 1, card)
        assert illegal.duty == expected and illegal.legal


@pytest.mark.parametrize("name", ["sochi", "leningrad"])
def test_all_pass_with_the_talon_open_sets_the_first_suit(name):
    """sochi.toml, leningrad.toml: raspasy.talon = "open" — [eschava]: «the first talon card is turned before the first
    trick … and its suit dictates the lead»; the first hand follows it: a spade on the turned diamond is refused while he
    holds one."""
    rules = conventions.load(name).settings
    tables = {"players": PLAYERS[:3], "dealer": "Вера", "game": "распасы", "talon": "7♦ 7♣",
              "hands": {"Аня": "8♦ Т♠ К♠ Д♠ В♠ 10♠ 9♠ 8♠ 7♠ Т♥", "Боря": "9♦ 10♦ В♦ Д♦ К♦ Т♦ 8♣ 9♣ 10♣ В♣",
                        "Вера": "Д♣ К♣ Т♣ 7♥ 8♥ 9♥ 10♥ В♥ Д♥ К♥"},
              "play": ["Т♠ 9♦ 7♥"]}
    ruling = pref_referee(pref_tables(tables), rules)
    assert ruling.first_illegal is not None and str(ruling.first_illegal.card) == "Т♠"
    assert ruling.first_illegal.duty == "follow_suit" and {str(c) for c in ruling.first_illegal.legal} == {"8♦"}
    tables["play"] = ["8♦ 9♦ 7♥"]  # Боря's 9♦ takes it (the talon's 7♦ takes nothing)
    ruling = pref_referee(pref_tables(tables), rules)
    assert ruling.first_illegal is None and ruling.tricks[0].winner == 2
    rostov = conventions.load("rostov").settings  # seed 004: «Прикуп на распасовке никогда не открывается»
    tables["play"] = ["Т♠ 9♦ 7♥"]
    assert pref_referee(pref_tables(tables), rostov).first_illegal is None
