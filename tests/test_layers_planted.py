"""The layer test catches what it is for: each breach below is planted, one at a time, in a copy of
the package, and the checks of ``test_layers.py`` (``tests/layers.py``) must name it."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from . import layers

FUNCTION = "\n\ndef _planted():\n    {line}\n"

#: (file, code added at its end, words the breach is reported with)
PLANTED = {
    "a Lords module importing Las Vegas's engine":
        ("lords/board.py", "\nfrom ..core.game import Game  # noqa\n", "lords's lasvegas.lords.board imports lasvegas's"),
    "net/lords importing net/lasvegas inside a function":
        ("net/lords/bot.py", FUNCTION.format(line="from ..lasvegas import table  # noqa"),
         "lords's lasvegas.net.lords.bot imports lasvegas's lasvegas.net.lasvegas.table"),
    "ui/lords importing ui/lasvegas":
        ("ui/lords/panels.py", "\nfrom ..lasvegas import names  # noqa\n",
         "lords's lasvegas.ui.lords.panels imports lasvegas's lasvegas.ui.lasvegas.names"),
    "a shared net/ module importing a Lords module inside a function":
        ("net/guard.py", FUNCTION.format(line="from .lords import bot  # noqa"),
         "the shared lasvegas.net.guard imports lords's lasvegas.net.lords.bot"),
    "profiles/stats.py importing the Lords engine":
        ("profiles/stats.py", "\nfrom ..lords import game  # noqa\n",
         "the shared lasvegas.profiles.stats imports lords's lasvegas.lords.game"),
    "a kernel module loading the UI through importlib.import_module":
        ("kernel/seeds.py", "\nimport importlib\n\nimportlib.import_module('lasvegas.ui.app')\n",
         "lasvegas.kernel.seeds (engine) imports lasvegas.ui.app (net/ui)"),
    "match/ importing the UI inside a function":
        ("match/base.py", FUNCTION.format(line="from ..ui import app  # noqa"),
         "lasvegas.match.base (match) imports lasvegas.ui.app (net/ui)"),
    "a circle made inside a function (the base room importing the Lords room)":
        ("net/room.py", FUNCTION.format(line="from .lords import room  # noqa"),
         "import circle: lasvegas.net.lords.room <-> lasvegas.net.room"),
    "a relative importlib.import_module of the package's own name":
        ("store/files.py", FUNCTION.format(line="__import__('importlib').import_module('.lords.game', 'lasvegas')"),
         "the shared lasvegas.store.files imports lords's lasvegas.lords.game"),
    "__import__ of a game by the kit":
        ("ui/kit/art.py", FUNCTION.format(line="__import__('lasvegas.ai.players')"),
         "the shared lasvegas.ui.kit.art imports lasvegas's lasvegas.ai.players"),
    "a module in no layer":
        ("extra.py", "\nfrom . import paths  # noqa\n", "lasvegas.extra is in no layer"),
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> pathlib.Path:
    """A copy of the package's modules (nothing else: the checks read only them)."""
    root = tmp_path_factory.mktemp("pristine") / "lasvegas"
    shutil.copytree(layers.ROOT, root, ignore=lambda d, names: [n for n in names if not (
        n.endswith(".py") or (pathlib.Path(d) / n).is_dir()) or n == "__pycache__"])
    return root


def test_the_copy_is_clean(pristine):
    assert layers.breaches(layers.package_graph(pristine)) == []


@pytest.mark.parametrize("what", sorted(PLANTED))
def test_a_planted_breach_is_caught(pristine, tmp_path, what):
    file, code, said = PLANTED[what]
    root = tmp_path / "lasvegas"
    shutil.copytree(pristine, root)
    path = root / file
    path.write_text((path.read_text(encoding="utf-8") if path.exists() else "") + code, encoding="utf-8")
    found = layers.breaches(layers.package_graph(root))
    assert any(said in f for f in found), (what, found)


def test_a_stale_allow_list_entry_is_caught(pristine, monkeypatch):
    graph = layers.package_graph(pristine)
    monkeypatch.setitem(layers.KNOWN_GAME_BREACHES, ("lasvegas.net.guard", "lasvegas.net.lords.room"), "gone")
    monkeypatch.setitem(layers.KNOWN_CIRCLES, frozenset({"lasvegas.net.room", "lasvegas.net.lords.room"}), "broken")
    found = layers.breaches(graph)
    assert "stale KNOWN_GAME_BREACHES entry: ('lasvegas.net.guard', 'lasvegas.net.lords.room')" in found
    assert any(f.startswith("stale KNOWN_CIRCLES entry") and "lasvegas.net.room" in f for f in found)


def test_a_removed_import_makes_its_allow_list_entry_stale(pristine, tmp_path):
    root = tmp_path / "lasvegas"
    shutil.copytree(pristine, root)
    path = root / "ui" / "lords" / "bench.py"
    text = path.read_text(encoding="utf-8")
    assert "from ..tools.bench import Frames, run\n" in text
    path.write_text(text.replace("from ..tools.bench import Frames, run\n", "Frames = run = None\n"), encoding="utf-8")
    found = layers.breaches(layers.package_graph(root))
    assert "stale KNOWN_GAME_BREACHES entry: ('lasvegas.ui.lords.bench', 'lasvegas.ui.tools.bench')" in found, found
