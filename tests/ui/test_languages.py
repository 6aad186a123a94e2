"""The game in English, French and German (and the pseudo-language that shows overflow).

Catalogues: complete, their template up to date with the code, fields kept.
Formats: money, plurals, percentages and dates from known examples.  Fonts:
every character the catalogues use has a glyph.  Layout: every scene, in every
language, with every text inside its box.  Switching: at once, saved.
"""

from __future__ import annotations

import ast
import datetime as dt
import pathlib
import re
import string

import pygame
import pytest

from lasvegas.ui.kit import art, cmap, i18n, paths, po
from lasvegas.ui.tools.stage import SCENES, stage
from tests.ui.conftest import click, steps
from tests.ui.layout_probe import probe, problems

ROOT = pathlib.Path(__file__).resolve().parents[2]
LOCALE = ROOT / "lasvegas" / "locale"
LANGS = ("fr", "de")


def entries(path):
    return list(po.parse(path.read_text("utf-8")))


def fields(s: str) -> set[str]:
    return {f for _t, f, _s, _c in string.Formatter().parse(s) if f is not None}


# ----------------------------------------------------------------- catalogues
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_a_translation(lang):
    template = {(c, m) for c, m, _p, _s, _f in entries(LOCALE / "lasvegas.pot") if m}
    catalogue = {(c, m): (p, strs, fuzzy) for c, m, p, strs, fuzzy in
                 entries(LOCALE / lang / "LC_MESSAGES" / "lasvegas.po") if m}
    assert template <= set(catalogue), f"missing in {lang}: {sorted(template - set(catalogue))[:5]}"
    for (ctx, msgid), (plural, strs, fuzzy) in catalogue.items():
        assert not fuzzy, f"{lang}: fuzzy entry {msgid!r}"
        assert strs and all(s.strip() or msgid.strip() == "" or ctx == "thousands separator" for s in strs), \
            f"{lang}: no translation for {msgid!r}"
        wanted = fields(msgid) | (fields(plural) if plural else set())
        for s in strs:
            assert fields(s) <= wanted, f"{lang}: {s!r} names a field {msgid!r} does not give"


def test_the_catalogues_are_package_data():
    """A fresh ``pip install .`` has every language (the frozen builds take the package's data)."""
    import fnmatch
    import tomllib

    globs = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    shipped = [f.relative_to(ROOT / "lasvegas").as_posix() for f in LOCALE.rglob("*.po*")]
    assert len(shipped) >= 1 + len(LANGS)
    for rel in shipped:
        assert any(fnmatch.fnmatch(rel, g) for g in globs["lasvegas"]), f"{rel} is not package data"


def test_the_plural_rules_are_the_languages_own():
    header = {lang: (LOCALE / lang / "LC_MESSAGES" / "lasvegas.po").read_text("utf-8") for lang in LANGS}
    assert "plural=(n > 1)" in header["fr"]  # French: 0 and 1 are singular
    assert "plural=(n != 1)" in header["de"]


def code_messages():
    """Every message the game hands to the translation functions, in every package (the UI, the files'
    messages, the Lords save, the coach's review), as (context, msgid)."""
    found = set()
    for path in (ROOT / "lasvegas").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Name, ast.Attribute)):
                continue
            args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                    for a in node.args]
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if name in ("_", "N_", "ngettext") and args and args[0] is not None:
                found.add((None, args[0]))
            elif name == "pgettext" and len(args) >= 2 and None not in args[:2]:
                found.add((args[0], args[1]))
    return found


def test_the_template_holds_every_message_of_the_code():
    template = {(c, m) for c, m, _p, _s, _f in entries(LOCALE / "lasvegas.pot") if m}
    missing = code_messages() - template
    assert not missing, "run the extraction of docs/translating.md; not in the template: " + repr(sorted(missing))


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogues_hold_no_dead_entry(lang):
    """Every entry of a catalogue is a message of the template (the next ``pybabel update
    --ignore-obsolete`` would drop one that is not, and a text kept only there would go English)."""
    template = {(c, m) for c, m, _p, _s, _f in entries(LOCALE / "lasvegas.pot") if m}
    catalogue = {(c, m) for c, m, _p, _s, _f in entries(LOCALE / lang / "LC_MESSAGES" / "lasvegas.po") if m}
    assert catalogue <= template, f"{lang}: not in the template: {sorted(catalogue - template, key=str)[:5]}"


def test_the_catalogue_reader_gives_gettext_the_entries():
    t = po.translations(LOCALE / "fr" / "LC_MESSAGES" / "lasvegas.po")
    assert t.gettext("Round {n} of {total}") == "Manche {n} sur {total}"
    assert t.pgettext("animation speed", "normal") == "normale" and t.pgettext("AI pace", "normal") == "normal"
    assert [t.ngettext("{n} bill", "{n} bills", n) for n in (0, 1, 2)] == ["{n}\u00a0billet"] * 2 + ["{n}\u00a0billets"]  # a number and its noun on one line
    assert t.gettext("Not a message") == "Not a message"


def test_a_fuzzy_or_empty_entry_is_left_out():
    text = ('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            '#, fuzzy\nmsgid "Yes"\nmsgstr "Oui"\n\nmsgid "No"\nmsgstr ""\n\n'
            'msgctxt "c"\nmsgid "A"\nmsgstr ""\n"B"\n')
    t = po.translations("-", text)
    assert (t.gettext("Yes"), t.gettext("No"), t.pgettext("c", "A")) == ("Yes", "No", "B")


# -------------------------------------------------------------------- formats
@pytest.mark.parametrize("code, amount, bills", [
    ("en", "$1,250,000", ["0 bills", "1 bill", "2 bills"]),
    ("fr", "1\u202f250\u202f000\u00a0$", ["0\u00a0billet", "1\u00a0billet", "2\u00a0billets"]),
    ("de", "1.250.000\u00a0$", ["0\u00a0Scheine", "1\u00a0Schein", "2\u00a0Scheine"]),
])
def test_money_and_plurals(lang, code, amount, bills):
    lang(code)
    assert i18n.money(1_250_000) == amount
    assert [i18n.ngettext("{n} bill", "{n} bills", n) for n in (0, 1, 2)] == bills


@pytest.mark.parametrize("code, day, with_weekday, pct", [
    ("en", "November 26, 2026", "Thursday, November 26, 2026", "42%"),
    ("fr", "26 novembre 2026", "jeudi 26 novembre 2026", "42\u202f%"),
    ("de", "26. November 2026", "Donnerstag, 26. November 2026", "42\u00a0%"),
])
def test_dates_and_percentages(lang, code, day, with_weekday, pct):
    lang(code)
    d = dt.date(2026, 11, 26)
    assert (i18n.date(d), i18n.date(d, weekday=True), i18n.percent(42)) == (day, with_weekday, pct)


def test_numbers_with_decimals(lang):
    lang("de")
    assert i18n.number(1234.5, 1) == "1.234,5"
    lang("fr")
    assert i18n.number(-1234.5, 1) == "-1\u202f234,5"


def test_pseudo_is_longer_accented_and_keeps_fields(lang):
    lang("pseudo")
    s = i18n._("Round {n} of {total}", n=2, total=4)
    assert s.startswith("[") and "ø" in s and "2" in s and "4" in s
    assert len(s) >= 1.3 * len("Round 2 of 4")


def test_the_language_follows_the_system():
    assert i18n.system_language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert i18n.system_language({"LANGUAGE": "de_AT:en", "LANG": "C"}) == "de"
    assert i18n.system_language({"LANG": "it_IT.UTF-8"}) == "en"  # a language the game lacks: English
    assert i18n.system_language({"LANG": "C"}) in ("en", "fr", "de")  # then the locale module's


def test_a_text_made_before_a_switch_is_drawn_in_the_new_language(lang):
    label = i18n._("Resume")
    lang("de")
    assert i18n.current(label) == "Fortsetzen"
    lang("fr")
    assert i18n.current(i18n._("Solo: {level}", level=i18n._("Daily"))) == "Solo\u00a0: Défi du jour"


# ---------------------------------------------------------------------- fonts
def catalogue_characters() -> set[str]:
    chars = set("\u202f\u00a0ẞ€…–—‹›×«»„“")
    for code in LANGS:
        for _c, _m, _p, strs, _f in entries(LOCALE / code / "LC_MESSAGES" / "lasvegas.po"):
            chars |= set("".join(strs))
    return {c for c in chars if c.isprintable() and not c.isspace() or c in "\u202f\u00a0"}


@pytest.mark.parametrize("role", sorted(paths.FONTS))
def test_every_character_has_a_glyph(role):
    own = cmap.characters(str(paths.font_file(role)))
    fallback = cmap.characters(str(paths.font_file(role, fallback=True)))
    lacking = sorted(c for c in catalogue_characters() if ord(c) not in own and ord(c) not in fallback)
    assert not lacking, f"{role}: no glyph for {[hex(ord(c)) for c in lacking]}"
    # the reason for the fallback: Lato and Fjalla One lack these two
    assert 0x202F not in own and 0x202F in fallback and 0x1E9E in fallback


def test_a_text_draws_a_missing_character_with_the_fallback_font(app):
    assert art.runs("50\u202f000\u00a0$", "display") == [("50", False), ("\u202f", True), ("000\u00a0$", False)]
    assert art.runs("ẞ", "body") == [("ẞ", True)]
    assert art.text("GROẞ", "display", 30).get_width() == art.measure("GROẞ", "display", 30)[0]


# --------------------------------------------------------------------- layout
def staged(app, name):
    if name.startswith("rules-"):
        stage(app, "rules")
        app.top.page = int(name[6:])
    elif name == "pause":
        stage(app, "table")
        app.show("pause", leave=app.top.leave)
    elif name == "handover":
        stage(app, "table")
        app.show("handover", name="Lady Luck", colour="blue")
    elif name == "quit":
        stage(app, "title")
        app.top.ask_to_quit()
    elif name.endswith("-8"):  # eight seats with every Boulevard option on
        stage(app, name[:-2], players=8, biggies=True, hundreds=True)
    elif name == "settings-in-game":
        stage(app, "table")
        app.show("settings")
    else:
        stage(app, name)
    steps(app)


LAYOUT_SCENES = [s for s in SCENES if s != "rules"] + [f"rules-{p}" for p in range(6)] + \
    ["pause", "handover", "quit", "settings-in-game"] + \
    [f"{s}-8" for s in ("setup", "table", "payout", "summary", "results", "replay")]


def english_only(code) -> set[str]:
    """Messages whose translation in ``code`` differs from the English: drawn as they are, they leaked."""
    if code not in LANGS:
        return set()
    return {m for c, m, _p, strs, _f in entries(LOCALE / code / "LC_MESSAGES" / "lasvegas.po")
            if m and "{" not in m and len(m) > 3 and strs and strs[0] != m}


def layout_problems(app, monkeypatch, code, check=None) -> list[str]:
    """Every scene of ``LAYOUT_SCENES`` drawn in ``code``: each text outside its box, or left in English
    (``check(name)`` is called on each scene once it is staged)."""
    leaks = english_only(code)
    found = []
    for name in LAYOUT_SCENES:
        staged(app, name)
        if check:
            check(name)
        frame = probe(app, monkeypatch)
        assert frame.texts, f"{name}: nothing drawn"
        found += [f"{name}: {p}" for p in problems(frame)]
        found += [f"{name}: {s!r} drawn in English" for s, _r, _l in frame.texts if s in leaks]
        app.close_all()
    return found


@pytest.mark.parametrize("code", ["en", "fr", "de", "pseudo"])
def test_every_text_stays_in_its_box(app, monkeypatch, code):
    app.set_language(code)
    found = layout_problems(app, monkeypatch, code)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("code", ["en", "fr", "de"])
def test_every_text_stays_in_its_box_with_the_larger_text_setting(app, monkeypatch, code):
    """The text size setting "larger" (1.3× the reading text) on every scene, in every language: each
    text fits its box (a button's label shrinks to fit, a paragraph wraps)."""
    from lasvegas.ui.kit.look import Look

    app.set_language(code)
    app.settings.text_size = "larger"
    app.apply_settings()
    try:
        found = layout_problems(app, monkeypatch, code)
    finally:
        art.set_look(Look())
    assert not found, "\n".join(found)


def test_the_probe_sees_an_overflow(app, monkeypatch):
    from lasvegas.ui.kit.widgets import Button

    stage(app, "title")
    assert not problems(probe(app, monkeypatch))
    app.top.offer_buttons[0].label = "A label far too long for a button of three hundred pixels"
    wide = problems(probe(app, monkeypatch))
    assert any("far too long" in p for p in wide)
    assert Button in {type(w) for w in probe(app, monkeypatch).widgets}
    # the home's tiles draw themselves: their texts are held to their tiles
    app.top.entries["records"].label = "An entry whose name is far too long for its small tile"
    wide = problems(probe(app, monkeypatch))
    assert any("whose name" in p and "leaves its tile" in p for p in wide)



def test_the_probe_sees_a_text_drawn_under_10_px(small_app, monkeypatch):
    """Every layout test fails on a text drawn under 10 px on the window; a small label at the smallest
    window (logical 9 at the scale 0.75 is 7 px) is drawn at 10 px, and without that floor it would be
    one the probe names."""
    import pygame

    from lasvegas.ui.kit import lettering
    from tests.ui.layout_probe import Frame

    assert small_app.scale == 0.75
    assert lettering.px_of(9) == 10 and lettering.px_of(20) == 17  # 20 is 22 at the larger text size
    stage(small_app, "title")
    frame = probe(small_app, monkeypatch)
    assert frame.pixels and min(frame.pixels.values()) >= 10
    assert not problems(frame)
    monkeypatch.setattr(lettering, "SMALLEST_PX", 1)
    assert lettering.px_of(9) == 9
    tiny = Frame()
    r = pygame.Rect(100, 100, 40, 12)
    tiny.texts.append(("tiny", r, 0))
    tiny.pixels[("tiny", tuple(r))] = lettering.px_of(9)
    assert any("'tiny'" in p and "9 px (under 10)" in p for p in problems(tiny))


# ------------------------------------------------------------------ switching
def test_choosing_a_language_in_settings_applies_at_once_and_is_saved(app):
    from lasvegas.ui.app import App
    from lasvegas.ui.kit.settings import Settings

    stage(app, "title")
    app.show("settings")
    steps(app)
    row = app.top.rows[0]
    assert [v for v, _label in row.options] == ["en", "de", "fr"]  # no pseudo for players
    assert [str(label) for _v, label in row.options] == ["English", "Deutsch", "Français"]
    click(row.right.center)
    click(row.right.center)
    steps(app)
    assert i18n.language() == "fr" and Settings.load().language == "fr"
    assert art.current(app.top.back.label) == "Terminé"
    app.pop()
    steps(app)
    labels = [art.current(b.label) for b in app.top.buttons]
    assert labels[:2] == ["Nouvelle partie", "Nouvelle partie ou reprise"] and "Jouer en ligne" in labels
    assert App(Settings.load(), fullscreen=False, sound=False) and i18n.language() == "fr"  # the next start


def test_lang_option_renders_a_screenshot_in_that_language(home, tmp_path):
    from lasvegas import cli

    out = tmp_path / "s.png"
    assert cli.main(["screenshot", "--scene", "title", "--lang", "de", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    i18n.set_language("en")


def test_lang_option_of_play_and_solo():
    from lasvegas import cli

    parser, commands = cli.build_parser()
    assert commands["play"].parser.parse_args(["--lang", "de"]).lang == "de"
    assert commands["solo"].parser.parse_args(["--daily", "--lang", "fr"]).lang == "fr"
    assert commands["play"].parser.parse_args([]).lang is None  # the setting, else the system's


def test_default_seat_names_in_the_language(app):
    app.set_language("de")
    stage(app, "setup")
    names = [s.name for s in app.top.session.seats]
    assert names[0] == "Spieler 1" and re.match(r"^[A-ZÄÖÜ]", names[1])
    assert names[1] in {"Glücksfee", "Zocker", "Ass", "Jackpot", "Einserpasch"}


@pytest.mark.parametrize("code, said, kept", [
    ("fr", "Vos réglages (settings.json)\u00a0: inutilisable (son contenu n'est pas celui attendu (champ volume))",
     "Le fichier endommagé a été gardé"),
    ("de", "Nicht verwendbar: Deine Einstellungen (settings.json) – Inhalt nicht wie erwartet (Feld volume)",
     "Die beschädigte Datei wurde"),
])
def test_the_message_about_a_damaged_file_is_in_the_players_language(tmp_path, code, said, kept):
    from lasvegas import store
    from lasvegas.ui.kit.settings import SETTINGS

    path = tmp_path / "settings.json"
    path.write_text('{"volume": "loud"}')
    i18n.set_language(code)
    try:
        value, message = store.recover(SETTINGS, path)
    finally:
        i18n.set_language("en")
    assert value is None and message.startswith(said) and kept in message
    assert list(tmp_path.glob("settings.damaged-*.json"))  # kept aside, whatever the language
