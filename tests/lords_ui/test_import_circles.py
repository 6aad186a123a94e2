"""No two modules of the Lords screens (nor the Records list and the Lords records) import each
other, not even inside a function: what both need lives in a third module."""

import ast
from pathlib import Path

import lasvegas

ROOT = Path(lasvegas.__file__).parent
UI = ROOT / "ui"
FILES = sorted((UI / "lords").glob("*.py")) + [UI / "records_list.py"]


def name_of(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (a module's own names resolved to it)."""
    me = name_of(path).split(".")
    pkg = me if path.name == "__init__.py" else me[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = pkg[:len(pkg) - (node.level - 1)] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_two_modules_import_each_other():
    graph = {name_of(p): imports(p) for p in FILES}
    pairs = sorted((a, b) for a in graph for b in graph if a < b and b in graph[a] and a in graph[b])
    assert pairs == []
