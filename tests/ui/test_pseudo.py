"""Every text a scene draws comes from the catalogue: each scene of both games is drawn in the
pseudo language, where every message's words are accented and lengthened ("Røüñd··"), and a
word drawn without that mark was made by the code in English. Drawn as they are, and allowed:
the seats' names, the lots' labels (A1 … F12), key caps (L, LB), room codes, numbers and signs,
and the proper names that are the same in every language (the games' names, each language's
name in itself).
"""

from __future__ import annotations

import re

import pytest

from lasvegas.ui.kit import i18n
from lasvegas.ui.lords import stage as lords_stage
from lasvegas.ui.tools.stage import SCENES, stage
from tests.ui.conftest import steps
from tests.ui.layout_probe import probe

#: a word as the pseudo language writes it: letters then "·" (see ``i18n.pseudo``)
MARKED = re.compile(r"[^\W\d_]+·+")
WORD = re.compile(r"[^\W\d_]+")
TOKEN = re.compile(r"[^\W_]+")
#: a lot's label (A1 … F12), a key's cap (L, H, LB, RB: the input map names the keys), a room's code
LOT = re.compile(r"^[A-F]\d{1,2}$")
KEY = re.compile(r"^[A-Z]{1,2}$")
ROOM = re.compile(r"^[A-Z0-9]{6}$")
#: the pseudo language's letters (a word cut short by an ellipsis loses its "·" but keeps these)
ACCENTED = re.compile("[àçéîñøšüýÅÉÎÖÛÇÑŠÝŽ]")
#: the games' names and the languages' names in themselves (Settings) are the same in every language
PROPER = {"Las", "Vegas", "Lords", "of", "English", "Français", "Deutsch", "Pseudo"}
#: the seats' names the staged scenes give (ui/tools/stage.py, ui/tools/stage_profiles.py, ui/lords/stage.py)
STAGED_NAMES = ("Ann", "Bob", "Bo", "Cy", "Chloé", "Dmitri", *lords_stage.NAMES)


def allowed_words() -> set[str]:
    out = set(PROPER)
    for name in STAGED_NAMES:
        out |= set(WORD.findall(name))
    return out


def unmarked(text: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` that did not come through the catalogue (nor are allowed as they are)."""
    rest = MARKED.sub(" ", text)
    out = []
    for m in TOKEN.finditer(rest):
        w = m.group(0)
        if not WORD.search(w) or w in allowed or LOT.match(w) or KEY.match(w) or ROOM.match(w):
            continue
        if rest[m.end():m.end() + 1] == "…" and ACCENTED.search(w):
            continue  # a pseudo word cut short to fit its box
        out.append(w)
    return out


def leaks(app, monkeypatch) -> list[str]:
    frame = probe(app, monkeypatch)
    assert frame.texts, "nothing drawn"
    allowed = allowed_words()
    out = []
    for s, _rect, _layer in frame.texts:
        words = unmarked(str(s), allowed)
        if words:
            out.append(f"{s!r} ({', '.join(words)})")
    return sorted(set(out))


def test_the_check_passes_the_pseudo_language_and_sees_english():
    i18n.set_language(i18n.PSEUDO)
    try:
        allowed = allowed_words()
        assert unmarked(i18n._("Round {n} of {total}: {who}", n=1, total=4, who="Ann"), allowed) == []
        assert unmarked(i18n._("{who} +{money}", who="Bob", money=i18n.money(5)) + " A6 C11 (L)", allowed) == []
        assert unmarked(str(i18n._("Trade: {who} offers…", who="Dora"))[:9] + "…", allowed) == []
        assert unmarked("Round 1 of 4: Ann", allowed) == ["Round"]
        assert unmarked("Vega Vic: nein, (no trade now: the game waits for Bob)", allowed) == \
            ["nein", "no", "trade", "now", "the", "game", "waits", "for"]
        assert unmarked("Player 2", allowed) == ["Player"]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("scene", SCENES)
def test_every_las_vegas_text_comes_from_the_catalogue(app, monkeypatch, scene):
    app.set_language(i18n.PSEUDO)
    stage(app, scene)
    steps(app)
    found = leaks(app, monkeypatch)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("scene", lords_stage.SCENES)
def test_every_lords_text_comes_from_the_catalogue(app, monkeypatch, scene):
    app.set_language(i18n.PSEUDO)
    lords_stage.stage(app, scene, 1, 4)
    found = leaks(app, monkeypatch)
    assert not found, "\n".join(found)


def test_a_word_the_code_writes_in_english_is_found_on_a_real_scene(app, monkeypatch):
    """The Lords log with a company named in English by the code (as a payout line once was): found."""
    from lasvegas.ui.lords import glyphs, words

    monkeypatch.setattr(words, "company", lambda c: glyphs.COMPANY_NAMES[c])  # not through _()
    app.set_language(i18n.PSEUDO)
    lords_stage.stage(app, "log", 1, 4)
    found = leaks(app, monkeypatch)
    assert any(name in line for line in found for name in ("Albion", "Sphinx", "Vega", "Tivoli", "Pioneer")), found
