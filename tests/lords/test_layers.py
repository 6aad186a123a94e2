"""The Lords of Vegas package stands alone: standard library, the shared core pieces, itself."""

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2] / "lasvegas"
SHARED = ("lasvegas.core.errors", "lasvegas.core.dice", "lasvegas.core.seeds", "lasvegas.core.fair",
          "lasvegas.core.jsontext", "lasvegas.core.record", "lasvegas.runs", "lasvegas.stats",
          "lasvegas.games.levels")


def imports(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolved against the file's own package
                pkg = path.relative_to(ROOT.parent).with_suffix("").parts[:-node.level]
                base = ".".join(pkg)
                yield f"{base}.{node.module}" if node.module else base
            else:
                yield node.module


def test_lords_imports_only_the_standard_library_the_shared_core_and_itself():
    for path in (ROOT / "lords").rglob("*.py"):
        for mod in imports(path):
            assert not mod.startswith(("pygame", "lasvegas.ui", "lasvegas.net", "lasvegas.ai")), (path, mod)
            if mod.startswith("lasvegas"):
                assert mod.startswith("lasvegas.lords") or mod in SHARED, (path, mod)


def test_playing_lords_does_not_load_pygame():
    code = ("import sys; from lasvegas.cli import main;"
            "main(['simulate', '--game', 'lords', '--games', '1', '--json']);"
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT.parent, capture_output=True, timeout=120)
