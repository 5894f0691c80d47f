"""The games the house holds: each game's package registers itself here; this module names none of them.

A game is a package of :mod:`bbscore` with a module ``registry.py`` that defines ``GAME``, a :class:`Game`: the
``game`` value of its rule sets and sheets, its title, its default rule set and where its parts are (as
``"module:attribute"`` strings, imported only when asked for).  :func:`registered` finds them by looking for
``*/registry.py`` beside this file, so a third game adds a package and touches no shared module.

The shared layers ask here for what differs by game: the rules loader (:mod:`bbscore.conventions`) for the schema that
checks a rule file's tables, the sheet readers for the game of a file's ``[game]`` table, the command line for each
game's commands.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import TYPE_CHECKING, Any

import msgspec

from bbscore.i18n import _

if TYPE_CHECKING:  # (the annotations only: fractions and decimal are not imported by commands that need neither)
    from fractions import Fraction


class Game(msgspec.Struct, frozen=True, kw_only=True):
    """One game's entry in the house (a ``registry.py`` of its package defines it as ``GAME``).

    - ``key``: the ``game`` value of its rule files and its sheets' ``[game]`` tables (``"preferans"``);
    - ``untagged``: whether a rule file or sheet without a ``game`` key is of this game (one game only: the oldest
      files say nothing);
    - ``title``, ``of_title``: its name (Russian msgids, translated where shown), as a subject and after «правила»;
    - ``default_rules``: the bundled rule set used when none is named, also quoted in hints; ``hint``: the rule sets
      to name in a refusal (a msgid: «например gambler или classic»);
    - ``sheet_is``: a msgid saying what a sheet of this game is and which commands read it (said when one is given to
      another game's command);
    - ``keep_commands``: the commands that keep a sheet of this game, as typed (``"bbscore pref add, pref play, pref
      show"``: said where sheets are made for people to keep — ``tournament new``);
    - ``rules``: ``"module:function"`` — ``function(tables, path, example, sample)`` checks a rule file's TOML tables
      by the game's schema and returns its loaded rules (with ``for_game``, ``name``, ``sha256``, ``path``,
      ``content`` and ``settings.title``); ``example(key)`` gives the default rule set's line for a missing key,
      ``sample`` the command that shows a whole file;
    - ``descriptions``: the module that says what each setting means, in the language in use (``describe(key)``,
      ``table_title(path)``, ``value_text(value)``: see :mod:`bbscore.descriptions`);
    - ``optional_tables``: tables of its rule files that may be absent as a whole (a kind of game a rule set lacks),
      compared as one difference by ``conventions diff``;
    - ``commands``: the command-line words of the game and the shell module of each (``{"pref":
      "bbscore.cli.preferans.commands"}``);
    - ``help_texts``: the module of what help says of those commands without importing them — ``EXAMPLES`` and
      ``ENGLISH_EXAMPLES`` (two examples a command), ``SUMMARIES`` (the root help's line of each), ``GROUPS`` (those
      that are groups of commands): see :func:`bbscore.cli.help_texts`;
    - ``recompute``: ``"module:function"`` — ``function(path, convention, fix, known)`` checks one sheet for
      ``bbscore recompute`` (``known``: its text, parsed TOML and whether it had a byte-order mark), returning its report (with ``"game": key``,
      except for the untagged game) and exit level; ``report``: ``"module:function"`` — ``function(report, console)``
      prints such a report for a person;
    - ``entrants``: what a tournament of this game seats at a table — ``"pairs"`` (``bbscore tournament new --pairs``)
      or ``"players"`` (``--players``); ``table_sizes``: how many entrants a table seats (one sheet per table);
    - ``create_table``: ``"module:function"`` — ``function(path, sides, convention, target, players, lang)`` creates
      a new sheet for one table of a tournament (``sides``: the entrants' names in seat order; ``players``: ``{side:
      (person, …)}`` for the sides that name their people; ``lang``: the language the tournament is kept in when not
      Russian, recorded as the sheet's ``[game] lang``, or None) by the game's own sheet-creating function;
    - ``reserved``: ``"module:function"`` — ``function(name)`` gives the word a side's name would be taken for in the
      game's guided session (a command, another answer of a question that asks for a side), or None: a new sheet or
      tournament refuses such names (:func:`bbscore.seats.new_names`);
    - ``table_result``: ``"module:function"`` — ``function(path)`` reads one sheet and returns its
      :class:`TableResult`, computed from the hands' inputs (raises :class:`~bbscore.errors.BBScoreError` when the
      file cannot be read).
    - ``summary``: ``"module:function"`` — ``function(path, known)`` reads one sheet for ``bbscore list`` and ``stats``
      (``known`` as for ``recompute``) and returns plain data: ``created`` (the ``[game] created`` date, or None),
      ``convention``, ``sides`` (its pairs or players), ``hands``, ``score`` (a number a side), ``signed`` (whether the
      score is a settlement, ±), ``winner`` (a side's index or None), ``ended``, and ``counts`` (what ``stats`` adds
      up); raises :class:`~bbscore.errors.BBScoreError` for a file it cannot read;
    - ``stats``: ``"module:function"`` — ``function(counts)`` adds up the ``counts`` of the game's sheets;
      ``show_stats``: ``"module:function"`` — ``function(data, console)`` prints that for a person;
    - ``export``: ``"module:function"`` — ``function(path, format, shown)`` gives one sheet for sharing (``shown``: None,
      or applied to each user text of a text format, for a terminal): ``format`` is ``csv``,
      ``md``, ``html`` (text) or ``xlsx`` (the rows of a worksheet: :func:`bbscore.xlsx.workbook`), with what to say
      about the file (its rules changed, slips found) as a list of lines.
    """

    key: str
    untagged: bool = False
    title: str
    of_title: str
    default_rules: str
    hint: str
    sheet_is: str
    keep_commands: str = ""
    rules: str
    descriptions: str
    optional_tables: tuple[str, ...] = ()
    commands: dict[str, str] = msgspec.field(default_factory=dict)
    help_texts: str = ""
    recompute: str
    report: str
    entrants: str = "pairs"
    table_sizes: tuple[int, ...] = (2,)
    create_table: str = ""
    reserved: str = ""
    table_result: str = ""
    summary: str = ""
    stats: str = ""
    show_stats: str = ""
    export: str = ""


class TableResult(msgspec.Struct, frozen=True, kw_only=True):
    """What one sheet says of the game at its table, computed from the hands' inputs (``bbscore show`` has the same):

    - ``sides``: the entrants as the sheet names them (pairs, or players), in its order;
    - ``people``: the persons of each side (a side that names none: its own name alone);
    - ``points`` / ``against``: each side's points for and against (whole numbers: a pair's total and the other
      pair's; a player's vists won and paid at the settlement, rounded as ``pref settle`` shows them);
    - ``exact_points`` / ``exact_against``: the same exact (:class:`~fractions.Fraction`: a settlement divides by the
      number of players), which the standings' tie-breaks compare; empty when ``points`` are exact already;
    - ``finished``: whether the game has ended; ``ranks``: each side's place when it has (1 the first, equal numbers
      for a tie; all 1 while unfinished);
    - ``created``: the sheet's ``[game] created`` (``"YYYY-MM-DD HH:MM"``; ``""`` when absent);
    - ``wrong``: what ``recompute`` finds wrong in it (one text per slip; empty when it agrees), its stored numbers
      then not trusted — the numbers above are the rules' from the inputs.
    """

    sides: tuple[str, ...]
    people: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]
    against: tuple[int, ...]
    finished: bool
    ranks: tuple[int, ...]
    created: str = ""
    wrong: tuple[str, ...] = ()
    exact_points: tuple[Fraction, ...] = ()
    exact_against: tuple[Fraction, ...] = ()


@cache
def registered() -> dict[str, Game]:
    """Every game of the house, by key, in the order of their packages' names."""
    base = os.path.dirname(os.path.abspath(__file__))
    found: dict[str, Game] = {}
    for name in sorted(os.listdir(base)):
        if os.path.isfile(os.path.join(base, name, "registry.py")):
            game = importlib.import_module(f"{__package__}.{name}.registry").GAME
            found[game.key] = game
    return found


def untagged() -> Game:
    """The game of rule files and sheets that name none."""
    return next(game for game in registered().values() if game.untagged)


def of(key: Any) -> Game | None:
    """The game whose key is ``key`` (None for a value no game has; a missing key is :func:`untagged`)."""
    if key is None:
        return untagged()
    return registered().get(key) if isinstance(key, str) else None


def keys_text() -> str:
    """The game values a file may give, for a refusal: ``"bazar-belot", "preferans"``."""
    return ", ".join(f'"{key}"' for key in registered())


def resolve(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference of a :class:`Game` names (its module imported now)."""
    module, _colon, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


def other_game(key: Any) -> str | None:
    """What to say of a sheet of the game ``key`` given to another game's command (what it is, which commands read
    it); None when no game has that key."""
    game = of(key)
    return None if game is None else _(game.sheet_is)
