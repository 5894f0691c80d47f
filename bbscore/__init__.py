"""bbscore: a scoring-sheet calculator for Bazar-Belot.

The engine is pure: :mod:`bbscore.belot.contract` (notation), :mod:`bbscore.belot.cards`,
:mod:`bbscore.belot.constructions`, :mod:`bbscore.belot.convention` (rules as data),
:mod:`bbscore.belot.hand` (checked inputs) and :mod:`bbscore.belot.scoring` (the formula).
:mod:`bbscore.cli` is the command line.
"""

__version__ = "0.1.0"
