"""Output for people, with rich, for every game: tables that fit the terminal and a console that names control
characters (:mod:`.layout`), the Bazar-Belot protocol line, sheet and working (:mod:`.bazar_belot`), the preferans
hand, sheet and settlement (:mod:`.preferans`).

Imported only by commands that print for a person (rich is not loaded for ``--json``); this package's own module
imports nothing, so that one game's output does not load the other's.
"""
