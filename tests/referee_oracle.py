"""An independent reading of the play rules, for the referee's tests (never the referee's own code): which cards a
player may play, who takes a trick, and random legal play — written from the rule texts, with the cards' order
written out as the sources give it (seed 000 §0.1 «Старшинство карт»: trump В 9 Т 10 К Д 8 7, plain Т 10 К Д В 9 8
7; preferans: 7 … Т in every suit).

``RULES``: each bundled rule set's play rules as this test reads its source (each value with the sentence it comes
from) — not read from the rule files, so that a wrong value in a file fails a test."""

from __future__ import annotations

import random

from bbscore import conventions
from bbscore.belot.cards import Card, full_deck
from bbscore.preferans.cards import DECK as PREF_DECK

TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]  # low to high (seed 000 §0.1)
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]
PREF_ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]

# (raise on the led suit: "trump"/"always"; partner exempt from raising; void: "opponent"/"always" trump;
#  overtrump when void; undertrump when one cannot overtrump)
RULES = {
    # seed 000 §4: «обязан выложить более старший козырь … (в том числе, если старшая карта во взятке принадлежит
    # партнеру!)»; «если на данный момент взятка принадлежит партнеру, то можно положить ЛЮБУЮ карту, иначе … любую
    # карту, перебивающую карты оппонентов»; the 9 of trumps «ее класть необязательно».
    "gambler": dict(raise_="trump", exempt=False, void="opponent", overtrump=True, undertrump=False),
    # seed 001 §4: «надбивать (увеличивать) предыдущий козырь»; «козырем бить обязательно, если это не взятка
    # партнера»; laying a lower trump «конвенционно» — the file's choice: not required.
    "classic": dict(raise_="trump", exempt=False, void="opponent", overtrump=True, undertrump=False),
    "classic-1001": dict(raise_="trump", exempt=False, void="opponent", overtrump=True, undertrump=False),
    # RULES.md §13, bazar-blot-rl §5 rules 2–5: «when you cannot overtrump you must still play a lower trump».
    "blot-star": dict(raise_="trump", exempt=False, void="opponent", overtrump=True, undertrump=True),
    # NikolayIT/BelotGameEngine Rules.md §3.1: «compulsory to play a higher trump»; trumping «only if the hand is being
    # won by an opponent»; «you must play a higher trump if you can (otherwise you can play any card)».
    "bulgarian": dict(raise_="trump", exempt=False, void="opponent", overtrump=True, undertrump=False),
    # FFB §5.2: «il faut en plus monter»; «Si c'est impossible, il faut fournir un atout plus faible (… « pisse »)».
    "belote": dict(raise_="trump", exempt=False, void="opponent", overtrump=True, undertrump=True),
    # FFB contrée §5.2: «il n'est pas obligatoire d'en jouer un (on dit que l'on « ne pisse pas »)».
    "coinche": dict(raise_="trump", exempt=False, void="opponent", overtrump=True, undertrump=False),
    # BelaBot get_valid_moves: «uber» in the led suit unless trumped; «the player must play an adut, if possible»;
    # «return uber_aduts if … else player_aduts».
    "bela": dict(raise_="always", exempt=False, void="always", overtrump=True, undertrump=True),
}
# «Бэла» said: seed 000 §0.2 at both cards; seed 001 §2 «либо по первой карте, либо по второй»; Rules.md «when the
# first of the two cards … is played»; FFB §7 «belote» and «rebelote»; Blot-Reblot at both (the file's reading);
# BelaBot counts it itself (the file's reading: either card).
BELA_SAID = {"gambler": "both", "classic": "either", "classic-1001": "either", "blot-star": "both",
             "bulgarian": "first", "belote": "both", "coinche": "both", "bela": "either"}


def strength(card: Card, trick_trump: str | None) -> int:
    return (TRUMP_ORDER if card.suit == trick_trump else PLAIN_ORDER).index(card.rank)


def beats(card: Card, best: Card, trick_trump: str | None) -> bool:
    if card.suit == best.suit:
        return strength(card, trick_trump) > strength(best, trick_trump)
    return card.suit == trick_trump


def holder(trick, trick_trump):
    seat, best = trick[0]
    for other, card in trick[1:]:
        if beats(card, best, trick_trump):
            seat, best = other, card
    return seat, best


def legal(hand, trick, seat: int, trump: str | None, all_trumps: bool, rules: dict) -> set:
    """The cards a Belot-family player may play (RULES.md §13 as ``rules`` reads its source)."""
    hand = set(hand)
    if not trick:
        return hand
    led = trick[0][1].suit
    trick_trump = led if all_trumps else trump
    winner, best = holder(trick, trick_trump)
    partner = (winner - seat) % 2 == 0
    same = {c for c in hand if c.suit == led}
    if same:
        raise_now = (rules["raise_"] == "always" and best.suit == led) or (led == trick_trump)
        if raise_now and not (rules["exempt"] and partner):
            higher = {c for c in same if beats(c, best, trick_trump)}
            if higher:
                return higher
        return same
    if trick_trump is None or all_trumps or led == trick_trump:
        return hand
    trumps = {c for c in hand if c.suit == trick_trump}
    if not trumps or (rules["void"] == "opponent" and partner):
        return hand
    if best.suit == trick_trump:
        higher = {c for c in trumps if beats(c, best, trick_trump)}
        if higher:
            return higher
        return trumps if rules["undertrump"] else hand
    return trumps


def play_out(hands: dict, trump: str | None, all_trumps: bool, rules: dict, rnd: random.Random, leader: int = 1,
             seats=(1, 2, 3, 4), cheat_at: int | None = None):
    """Random legal play of a whole deal: the tricks (each from its leader) and, with ``cheat_at`` (a card's index
    in the play), one illegal card there when there is one: (tricks, (trick, position, card, legal) or None)."""
    held = {seat: set(cards) for seat, cards in hands.items()}
    tricks, cheated, played = [], None, 0
    for number in range(1, 9):
        trick, seat = [], leader
        order = list(seats)
        at = order.index(leader)
        for seat in order[at:] + order[:at]:
            allowed = legal(held[seat], trick, seat, trump, all_trumps, rules)
            wrong = sorted(held[seat] - allowed)
            if played == cheat_at and wrong:
                card = rnd.choice(wrong)
                cheated = (number, len(trick), card, allowed)
            else:
                card = rnd.choice(sorted(allowed))
            trick.append((seat, card))
            held[seat].discard(card)
            played += 1
        tricks.append(trick)
        leader = holder(trick, trick[0][1].suit if all_trumps else trump)[0]
    return tricks, cheated


def deal_cards(rnd: random.Random) -> dict:
    deck = list(full_deck())
    rnd.shuffle(deck)
    return {seat: deck[(seat - 1) * 8: seat * 8] for seat in (1, 2, 3, 4)}


# --- Held constructions, as the test reads seed 000 §0.2 (runs of 3+ in the order 7 8 9 10 В Д К Т; four of a kind) ---
RUN_ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]
RUSSIAN_RANK = {"7": "7", "8": "8", "9": "9", "10": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
RUSSIAN_SUIT = {"S": "П", "C": "Т", "D": "Б", "H": "Ч"}
NAMES = {3: "терц", 4: "берц", 5: "квинта", 6: "шестерик", 7: "семерик", 8: "восьмерик"}


def held_texts(cards, rams_ranks) -> list[str]:
    """The constructions a hand holds, as ``bbscore melds`` writes them (``терц от ДП``, ``рамки-В``)."""
    found = []
    for suit in "SCDH":
        ranks = [rank for rank in RUN_ORDER if Card(rank, suit) in cards]
        run = []
        for rank in RUN_ORDER + [None]:
            if rank in ranks:
                run.append(rank)
                continue
            if len(run) >= 3:
                found.append(f"{NAMES[len(run)]} от {RUSSIAN_RANK[run[-1]]}{RUSSIAN_SUIT[suit]}")
            run = []
    for rank in RUN_ORDER:
        if rank in rams_ranks and all(Card(rank, suit) in cards for suit in "SCDH"):
            found.append(f"рамки-{RUSSIAN_RANK[rank]}")
    return found


# --- Preferans: follow suit; void, trump; nobody must beat (RULES.md §13) ---


def pref_legal(hand, trick, trump: str | None) -> set:
    hand = set(hand)
    if not trick:
        return hand
    led = trick[0][1].suit
    same = {c for c in hand if c.suit == led}
    return same or {c for c in hand if c.suit == trump} or hand


def pref_winner(trick, trump: str | None) -> int:
    """The index of the card that takes a preferans trick (a talon card, seat None, sets the suit and takes nothing;
    followed by nobody, the first player's suit decides)."""
    players = [(i, c) for i, (s, c) in enumerate(trick) if s is not None]
    for suit in (trump, trick[0][1].suit, players[0][1].suit):
        cards = [(i, c) for i, c in players if c.suit == suit]
        if cards:
            return max(cards, key=lambda ic: PREF_ORDER.index(ic[1].rank))[0]
    raise AssertionError(trick)


# --- Random deals played at random by these rules (the properties, the commands' tests, the benchmark) ---

PLAYERS = ["Аня", "Боря", "Вера", "Гоша"]
# Contracts each rule set reads (the tests' choice among its forms and games).
CONTRACTS = {
    "gambler": ["8Т", "12П", "10Б+", "9Ч", "8БК", "20ВК", "22ВК++"], "classic": ["8Т", "12П", "10Б+", "8БК", "20ВК"],
    "blot-star": ["8Т", "12П", "10Б+", "8БК"], "bulgarian": ["Т", "П+", "БК", "ВК"], "belote": ["Т", "П", "Б", "Ч"],
    "coinche": ["80Т", "100П", "90Б+"], "bela": ["Т", "П", "Б", "Ч"], "classic-1001": ["Т", "П", "БК", "ВК"],
}


def random_deal(name: str, rnd: random.Random, cheat_at: int | None = None):
    """A random complete deal of the Belot family under the bundled rule set ``name``: a contract of
    :data:`CONTRACTS`, the cards dealt at random, each hand's held constructions announced, every bela said at both
    its cards, the eight tricks played at random by :data:`RULES` (with ``cheat_at``: one illegal card, as
    :func:`play_out` gives it).  Returns (the rule set, the contract, the hands by seat, the announcements by seat,
    the tricks, the illegal card or None, the deal file's tables)."""
    rules = conventions.load(name)
    contract = rules.parse_contract(rnd.choice(CONTRACTS[name]))
    game = contract.game
    all_trumps = game.kind.value == "all_trumps"
    trump = game.trump_suit
    hands = deal_cards(rnd)
    table = rules.game(game.kind)
    rams = set(table.rams) - {rank for rank, effect in (("7", rules.settings.constructions.rams_7),
                                                         ("8", rules.settings.constructions.rams_8)) if effect == "nothing"}
    announced = {seat: held_texts(set(cards), rams) if table.constructions else [] for seat, cards in hands.items()}
    tricks, cheated = play_out(hands, trump, all_trumps, RULES[name], rnd, cheat_at=cheat_at)
    suits = list("SCDH") if all_trumps else [trump] if trump and table.max_belas else []
    bela = [str(Card(rank, suit)) for suit in suits for rank in "KQ"
            if any({Card("K", suit), Card("Q", suit)} <= set(cards) for cards in hands.values())]
    tables = {"players": PLAYERS, "dealer": "Гоша", "contract": str(contract), "declarers": rnd.choice(PLAYERS),
              "hands": {PLAYERS[s - 1]: " ".join(map(str, cards)) for s, cards in hands.items()},
              "announcements": {PLAYERS[s - 1]: ", ".join(texts) for s, texts in announced.items() if texts},
              "bela": bela, "play": [" ".join(str(card) for _seat, card in trick) for trick in tricks]}
    return rules, contract, hands, announced, tricks, cheated, tables


def pref_deal(name: str, rnd: random.Random, cheat: int | None = None):
    """A random complete deal of preferans under the bundled rule set ``name``: three or four players (as the rule
    set allows), a random game (a suit game, БК, мизер or распасы), the declarer's discard from his hand and the
    talon, one or two whisters, the ten tricks played at random by :func:`pref_legal` (on распасы with the talon open,
    its two cards first in the first two tricks; the first hand leading the first ``raspasy_first_hand_leads``).  With
    ``cheat`` (a card's index in the play): one illegal card there when there is one.  Returns (the rules, the deal
    file's tables, (trick, position, card, legal) or None)."""
    rules = conventions.load(name).settings
    deck = list(PREF_DECK)
    rnd.shuffle(deck)
    count = rnd.choice(rules.players.counts)
    players = PLAYERS[:count]
    active = players[:3]
    hands = {seat: deck[(seat - 1) * 10: seat * 10] for seat in (1, 2, 3)}
    talon = deck[30:32]
    game = rnd.choice(["6♠", "7♣", "8♦", "6♥", "7БК", "мизер", "распасы"])
    tables = {"players": players, "dealer": players[-1], "game": game, "talon": " ".join(map(str, talon)),
              "hands": {active[s - 1]: " ".join(map(str, hands[s])) for s in (1, 2, 3)}}
    playing = {seat: set(cards) for seat, cards in hands.items()}
    declarer = None
    if game != "распасы":
        declarer = rnd.choice((1, 2, 3))
        tables["declarer"] = active[declarer - 1]
        discard = rnd.sample(sorted(playing[declarer] | set(talon), key=str), 2)
        tables["discard"] = " ".join(map(str, discard))
        playing[declarer] = (playing[declarer] | set(talon)) - set(discard)
        if game[0].isdigit():
            defenders = [active[s - 1] for s in (1, 2, 3) if s != declarer]
            tables["whist"] = defenders if rnd.random() < 0.5 else defenders[:1]
            if len(tables["whist"]) == 1:
                tables["pass"] = defenders[1:]
    trump = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}.get(game[-1]) if game[0].isdigit() else None
    open_talon = game == "распасы" and rules.raspasy.talon == "open"
    first = rules.play.raspasy_first_hand_leads if game == "распасы" else 1
    leader, play, cheated, played = 1, [], None, 0
    for number in range(1, 11):
        leader = 1 if number <= first else leader
        trick = [(None, talon[number - 1])] if open_talon and number <= 2 else []
        for k in range(3):
            seat = (leader - 1 + k) % 3 + 1
            allowed = pref_legal(playing[seat], trick, trump)
            wrong = sorted(playing[seat] - allowed, key=str)
            if played == cheat and wrong:
                card = rnd.choice(wrong)
                cheated = (number, k, card, allowed)
            else:
                card = rnd.choice(sorted(allowed, key=str))
            trick.append((seat, card))
            playing[seat].discard(card)
            played += 1
        leader = trick[pref_winner(trick, trump)][0]
        play.append(" ".join(str(card) for seat, card in trick if seat is not None))
    tables["play"] = play
    return rules, tables, cheated
