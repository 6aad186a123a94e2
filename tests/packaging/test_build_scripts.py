"""The scripts in build/ still name what the package has: every ``from lasvegas… import x`` and
``import lasvegas…`` in them resolves (a module moved by a refactor once broke five of them)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

BUILD = Path(__file__).resolve().parents[2] / "build"
SCRIPTS = sorted(BUILD.glob("*.py"))


def _imports(path: Path) -> list[tuple[str, str | None, int]]:
    """(module, name or None, line) of every import of the package in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "lasvegas":
            out += [(node.module, a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names if a.name.split(".")[0] == "lasvegas"]
    return out


def _missing(path: Path) -> list[str]:
    bad = []
    for module, name, line in _imports(path):
        try:
            mod = importlib.import_module(module)
        except ImportError as e:
            bad.append(f"{path.name}:{line}: {module}: {e}")
            continue
        if name is not None and name != "*" and not hasattr(mod, name):
            try:
                importlib.import_module(f"{module}.{name}")
            except ImportError:
                bad.append(f"{path.name}:{line}: {module} has no {name}")
    return bad


def test_there_are_scripts_that_use_the_package():
    assert sum(bool(_imports(p)) for p in SCRIPTS) >= 5


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_build_script_imports_resolve(path):
    assert _missing(path) == []


def test_a_moved_name_is_caught(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("from lasvegas.lords.runs import game_seed, seat_seed\nimport lasvegas.nowhere\n")
    found = _missing(planted)
    assert any("has no game_seed" in f for f in found) and any("nowhere" in f for f in found)
