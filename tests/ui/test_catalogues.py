"""The French and German catalogues as their readers and the standard tools see them.

- What ``msgfmt -c`` checks, in Python (so it runs where gettext is not installed):
  every translation keeps the fields of its message, a ``%`` directive the tools
  read as printf-style is the same in the translation, every plural form is there.
  ``msgfmt -c`` itself runs too when it is installed.
- French typography: a no-break space before ``:`` and inside « », a narrow one
  before ``; ! ?``, never an ordinary space there (``art.wrap`` breaks lines at
  ordinary spaces: a line would start with ":" or "!"), amounts kept whole.
- No English built by the code reaches a French or German screen: online AI seats,
  the solo player, damaged files and records, list joins, dates, ranks, margins.
"""

from __future__ import annotations

import datetime as dt
import pathlib
import re
import shutil
import string
import subprocess

import pytest

from lasvegas.ui.kit import i18n, po

ROOT = pathlib.Path(__file__).resolve().parents[2]
LOCALE = ROOT / "lasvegas" / "locale"
LANGS = ("fr", "de")
NBSP, NNBSP = "\u00a0", "\u202f"


def catalogue(lang):
    return [e for e in po.parse((LOCALE / lang / "LC_MESSAGES" / "lasvegas.po").read_text("utf-8")) if e[1]]


def brace_fields(s: str) -> set[str]:
    return {f for _t, f, _s, _c in string.Formatter().parse(s) if f is not None}


#: a printf-style directive as xgettext and msgfmt read one (what makes them flag an entry python-format)
PRINTF = re.compile(r"%(\([^)]*\))?[#0\- +]*(\d+|\*)?(\.(\d+|\*))?[hlL]?[diouxXeEfFgGcrsa%]")


def nplurals(lang) -> int:
    header = (LOCALE / lang / "LC_MESSAGES" / "lasvegas.po").read_text("utf-8")
    return int(re.search(r"nplurals=(\d+)", header).group(1))


# ------------------------------------------------------------ msgfmt -c, in Python
@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_keeps_the_fields_of_its_message(lang):
    for ctx, msgid, plural, strs, _fuzzy in catalogue(lang):
        wanted = brace_fields(msgid) | (brace_fields(plural) if plural else set())
        for s in strs:
            brace_fields(s)  # a translation the game can fill (no lone brace)
            # a count may be left out of a form ("{n} bill" -> "one bill"), no other field may
            assert brace_fields(s) | {"n"} >= wanted - {"n"} and brace_fields(s) <= wanted, (lang, msgid, s)


@pytest.mark.parametrize("lang", LANGS)
def test_no_printf_directive_differs_from_the_message(lang):
    """What made ``msgfmt -c`` fail on "95% range" / "95 %": a ``%`` the tools read as a directive."""
    for ctx, msgid, plural, strs, _fuzzy in catalogue(lang):
        directives = sorted(m.group(0) for m in PRINTF.finditer(msgid))
        if not directives:
            continue
        for s in strs:
            assert sorted(m.group(0) for m in PRINTF.finditer(s)) == directives, (lang, msgid, s)


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_has_all_its_forms(lang):
    n = nplurals(lang)
    plurals = [(msgid, strs) for _c, msgid, plural, strs, _f in catalogue(lang) if plural is not None]
    assert plurals
    for msgid, strs in plurals:
        assert len(strs) == n and all(s.strip() for s in strs), (lang, msgid, strs)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", LANGS)
def test_msgfmt_checks_the_catalogue(lang, tmp_path):
    path = LOCALE / lang / "LC_MESSAGES" / "lasvegas.po"
    done = subprocess.run(["msgfmt", "-c", "-o", str(tmp_path / "x.mo"), str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------ French typography
def french():
    return [(msgid, s) for _c, msgid, _p, strs, _f in catalogue("fr") for s in strs]


def test_french_punctuation_has_its_no_break_spaces():
    for msgid, s in french():
        assert not re.search(r" [:;!?]", s), f"an ordinary space before punctuation: {s!r}"
        assert not re.search(r"\u00a0[;!?]", s), f"; ! ? take a narrow no-break space: {s!r}"
        assert not re.search(r"\u202f:", s), f": takes a no-break space: {s!r}"
        assert "« " not in s and " »" not in s, f"ordinary space inside « »: {s!r}"
        assert s.count("«") == s.count("»"), s
        # where the English puts a colon after a word, French puts a space before it
        for m in re.finditer(r"(?<=\w):(?=\s)", s):
            pytest.fail(f"a colon without its space: {s!r}")


def test_french_amounts_and_counts_stay_on_one_line():
    for msgid, s in french():
        assert not re.search(r"\d \d{3}\b", s), f"an ordinary space inside a number: {s!r}"
        assert not re.search(r"\d \$|\d %", s), f"an ordinary space before $ or %: {s!r}"
        assert not re.search(r"[\d}] (dés?|billets?|joueurs?|manches?|PV|tuiles?|cartes?|marqueurs?|casinos?)\b", s), \
            f"a number apart from its noun: {s!r}"


def test_german_amounts_and_counts_stay_on_one_line():
    for _c, msgid, _p, strs, _f in catalogue("de"):
        for s in strs:
            assert not re.search(r"\d \$|\d %", s), f"an ordinary space before $ or %: {s!r}"
            assert not re.search(r"[\d}] (Würfel|Würfeln|Scheine?|Spieler|Spielern|SP|Plättchen|Karten?|Marker|Casinos?)\b",
                                 s), s
            assert not re.search(r"\w …", s), f"a space before an ellipsis: {s!r}"


def test_no_line_of_a_french_text_starts_with_punctuation(app):
    """Wrapped at several widths, no line starts with : ; ! ? or », nor with the end of a cut amount."""
    from lasvegas.ui.kit import art

    i18n.set_language("fr")
    try:
        for msgid, s in french():
            if re.match(r"\W", s.strip()):
                continue  # a separator (" ; ") or a sign, not a text
            for width in (120, 200, 330):
                lines = art.wrap(s, "body", 16, width)
                for line in lines:
                    assert not re.match(r"[:;!?»]", line), (s, width, lines)
                for before, line in zip(lines, lines[1:]):  # an amount cut in two
                    assert not (re.search(r"\d$", before) and re.match(r"\d{3}\b|\$|%", line)), (s, width, lines)
    finally:
        i18n.set_language("en")


def test_the_narrow_space_is_drawn_as_wide_as_a_space(app):
    """The fallback font draws U+202F about 2 px wide at 16 px: "80 000 $" read "80000 $"."""
    from lasvegas.ui.kit import art

    for size in (12, 16, 24, 40):
        plain = art.measure("80000", "body", size)[0]
        spaced = art.measure("80\u202f000", "body", size)[0]
        space = art.measure("8 8", "body", size)[0] - art.measure("88", "body", size)[0]
        assert spaced - plain >= max(3, space) - 1 and spaced - plain >= round(size * 0.2) - 1, (size, spaced - plain)


# ------------------------------------------------------------ no English from code
@pytest.fixture
def fr():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_lists_dates_ranks_and_separators_are_the_languages(fr):
    assert i18n.and_list(["Ann", "Bo", "Cy"]) == "Ann, Bo et Cy"
    assert i18n.clauses(["a", "b"]) == "a\u202f; b"
    assert i18n.date(dt.date(2026, 10, 1)) == "1er octobre 2026"
    assert i18n.date(dt.date(2026, 10, 2)) == "2 octobre 2026"
    assert [i18n.ordinal(n) for n in (1, 2, 3)] == ["1er", "2e", "3e"]
    assert i18n.date_time(dt.datetime(2026, 11, 26, 22, 57)) == "26/11/2026 22:57"
    i18n.set_language("de")
    assert i18n.and_list(["Ann", "Bo"]) == "Ann und Bo"
    assert i18n.date(dt.date(2026, 10, 1)) == "1. Oktober 2026"
    assert i18n.date_time(dt.datetime(2026, 11, 26, 22, 57)) == "26.11.2026 22:57"
    assert i18n.ordinal(2) == "2."
    i18n.set_language("en")
    assert i18n.and_list(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy" and i18n.ordinal(1) == "1."
    assert i18n.date_time(dt.datetime(2026, 11, 26, 22, 57)) == "2026-11-26 22:57"


def test_tie_warnings_agree_with_the_number_of_names(fr):
    one = i18n.ngettext("Tie: {names} gets nothing", "Tie: {names} get nothing", 1, names="Ann")
    two = i18n.ngettext("Tie: {names} gets nothing", "Tie: {names} get nothing", 2,
                        names=i18n.and_list(["Ann", "Bo"]))
    assert one == "Égalité\u00a0: Ann ne reçoit rien" and two == "Égalité\u00a0: Ann et Bo ne reçoivent rien"
    i18n.set_language("de")
    one = i18n.ngettext("Creates a tie: {names} gets nothing", "Creates a tie: {names} get nothing", 1,
                        names="Spieler 1")
    assert one == "Erzeugt Gleichstand: Spieler 1 geht leer aus"


def test_online_ai_seats_are_named_by_their_level_on_this_computer(fr):
    from lasvegas.ui.online import lobby as online

    # what every version of the server sends: an English name, the kind and the level
    seat = {"colour": "blue", "name": "AI Hard", "kind": "ai", "level": "hard"}
    assert online.shown_name(seat) == "IA · Difficile"
    assert online.shown_kept_name("AI Hard") == "IA · Difficile"  # the names kept for the title's list
    assert online.shown_name({"name": "AI Hard", "kind": "human"}) == "AI Hard"  # a player's own name stays
    assert online.shown_kept_name("Ann") == "Ann"


def test_a_remote_match_names_its_ai_seats_with_the_screens_namer():
    from lasvegas.net.lasvegas.remote import RemoteMatch

    lobby = {"seats": [{"colour": "red", "name": "Ann", "kind": "human", "level": ""},
                       {"colour": "blue", "name": "AI Hard", "kind": "ai", "level": "hard"}]}
    match = RemoteMatch.__new__(RemoteMatch)
    match.ai_name = match.player_name = None
    assert [s.name for s in match._seats(lobby)] == ["Ann", "AI Hard"]  # no namer: the server's names
    match.ai_name = lambda level: f"<{level}>"
    assert [(s.name, s.level) for s in match._seats(lobby)] == [("Ann", ""), ("<hard>", "hard")]
    match.player_name = lambda name: f"[{name}]"  # a human seat's name as the screen shows it
    assert [s.name for s in match._seats(lobby)] == ["[Ann]", "<hard>"]


def test_records_show_the_solo_player_daily_date_and_reasons_in_french(home, fr):
    from lasvegas.ui.files import records_list
    from lasvegas.ui.kit import paths
    from lasvegas.ui.files.save import save_record
    from lasvegas.ui.kit.session import SeatInfo, Session
    from lasvegas.ui.tools.stage import finished

    # a solo game's seat is kept as "You" whatever the language (an old record may say "Vous")
    solo = Session([SeatInfo("You", "red")], edition="2018", solo_level="normal", handover=False,
                   extra={"hints": 0, "daily": "2026-10-01"})
    save_record(finished(solo, 3).game, solo)
    folder = paths.records_dir()
    (folder / "20240101-120000-7.json").write_text('{"format": "lasvegas-record/1", "seed"')
    entries = records_list.list_records(folder)
    solo_entry = next(e for e in entries if e.mode == "solo")
    cut = next(e for e in entries if e.damaged)
    assert solo_entry.players == "Vous", solo_entry.players
    assert solo_entry.mode_text == "Défi du 1er octobre 2026", solo_entry.mode_text
    assert cut.problem == "ce n'est pas un texte JSON complet (tronqué\u202f?)", cut.problem
    assert "JSON" in cut.detail  # the reader's own words are kept for the command line


def test_the_message_about_a_damaged_file_holds_no_english(tmp_path, fr):
    from lasvegas import store
    from lasvegas.ui.kit.settings import SETTINGS

    path = tmp_path / "settings.json"
    path.write_text('{"volume": ')
    value, message = store.recover(SETTINGS, path)
    assert value is None
    assert "ce n'est pas un texte JSON complet" in message and "valid" not in message and "Expecting" not in message


#: English that code used to build into French and German screens
CODE_ENGLISH = re.compile(r"\bAI [A-Z]|[−+]\d+k\b|\bYou\b| & |not valid JSON|cut short|\bit is\b|\b\d{4}-\d{2}-\d{2}\b"
                          r"|\bR\d\b|\bBiggie")


@pytest.mark.parametrize("code", LANGS)
def test_no_english_from_code_on_the_screens_that_showed_it(app, monkeypatch, code):
    from lasvegas.ui.tools.stage import stage
    from tests.ui.conftest import steps
    from tests.ui.layout_probe import probe

    app.set_language(code)
    seen = {}
    try:
        for name in ("online-games", "records", "solo-table", "table-8", "payout", "log", "profile"):
            if name == "table-8":
                stage(app, "table", players=8, biggies=True, hundreds=True)
            else:
                stage(app, name)
            steps(app)
            texts = [s for s, _r, _l in probe(app, monkeypatch).texts]
            seen[name] = texts
            leaks = [s for s in texts if CODE_ENGLISH.search(s)]
            assert not leaks, (code, name, leaks)
            app.close_all()
    finally:
        app.set_language("en")
    # the home's online tiles name whose turn it is, not every seat: an AI seat's name in the
    # player's language is checked by the naming tests above (shown_name, shown_kept_name)
    assert ("Vous" if code == "fr" else "Du") in seen["records"]


def test_a_servers_refusal_is_said_by_its_code_in_the_players_language():
    """Every code the server sends has its sentence; an unknown one (a newer server) reads as a refusal;
    the English message never shows."""
    from lasvegas.net.protocol import ERROR_CODES
    from lasvegas.ui.kit import serverwords

    assert set(ERROR_CODES) <= set(serverwords.SENTENCES)
    try:
        for lang in LANGS:
            i18n.set_language(lang)
            said = {c: serverwords.refusal(c) for c in ERROR_CODES}
            assert all(s and s != serverwords.SENTENCES[c] for c, s in said.items()), (lang, said)
            assert serverwords.refusal("a-new-code") == i18n._("The server refused this request.") != \
                "The server refused this request."
    finally:
        i18n.set_language("en")


def test_a_failed_save_says_the_usual_causes_in_the_players_language(tmp_path):
    import errno

    from lasvegas.store.files import WriteFailed

    try:
        i18n.set_language("fr")
        full = WriteFailed(None, tmp_path / "x.json", "No space left on device", errno.ENOSPC).message
        assert "le disque est plein" in full and "No space" not in full
        other = WriteFailed(None, tmp_path / "x.json", "Input/output error", errno.EIO).message
        assert "Input/output error" in other  # a rare cause: the system's words rather than nothing
    finally:
        i18n.set_language("en")
