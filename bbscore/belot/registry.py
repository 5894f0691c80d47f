"""The Belot family's entry in the house (:mod:`bbscore.games`): the ``game`` value of its files, its default rules and
where its parts are.  Every Belot-family game — the three Bazar-Belot families and their cousins — is a rule file of
this one game."""

from bbscore.belot import KEY
from bbscore.games import Game
from bbscore.i18n import N_


GAME = Game(
    key=KEY,
    untagged=True,  # the first files (rules and protocols) carry no game key
    title=N_("Базар-Белот"),
    of_title=N_("Базар-Белота"),
    default_rules="gambler",
    hint=N_("например gambler или classic"),
    sheet_is=N_("это протокол Базар-Белота: его команды — bbscore show, add, play"),
    keep_commands="bbscore add, play, show",
    rules="bbscore.belot.convention:load_tables",
    descriptions="bbscore.belot.descriptions",
    optional_tables=("games.suit", "games.no_trumps", "games.all_trumps", "tie", "contract", "written.tie",
                     "play"),
    commands={
        "score": "bbscore.cli.belot.hand", "count": "bbscore.cli.belot.hand", "melds": "bbscore.cli.belot.hand",
        "new": "bbscore.cli.belot.sheet", "add": "bbscore.cli.belot.sheet", "edit": "bbscore.cli.belot.sheet",
        "undo": "bbscore.cli.belot.sheet", "show": "bbscore.cli.belot.sheet",
        "play": "bbscore.cli.belot.play",
        "referee": "bbscore.cli.belot.referee",
    },
    help_texts="bbscore.cli.belot.texts",
    report="bbscore.render.belot:recompute_report",
    recompute="bbscore.cli.belot.sheet:recompute_file",
    entrants="pairs",
    table_sizes=(2,),
    create_table="bbscore.belot.protocol:create_table",
    reserved="bbscore.cli.belot.options:reserved",
    table_result="bbscore.belot.protocol:table_result",
    summary="bbscore.cli.belot.share:summary",
    stats="bbscore.belot.stats:combine",
    show_stats="bbscore.render.belot:stats",
    export="bbscore.cli.belot.share:export",
)
