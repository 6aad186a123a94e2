"""Every text a player reads goes through ``_()``, ``ngettext()`` or ``pgettext()``.

The languages are the standard library's ``gettext`` catalogues, read from
``lasvegas/locale/<lang>/LC_MESSAGES/lasvegas.po`` (see :mod:`.po` and
docs/translating.md); English is the source and the fallback.  Adding a
language is adding one ``.po`` file: every form that differs between
languages (money, numbers, percentages, dates) is itself a message of the
catalogue.

``_(msg, **fields)`` translates, then fills ``{fields}``.  What it returns is
a ``str`` that remembers its message: drawn after a change of language
(:func:`current`, called by the drawing functions), it is translated again,
so a button made before the switch shows the new language at once.

Strings built when a module is imported (a table of level labels, ...) are
marked with ``N_()`` and translated with ``_()`` where they are drawn.

Forms chosen (short enough for the table):

======== ============ ============ ==========
language money        percentage   date
======== ============ ============ ==========
en       ``$50,000``  ``42%``      ``November 26, 2026``
fr       ``50 000 $`` ``42 %``     ``26 novembre 2026``
de       ``50.000 $`` ``42 %``     ``26. November 2026``
======== ============ ============ ==========

French separates thousands and the ``%`` with a narrow no-break space
(U+202F), German puts a no-break space (U+00A0) before ``%``.  The dollar
stays: the game's bills are dollars in every edition.
"""

from __future__ import annotations

import datetime as _dt
import gettext
import locale
import os
from importlib import resources

from . import po

DOMAIN = "lasvegas"
#: the testing language: every string about 40 % longer, with accents (never offered to players)
PSEUDO = "pseudo"

_translations: dict[str, gettext.NullTranslations] = {}
_language = "en"
_generation = 0  # changes with every change of language


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it (translate it when drawn)."""
    return message


def catalogue_path(language: str):
    """The ``.po`` file of ``language`` inside the package (a path-like; may not exist)."""
    return resources.files("lasvegas") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def available() -> list[str]:
    """The languages with a catalogue shipped, English first."""
    base = resources.files("lasvegas") / "locale"
    found = []
    try:
        for d in base.iterdir():
            if (d / "LC_MESSAGES" / f"{DOMAIN}.po").is_file():
                found.append(d.name)
    except (FileNotFoundError, NotADirectoryError):
        pass
    return ["en"] + sorted(found)


def language_name(language: str) -> str:
    """The name of ``language`` in itself (English, Français, Deutsch), from its own catalogue."""
    if language == PSEUDO:
        return "Pseudo"
    # TRANSLATORS: the name of this catalogue's language, written in that language (Français, Deutsch)
    return load(language).pgettext("language name", "English")


def load(language: str) -> gettext.NullTranslations:
    t = _translations.get(language)
    if t is None:
        if language in ("en", PSEUDO):
            t = gettext.NullTranslations()
        else:
            f = catalogue_path(language)
            t = po.translations(f, f.read_text("utf-8")) if f.is_file() else gettext.NullTranslations()
        _translations[language] = t
    return t


def set_language(language: str) -> str:
    """Switch the language (unknown ones fall back to English); returns the one chosen."""
    global _language, _generation
    if language not in available() and language != PSEUDO:
        language = "en"
    load(language)
    if language != _language:
        _language = language
        _generation += 1
    return _language


def language() -> str:
    return _language


def generation() -> int:
    """A number that changes whenever the language does (for caches of drawn text)."""
    return _generation


def system_language(environ=os.environ) -> str:
    """The language of the system's locale if the game has it, else English."""
    names = [environ.get(k, "") for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        names.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    have = available()
    words = {"french": "fr", "german": "de", "english": "en", "deutsch": "de", "français": "fr"}
    for name in names:
        for part in name.split(":"):
            code = part.split(".")[0].split("_")[0].lower()
            code = words.get(code, code)
            if code in ("c", "posix", ""):
                continue
            return code if code in have else "en"
    return "en"


# ------------------------------------------------------------------ messages
class Text(str):
    """A translated text that knows its message, to be translated again after a switch."""

    def retranslate(self) -> str:
        generation, again = self.__dict__["_again"]
        if generation != _generation:
            generation, again = _generation, self.__dict__["_make"]()
            self.__dict__["_again"] = (generation, again)
        return self if again is None else again


def _text(make) -> Text:
    t = Text(make())
    t.__dict__["_make"] = make
    t.__dict__["_again"] = (_generation, None)  # None: itself (no reference cycle to collect)
    return t


def current(s: str) -> str:
    """``s`` in the current language (a text made by ``_()`` before a switch is made again)."""
    return s.retranslate() if isinstance(s, Text) else s


def _fill(text: str, fields: dict) -> str:
    return text.format(**{k: current(v) for k, v in fields.items()}) if fields else text


def _(message: str, **fields: object) -> str:
    def make():
        return _fill(_lookup(lambda t: t.gettext(message)), fields)
    return _text(make)


def ngettext(singular: str, plural: str, n: int, **fields: object) -> str:
    def make():
        f = {"n": number(n), **fields}
        return _fill(_lookup(lambda t: t.ngettext(singular, plural, n)), f)
    return _text(make)


def pgettext(context: str, message: str, **fields: object) -> str:
    def make():
        return _fill(_lookup(lambda t: t.pgettext(context, message)), fields)
    return _text(make)


def _lookup(get) -> str:
    text = get(load(_language))
    return pseudo(text) if _language == PSEUDO else text


_ACCENTS = str.maketrans("aceinosuyAEIOUCNSYZ", "àçéîñøšüýÅÉÎÖÛÇÑŠÝŽ")


def pseudo(text: str) -> str:
    """The pseudo-language: accented, every word about 40 % longer, fields ``{...}`` kept as they are."""
    out: list[str] = []
    word = 0  # letters of the word being copied
    for ch, inside in zip(text + " ", _inside_fields(text) + [False]):
        if not inside and ch.isalpha():
            out.append(ch.translate(_ACCENTS))
            word += 1
            continue
        if word:
            out.append("·" * max(1, round(word * 0.4)))
            word = 0
        out.append(ch)
    out.pop()  # the space added to close the last word
    return "[" + "".join(out) + "]" if any(ch.isalpha() for ch in text) else text


# ------------------------------------------------------------------- formats
def _inside_fields(text: str) -> list[bool]:
    out, depth = [], 0
    for ch in text:
        depth += ch == "{"
        out.append(depth > 0)
        depth = max(0, depth - (ch == "}"))
    return out


def number(n: int | float, decimals: int = 0) -> str:
    """A number in the language's form: 50,000 · 50 000 · 50.000 (and 1.5 · 1,5)."""
    s = f"{abs(n):,.{decimals}f}"
    thousands = pgettext("thousands separator", ",")
    point = pgettext("decimal separator", ".")
    s = s.replace(",", "\0").replace(".", point).replace("\0", thousands)
    return ("-" if n < 0 and round(abs(n), decimals) else "") + s


def money(amount: int | float) -> str:
    """$50,000 · 50 000 $ · 50.000 $ — one place decides how money is written."""
    return _("${amount}", amount=number(int(round(amount))))


def money_short(amount: int | float) -> str:
    """An amount in thousands, for a chart's axis: $400k · 400 k$ · 400 Tsd. $ ($0 · 0 $ · 0 $)."""
    if not amount:
        return money(0)
    # TRANSLATORS: an amount in thousands of dollars on a chart's axis ($400k)
    return _("${k}k", k=number(round(amount / 1000)))


def percent(value: float, decimals: int = 0) -> str:
    """``value`` in percent (42 for 42 %): 42% · 42 % · 42 %."""
    return pgettext("percentage", "{n}%", n=number(value, decimals))


MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
WEEKDAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"),
            N_("Sunday"))


def date(day: _dt.date, weekday: bool = False) -> str:
    """A date in the language's own form: November 26, 2026 · 26 novembre 2026 · 26. November 2026
    (and 1er octobre 2026: the first of a month is a message of its own)."""
    # TRANSLATORS: the first day of a month in a date (French: 1er)
    first = pgettext("day of month", "1")
    fields = dict(day=first if day.day == 1 else day.day, month=_(MONTHS[day.month - 1]), year=day.year,
                  weekday=_(WEEKDAYS[day.weekday()]))
    if weekday:
        # TRANSLATORS: a date with its weekday, e.g. "Thursday, November 26, 2026"
        return _("{weekday}, {month} {day}, {year}", **fields)
    # TRANSLATORS: a date, e.g. "November 26, 2026"
    return _("{month} {day}, {year}", **fields)


def date_time(when: _dt.datetime) -> str:
    """A date and time, short, for a list: 2026-11-26 22:57 · 26/11/2026 22:57 · 26.11.2026 22:57."""
    # TRANSLATORS: a short date and time in a list; {day} {month} are numbers of two digits
    return _("{year}-{month}-{day} {time}", day=f"{when.day:02d}", month=f"{when.month:02d}", year=when.year,
             time=f"{when.hour:02d}:{when.minute:02d}")


def and_list(items) -> str:
    """"a", "a and b", "a, b and c" in the language (``items``: texts)."""
    items = [current(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the separator between the first items of a list ("a, b and c")
    comma = pgettext("list separator", ", ")
    return _("{some} and {last}", some=comma.join(items[:-1]), last=items[-1])


def clauses(parts) -> str:
    """Clauses of one sentence joined by the language's semicolon ("a; b" · "a ; b")."""
    # TRANSLATORS: the separator between clauses of one sentence (French: a no-break space before ;)
    return pgettext("clause separator", "; ").join(current(p) for p in parts)


def ordinal(place: int) -> str:
    """A rank: 1. 2. in English and German, 1er 2e in French."""
    if place == 1:
        # TRANSLATORS: the first place in a ranking (French: 1er)
        return pgettext("ranking", "1.")
    # TRANSLATORS: a place in a ranking, {n} is 2 or more (French: {n}e)
    return pgettext("ranking", "{n}.", n=place)


# the messages about the player's files (lasvegas.store) are in the player's language too
from ... import store as _store  # noqa: E402

_store.set_translator(_)
