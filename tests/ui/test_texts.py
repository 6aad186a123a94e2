"""Every text a player reads goes through the translation functions (``_``, ``ngettext``).

Scans the UI's source: a string literal with letters in it, handed to a
function that draws or labels something, must come from ``_()`` or
``ngettext()``.  Symbols and numbers (``×3``, ``+2``, ``$50k``) need no
translation.
"""

import ast
import pathlib
import re

UI = pathlib.Path(__file__).resolve().parents[2] / "lasvegas" / "ui"

#: callables whose text arguments a player reads, and which arguments those are
DRAWING = {"blit_text": (1,), "text": (0,), "glow_text": (0,), "blit_wrapped": (1,), "wrap": (0,),
           "Button": (1,), "Choice": (1,), "HandoverScene": (1,)}
LETTERS = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
#: the game's name as drawn on its own art (bill backs, the icon): a brand, never translated
BRAND = {"LV", "LAS", "VEGAS"}


def _literal_text(node: ast.AST) -> str | None:
    """The letters a literal puts on screen (None: it is not a literal)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        parts = [_literal_text(node.left), _literal_text(node.right)]
        return "".join(p for p in parts if p) or None
    return None


def untranslated():
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            for i in DRAWING.get(name, ()):
                if i < len(node.args):
                    lit = _literal_text(node.args[i])
                    if lit and LETTERS.search(lit) and lit not in BRAND:
                        yield f"{path.relative_to(UI)}:{node.lineno}: {lit!r}"


def test_no_text_on_screen_bypasses_the_translation_functions():
    found = list(untranslated())
    assert not found, "texts not passed through _():\n" + "\n".join(found)


def test_the_scan_finds_a_bare_string():
    tree = ast.parse('art.blit_text(surface, "Your turn", (0, 0))\nart.blit_text(s, _("Deck"), p)\n'
                     'art.blit_text(s, f"×{n}", p)')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "blit_text"]
    lits = [_literal_text(c.args[1]) for c in calls]
    assert lits[0] == "Your turn" and LETTERS.search(lits[0])
    assert lits[1] is None  # a call to _() is not a literal
    assert not LETTERS.search(lits[2])
