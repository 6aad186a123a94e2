"""Fixtures for the tests of the packaging scripts in build/ and lasvegas.spec."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def load_script():
    """Import build/<name>.py as a module (build/ is a folder of scripts, not a package)."""

    def load(name: str):
        key = f"_lasvegas_build_{name}"
        if key not in sys.modules:
            spec = importlib.util.spec_from_file_location(key, ROOT / "build" / f"{name}.py")
            mod = importlib.util.module_from_spec(spec)
            sys.modules[key] = mod
            spec.loader.exec_module(mod)
        return sys.modules[key]

    return load
