"""Preferans's entry in the house (:mod:`bbscore.games`): the ``game`` value of its files, its default rules and
where its parts are."""

from bbscore.preferans import KEY
from bbscore.games import Game
from bbscore.i18n import N_


GAME = Game(
    key=KEY,
    title=N_("преферанс"),
    of_title=N_("преферанса"),
    default_rules="rostov",
    hint=N_("например rostov"),
    sheet_is=N_("это пуля преферанса (game = \"preferans\"): её команды — bbscore pref show, pref add, pref settle"),
    keep_commands="bbscore pref add, pref play, pref show, pref settle",
    rules="bbscore.preferans.rules:load_tables",
    descriptions="bbscore.preferans.descriptions",
    optional_tables=("play",),
    commands={"pref": "bbscore.cli.preferans.commands"},
    help_texts="bbscore.cli.preferans.texts",
    report="bbscore.render.preferans:recompute_report",
    recompute="bbscore.cli.preferans.commands:recompute_file",
    entrants="players",
    table_sizes=(3, 4),
    create_table="bbscore.preferans.protocol:create_table",
    reserved="bbscore.cli.preferans.play:reserved",
    table_result="bbscore.preferans.protocol:table_result",
    summary="bbscore.cli.preferans.share:summary",
    stats="bbscore.preferans.stats:combine",
    show_stats="bbscore.render.preferans:stats",
    export="bbscore.cli.preferans.share:export",
)
