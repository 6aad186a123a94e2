"""lasvegas.spec, run with PyInstaller's build classes replaced by recorders."""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.metadata
import importlib.util
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "lasvegas.spec"


class Recorder:
    calls: list = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        Recorder.calls.append((type(self).__name__, self))
        self.pure, self.scripts, self.binaries, self.datas = ["pure"], ["scripts"], ["bins"], ["datas"]


def _named(name):
    return type(name, (Recorder,), {})


def run_spec(monkeypatch, tmp_path, *spec_args, platform="linux", installed=True):
    """Execute the spec as PyInstaller would; return {class name: [instances]}."""
    Recorder.calls = []
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda pkg, includes=None: [(f"<{pkg} data {includes}>", pkg)]
    hooks.copy_metadata = lambda dist: [(f"<{dist} metadata>", ".")]
    versioninfo = types.ModuleType("PyInstaller.utils.win32.versioninfo")
    for cls in ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
                "VarFileInfo", "VarStruct"):
        setattr(versioninfo, cls, _named(cls))
    win32 = types.ModuleType("PyInstaller.utils.win32")
    win32.versioninfo = versioninfo
    for name, mod in {"PyInstaller": types.ModuleType("PyInstaller"),
                      "PyInstaller.utils": types.ModuleType("PyInstaller.utils"),
                      "PyInstaller.utils.hooks": hooks, "PyInstaller.utils.win32": win32,
                      "PyInstaller.utils.win32.versioninfo": versioninfo}.items():
        monkeypatch.setitem(sys.modules, name, mod)

    # the game "installed" in a venv (or, with installed=False, found in the checkout)
    site = tmp_path / "site-packages" / "lasvegas"
    entry = (site if installed else ROOT / "lasvegas") / "frozen_main.py"
    real_find_spec = importlib.util.find_spec

    def find_spec(name, *a):
        if name == "lasvegas.frozen_main":
            return importlib.machinery.ModuleSpec(name, None, origin=str(entry))
        if name in ("font_lato", "font_fjallaone", "font_source_sans_pro"):
            return importlib.machinery.ModuleSpec(name, None)
        return real_find_spec(name, *a)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    monkeypatch.setattr(importlib.metadata, "version", lambda dist: "1.2.3")
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", [str(SPEC), *spec_args])
    names = {n: _named(n) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    exec(code, {"__name__": "__main__", "SPECPATH": str(ROOT), **names})
    found: dict = {}
    for name, obj in Recorder.calls:
        found.setdefault(name, []).append(obj)
    return found


def test_pyinstaller6_format():
    text = SPEC.read_text(encoding="utf-8")
    ast.parse(text)
    for old in ("block_cipher", "win_private_assemblies", "a.zipfiles", "cipher="):
        assert old not in text


def test_onedir_build(monkeypatch, tmp_path):
    b = run_spec(monkeypatch, tmp_path)
    (a,) = b["Analysis"]
    assert a.args[0] == [str(tmp_path / "site-packages" / "lasvegas" / "frozen_main.py")]
    datas = a.kwargs["datas"]
    assert ("<lasvegas data None>", "lasvegas") in datas  # assets and data files of the package
    assert ("<lasvegas-dice metadata>", ".") in datas  # for --version
    fonts = {d[1] for d in datas if d[1].startswith("font_")}
    assert fonts == {"font_lato", "font_fjallaone", "font_source_sans_pro"}
    assert {"tkinter", "numpy", "pytest", "hypothesis", "unittest", "PyInstaller"} <= set(a.kwargs["excludes"])
    hidden = a.kwargs["hiddenimports"]
    assert {"lasvegas.cli", "pygame", "platformdirs"} <= set(hidden)
    # scenes are opened by name: every one of them is in the build
    from lasvegas.ui.scenes import SCENES
    # (a game's own scenes, "..lords.table", are modules of lasvegas.ui: lasvegas.ui.lords.table)
    assert {f"lasvegas.ui.{m[2:]}" if m.startswith("..") else f"lasvegas.ui.scenes.{m}"
            for m, _ in SCENES.values()} <= set(hidden)
    assert "lasvegas.ui.lords.table" in hidden
    # so is every part a game names by text in the registry (loaded when first used)
    from lasvegas.games.registry import part_modules
    assert set(part_modules()) <= set(hidden) and "lasvegas.ui.lords.profile_stats" in hidden
    (exe,) = b["EXE"]
    assert exe.kwargs["name"] == "lasvegas"
    assert exe.kwargs["exclude_binaries"] is True
    assert exe.kwargs["console"] is True  # Linux: no windowed mode
    (coll,) = b["COLLECT"]
    assert coll.kwargs["name"] == "lasvegas"
    assert "BUNDLE" not in b


def test_onefile_build(monkeypatch, tmp_path):
    b = run_spec(monkeypatch, tmp_path, "--onefile")
    (exe,) = b["EXE"]
    assert ["bins"] in exe.args and ["datas"] in exe.args  # everything inside the executable
    assert "COLLECT" not in b


def test_windows_build_is_windowed_with_icon_and_version(monkeypatch, tmp_path):
    b = run_spec(monkeypatch, tmp_path, platform="win32")
    (exe,) = b["EXE"]
    assert exe.kwargs["console"] is False
    assert exe.kwargs["icon"].endswith("lasvegas.ico") and Path(exe.kwargs["icon"]).is_file()
    (ffi,) = b["FixedFileInfo"]
    assert ffi.kwargs["filevers"] == (1, 2, 3, 0)
    assert run_spec(monkeypatch, tmp_path, "--console", platform="win32")["EXE"][0].kwargs["console"] is True


def test_macos_build_makes_an_app(monkeypatch, tmp_path):
    b = run_spec(monkeypatch, tmp_path, platform="darwin")
    (bundle,) = b["BUNDLE"]
    assert bundle.kwargs["name"] == "Las Vegas.app"
    assert bundle.kwargs["version"] == "1.2.3"
    assert Path(bundle.kwargs["icon"]).is_file()


def test_refuses_to_freeze_the_checkout(monkeypatch, tmp_path):
    with pytest.raises(SystemExit, match="source tree"):
        run_spec(monkeypatch, tmp_path, installed=False)
