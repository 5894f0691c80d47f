"""bbscore: a scoring-sheet calculator for Bazar-Belot.

The engine is pure: :mod:`bbscore.contract` (notation), :mod:`bbscore.cards`,
:mod:`bbscore.constructions`, :mod:`bbscore.convention` (rules as data),
:mod:`bbscore.hand` (checked inputs) and :mod:`bbscore.scoring` (the formula).
:mod:`bbscore.cli` is the command line.
"""

__version__ = "0.1.0"
