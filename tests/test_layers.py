"""Architecture rules: no import circle in the package, layers that point one way (engine -> match
-> net/ui -> commands), each game on the shared parts (whose each module is: one table of folders,
``tests/layers.py``), the core alone, the UI in layers.  ``test_layers_planted.py`` plants a breach
of each rule in a copy of the package and sees these checks fail."""

import ast
import pathlib
import subprocess
import sys

from . import layers

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


def test_core_imports_only_the_standard_library_itself_and_the_engine_face():
    for path, mod in imports_of(ROOT / "core"):
        assert not mod.startswith(("pygame", "lasvegas.ui", "lasvegas.ai")), f"{path}: imports {mod}"
        if mod.startswith("lasvegas"):
            assert mod.startswith(("lasvegas.core", "lasvegas.kernel")) or mod == "lasvegas.games.engine", \
                f"{path}: imports {mod}"


def test_ai_never_imports_pygame_or_ui():
    for path, mod in imports_of(ROOT / "ai"):
        assert not mod.startswith(("pygame", "lasvegas.ui")), f"{path}: imports {mod}"


def test_importing_core_and_running_a_simulation_does_not_load_pygame():
    code = ("import sys, lasvegas.core, lasvegas.runs.lasvegas.sim, lasvegas.ai;"
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
            assert not mod.startswith(("lasvegas.ai", "lasvegas.solo", "lasvegas.ui.files.save",
                                       "lasvegas.core.game", "lasvegas.ui.services")), where
            assert not (mod.startswith("lasvegas.core") and name in ("Game", "PLACE", "Place")), where
            assert not mod.startswith("lasvegas.match.lasvegas.local"), where


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


UI = ROOT / "ui"


#: the files still longer than a UI file should be (about 400 lines), each with its reason
LONG_FILES: dict[str, str] = {}


def test_no_ui_file_is_long():
    for path in UI.rglob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if path.relative_to(UI).as_posix() not in LONG_FILES:
            assert n <= 420, f"{path.relative_to(ROOT.parent)} has {n} lines"


def test_no_module_of_the_package_is_over_600_lines():
    """A module a reader can hold: a longer one is split by what its parts do (docs/architecture.md)."""
    long = {p.relative_to(ROOT.parent).as_posix(): n for p in ROOT.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, f"modules over 600 lines: {long}"


# ---- the whole package (tests/layers.py: the graph, the table of folders, the allow-lists)

def test_the_graph_sees_every_kind_of_import():
    graph = layers.package_graph()
    assert len(graph) > 250
    assert "lasvegas.lords.hard" in graph["lasvegas.lords.ai"]  # at module level
    assert "lasvegas.lords.actions" in graph["lasvegas.net.lords.room"]  # a module taken by name from its package
    assert "lasvegas.lords.levels" in graph["lasvegas.games.registry"]  # inside a function


def test_circles_finds_a_circle_and_no_false_one():
    assert layers.circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]
    assert layers.circles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_every_module_has_a_game_or_is_shared():
    graph = layers.package_graph()
    assert not [m for m in graph if layers.game_of(m) is None]
    assert layers.game_of("lasvegas.ui.lords.online") == "lords" and layers.game_of("lasvegas.net.lasvegas.bot") == "lasvegas"
    assert layers.game_of("lasvegas.profiles.stats") == "shared" and layers.game_of("lasvegas.ui.kit.art") == "shared"


def test_no_circle_no_layer_breach_and_each_game_on_the_shared_parts_only():
    """Every rule at once, and no allow-list entry that matches nothing any more."""
    found = layers.breaches(layers.package_graph())
    assert not found, "\n".join(found)


#: shared ``net/`` modules that still write a game's name or title, each with its reason (an entry
#: that matches nothing any more fails, as a new name does)
NET_GAME_NAMES = {
    ("bench", "lasvegas"): "the program's name (`python -m lasvegas serve`), not the game's",
    ("discovery", "lasvegas"): "what a server of an earlier version, which announces no games, hosts",
    ("discovery", "Las Vegas"): "the name a server announces when its host gives none",
}


def test_the_shared_net_modules_name_no_game():
    """Outside ``net/lasvegas/`` and ``net/lords/`` the server finds a game's parts by its registry
    entry: no string of its code (docstrings aside) is a game's name or title."""
    from lasvegas.games.registry import GAMES

    words = {e.name for e in GAMES.values()} | {e.title for e in GAMES.values()}
    found = set()
    for path in (ROOT / "net").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        found |= {(path.stem, n.value) for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and n.value in words and id(n) not in docs}
    assert found == set(NET_GAME_NAMES), (found - set(NET_GAME_NAMES), set(NET_GAME_NAMES) - found)
