"""Architecture rules: no import circle in the package, layers that point one way (engine -> match
-> net/ui -> commands), each game on the shared parts, the core alone, the UI in layers."""

import ast
import functools
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


# ---- the UI's layers: kit <- each game <- the app (docs/architecture.md)
UI = ROOT / "ui"
#: each game's package under ui/; the app is the rest of ui/ (its modules, ui/scenes)
GAMES = {"lasvegas": UI / "lasvegas", "lords": UI / "lords"}


def ui_module(path: pathlib.Path) -> str:
    """The dotted name of the module at ``path`` (any module of the package)."""
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


def absolute(node: ast.ImportFrom, me: str, path: pathlib.Path) -> str:
    """The module a ``from ... import`` in module ``me`` (file ``path``) names, relative ones resolved."""
    mod = node.module or ""
    if node.level:
        pkg = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
        pkg = pkg[:len(pkg) - (node.level - 1)]
        mod = ".".join(pkg + ([mod] if mod else []))
    return mod


def test_the_ui_has_no_import_circle_at_load_time():
    """Module-level imports only (an import inside a function is made when it is called)."""
    graph: dict[str, set[str]] = {}
    mods = {ui_module(p) for p in UI.rglob("*.py")}
    for path in UI.rglob("*.py"):
        me = ui_module(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                mod = absolute(node, me, path)
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


def test_no_module_of_the_package_is_over_600_lines():
    """A module a reader can hold: a longer one is split by what its parts do (docs/architecture.md)."""
    long = {p.relative_to(ROOT.parent).as_posix(): n for p in ROOT.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, f"modules over 600 lines: {long}"


# ---- the whole package: no import circle, layers that point one way (docs/architecture.md)
#
# Every import statement counts, wherever it stands: at module level, inside a function, under
# ``if TYPE_CHECKING``.  An import inside a function is a dependency all the same: it only moves
# the circle from loading to the first call (Medium importing Hard inside ``make_player``, Hard
# importing Medium at load, was one).  ``from package import name`` counts as an import of
# ``package.name`` when that is a module, else of the module the package's ``__init__`` takes
# ``name`` from (``lasvegas.core`` loads it when the name is first used), else of ``package``;
# a package and its own modules are not a circle.

def reexports(mods: dict[str, pathlib.Path]) -> dict[tuple[str, str], str]:
    """(package, name) -> the package's module that defines ``name``, for the names a package's
    ``__init__`` takes from its modules (``lasvegas.core`` and ``lasvegas.match`` load them lazily)."""
    out = {}
    for me, path in mods.items():
        if path.name != "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                for a in node.names:
                    out[(me, a.asname or a.name)] = f"{me}.{node.module}"
    return out


@functools.lru_cache(maxsize=1)
def package_graph() -> dict[str, frozenset[str]]:
    """Module -> the package's modules it imports (every import statement, see above); read once."""
    mods = {ui_module(p): p for p in ROOT.rglob("*.py")}
    names_of = reexports(mods)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for me, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                mod = absolute(node, me, path)
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in mods else names_of.get((mod, a.name), mod)
                           for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for t in targets:
                if t in mods and t != me and not t.startswith(me + ".") and not me.startswith(t + "."):
                    graph[me].add(t)
    return {m: frozenset(ts) for m, ts in graph.items()}


def circles(graph: dict[str, frozenset[str]] | dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = set()
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        group.add(w)
                        if w == v:
                            break
                    if len(group) > 1:
                        found.append(frozenset(group))
    return found


#: The circles still being broken elsewhere.  THIS LIST MUST BE EMPTIED: remove each entry as
#: its circle is broken; a circle not listed here fails the test.
KNOWN_CIRCLES = {
    frozenset({"lasvegas.net.room", "lasvegas.net.lords.room"}): "the base Room knows its Lords subclass",
    frozenset({"lasvegas.ui.records_list", "lasvegas.ui.lords.records"}): "the records list and the Lords records",
    frozenset({"lasvegas.ui.lords.stage", "lasvegas.ui.lords.stage_records"}): "the Lords stage and its records",
    frozenset({"lasvegas.ui.lords.trade", "lasvegas.ui.lords.trade_pad"}): "the trade scene and its pad",
}


def test_circles_finds_a_circle_and_no_false_one():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]
    assert circles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_no_import_circle_anywhere_in_the_package():
    graph = package_graph()
    assert len(graph) > 200 and "lasvegas.lords.hard" in graph["lasvegas.lords.ai"]
    new = [" <-> ".join(sorted(c)) for c in circles(graph) if c not in KNOWN_CIRCLES]
    assert not new, "import circles: " + "; ".join(new)


#: The layers, lowest first: a module imports its own layer and the ones below, never above.
#: The engine is the rules of both games, their AI and what the player's files need; the match
#: is what a screen may see of a game; net and ui (one layer: the desktop game plays online, the
#: server never draws) use matches; commands start any of them.
LAYERS = [
    ("engine", ("lasvegas.core", "lasvegas.lords", "lasvegas.ai", "lasvegas.solo", "lasvegas.profiles",
                "lasvegas.store", "lasvegas.sim", "lasvegas.bench", "lasvegas.checkrec", "lasvegas.paths",
                "lasvegas.progress", "lasvegas.stats", "lasvegas.data", "lasvegas.background", "lasvegas.runs",
                "lasvegas.ratings", "lasvegas.games")),
    ("match", ("lasvegas.match",)),
    ("net/ui", ("lasvegas.net", "lasvegas.ui")),
    ("commands", ("lasvegas.commands", "lasvegas.cli", "lasvegas.__main__", "lasvegas.frozen_main")),
]
#: imports against the layers, each with its reason (none left: keep it empty)
KNOWN_LAYER_BREACHES: dict[tuple[str, str], str] = {}


def layer_of(mod: str) -> int | None:
    for k, (_name, prefixes) in enumerate(LAYERS):
        if any(mod == p or mod.startswith(p + ".") for p in prefixes):
            return k
    return None


def test_every_module_has_a_layer_and_imports_only_its_own_and_lower_ones():
    graph = package_graph()
    unplaced = sorted(m for m in graph if m != "lasvegas" and layer_of(m) is None)
    assert not unplaced, f"modules in no layer (name one in LAYERS): {unplaced}"
    wrong = []
    for me, targets in graph.items():
        for t in targets:
            if me == "lasvegas" or (me, t) in KNOWN_LAYER_BREACHES:
                continue
            if layer_of(t) > layer_of(me):  # type: ignore[operator]
                wrong.append(f"{me} ({LAYERS[layer_of(me)][0]}) imports {t} ({LAYERS[layer_of(t)][0]})")
            if me.startswith("lasvegas.net") and t.startswith("lasvegas.ui"):
                wrong.append(f"{me} imports {t}: the server never draws")
    assert not wrong, "\n".join(wrong)


def is_lords(mod: str) -> bool:
    """Lords of Vegas code: a package or module of its own in each layer (``lords``, ``lords_*``)."""
    return any(part == "lords" or part.startswith("lords_") for part in mod.split(".")[1:])


#: the parts every game shares, in each layer: they know no game's own code
SHARED = ("lasvegas.games.levels", "lasvegas.background", "lasvegas.core.errors", "lasvegas.core.dice", "lasvegas.core.seeds",
          "lasvegas.core.fair", "lasvegas.core.jsontext", "lasvegas.core.lazy", "lasvegas.paths",
          "lasvegas.progress", "lasvegas.stats", "lasvegas.runs", "lasvegas.ratings", "lasvegas.store", "lasvegas.net.guard",
          "lasvegas.net.discovery", "lasvegas.ui.kit")
#: Las Vegas's own code, which Lords of Vegas code never uses
LAS_VEGAS_ONLY = ("lasvegas.core", "lasvegas.ai", "lasvegas.solo", "lasvegas.sim", "lasvegas.match.lasvegas",
                  "lasvegas.ui.lasvegas")
#: Lords of Vegas code still using Las Vegas's, each with its reason (none left: keep it empty)
KNOWN_GAME_BREACHES: dict[tuple[str, str], str] = {}


def test_each_game_uses_the_shared_parts_and_the_shared_parts_no_game():
    graph = package_graph()
    shared = [m for m in graph if any(m == s or m.startswith(s + ".") for s in SHARED)]
    assert len(shared) > 20
    for me in shared:
        for t in graph[me]:
            assert not is_lords(t), f"{me} is shared by both games but imports {t}"
            assert any(t == s or t.startswith(s + ".") for s in SHARED) or not t.startswith(LAS_VEGAS_ONLY), \
                f"{me} is shared by both games but imports Las Vegas's {t}"
    for me in [m for m in graph if is_lords(m)]:
        for t in graph[me]:
            # (a Lords of Vegas module in a folder of Las Vegas's, the coach ``ai.lords_coach``, is its own)
            own = any(t == s or t.startswith(s + ".") for s in SHARED) or "lasvegas.core.record" == t or is_lords(t)
            if (me, t) in KNOWN_GAME_BREACHES:
                continue
            assert own or not t.startswith(LAS_VEGAS_ONLY), f"Lords of Vegas's {me} imports Las Vegas's {t}"
