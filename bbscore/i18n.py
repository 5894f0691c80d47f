"""The language of what people read: Russian (the game's language, the default) or English.

One catalogue: every message is written in the source in Russian, and that Russian text is the msgid
(``_("нет такой команды {name}").format(name=…)``), so the Russian output is the source's own text and costs nothing:
no file is read.  English comes from ``bbscore/locale/en/LC_MESSAGES/bbscore.mo`` (compiled from the ``.po`` beside
it, both committed), read with the standard library's :mod:`gettext` on the first message asked for in English.

The command line chooses (:func:`choose`): ``--lang ru|en``, else ``BBSCORE_LANG``, else the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``en_*`` is English; ``ru_*``, ``C``, ``POSIX``, unset or anything else is
Russian), and calls :func:`set_language`.  Used as a library, the language is Russian until it is set.

The values people read — contracts, cards, constructions, a Preferans game — keep one normal form in files and JSON
(``str()``, Russian) and are shown through each type's ``shown()``, which reads :func:`language` and :func:`symbols`
(an output that cannot write ``♠`` gets letters).

:func:`N_` marks a text for the catalogue where it is written (a table of help texts) and translated where it is
shown.
"""

from __future__ import annotations

LANGUAGES = ("ru", "en")
DOMAIN = "bbscore"

_language = "ru"
_symbols = True  # whether the output shows the suit symbols ♠ ♣ ♦ ♥ (not an ASCII output)
_asked = False  # whether the language was asked for (--lang, BBSCORE_LANG), not taken from the locale
_catalogue = None  # the English GNUTranslations, read on first use


def set_language(code: str, asked: bool = False) -> None:
    """Use ``code`` (``"ru"`` or ``"en"``) for every message from now on; ``asked``: the user asked for it
    (``--lang``, ``BBSCORE_LANG``), so a sheet's own language does not replace it (:func:`use_sheet_language`)."""
    global _language, _asked
    if code not in LANGUAGES:
        raise ValueError(code)
    _language = code
    _asked = asked


def use_sheet_language(code: str | None) -> None:
    """Speak the language a sheet is kept in (its ``[game] lang``), unless the user asked for one."""
    global _language
    if code in LANGUAGES and not _asked:
        _language = code


def asked() -> bool:
    """Whether the language was asked for (``--lang``, ``BBSCORE_LANG``): then no sheet's own language replaces it."""
    return _asked


def language() -> str:
    """The language in use: ``"ru"`` or ``"en"``."""
    return _language


def set_symbols(shown: bool) -> None:
    """Whether the output can show the suit symbols ``♠ ♣ ♦ ♥`` (the command line says no for an output whose encoding
    cannot write them: the notation then uses letters)."""
    global _symbols
    _symbols = bool(shown)


def symbols() -> bool:
    """Whether values are shown with the suit symbols (see :func:`set_symbols`); True until set."""
    return _symbols


def choose(given: str | None, environ) -> str | None:
    """The language of a run: ``given`` (``--lang``), else ``BBSCORE_LANG``, else the locale; ``None`` when
    ``given`` or ``BBSCORE_LANG`` names no language this tool has (the caller refuses it)."""
    for code in (given, environ.get("BBSCORE_LANG")):
        if code:
            code = code.strip().lower()
            return code if code in LANGUAGES else None
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):  # the first one set decides, as in POSIX
        value = environ.get(variable)
        if value:
            return "en" if value.lower().startswith("en") else "ru"
    return "ru"


def _english():
    global _catalogue
    if _catalogue is None:
        import gettext
        from pathlib import Path

        path = Path(__file__).parent / "locale" / "en" / "LC_MESSAGES" / f"{DOMAIN}.mo"
        try:
            with open(path, "rb") as file:
                _catalogue = gettext.GNUTranslations(file)
        except OSError:  # an installation without the catalogue: the source's Russian
            _catalogue = gettext.NullTranslations()
    return _catalogue


def _(message: str) -> str:
    """``message`` (Russian, the msgid) in the language in use."""
    if _language == "ru" or not message:
        return message
    return _english().gettext(message)


def ngettext(singular: str, plural: str, count: int, few: str | None = None) -> str:
    """The form of a counted message for ``count``.  The msgids are the Russian singular (1, 21) and plural (5, 11);
    Russian's third form (2–4, 22) is ``few`` (the catalogue needs no entry for it: English has two forms)."""
    if _language == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return singular
        if few is not None and count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14):
            return few
        return plural
    return _english().ngettext(singular, plural, count)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Mark ``message`` for the catalogue without translating it here (it is translated where it is shown)."""
    return message
