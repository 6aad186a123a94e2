"""A player's name as the server takes it (:func:`clean`), and the AI seats' labels a name may not
read as (:func:`ai_labels`, in every language the game speaks, of every game's levels)."""

from __future__ import annotations

import unicodedata


def clean(x: str) -> str:
    """A player's name: the text check, then normalised (NFC), without the characters that do not
    show or that change how the text around them shows (bidi overrides, zero-width and other format
    characters, line and paragraph separators, DEL and the C1 controls), spaces of every kind as one
    space; a name left with nothing visible is refused, and so is one that reads as an AI seat's
    label ("AI Expert", "KI · Experte"...).  An empty name is the seat's default."""
    if any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in x):
        raise ValueError("holds control characters")
    cleaned = " ".join("".join(
        " " if unicodedata.category(c) == "Zs" else c
        for c in unicodedata.normalize("NFC", x) if unicodedata.category(c) not in _HIDDEN).split())
    if not cleaned:
        if x.strip():
            raise ValueError("shows no visible character")
        return ""
    if not any(unicodedata.category(c)[0] in "LNPS" for c in cleaned):
        raise ValueError("shows no visible character")
    if _folded(cleaned) in ai_labels():
        raise ValueError(f"{cleaned!r} reads as an AI seat's label: choose another name")
    return cleaned


#: character categories a name drops: controls, format characters (bidi overrides, zero-width
#: spaces and joiners), line and paragraph separators, private use, unassigned
_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs"))


def _folded(s: str) -> str:
    """A name as compared with the AI labels: compatibility forms (fullwidth letters), case, and
    anything between the words (spaces, dots, "·", dashes) set aside."""
    s = unicodedata.normalize("NFKC", s).casefold()
    return " ".join("".join(c if c.isalnum() else " " for c in s).split())


_CATALOGUES: list[dict[str, str]] | None = None
_AI_LABELS: tuple[tuple, frozenset[str]] | None = None


def ai_labels() -> frozenset[str]:
    """The AI seats' labels in every language the game speaks, folded (:func:`_folded`): the word
    for AI alone, or followed by an AI level's name or label, of any game's level (the server's
    "AI Expert", the screens' "AI · Expert", "KI · Experte", "IA · Expert"...)."""
    global _AI_LABELS, _CATALOGUES
    from ..games.registry import all_levels

    known = tuple((game, lv.name, lv.label) for game, lv in all_levels())
    if _AI_LABELS is not None and _AI_LABELS[0] == known:
        return _AI_LABELS[1]
    if _CATALOGUES is None:
        from pathlib import Path

        _CATALOGUES = []
        for po in (Path(__file__).resolve().parent.parent / "locale").glob("*/LC_MESSAGES/*.po"):
            try:
                _CATALOGUES.append(_po_entries(po.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError):
                continue
    words = {"ai"}
    levels = {_folded(name) for _game, name, _label in known} | {_folded(label) for _game, _name, label in known}
    for entries in _CATALOGUES:
        label = entries.get("AI · {level}", "")
        if "{level}" in label:
            words.add(_folded(label.split("{level}")[0]))
        levels.update(_folded(entries[lb]) for _game, _name, lb in known if entries.get(lb))
    words.discard("")
    _AI_LABELS = (known, frozenset(words | {f"{w} {lv}" for w in words for lv in levels}))
    return _AI_LABELS[1]


def _po_entries(text_: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue's one-line entries without a context."""
    out: dict[str, str] = {}
    msgid = None
    for line in text_.splitlines():
        if line.startswith("msgctxt "):
            msgid = None
        elif line.startswith('msgid "'):
            msgid = line[7:-1]
        elif line.startswith('msgstr "') and msgid is not None:
            out[msgid] = line[8:-1]
            msgid = None
    return out


__all__ = ["ai_labels", "clean"]
