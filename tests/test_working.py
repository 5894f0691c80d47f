"""The working ``bbscore score`` prints for a person (RULES.md §5 step by step), for the cases the worked example of
the README does not show: a kapo, rule 1 (declarers without a trick), the declarers' trick points given."""

from __future__ import annotations

import pytest

from conftest import run_cli

# (score arguments, lines the working must contain); each row's id cites the rule it shows
WORKING = [
    pytest.param(["^Т", "--def-points", "0", "--decl-tricks", "8", "--decl-con", "бэла"],
                 ["Очки за контракт PC = (C + K) = (25 + 0) = 25.",
                  "Выполнен? Все 8 взяток: да; конструкции VCp = 20 ≥ 10·K = 0. Контракт выполнен.",
                  "Очки за висты (капо): Pv = VCv / 10 = 0 / 10 = 0; Pp = C + VCp / 10 = 25 + 2 = 27."],
                 id="RULES §5 kapo made: ^Т, 8 tricks, bela → 52 : 0"),
    pytest.param(["^Т+", "--def-points", "10", "--decl-tricks", "7"],
                 ["капо треф под контрой", "Выполнен? Все 8 взяток: нет; конструкции VCp = 0 ≥ 10·K = 0. "
                  "Контракт не выполнен — байт."],
                 id="RULES §5 kapo bait: 7 tricks under contra"),
    pytest.param(["12Т", "--def-points", "162", "--decl-tricks", "0", "--decl-con", "терц"],
                 ["Разыгрывающие не взяли ни одной взятки: их конструкции (20 вистов) переходят вистующим → VCp = 0, "
                  "VCv = 20.", "Выполнен? Vp = 0 < 10·N = 120 → контракт не выполнен — байт."],
                 id="RULES §5 rule 1: the declarers' terz goes to the defenders (gambler: to_defenders)"),
    pytest.param(["12Т", "--decl-points", "144"],
                 ["Висты за взятки (с последом): разыгрывающие VTp = 144, вистующие VTv = S − VTp = 162 − 144 = 18."],
                 id="RULES §5 step 2: --decl-points given, VTv = S − VTp"),
]


@pytest.mark.parametrize(("args", "lines"), WORKING)
def test_working_shows_the_step(args, lines):
    done = run_cli("score", *args)
    assert done.returncode == 0, done.stderr
    for line in lines:
        assert line in done.stdout, f"{line}\n---\n{done.stdout}"
