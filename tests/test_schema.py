"""A convention whose numbers do not agree is refused naming the key path (RULES.md §7; bbscore/schema.py check).

Each row changes one value of the bundled gambler file, as a club organiser's slip would, and names the key path the
refusal must point at.  The file is checked through the loader (``conventions.parse``), as ``conventions check`` does.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bbscore import conventions
from bbscore.errors import ConventionError
from conftest import REPO

GAMBLER = (REPO / "conventions" / "gambler.toml").read_text(encoding="utf-8")


def changed(path: str, value) -> dict:
    """The gambler tables with the value at a dotted key path replaced (``None`` removes the key)."""
    data = tomllib.loads(GAMBLER)
    *parents, last = path.split(".")
    table = data
    for part in parents:
        table = table[part]
    if value is None:
        del table[last]
    else:
        table[last] = value
    return data


def refusal(data: dict, tmp_path: Path) -> ConventionError:
    import tomli_w

    text = tomli_w.dumps(data).encode("utf-8")
    with pytest.raises(ConventionError) as raised:
        conventions.parse(text, tmp_path / "club.toml")
    return raised.value


ROWS = [
    # (key path changed, new value, key path named by the refusal) — each a consistency check of schema.check
    ("format", 2, "format"),  # only format 1 exists
    ("points.visty_per_point", 0, "points.visty_per_point"),  # seed 000 §5: points are visty / 10
    ("points.last_trick", -10, "points.last_trick"),  # seed 000 §0.1: +10 for the last trick
    ("games.suit.bid_multiplier.contra", 0, "games.suit.bid_multiplier"),  # seed 000 §5: contra doubles
    ("games.suit.bid_multiplier.recontra", 1, "games.suit.bid_multiplier"),  # recontra is not cheaper than contra
    ("same_rules_as", ["48e1a99e"], "same_rules_as"),  # a former hash is 64 hex digits
    ("constructions.terz", -20, "constructions.terz"),  # seed 000 §0.2: a terz is 20
    ("constructions.berz", 55, "constructions.berz"),  # a construction is a whole number of points
    ("constructions.bela", 2_000_000, "constructions.bela"),  # a typo of many digits
    ("games.suit.deck_visty", 160, "games.suit.deck_visty"),  # seed 000 §0.1: cards + last trick = 162
    ("games.suit.trump_cards.J", -20, "games.suit.trump_cards"),  # a card is never negative
    ("games.no_trumps.trump_cards", {"7": 0}, "games.no_trumps.trump_cards"),  # no trump suit in БК
    ("games.all_trumps.trump_cards", None, "games.all_trumps.trump_cards"),  # ВК needs its card table
    ("games.suit.plain_cards.X", 1, "games.suit.plain_cards"),  # an unknown rank
    ("games.no_trumps.rams.9", 10, "games.no_trumps.no_rams"),  # a rank both in rams and no_rams (9s in БК)
    ("games.suit.no_rams", ["9"], "games.suit.no_rams"),  # the same, written the other way
    ("games.suit.rams.J", 205, "games.suit.rams.J"),  # rams are whole points
    ("games.suit.trick_divisor", 0.5, "games.suit.trick_divisor"),  # seed 001 §5: 1.59, never below 1
    ("games.suit.max_belas", 5, "games.suit.max_belas"),  # four suits, at most four belas
    ("games.no_trumps.max_belas", 1, "games.no_trumps.max_belas"),  # no bela in БК (RULES.md §4)
    ("games.suit.base_cost", -1, "games.suit.base_cost"),
    ("games.suit.kapo_base_cost", -25, "games.suit.kapo_base_cost"),
    ("games.suit.min_bid", 0, "games.suit.min_bid"),  # seed 000 §2: at least 8
    ("games.suit.base_cost", 17, "games.suit.base_cost"),  # seed 000 §5: C is the deck's points, 16
    ("game_end.target", 0, "game_end.target"),  # seed 000 §6: 301
]


@pytest.mark.parametrize("path, value, named", ROWS, ids=[f"{row[0]}={row[1]}" for row in ROWS])
def test_numbers_that_do_not_agree_are_refused_with_their_key(tmp_path, path, value, named):
    error = refusal(changed(path, value), tmp_path)
    assert error.value == named, error.message()
    assert error.message().startswith(f"правила {tmp_path / 'club.toml'}, ключ {named}: ")


def test_the_unchanged_file_passes_the_same_checks(tmp_path):
    import tomli_w

    rules = conventions.parse(tomli_w.dumps(changed("title", "Клуб")).encode("utf-8"), tmp_path / "club.toml")
    assert rules.settings.title == "Клуб"
