"""Preferans, a second game scored by bbscore (RULES.md §9, seed 004: the Rostov convention).

A sibling of the Bazar-Belot modules, not a special case of them: it shares
only :mod:`bbscore.errors`.  The pure core:

* :mod:`.contract` — the notation of a game (``6♠``, ``7БК``, ``мизер``, ``распасы``);
* :mod:`.rules` — the convention file's schema (``game = "preferans"``) and its checks;
* :mod:`.hand` — one checked hand;
* :mod:`.engine` — what one hand writes (пуля, гора, висты) with the working as data;
* :mod:`.pulya` — a list of hands replayed into the running sheet;
* :mod:`.settle` — the sheet settled in vists, exact, adding up to zero;
* :mod:`.working` — the working's steps as Russian lines.
"""
