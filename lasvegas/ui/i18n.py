"""Every text a player reads goes through ``_()`` (gettext style).

A language is a catalogue ``{english: translated}``; adding one never touches
the scenes.  ``_(msg, **fields)`` translates, then fills ``{fields}``.
"""

from __future__ import annotations

_CATALOGUES: dict[str, dict[str, str]] = {"en": {}}
_language = "en"


def add_catalogue(language: str, catalogue: dict[str, str]) -> None:
    _CATALOGUES.setdefault(language, {}).update(catalogue)


def set_language(language: str) -> None:
    global _language
    _language = language if language in _CATALOGUES else "en"


def _(message: str, **fields: object) -> str:
    text = _CATALOGUES.get(_language, {}).get(message, message)
    return text.format(**fields) if fields else text


def ngettext(singular: str, plural: str, n: int, **fields: object) -> str:
    return _(singular if n == 1 else plural, n=n, **fields)


def money(amount: int | float) -> str:
    """$1,230,000 — one place decides how money is written."""
    return _("${amount}", amount=f"{int(round(amount)):,}")
