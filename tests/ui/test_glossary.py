"""One term per concept per language, in both games: the glossary of docs/translating.md (the
table between ``<!-- glossary -->`` and ``<!-- /glossary -->``) against the catalogues. Each
chosen term is used; no translation holds a form the glossary retired ("carte End" beside
"carte Fin", "End-Karte" beside "Endkarte"), in any case (« Tirée » at the start of a sentence is
« tirée »; a pattern that must keep its case says so with ``(?-i:…)``) and with a German separable
verb apart (« wirfst sie alle neu » is « neu werfen »); a name or a lot is never put after French
« de » (« de Ann », « de A5 » do not elide) nor a name given a German genitive -s."""

from __future__ import annotations

import pathlib
import re

import pytest

from lasvegas.ui.kit import po

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "translating.md"
LANGS = {"fr": 1, "de": 2}  # the glossary's column of each language
#: the fields that hold a seat's name
NAME_FIELDS = "who|boss|them|frm|prev|name|to|you|winner|names|active"
#: the fields that hold a lot's name (A1 … F9: A and E lots would need « d'A5 », « d'E2 »)
LOT_FIELDS = "lot|src|casino|lots"


def glossary() -> list[list[str]]:
    text = DOC.read_text("utf-8")
    table = text[text.index("<!-- glossary -->"):text.index("<!-- /glossary -->")]
    rows = []
    for line in table.splitlines()[3:]:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) == 5 and not cells[0].startswith("**"):
            rows.append(cells)
    return rows


def chosen(cell: str) -> str:
    """The first term in italics of a cell."""
    m = re.search(r"\*([^*]+)\*", cell)
    assert m, cell
    return m.group(1).split(",")[0].strip()


def retired(cell: str) -> list[re.Pattern]:
    return [re.compile(p.replace("\\|", "|"), re.IGNORECASE) for p in re.findall(r"`([^`]+)`", cell)]


def translations(lang: str) -> list[tuple[str, str]]:
    text = (ROOT / "lasvegas" / "locale" / lang / "LC_MESSAGES" / "lasvegas.po").read_text("utf-8")
    return [(msgid, s) for _c, msgid, _p, strs, _f in po.parse(text) if msgid for s in strs]


def test_the_glossary_covers_both_games():
    concepts = [r[0] for r in glossary()]
    assert len(concepts) >= 25
    for concept in ("lot", "casino", "tile", "boss", "build", "sprawl", "remodel", "reorganize", "gamble, bet",
                    "lay off half", "the End card", "draw a card", "the points track, VP", "the coach",
                    "a round (Las Vegas)"):
        assert concept in concepts, concept


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_each_chosen_term_is_used(lang):
    every = "\n".join(s for _m, s in translations(lang)).lower()
    for row in glossary():
        term = chosen(row[LANGS[lang]])
        assert term.lower() in every, (lang, row[0], term)


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_no_translation_holds_a_retired_form(lang):
    found = []
    for row in glossary():
        for pattern in retired(row[LANGS[lang] + 2]):
            found += [f"{row[0]}: {pattern.pattern!r} in {s!r}" for _m, s in translations(lang) if pattern.search(s)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_retired_form():
    rows = {r[0]: r for r in glossary()}
    assert any(p.search("La carte End se trouve…") for p in retired(rows["the End card"][3]))
    assert any(p.search("Die End-Karte liegt…") for p in retired(rows["the End card"][4]))
    assert any(p.search("{who} tire {card}") for p in retired(rows["draw a card"][3]))
    assert not any(p.search("le premier joueur est tiré aux dés") for p in retired(rows["draw a card"][3]))
    # in any case, and a German separable verb with its particle apart
    assert any(p.search("A2 : dé 2. Tirée : le marqueur d'Ann y est posé.") for p in retired(rows["draw a card"][3]))
    roll = retired(rows["to roll, to re-roll"][4])
    assert any(p.search("zahlst du 1 $ je Auge und wirfst sie alle neu; jeder") for p in roll)
    assert any(p.search("Er warf die Würfel neu.") for p in roll)
    assert not any(p.search("Wirf einen Blick auf die neue Karte; neu ist") for p in roll)
    assert not any(p.search("Reorganisieren: Jeder Würfel wird neu gewürfelt.") for p in roll)


def test_a_name_never_follows_french_de_nor_takes_a_german_genitive():
    after_de = re.compile(r"\b(de|du|des) \{(" + NAME_FIELDS + "|" + LOT_FIELDS + r")\}")
    genitive = re.compile(r"\{(" + NAME_FIELDS + r")\}s\b")
    assert after_de.search("Offre de {frm} à {to}") and genitive.search("in {boss}s Casino")
    assert after_de.search("réaménagement de {lot} en {colour}") and after_de.search("un marqueur de {src}")
    assert not after_de.search("la tuile vide {lot}") and not after_de.search("le terrain {lot}")
    found = [s for _m, s in translations("fr") if after_de.search(s)]
    found += [s for _m, s in translations("de") if genitive.search(s)]
    assert not found, "\n".join(found)
