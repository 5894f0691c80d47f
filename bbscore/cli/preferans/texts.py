"""What the command line says of the Preferans commands without importing them (start-up, issue 24): two real
examples that end each command's help, in Russian and in English notation and names, and the summary of the group
in the root help (tests/test_shell.py checks both).  The game's entry in the house names this module
(:mod:`bbscore.preferans.registry`, ``help_texts``)."""

from bbscore.i18n import N_

# The commands of the game that are groups of commands (their help is a page of its own).
GROUPS = ("pref",)

EXAMPLES = {
    "pref": ('bbscore pref score 7♠ --by Аня --tricks 5 --whist Боря --pass Вера',
             "bbscore pref settle examples/pulya-3.toml"),
    "pref score": ('bbscore pref score 6♠ --by Аня --tricks 7 --whist Боря --pass Вера',
                   'bbscore pref score распасы --tricks "Аня=1,Боря=4,Вера=5" --json'),
    "pref new": ('bbscore pref new pulya.toml --players "Аня,Боря,Вера"',
                 'bbscore pref new four.toml --players "Аня,Боря,Вера,Гена" --target 30 --dealer Гена'),
    "pref add": ('bbscore pref add pulya.toml 6♠ --by Аня --tricks 7 --whist Боря --pass Вера',
                 'bbscore pref add pulya.toml распасы --tricks "Аня=1,Боря=4,Вера=5"'),
    "pref edit": ('bbscore pref edit pulya.toml 1 6♠ --by Аня --tricks 6 --whist Боря --pass Вера',
                  'bbscore pref edit pulya.toml 2 распасы --tricks "Аня=2,Боря=3,Вера=5"'),
    "pref play": ("bbscore pref play pulya.toml", 'bbscore pref play new.toml --players "Аня,Боря,Вера" --target 10'),
    "pref undo": ("bbscore pref undo pulya.toml", "bbscore pref undo examples/pulya-4.toml"),
    "pref show": ("bbscore pref show examples/pulya-3.toml", "bbscore pref show examples/pulya-4.toml --json"),
    "pref referee": ("bbscore pref referee examples/deal-rostov.toml",
                     "bbscore pref referee examples/deal-rostov.toml --json"),
    "pref settle": ("bbscore pref settle examples/pulya-3.toml", "bbscore pref settle examples/pulya-4.toml --json"),
}

ENGLISH_EXAMPLES = {
    "pref": ("bbscore pref score 7S --by Ann --tricks 5 --whist Bob --pass Vera",
             "bbscore pref settle examples/pulya-3.toml"),
    "pref score": ("bbscore pref score 6S --by Ann --tricks 7 --whist Bob --pass Vera",
                   'bbscore pref score all-pass --tricks "Ann=1,Bob=4,Vera=5" --json'),
    "pref new": ('bbscore pref new pulya.toml --players "Ann,Bob,Vera"',
                 'bbscore pref new four.toml --players "Ann,Bob,Vera,Greg" --target 30 --dealer Greg'),
    "pref add": ("bbscore pref add pulya.toml 6S --by Ann --tricks 7 --whist Bob --pass Vera",
                 'bbscore pref add pulya.toml all-pass --tricks "Ann=1,Bob=4,Vera=5"'),
    "pref edit": ("bbscore pref edit pulya.toml 1 6S --by Ann --tricks 6 --whist Bob --pass Vera",
                  'bbscore pref edit pulya.toml 2 all-pass --tricks "Ann=2,Bob=3,Vera=5"'),
    "pref play": ("bbscore pref play pulya.toml", 'bbscore pref play new.toml --players "Ann,Bob,Vera" --target 10'),
    "pref undo": ("bbscore pref undo pulya.toml", "bbscore pref undo examples/pulya-4.toml"),
    "pref show": ("bbscore pref show examples/pulya-3.toml", "bbscore pref show examples/pulya-4.toml --json"),
    "pref settle": ("bbscore pref settle examples/pulya-3.toml", "bbscore pref settle examples/pulya-4.toml --json"),
    "pref referee": ("bbscore pref referee examples/deal-rostov.toml", "bbscore pref referee examples/deal-rostov.toml --json"),
}

SUMMARIES = {
    "pref": N_("Преферанс (конвенции «Ростов», «Сочи», «Ленинград»): сдача, пуля, подсчёт и кто кому платит."),
}
