"""A package's names loaded on first use (PEP 562; the core's and the match boundary's): ``from lasvegas.core import Game`` works as
ever, but importing the package does not import every module of it.  Standard library only."""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Callable


def lazy_names(package: str, where: dict[str, str]) -> tuple[Callable, Callable]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose names ``where`` maps to the
    module (within it) that defines each; a name is kept in the package once looked up."""
    def __getattr__(name: str):
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))
    return __getattr__, __dir__


def load(ref: str):
    """The object ``ref`` names, "package.module:name" (the module imported when first asked for):
    a part of a game named in the game registry, loaded by the layer that uses it."""
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)
