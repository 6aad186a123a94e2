"""Build the standalone executables with PyInstaller and smoke-test them.

    python build/freeze.py                  # one-folder build + smoke test
    python build/freeze.py --onefile        # one-file build + smoke test
    python build/freeze.py --both --archive # both, zipped for a release
    python build/freeze.py --measure        # both, then sizes and start-up time

Steps: copy the source (without build/ and dist/) to build/work/src, install
it non-editably with the ``freeze`` extra into a venv (build/work/venv,
created once, ``--fresh`` to start over), run PyInstaller on lasvegas.spec
outside the checkout's import path (work files in build/pyinstaller/,
output in dist/onedir/ and dist/onefile/), then run the frozen game's smoke
test with the dummy SDL drivers and a throw-away LASVEGAS_HOME.

The smoke test is ``lasvegas --smoke-test`` once the desktop game
(``lasvegas.ui``) is in the build; before that it is ``lasvegas --version``
and, when present, ``lasvegas simulate --games 5 --players 3``.
Start-up time is launch to first frame with LASVEGAS_FIRST_FRAME_EXIT=1
(the game exits right after presenting its first frame); before the UI
exists it is launch to the exit of ``--version``, and the output says so.
Exit status: 0 when every step passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "lasvegas.spec"
WORK = ROOT / "build" / "work"
PYI_WORK = ROOT / "build" / "pyinstaller"
DIST = ROOT / "dist"
APP = "lasvegas"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
#: top-level entries of the checkout that are not part of the package source
NOT_SOURCE = {".git", ".venv", "build", "dist", "out", ".pytest_cache", ".hypothesis", ".ci", ".github"}


class Failed(Exception):
    """A step failed; the message says which and why."""


def log(msg: str) -> None:
    print(f"[freeze] {msg}", flush=True)


def run(cmd: list[str], *, timeout: float, cwd: Path | None = None, env: dict | None = None,
        capture: bool = False) -> subprocess.CompletedProcess:
    try:
        cp = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, timeout=timeout, text=True,
                            stdout=subprocess.PIPE if capture else None,
                            stderr=subprocess.STDOUT if capture else None)
    except subprocess.TimeoutExpired:
        raise Failed(f"timed out after {timeout:.0f} s: {' '.join(map(str, cmd))}") from None
    if cp.returncode != 0:
        out = f"\n{cp.stdout}" if capture and cp.stdout else ""
        raise Failed(f"exit status {cp.returncode}: {' '.join(map(str, cmd))}{out}")
    return cp


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def copy_source(dest: Path) -> None:
    """The package source without build output, so setuptools' in-tree build stays out of build/."""
    if dest.exists():
        shutil.rmtree(dest)

    def ignore(folder: str, names: list[str]) -> set[str]:
        skip = {n for n in names if n == "__pycache__" or n.endswith(".egg-info")}
        if Path(folder) == ROOT:
            skip |= NOT_SOURCE & set(names)
        return skip

    shutil.copytree(ROOT, dest, ignore=ignore)


def install(venv: Path, fresh: bool, timeout: float) -> Path:
    """A venv with the game installed from a copy of the source (never editable)."""
    if fresh and venv.exists():
        shutil.rmtree(venv)
    py = venv_python(venv)
    if not py.exists():
        log(f"creating venv {venv}")
        run([sys.executable, "-m", "venv", venv], timeout=timeout)
    src = WORK / "src"
    copy_source(src)
    pip = [py, "-m", "pip", "--disable-pip-version-check", "-q"]
    log("installing the game (non-editable) with the freeze extra")
    run([*pip, "install", f"{src}[freeze]"], timeout=timeout, cwd=WORK)
    run([*pip, "install", "--no-deps", "--force-reinstall", src], timeout=timeout, cwd=WORK)
    return py


def probe(py: Path, venv: Path) -> dict:
    """What the install holds, seen from outside the checkout (python -P, cwd build/work)."""
    code = (
        "import importlib.util as u, importlib.metadata as m, json, lasvegas\n"
        "has = lambda n: u.find_spec(n) is not None\n"
        "print(json.dumps({'file': lasvegas.__file__, 'version': m.version('lasvegas-dice'),"
        " 'ui': has('lasvegas.ui'), 'sim': has('lasvegas.runs.lasvegas.sim')}))\n"
    )
    cp = run([py, "-P", "-c", code], timeout=60, cwd=WORK, capture=True)
    info = json.loads(cp.stdout.strip().splitlines()[-1])
    if venv.resolve() not in Path(info["file"]).resolve().parents:
        raise Failed(f"lasvegas is imported from {info['file']}, not installed in {venv}")
    return info


def freeze(py: Path, mode: str, console: bool, timeout: float) -> Path:
    """Run PyInstaller on the spec; return the executable."""
    distpath = DIST / mode
    workpath = PYI_WORK / mode
    cmd = [py, "-P", "-m", "PyInstaller", SPEC, "--noconfirm", "--log-level", "WARN",
           "--workpath", workpath, "--distpath", distpath, "--"]
    if mode == "onefile":
        cmd.append("--onefile")
    if console:
        cmd.append("--console")
    log(f"PyInstaller {mode} -> {distpath.relative_to(ROOT)}")
    t0 = time.perf_counter()
    run(cmd, timeout=timeout, cwd=WORK)
    log(f"  built in {time.perf_counter() - t0:.1f} s")
    exe = distpath / (APP + EXE_SUFFIX) if mode == "onefile" else distpath / APP / (APP + EXE_SUFFIX)
    if not exe.is_file():
        raise Failed(f"PyInstaller made no executable at {exe}")
    return exe


def smoke_env(home: Path) -> dict:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["LASVEGAS_HOME"] = str(home)
    env.pop("LASVEGAS_FIRST_FRAME_EXIT", None)
    return env


def smoke_commands(info: dict) -> list[list[str]]:
    if info["ui"]:
        return [["--smoke-test"]]
    cmds = [["--version"]]
    if info["sim"]:
        cmds.append(["simulate", "--games", "5", "--players", "3"])
    return cmds


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")}


def smoke(exe: Path, info: dict, timeout: float) -> None:
    """Run the frozen smoke test; it must pass, write nothing beside the executable, log no error."""
    bundle = exe.parent
    before = files_under(bundle)
    with tempfile.TemporaryDirectory(prefix="lasvegas-home-") as tmp:
        home = Path(tmp)
        for args in smoke_commands(info):
            log(f"  smoke: {exe.relative_to(ROOT)} {' '.join(args)}")
            t0 = time.perf_counter()
            cp = run([exe, *args], timeout=timeout, env=smoke_env(home), capture=True)
            out = cp.stdout.strip()
            for line in out.splitlines()[-8:]:
                log(f"    | {line}")
            windowed_win = sys.platform == "win32" and not out  # may have no stdout at all
            if args == ["--version"] and not windowed_win and out.splitlines()[-1:] != [
                    f"lasvegas {info['version']}"]:
                raise Failed(f"--version printed {out!r}, expected 'lasvegas {info['version']}'")
            log(f"    ok in {time.perf_counter() - t0:.2f} s")
        errlog = home / "logs" / "error.log"
        if errlog.exists():
            raise Failed(f"the smoke test logged an error:\n{errlog.read_text()}")
    written = files_under(bundle) - before
    if written:
        raise Failed(f"the game wrote next to the executable: {sorted(map(str, written))[:5]}")


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def startup_seconds(exe: Path, info: dict, runs: int, timeout: float) -> tuple[float, str]:
    """Median wall time from launch to the first frame (or to --version's exit before the UI)."""
    if info["ui"]:
        args, what = [], "launch to first frame (LASVEGAS_FIRST_FRAME_EXIT=1, dummy video driver)"
    else:
        args, what = ["--version"], "launch to exit of --version (no desktop game in this build yet)"
    times = []
    with tempfile.TemporaryDirectory(prefix="lasvegas-home-") as tmp:
        env = smoke_env(Path(tmp))
        env["LASVEGAS_FIRST_FRAME_EXIT"] = "1"
        for i in range(runs + 1):
            t0 = time.perf_counter()
            run([exe, *args], timeout=timeout, env=env, capture=True)
            if i:  # the first run only warms the file cache
                times.append(time.perf_counter() - t0)
    return statistics.median(times), what


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{system}-{machine}"


def archive(exe: Path, mode: str, version: str) -> Path:
    """Zip (tar.gz on Linux, which keeps permissions and links) one build for a release."""
    stem = f"{APP}-{version}-{platform_tag()}" + ("-onefile" if mode == "onefile" else "")
    src = exe if mode == "onefile" else exe.parent
    app = DIST / "onedir" / "Las Vegas.app"
    if sys.platform == "darwin" and mode == "onedir" and app.is_dir():
        src = app
    if sys.platform.startswith("linux"):
        out = DIST / f"{stem}.tar.gz"
        with tarfile.open(out, "w:gz") as tar:
            tar.add(src, arcname=src.name if mode == "onefile" else stem)
    elif sys.platform == "darwin":  # ditto keeps the .app's symlinks and signatures
        out = DIST / f"{stem}.zip"
        out.unlink(missing_ok=True)
        run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", src, out], timeout=600)
    else:
        out = Path(shutil.make_archive(str(DIST / stem), "zip", src.parent, src.name))
    log(f"  archive {out.relative_to(ROOT)} ({out.stat().st_size / 1e6:.1f} MB)")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build and smoke-test the standalone executables.")
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--onefile", action="store_true", help="build the one-file executable only")
    what.add_argument("--both", action="store_true", help="build one-folder and one-file")
    what.add_argument("--measure", action="store_true",
                      help="build both, then print sizes and start-up time")
    ap.add_argument("--venv", type=Path, default=WORK / "venv", help="build venv (default build/work/venv)")
    ap.add_argument("--fresh", action="store_true", help="recreate the build venv")
    ap.add_argument("--no-install", action="store_true", help="use the venv as it is")
    ap.add_argument("--no-smoke", action="store_true", help="skip the frozen smoke test")
    ap.add_argument("--console", action="store_true", help="keep a console (Windows/macOS debug builds)")
    ap.add_argument("--archive", action="store_true", help="zip the builds into dist/ for a release")
    ap.add_argument("--runs", type=int, default=5, help="start-up timing runs (median)")
    ap.add_argument("--timeout", type=float, default=240, help="seconds allowed for each step")
    args = ap.parse_args(argv)

    modes = ["onefile"] if args.onefile else ["onedir", "onefile"] if (args.both or args.measure) else ["onedir"]
    t_start = time.perf_counter()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        WORK.mkdir(parents=True, exist_ok=True)
        venv = args.venv.resolve()
        py = venv_python(venv) if args.no_install else install(venv, args.fresh, args.timeout)
        info = probe(py, venv)
        log(f"lasvegas {info['version']} from {info['file']}; desktop game: "
            f"{'yes' if info['ui'] else 'not yet'}")
        results = {}
        for mode in modes:
            exe = freeze(py, mode, args.console, args.timeout)
            if not args.no_smoke:
                smoke(exe, info, args.timeout)
            size = size_of(exe.parent if mode == "onedir" else exe)
            results[mode] = exe
            log(f"  {mode}: {size / 1e6:.1f} MB")
            if args.archive:
                archive(exe, mode, info["version"])
        if args.measure:
            print()
            print(f"{'build':8} {'size':>9} {'start-up (median)':>18}")
            notes = set()
            for mode, exe in results.items():
                size = size_of(exe.parent if mode == "onedir" else exe)
                secs, what = startup_seconds(exe, info, args.runs, args.timeout)
                notes.add(what)
                print(f"{mode:8} {size / 1e6:7.1f} MB {secs:16.3f} s")
            for n in sorted(notes):
                print(f"start-up: {n}, median of {args.runs} runs after one warm-up")
            print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    except Failed as e:
        print(f"[freeze] FAILED: {e}", file=sys.stderr, flush=True)
        return 1
    log(f"done in {time.perf_counter() - t_start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
