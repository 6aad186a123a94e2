"""Architecture rules: the core stands alone; the AI imports only the core."""

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1] / "lasvegas"


def imports_of(folder: pathlib.Path):
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    yield path, a.name
            elif isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:  # relative: resolve against the package
                    pkg = path.relative_to(ROOT.parent).with_suffix("").parts[:-node.level]
                    mod = ".".join(pkg + ((mod,) if mod else ()))
                yield path, mod


def test_core_imports_only_the_standard_library_and_itself():
    for path, mod in imports_of(ROOT / "core"):
        assert not mod.startswith(("pygame", "lasvegas.ui", "lasvegas.ai")), f"{path}: imports {mod}"
        if mod.startswith("lasvegas"):
            assert mod.startswith("lasvegas.core"), f"{path}: imports {mod}"


def test_the_core_has_no_import_circle():
    graph: dict[str, set[str]] = {}
    for path, mod in imports_of(ROOT / "core"):
        me = "lasvegas.core." + path.stem if path.stem != "__init__" else "lasvegas.core"
        if mod.startswith("lasvegas.core.") and me != "lasvegas.core":
            graph.setdefault(me, set()).add(mod)
    assert len(graph) > 5

    def visit(node, stack):
        assert node not in stack, " -> ".join(stack[stack.index(node):] + [node])
        for nxt in graph.get(node, ()):
            visit(nxt, stack + [node])

    for node in graph:
        visit(node, [])


def test_ai_never_imports_pygame_or_ui():
    for path, mod in imports_of(ROOT / "ai"):
        assert not mod.startswith(("pygame", "lasvegas.ui")), f"{path}: imports {mod}"


def test_importing_core_and_running_a_simulation_does_not_load_pygame():
    code = ("import sys, lasvegas.core, lasvegas.sim, lasvegas.ai;"
            "from lasvegas.cli import main; main(['simulate', '--games', '2', '--json']);"
            "assert 'pygame' not in sys.modules, 'pygame loaded'")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT.parent, timeout=60)
    assert out.returncode == 0, out.stderr
