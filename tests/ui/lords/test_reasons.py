"""Every refusal of the Lords of Vegas engine has a stable code and a sentence in English, French
and German: the engine raises no ``IllegalAction`` without a code, every code is raised somewhere,
each reads back from its English words, and the screen says each in the player's language."""

import ast
import pathlib

import pytest

from lasvegas.kernel.errors import IllegalAction
from lasvegas.lords import refusals
from lasvegas.lords.refusals import REASONS, Reason
from lasvegas.ui.kit import i18n, po
from lasvegas.ui.lords import reasons

from ...lords.helpers import L, blank, mark

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENGINE = ROOT / "lasvegas" / "lords"
NAMES = ["Ann", "Bob", "Cy", "Di"].__getitem__

#: a value for every field a refusal names (a new field fails here until it has one)
SAMPLE = {"key": "lot", "lo": 0, "hi": 3, "value": "'Z9'", "type": "build", "fields": "colour2",
          "colours": "purple, gold", "what": "build", "waiting": Reason("waiting.play", who="green"),
          "who": "green", "lot": "A2", "colour": "gold", "cost": 6, "money": 3, "n": 2, "left": 1,
          "values": "4, 3", "top": 10, "refusal": "server-full", "message": "this server hosts at most 3 rooms", "problem": Reason("build.money", lot="A6", cost=20, money=5)}


def sample(code: str) -> Reason:
    return Reason(code, **{f: SAMPLE[f] for f in refusals.fields_of(code)})


def engine_calls():
    """(file, call name, first argument) of every IllegalAction / refuse / Reason call in the engine."""
    for path in sorted(ENGINE.rglob("*.py")) + [ROOT / "lasvegas" / "net" / "lords" / "remote.py"]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in ("IllegalAction", "refuse", "Reason"):
                    arg = node.args[0] if node.args else None
                    yield path.name, name, arg


def test_the_engine_raises_no_refusal_without_a_code_and_every_code_is_used():
    used = set()
    for file, name, arg in engine_calls():
        if name == "IllegalAction":
            if file == "remote.py" and isinstance(arg, ast.Name):
                continue  # the engine's own reason passed on (``why_not``)
            assert file == "refusals.py", f"{file}: IllegalAction without a code (use refusals.refuse)"
            continue
        if file == "refusals.py":
            continue
        assert isinstance(arg, ast.Constant) and arg.value in REASONS, (file, ast.dump(arg) if arg else None)
        used.add(arg.value)
    assert used == set(REASONS), set(REASONS) - used


@pytest.mark.parametrize("code", sorted(REASONS))
def test_each_reason_reads_back_from_its_english_words(code):
    r = sample(code)
    back = refusals.parse(str(r))
    assert back is not None and str(back) == str(r)
    i18n.set_language("en")
    assert reasons.say(str(r), NAMES) == reasons.say(r, NAMES)


def catalogue(lang):
    text = (ROOT / "lasvegas" / "locale" / lang / "LC_MESSAGES" / "lasvegas.po").read_text("utf-8")
    return {(ctx, msgid): strs for ctx, msgid, _plural, strs, fuzzy in po.parse(text) if not fuzzy}


@pytest.mark.parametrize("lang", ("fr", "de"))
def test_every_code_has_a_translated_sentence(lang):
    cat = catalogue(lang)
    assert set(reasons.TEXTS) == set(REASONS)
    for code, sentence in reasons.TEXTS.items():
        if code in reasons.PLURALS:  # said with the language's plural forms: tests/ui/lords/test_counts.py
            assert sentence is None and "n" in refusals.fields_of(code)
            continue
        if sentence is None:
            assert refusals.fields_of(code) == {"problem"}
            continue
        strs = cat.get((None, sentence))
        assert strs and strs[0], (lang, code, sentence)
    for verb in ("build", "sprawl", "remodel", "reorganize", "gamble", "end the turn"):
        assert cat.get(("you cannot … now", verb), [""])[0], (lang, verb)


@pytest.mark.parametrize("lang", ("en", "fr", "de"))
def test_each_reason_is_said_whole_in_each_language(lang):
    i18n.set_language(lang)
    try:
        for code in REASONS:
            text = reasons.say(sample(code), NAMES)
            assert text and "{" not in text.replace("{{", ""), (code, text)
            if "who" in refusals.fields_of(code):
                assert "Bob" in text and "green" not in text, (code, text)
            if lang != "en" and reasons.TEXTS[code] is not None:
                assert text != str(sample(code)), (code, text)
    finally:
        i18n.set_language("en")


def test_a_real_refusal_carries_its_code_and_is_said_in_french():
    g = blank(2, money=5)
    mark(g, "A6", 0)
    from lasvegas.lords import actions as A

    with pytest.raises(IllegalAction) as e:
        g.apply(A.Build(0, L("A6"), 1, -1))
    r = refusals.of(e.value)
    assert r.code == "build.money" and r.fields == {"lot": "A6", "cost": 20, "money": 5}
    assert str(e.value) == "build: A6 costs $20, you have $5"  # the engine's words as before
    i18n.set_language("fr")
    try:
        assert reasons.say(e.value, NAMES) == f"A6 coûte {i18n.money(20)}, vous avez {i18n.money(5)}"
    finally:
        i18n.set_language("en")


def test_a_text_that_is_no_refusal_is_shown_as_it_is():
    assert refusals.parse("something new") is None
    assert reasons.say("something new", NAMES) == "something new"
    assert refusals.parse("x" * 5000) is None


def test_a_reason_survives_a_copy():
    import copy
    import pickle

    r = sample("trade.money")
    for c in (copy.deepcopy(r), pickle.loads(pickle.dumps(r))):
        assert c == r and c.code == r.code and c.fields == r.fields
