"""Hostile deal files, the referee's own kind of file (both games): whatever a deal file holds, ``referee`` and
``pref referee`` (text and ``--json``) exit 0 or 2 — never a traceback or exit 3 —, a refusal is one line of at most
300 characters, no raw control character reaches the terminal, and ``add --deal`` / ``pref add --deal`` of a refused
deal leaves the sheet as it was.

Each example is a seed drawn by hypothesis (derandomized) from which a plain generator changes one to three values of
the example deals: a value replaced by a hostile one (a number of any size, a float, a boolean, text with control
characters, a list, a table), a key removed or added, a card moved to another hand, a trick's cards shuffled, cut or
led by a name."""

from __future__ import annotations

import copy
import random
import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import EXAMPLES, report, run_cli

FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture], deadline=None)
SEEDS = st.integers(0, 2**32 - 1)
GOOD = tomllib.loads((EXAMPLES / "deal-gambler.toml").read_text(encoding="utf-8"))
GOOD_PREF = tomllib.loads((EXAMPLES / "deal-rostov.toml").read_text(encoding="utf-8"))
_CONTROL = "\x00\x01\x07\x1b\x7f\x85\u200b\u202e\u2028\ufeff"
_CHARS = list("АняБоряВТЧПДК78910♠♥ \t\"'\\[]{}=#,.:-") + list(_CONTROL)
_PLAUSIBLE = ["ВТ ВТ", "7Ы", "10Б " * 40, "JC TH AS", "Аня: ", "Гоша: ТП", "терц", "бэла", "рамки-В", "мизер",
              "распасы", "12Т", "^^Т", "8БК", "6♠", "10БК", "Аня", "гоша", "Петя", "", " "]


def _value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 2 else 6)
    if kind == 0:
        return rng.choice([0, 1, -1, 9, 11, 10**4000, 2**64, rng.randint(-2**70, 2**70)])
    if kind == 1:
        return rng.choice([float("inf"), float("nan"), 0.5, 18.0])
    if kind == 2:
        return rng.random() < 0.5
    if kind in (3, 4):
        return "".join(rng.choice(_CHARS) for _ in range(rng.randrange(12)))
    if kind == 5:
        return rng.choice(_PLAUSIBLE)
    if kind in (6, 7):
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["Аня", "Боря", "x", "\x1b"]): _value(rng, depth + 1) for _ in range(rng.randrange(3))}


def _changed(rng: random.Random, tables: dict) -> dict:
    data = copy.deepcopy(tables)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        hands = data.get("hands") if isinstance(data.get("hands"), dict) else None
        play = data.get("play") if isinstance(data.get("play"), list) else None
        if roll < 0.3:
            data[rng.choice(sorted(data) + ["score", "first_trick", "after_raspasy"])] = _value(rng)
        elif roll < 0.4 and data:
            data.pop(rng.choice(sorted(data)))
        elif roll < 0.55 and hands:
            name = rng.choice(sorted(hands))
            hands[name if rng.random() < 0.8 else "\x1bПетя"] = _value(rng)
        elif roll < 0.75 and hands and len(hands) > 1 and all(isinstance(v, str) for v in hands.values()):
            giver, taker = rng.sample(sorted(hands), 2)
            cards = hands[giver].split()
            if cards:
                card = cards.pop(rng.randrange(len(cards)))
                hands[giver] = " ".join(cards)
                hands[taker] = f"{hands[taker]} {card}"
        elif play and all(isinstance(trick, str) for trick in play):
            at = rng.randrange(len(play))
            cards = play[at].split(":")[-1].split()
            choice = rng.randrange(3)
            if choice == 0:
                rng.shuffle(cards)
            elif choice == 1 and cards:
                cards.pop()
            play[at] = (f"{rng.choice(['Аня', 'Боря', 'Вера', 'Гоша', 'Петя'])}: " if choice == 2 else "") + " ".join(cards)
    return data


def _assert_handled(done) -> None:
    assert "Traceback" not in done.stdout + done.stderr and "внутренняя ошибка" not in done.stderr, report(done)
    assert done.returncode in (0, 2), report(done)
    if done.returncode == 2:
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("ошибка: ") and len(lines[0]) <= 300, report(done)
    assert "\x1b" not in done.stdout + done.stderr, report(done)


@settings(FUZZ, max_examples=150)
@given(seed=SEEDS, pref=st.booleans())
def test_fuzz_deal(tmp_path_factory, seed, pref):
    rng = random.Random(seed)
    folder = tmp_path_factory.mktemp("deal")
    try:
        text = tomli_w.dumps(_changed(rng, GOOD_PREF if pref else GOOD))
    except (TypeError, ValueError):  # a value tomli-w cannot write
        return
    path = folder / "deal.toml"
    path.write_text(text, encoding="utf-8")
    command = ["pref", "referee"] if pref else ["referee"]
    _assert_handled(run_cli(*command, path))
    _assert_handled(run_cli(*command, path, "--json"))
    sheet = folder / "sheet.toml"
    made = (run_cli("pref", "new", sheet, "--players", "Аня,Боря,Вера") if pref else
            run_cli("new", sheet, "--pairs", "Мы,Они"))
    assert made.returncode == 0, report(made)
    before = sheet.read_text(encoding="utf-8")
    done = run_cli(*(["pref", "add", sheet, "--deal", path] if pref else ["add", sheet, "--deal", path, "--by", "Мы"]))
    _assert_handled(done)
    if done.returncode == 2:
        assert sheet.read_text(encoding="utf-8") == before
