"""Reading a deal for the referee, whatever the game (``bbscore referee DEAL``, ``bbscore pref referee DEAL``): the
file, or standard input for ``-``; its TOML; and the rule set it names, a relative path read beside the file."""

# No "from __future__ import annotations": Typer reads the annotations.
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from bbscore.cli.options import STANDARD_INPUT, given_path
from bbscore.i18n import _

# The file a deal is read from (``DEAL`` of the referee, ``--deal`` of add): an empty name is refused as every
# command refuses it (:func:`~bbscore.cli.options.given_path`); ``-`` is standard input.
DEAL_PATH = given_path(stdin=True)
DealArgument = Annotated[Path, typer.Argument(readable=False, click_type=DEAL_PATH,
                                              help="Файл раздачи (.toml); - — читать со стандартного ввода.",
                                              metavar="DEAL")]
STDIN = "-"


def read(given: "str | Path") -> tuple[str, str, dict[str, Any], Path | None]:
    """(the name refusals give it, its text, its TOML tables, its folder or None for standard input).

    Raises :class:`~bbscore.errors.ProtocolError` (``name:line``) for a file that cannot be read, is not UTF-8 or is
    not TOML, or is not a deal file (:func:`bbscore.deals.check_is_deal`: a score sheet, a file without ``players``;
    nothing of it shown)."""
    from bbscore import deals
    from bbscore.errors import ProtocolError
    from bbscore.files import MAX_FILE_BYTES
    from bbscore.sheets import BOM, read_text

    if given is STANDARD_INPUT or (isinstance(given, str) and given == STDIN):
        stream = getattr(sys.stdin, "buffer", None)
        raw = stream.read(MAX_FILE_BYTES + 1) if stream is not None else sys.stdin.read().encode("utf-8")
        if len(raw) > MAX_FILE_BYTES:
            raise ProtocolError(STDIN, None, _("слишком большой ввод для раздачи"))
        try:
            text = raw.decode("utf-8").removeprefix(BOM)
        except UnicodeDecodeError:
            raise ProtocolError(STDIN, None, _("ввод не в кодировке UTF-8")) from None
        data = deals.parse(STDIN, text)
        deals.check_is_deal(STDIN, data)
        return STDIN, text, data, None
    path, name = Path(given), str(given)
    text, _bom = read_text(path, kind=_("файл раздачи"), missing=_("нет такого файла"))
    data = deals.parse(name, text)
    deals.check_is_deal(name, data)
    return name, text, data, path.parent


def rules_name(named: Optional[str], override: Optional[str], folder: Optional[Path]) -> Optional[str]:
    """The rule set to load: ``--convention`` when given, else the deal's ``rules`` (a relative path read beside the
    deal file), else None (the game's default)."""
    from bbscore.sheets import names_a_path

    if override is not None:
        return override
    if named is not None and folder is not None and names_a_path(named) and not Path(named).is_absolute() \
            and not named.startswith("~"):
        return str(folder / named)
    return named


def load_rules(named: Optional[str], override: Optional[str], folder: Optional[Path], game: str) -> Any:
    """The rule set a deal is refereed under (:func:`rules_name`), loaded for ``game``.  A rule set the deal file's
    ``rules`` names that does not exist is a :class:`~bbscore.errors.DealError` of that key (the caller names its line
    in the file) — not a refusal of ``--convention``, which the user did not type; any other refusal is the loader's."""
    from bbscore import conventions
    from bbscore.errors import ConventionNotFoundError, DealError

    try:
        return conventions.load(rules_name(named, override, folder), game=game)
    except ConventionNotFoundError as error:
        if override is not None or named is None:
            raise
        raise DealError("rules", named, error.explanation()) from None


def loaded(given: str, override: Optional[str], key: str, rules_of, build):
    """(name, text, the checked deal, its rules) of a deal file of the game ``key``: ``rules_of(data)`` names its
    rules, ``build(data, rules)`` checks its tables (each game's own).  A refusal of a value names the file and its
    line; a rule set that cannot be loaded is refused as such."""
    name, text, data, folder = read(given)
    rules = guarded(name, text, lambda: load_rules(rules_of(data), override, folder, key))
    return name, text, guarded(name, text, lambda: build(data, rules)), rules


def guarded(name: str, text: str, work):
    """``work()``, a refusal of a deal's value raised with the deal file's name and line (:func:`bbscore.deals.refusal`);
    a rule set's refusal as it is."""
    from bbscore import deals
    from bbscore.errors import BBScoreError, ConventionError

    try:
        return work()
    except ConventionError:
        raise
    except BBScoreError as error:
        raise deals.refusal(name, text, error) from None
