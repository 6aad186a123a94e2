"""The package's import graph and the rules it is held to (tests/test_layers.py): every module's
game from one table of folders, the layers, no import circle.  Each check returns what breaks it,
so that a test can plant a breach in a copy of the package and see the check fail."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1] / "lasvegas"


def module_name(path: pathlib.Path, root: pathlib.Path = ROOT) -> str:
    """The dotted name of the module at ``path`` (a package by its ``__init__``)."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(node: ast.ImportFrom, me: str, path: pathlib.Path) -> str:
    mod = node.module or ""
    if node.level:
        pkg = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
        pkg = pkg[:len(pkg) - (node.level - 1)]
        mod = ".".join(pkg + ([mod] if mod else []))
    return mod


def _literal_loads(node: ast.AST, me: str, path: pathlib.Path) -> list[str]:
    """The module an ``importlib.import_module("x")`` / ``import_module(".x", "pkg")`` /
    ``__import__("x")`` call names with literal text (a name built at run time is not seen)."""
    if not isinstance(node, ast.Call) or not node.args:
        return []
    f = node.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if name not in ("import_module", "__import__"):
        return []
    first = node.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return []
    target = first.value
    if target.startswith("."):
        if name != "import_module":
            return []
        pkg_node = node.args[1] if len(node.args) > 1 else None
        if isinstance(pkg_node, ast.Constant) and isinstance(pkg_node.value, str):
            pkg = pkg_node.value
        elif isinstance(pkg_node, ast.Name) and pkg_node.id == "__package__":
            pkg = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
        else:
            return []
        dots = len(target) - len(target.lstrip("."))
        base = pkg.split(".")[:len(pkg.split(".")) - (dots - 1)]
        target = ".".join(base + [target.lstrip(".")])
    return [target]


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


def package_graph(root: pathlib.Path = ROOT) -> dict[str, frozenset[str]]:
    """Module -> the package's modules it imports.  Every import counts, wherever it stands (at
    module level, inside a function, under ``if TYPE_CHECKING``), and so does a literal
    ``importlib.import_module`` or ``__import__``: an import inside a function only moves a circle
    from loading to the first call.  ``from package import name`` counts as an import of
    ``package.name`` when that is a module, else of the module the package's ``__init__`` takes
    ``name`` from, else of ``package``; a package and its own modules are not a circle."""
    mods = {module_name(p, root): p for p in root.rglob("*.py")}
    names_of = reexports(mods)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for me, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                mod = _absolute(node, me, path)
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in mods else names_of.get((mod, a.name), mod)
                           for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                targets = _literal_loads(node, me, path)
            for t in targets:
                while t not in mods and "." in t:  # ``import a.b.c`` of a name inside a module
                    t = t.rsplit(".", 1)[0]
                if t in mods and t != me and not t.startswith(me + ".") and not me.startswith(t + "."):
                    graph[me].add(t)
    return {m: frozenset(ts) for m, ts in graph.items()}


def circles(graph) -> list[frozenset[str]]:
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


#: the game registry's kind: every module may read it, it may load every game
REGISTRY = "registry"


def _longest(mod: str, table: dict[str, str]) -> str | None:
    best = None
    for prefix in table:
        if (mod == prefix or mod.startswith(prefix + ".")) and (best is None or len(prefix) > len(best)):
            best = prefix
    return table[best] if best is not None else None


#: The layers, lowest first: a module imports its own layer and the ones below, never above.
#: The engine is the rules of both games, their AI and what the player's files need; the match
#: is what a screen may see of a game; net and ui (one layer: the desktop game plays online, the
#: server never draws) use matches; commands start any of them.
LAYERS = {
    "lasvegas.core": 0, "lasvegas.lords": 0, "lasvegas.ai": 0, "lasvegas.solo": 0, "lasvegas.profiles": 0,
    "lasvegas.store": 0, "lasvegas.data": 0, "lasvegas.games": 0, "lasvegas.kernel": 0, "lasvegas.runs": 0,
    "lasvegas.match": 1,
    "lasvegas.net": 2, "lasvegas.ui": 2,
    "lasvegas.commands": 3, "lasvegas.cli": 3, "lasvegas.__main__": 3, "lasvegas.frozen_main": 3,
}
LAYER_NAMES = ("engine", "match", "net/ui", "commands")


def layer_of(mod: str) -> int | None:
    return _longest(mod, LAYERS)  # type: ignore[return-value]


def layer_breaches(graph) -> list[str]:
    """Modules in no layer, imports of a higher layer, the server importing the UI."""
    out = [f"{m} is in no layer (name it in LAYERS)" for m in sorted(graph) if m != "lasvegas" and layer_of(m) is None]
    for me in sorted(graph):
        if me == "lasvegas" or layer_of(me) is None:
            continue
        for t in sorted(graph[me]):
            if layer_of(t) is not None and layer_of(t) > layer_of(me):  # type: ignore[operator]
                out.append(f"{me} ({LAYER_NAMES[layer_of(me)]}) imports {t} ({LAYER_NAMES[layer_of(t)]})")
            if me.startswith("lasvegas.net") and t.startswith("lasvegas.ui"):
                out.append(f"{me} imports {t}: the server never draws")
    return out


#: Whose each module is, by its folder (the longest prefix names it): a game's ("lasvegas",
#: "lords"), shared by both games and knowing neither ("shared"), or the house that puts the games
#: together ("house": the app, the commands, the benchmarks).  A game's module imports its own game,
#: the shared parts and the registry; a shared module imports shared modules and the registry; the
#: house and the registry import anything.
GAME_OF = {
    # the house that puts the games together: the app, the commands, the benchmarks
    "lasvegas": "house", "lasvegas.__main__": "house", "lasvegas.cli": "house", "lasvegas.frozen_main": "house",
    "lasvegas.commands": "house", "lasvegas.games.checkrec": "house", "lasvegas.net.bench": "house",
    "lasvegas.net.bench_clients": "house", "lasvegas.ui": "house",
    # Las Vegas: its engine (core/), AI, solo ladder, runs, matches, rooms, screens
    "lasvegas.core": "lasvegas", "lasvegas.ai": "lasvegas", "lasvegas.solo": "lasvegas", "lasvegas.data": "lasvegas",
    "lasvegas.match.session": "lasvegas", "lasvegas.match.lasvegas": "lasvegas", "lasvegas.net.lasvegas": "lasvegas",
    "lasvegas.ui.lasvegas": "lasvegas", "lasvegas.runs.lasvegas": "lasvegas",
    # Lords of Vegas, in a folder of its own in each layer
    "lasvegas.lords": "lords", "lasvegas.match.lords": "lords", "lasvegas.net.lords": "lords",
    "lasvegas.ui.lords": "lords", "lasvegas.profiles.lords": "lords",
    # shared by both games (the kernel, the files, the runs, the match, net and kit bases)
    "lasvegas.games.registry": REGISTRY, "lasvegas.games": "shared", "lasvegas.store": "shared",
    "lasvegas.profiles": "shared", "lasvegas.match": "shared", "lasvegas.net": "shared", "lasvegas.ui.kit": "shared",
    "lasvegas.kernel": "shared", "lasvegas.runs": "shared",
}


def game_of(mod: str) -> str | None:
    return _longest(mod, GAME_OF)


def game_breaches(graph) -> list[tuple[str, str, str]]:
    """(module, import, why) for every import against GAME_OF's rule."""
    out = []
    for me in sorted(graph):
        mine = game_of(me)
        for t in sorted(graph[me]):
            theirs = game_of(t)
            if theirs == REGISTRY:
                continue
            if mine in ("lasvegas", "lords") and theirs in ("lasvegas", "lords", "house") and theirs != mine:
                out.append((me, t, f"{mine}'s {me} imports {theirs}'s {t}"))
            elif mine == "shared" and theirs != "shared":
                out.append((me, t, f"the shared {me} imports {theirs}'s {t}"))
    return out


def _known(table: dict[str, tuple[str, tuple[str, ...]]]) -> dict[tuple[str, str], str]:
    return {(me, t): why for me, (why, targets) in table.items() for t in targets}


_CORE = "lasvegas.core."
#: Imports against GAME_OF's rule still made, each with its reason: module -> (why, its imports).
#: A new one fails; so does an entry whose import is gone (remove it then).
KNOWN_GAME_BREACHES = _known({
    "lasvegas.match.base": ("the written match interface is still Las Vegas's (its views and events)",
                            (_CORE + "config", _CORE + "events")),
    "lasvegas.match.lords.replay": ("the records file reader of both games still lives in core/record.py",
                                    (_CORE + "record",)),
    "lasvegas.profiles.claim": ("the records file reader of both games still lives in core/record.py",
                                (_CORE + "record",)),
    "lasvegas.profiles.lords.stats": ("the records file reader of both games still lives in core/record.py",
                                      (_CORE + "record",)),
    "lasvegas.ui.lords.records": ("the records file reader of both games still lives in core/record.py",
                                  (_CORE + "record",)),
    "lasvegas.profiles.history": ("the profiles' history reads Las Vegas's records", (_CORE + "record",)),
    "lasvegas.profiles.bench": ("the profiles' benchmark plays Las Vegas games", (_CORE + "config", _CORE + "game")),
    "lasvegas.profiles.book": ("a profile's default colour is one of Las Vegas's", (_CORE + "config",)),
    "lasvegas.net.protocol": ("the wire format still speaks Las Vegas's events and options in its shared module",
                              (_CORE + "config", _CORE + "events")),
    "lasvegas.ui.lasvegas.results_view": ("a game's results show the achievements it earned and ask before a new game "
                                          "replaces a saved one", ("lasvegas.ui.profile_view", "lasvegas.ui.files.save_flow")),
    "lasvegas.ui.lasvegas.scenes.setup": ("a new game asks before it replaces a saved one", ("lasvegas.ui.files.save_flow",)),
    "lasvegas.ui.lasvegas.solo_flow": ("a new game asks before it replaces a saved one", ("lasvegas.ui.files.save_flow",)),
    "lasvegas.ui.lords.bench": ("a game's benchmark reports its figures as the app's does", ("lasvegas.ui.tools.bench",)),
    "lasvegas.ui.lords.profile_stats": ("the profile's page of a game draws as the app's", ("lasvegas.ui.profile_view",)),
    "lasvegas.ui.lords.results": ("the results show the achievements a game earned", ("lasvegas.ui.profile_view",)),
    "lasvegas.ui.lords.stage_records": ("the staged screenshots play the app's own staged players' games",
                                        ("lasvegas.ui.tools.stage_profiles",)),
    "lasvegas.net.lasvegas.bench_lean": ("a game's server bench runs its clients in the bench's client processes",
                                         ("lasvegas.net.bench_clients",)),
    "lasvegas.net.lords.bench": ("a game's server bench runs its clients in the bench's client processes",
                                 ("lasvegas.net.bench_clients",)),
    "lasvegas.ui.kit.session": ("the kit names the Las Vegas seats (its session) for the UI", ("lasvegas.match.session",)),
    "lasvegas.ui.lords.online": ("the Lords online table is built on the app's online connection and seats",
                                 ("lasvegas.ui.online.lobby", "lasvegas.ui.online.seats")),
})
#: The circles still to break: none (a listed one that no longer exists fails, as a new one does).
KNOWN_CIRCLES: dict[frozenset[str], str] = {}
#: Imports against the layers still made, each with its reason: none.
KNOWN_LAYER_BREACHES: dict[tuple[str, str], str] = {}


def stale(known, found) -> list:
    """The entries of an allow-list that no longer match anything found (to be removed)."""
    return sorted((k for k in known if k not in set(found)), key=str)


def breaches(graph) -> list[str]:
    """Every rule broken by ``graph``, and every stale allow-list entry: what the layer test asserts."""
    found = game_breaches(graph)
    out = [why for me, t, why in found if (me, t) not in KNOWN_GAME_BREACHES]
    out += [f"stale KNOWN_GAME_BREACHES entry: {k}" for k in stale(KNOWN_GAME_BREACHES, [(m, t) for m, t, _w in found])]
    rings = circles(graph)
    out += ["import circle: " + " <-> ".join(sorted(c)) for c in rings if c not in KNOWN_CIRCLES]
    out += [f"stale KNOWN_CIRCLES entry: {sorted(k)}" for k in stale(KNOWN_CIRCLES, rings)]
    out += layer_breaches(graph)
    return out
