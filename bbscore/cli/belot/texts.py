"""What the command line says of the Bazar-Belot commands without importing them (start-up, issue 24): two real
examples that end each command's help, in Russian and in English notation and names, and the summary of each in
the root help (the first paragraph of its help: tests/test_shell.py checks both), in the order it lists them.  The
game's entry in the house names this module (:mod:`bbscore.belot.registry`, ``help_texts``)."""

from bbscore.i18n import N_

# The commands of the game that are groups of commands (their help is a page of its own).
GROUPS = ()

EXAMPLES = {
    "score": ('bbscore score 12Т --def-points 18 --decl-con терц --def-con бэла',
              'bbscore score 15П+ --def-points 33 --decl-con терц --json'),
    "count": ('bbscore count Т "ВТ 9Т ТТ 10Т 7П 8П ДП КП" --last',
              'bbscore count БК "ТП 10П КП ДП" --json'),
    "melds": ('bbscore melds 12Т --p1 "терц от Д♠" --p2 "терц от Д♥" --p3 "рамки-К"',
              'bbscore melds 12Т --p1 "терц от Д♠" --p2 "берц от ТЧ" --json'),
    "new": ('bbscore new game.toml --pairs "Мы,Они"',
            'bbscore new club.toml --pairs "Север,Юг" --convention classic --target 501'),
    "add": ('bbscore add game.toml 12Т --by Мы --def-points 18 --decl-con терц --def-con бэла',
            'bbscore add game.toml --redeal all-pass'),
    "edit": ('bbscore edit game.toml 1 12Т --by Мы --def-points 28',
             'bbscore edit game.toml 1 --redeal all-pass'),
    "undo": ("bbscore undo game.toml", "bbscore undo examples/slipped-game.toml"),
    "play": ('bbscore play game.toml', 'bbscore play new-game.toml --pairs "Мы,Они" --target 501'),
    "show": ("bbscore show examples/game-gambler.toml --chart", "bbscore show examples/paper-game.toml --json"),
    "referee": ("bbscore referee examples/deal-gambler.toml", "bbscore referee examples/deal-gambler.toml --json"),
}

ENGLISH_EXAMPLES = {
    "score": ("bbscore score 12C --def-points 18 --decl-con tierce --def-con belote",
              "bbscore score 15S+ --def-points 33 --decl-con tierce --json"),
    "count": ('bbscore count C "JC 9C AC TC 7S 8S QS KS" --last',
              'bbscore count NT "AS TS KS QS" --json'),
    "melds": ('bbscore melds 12C --p1 "tierce from QS" --p2 "tierce from QH" --p3 "four kings"',
              'bbscore melds 12C --p1 "tierce from QS" --p2 "quarte from AC" --json'),
    "new": ('bbscore new game.toml --pairs "Us,Them"',
            'bbscore new league.toml --pairs "North,South" --convention classic --target 501'),
    "add": ("bbscore add game.toml 12C --by Us --def-points 18 --decl-con tierce --def-con belote",
            "bbscore add game.toml --redeal all-pass"),
    "edit": ("bbscore edit game.toml 1 12C --by Us --def-points 28",
             "bbscore edit game.toml 1 --redeal all-pass"),
    "undo": ("bbscore undo game.toml", "bbscore undo examples/slipped-game.toml"),
    "play": ("bbscore play game.toml", 'bbscore play new-game.toml --pairs "Us,Them" --target 501'),
    "show": ("bbscore show examples/game-gambler.toml --chart", "bbscore show examples/paper-game.toml --json"),
    "referee": ("bbscore referee examples/deal-gambler.toml",
                "bbscore referee examples/deal-gambler.toml --convention classic --json"),
}

SUMMARIES = {
    "score": N_("Посчитать одну сдачу: что пишут разыгрывающие и вистующие, с расчётом."),
    "count": N_("Посчитать висты за взятые карты, карта за картой (с последом при --last)."),
    "melds": N_("Чьи конструкции проходят: сравнить объявления игроков (p1 ходит первым; пары 1+3 и 2+4)."),
    "play": N_("Вести партию за столом: вопрос за вопросом, каждая сдача сразу записывается в FILE (новый файл — с "
               "--pairs)."),
    "referee": N_("Разобрать сдачу по картам: законен ли каждый ход, кто взял взятки, какие конструкции были и прошли, "
                  "что пишут пары."),
    "new": N_("Начать протокол новой партии в файле FILE (существующий файл не перезаписывается)."),
    "add": N_("Записать сдачу в протокол: посчитать по правилам партии, дописать очки и итоги."),
    "edit": N_("Исправить сдачу N: заменить её ввод (параметры как у add), пересчитать её и все следующие итоги."),
    "undo": N_("Убрать последнюю сдачу протокола (сначала показав её)."),
    "show": N_("Показать протокол как на бумаге: сдачи, очки, итоги, до цели, победитель."),
}
