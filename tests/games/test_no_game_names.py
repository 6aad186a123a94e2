"""Shared code finds a game in the registry (``games/registry.py``), never by a test of its name: no
module that is not a game's own (``tests/layers.py``'s ``GAME_OF``: "shared" or "house") compares a
value with a registered game's name ("lords", "lasvegas"), in any form (``==``, ``!=``, ``in``,
``not in`` a literal), nor with a text that begins with a game's record prefix (a record's format,
``"lords-record/1"``), nor tests that a text starts or ends with one (``.startswith("lords-")``).
A name as data (argparse choices built from the registry, a default) is no test and is not counted."""

from __future__ import annotations

import ast
import pathlib

from lasvegas.games import registry

from .. import layers

ROOT = layers.ROOT
TESTS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)
#: the text methods that test how a text begins or ends
AFFIX_TESTS = ("startswith", "endswith")
#: what a text of a game begins with (its records' ``format``: "lords-record/1")
PREFIXES = tuple(entry.record_prefix for entry in registry.GAMES.values())

#: modules still testing a game's name, each with how many tests and why; a new one fails, and so
#: does an entry whose tests are gone (remove it then)
KNOWN: dict[str, tuple[int, str]] = {
}


def _names(node: ast.AST) -> list[str]:
    """The registered game names, or texts that begin with a game's prefix, a comparison's operand is or
    holds (a literal tuple, list, set)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value in registry.GAMES or node.value.startswith(PREFIXES) else []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [n for e in node.elts for n in _names(e)]
    return []


def name_tests(source: str) -> list[int]:
    """The lines of every comparison of a value with a registered game's name (or a text with its
    prefix), and of every test that a text starts or ends with one, in ``source``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(isinstance(op, TESTS) for op in node.ops):
            if any(_names(side) for side in (node.left, *node.comparators)):
                out.append(node.lineno)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in AFFIX_TESTS
              and node.args and _names(node.args[0])):
            out.append(node.lineno)
    return sorted(out)


def shared_name_tests() -> dict[str, list[int]]:
    """Module -> the lines of its game-name tests, for every module shared by the games or the house's."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        me = layers.module_name(path)
        if layers.game_of(me) not in ("shared", "house"):
            continue
        lines = name_tests(path.read_text(encoding="utf-8"))
        if lines:
            found[me] = lines
    return found


def test_the_check_sees_every_form_of_a_name_test():
    code = ('a = g == "lords"\nb = "lasvegas" != g\nc = g in ("lords", "x")\nd = g not in ["lasvegas"]\n'
            'e = g == "lordsx"\nf = {"lords": 1}[g]\nh = registry.game(g).solo\n'
            'i = r.get("format") == "lords-record/1"\nj = fmt.startswith("lords-")\nk = s.endswith(("x", "lasvegas"))\n'
            'm = fmt.startswith(entry.record_prefix)\nn = s.startswith("lord")\no = fmt == "record/1"\n')
    assert name_tests(code) == [1, 2, 3, 4, 8, 9, 10]


def test_shared_code_tests_no_game_name():
    found = shared_name_tests()
    new = {m: lines for m, lines in found.items() if m not in KNOWN or len(lines) != KNOWN[m][0]}
    assert not new, f"a game found by its name, not in the registry: {new}"
    assert not [m for m in KNOWN if m not in found], "stale entries of KNOWN: remove them"
