"""Preferans, a second game scored by bbscore (RULES.md §9, seed 004: the Rostov convention).

A sibling of the Belot family's package (:mod:`bbscore.belot`), not a special case of it: the two never import
each other, and share only the foundation (errors, files, i18n, seats, the rules-file layer).  The pure core:

* :mod:`.contract` — the notation of a game (``6♠``, ``7БК``, ``мизер``, ``распасы``);
* :mod:`.rules` — the convention file's schema (``game = "preferans"``) and its checks;
* :mod:`.hand` — one checked hand;
* :mod:`.engine` — what one hand writes (пуля, гора, висты) with the working as data;
* :mod:`.pulya` — a list of hands replayed into the running sheet;
* :mod:`.settle` — the sheet settled in vists, exact, adding up to zero;
* :mod:`.working` — the working's steps as Russian lines.
"""

KEY = "preferans"  # the game value of its rule files and sheets (bbscore.games; registry.py registers it)
