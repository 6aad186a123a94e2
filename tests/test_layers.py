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


def imported_names(path: pathlib.Path):
    """(module, name) of every ``from module import name`` in ``path`` (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                pkg = path.relative_to(ROOT.parent).with_suffix("").parts[:-node.level]
                mod = ".".join(pkg + ((mod,) if mod else ()))
            for a in node.names:
                yield mod, a.name
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, ""


def test_the_match_boundary_never_imports_pygame_or_the_ui():
    for path, mod in imports_of(ROOT / "match"):
        assert not mod.startswith(("pygame", "lasvegas.ui")), f"{path}: imports {mod}"


TABLE_FILES = [ROOT / "ui" / "lasvegas" / "scenes" / "table.py",
               *sorted((ROOT / "ui" / "lasvegas" / "table").glob("*.py"))]


def test_the_table_knows_only_the_match_boundary():
    """No rules engine, AI, solo helper or save code behind the table's back: only a Match."""
    for path in TABLE_FILES:
        for mod, name in imported_names(path):
            where = f"{path.relative_to(ROOT.parent)}: imports {mod}.{name}"
            assert not mod.startswith(("lasvegas.ai", "lasvegas.solo", "lasvegas.ui.save",
                                       "lasvegas.core.game", "lasvegas.ui.services")), where
            assert not (mod.startswith("lasvegas.core") and name in ("Game", "PLACE", "Place")), where
            assert not mod.startswith("lasvegas.match.local"), where


def test_the_table_is_split_by_job_into_short_files():
    for path in TABLE_FILES:
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n <= 420, f"{path.relative_to(ROOT.parent)} has {n} lines"


SCENE_PACKAGES = [ROOT / "ui" / "scenes", ROOT / "ui" / "lasvegas" / "scenes"]


def test_no_scene_module_imports_another():
    for scenes in SCENE_PACKAGES:
        for path in scenes.glob("*.py"):
            if path.name == "__init__.py":
                continue
            for mod, _name in imported_names(path):
                assert not mod.startswith(("lasvegas.ui.scenes", "lasvegas.ui.lasvegas.scenes")), \
                    f"{path.name}: imports {mod} (open scenes by name)"


def test_scenes_attach_nothing_to_the_app():
    """Services are declared by the app (``app.services``), never set by a scene."""
    for path in [p for scenes in SCENE_PACKAGES for p in scenes.glob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, (ast.Attribute, ast.Name)):
                    base = t.value
                    name = base.attr if isinstance(base, ast.Attribute) else base.id
                    assert name != "app", f"{path.name}:{node.lineno} sets app.{t.attr}"


def test_the_ui_never_decides_by_event_type_names():
    """Events are dispatched by type, never by building names from strings."""
    for path in (ROOT / "ui").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "type(ev).__name__" not in text and '"_ev_" +' not in text, path


def test_the_store_never_imports_pygame_or_the_ui():
    for path, mod in imports_of(ROOT / "store"):
        assert not mod.startswith(("pygame", "lasvegas.ui", "lasvegas.ai")), f"{path}: imports {mod}"
    code = "import sys, lasvegas.store, lasvegas.solo.progress; assert 'pygame' not in sys.modules, 'pygame loaded'"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT.parent, timeout=60)
    assert out.returncode == 0, out.stderr


def test_the_profiles_never_import_pygame_or_the_ui():
    for path, mod in imports_of(ROOT / "profiles"):
        assert not mod.startswith(("pygame", "lasvegas.ui")), f"{path}: imports {mod}"
    code = "import sys, lasvegas.profiles; assert 'pygame' not in sys.modules, 'pygame loaded'"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT.parent, timeout=60)
    assert out.returncode == 0, out.stderr


# ---- the UI's layers: kit <- each game <- the app (docs/architecture.md)
UI = ROOT / "ui"
#: each game's package under ui/; the app is the rest of ui/ (its modules, ui/scenes)
GAMES = {"lasvegas": UI / "lasvegas", "lords": UI / "lords"}


def ui_module(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_kit_knows_no_game_and_no_app():
    """ui/kit is what every screen is built with: it imports nothing of the UI outside itself."""
    for path, mod in imports_of(UI / "kit"):
        where = f"{path.relative_to(ROOT.parent)}: imports {mod}"
        if mod.startswith("lasvegas.ui"):
            assert mod.startswith("lasvegas.ui.kit"), where
        assert not mod.startswith(("lasvegas.ai", "lasvegas.lords", "lasvegas.net", "lasvegas.solo")), where


#: what a game takes from the app (ui/ outside kit and the games), each with why; nothing more
GAME_USES_OF_THE_APP = {
    "lasvegas.ui.save_flow": "a new game asks before it replaces a saved one",
    "lasvegas.ui.profile_view": "the results show the achievements a game earned",
    "lasvegas.ui.bench": "a game's benchmark reports its figures as the app's does",
    "lasvegas.ui.app": "a game's benchmark drives the app",
    "lasvegas.ui.stage_profiles": "the staged profile screenshots play the app's own staged players' games",
    "lasvegas.ui.records_list": "a game's records say why a damaged file cannot be replayed in the list's words",
}


def test_a_game_takes_from_the_app_only_what_is_named():
    for folder in GAMES.values():
        for path, mod in imports_of(folder):
            if not mod.startswith("lasvegas.ui.") or mod.startswith(("lasvegas.ui.kit", "lasvegas.ui.lasvegas",
                                                                     "lasvegas.ui.lords")):
                continue
            assert mod in GAME_USES_OF_THE_APP, f"{path.relative_to(ROOT.parent)}: imports {mod}"


def test_a_game_never_imports_the_other():
    for name, folder in GAMES.items():
        for other in GAMES:
            if other == name:
                continue
            for path, mod in imports_of(folder):
                assert not mod.startswith(f"lasvegas.ui.{other}"), f"{path.relative_to(ROOT.parent)}: imports {mod}"


def test_the_ui_has_no_import_circle_at_load_time():
    """Module-level imports only (an import inside a function is made when it is called)."""
    graph: dict[str, set[str]] = {}
    mods = {ui_module(p) for p in UI.rglob("*.py")}
    for path in UI.rglob("*.py"):
        me = ui_module(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:
                    pkg = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
                    pkg = pkg[:len(pkg) - (node.level - 1)]
                    mod = ".".join(pkg + ([mod] if mod else []))
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in mods else mod for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            graph.setdefault(me, set()).update(t for t in targets if t in mods and t != me)

    def visit(node, stack, done):
        assert node not in stack, " -> ".join(stack[stack.index(node):] + [node])
        if node in done:
            return
        for nxt in graph.get(node, ()):
            if not nxt.startswith(node + ".") and not node.startswith(nxt + "."):  # a package and its own modules
                visit(nxt, stack + [node], done)
        done.add(node)

    done: set[str] = set()
    for node in sorted(graph):
        visit(node, [], done)


#: the files still longer than a UI file should be (about 400 lines), each with its reason
LONG_FILES: dict[str, str] = {}


def test_no_ui_file_is_long():
    for path in UI.rglob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if path.relative_to(UI).as_posix() not in LONG_FILES:
            assert n <= 420, f"{path.relative_to(ROOT.parent)} has {n} lines"
