"""Shapes of JSON data: small validators that check a whole value before it is used.

A shape is a callable ``shape(value, where) -> value`` that returns the value
(possibly normalised, e.g. a tuple for a fixed list) or raises ``ShapeError``
naming the place (``levels.hard.full.wins``) and what was expected.  Shapes
nest: ``Obj({"volume": Int(0, 100)})``.  Standard library only.
"""

from __future__ import annotations

import copy
import datetime as _dt
from typing import Any, Callable, Iterable

Shape = Callable[[Any, str], Any]


class ShapeError(ValueError):
    """A value of the wrong shape; the message names where and what was expected."""

    def __init__(self, where: str, expected: str, value: Any = None, *, missing: bool = False) -> None:
        self.where, self.expected = where or "the file", expected
        found = "nothing" if missing else kind_of(value)
        super().__init__(f"{self.where}: expected {expected}, found {found}")


def kind_of(value: Any) -> str:
    """What a JSON value is, in words (never its whole text: it may be huge)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "a number" if len(str(abs(value))) > 12 else f"the number {value}"
    if isinstance(value, float):
        return "a fraction"
    if isinstance(value, str):
        return "a text" if len(value) > 20 or not value.isprintable() else f'"{value}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _at(where: str, key: Any) -> str:
    return f"{where}.{key}" if where else str(key)


def Int(lo: int, hi: int) -> Shape:
    """A whole number from lo to hi (true and false are not numbers)."""
    def check(v: Any, where: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise ShapeError(where, f"a whole number from {lo} to {hi}", v)
        return v
    return check


def Bool() -> Shape:
    def check(v: Any, where: str) -> bool:
        if not isinstance(v, bool):
            raise ShapeError(where, "true or false", v)
        return v
    return check


def Str(max_len: int = 200, *, choices: Iterable[str] | None = None, empty: bool = True) -> Shape:
    """A text (printable, at most max_len characters), or one of ``choices``."""
    allowed = tuple(choices) if choices is not None else None

    def check(v: Any, where: str) -> str:
        if allowed is not None:
            if v not in allowed or not isinstance(v, str):
                raise ShapeError(where, "one of " + ", ".join(allowed), v)
            return v
        if not isinstance(v, str) or len(v) > max_len or (not empty and not v):
            raise ShapeError(where, f"a text of at most {max_len} characters", v)
        if not v.isprintable():
            raise ShapeError(where, "printable text", v)
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            raise ShapeError(where, "text", v) from None
        return v
    return check


def Date() -> Shape:
    """A date written YYYY-MM-DD."""
    def check(v: Any, where: str) -> str:
        if not isinstance(v, str) or len(v) != 10:
            raise ShapeError(where, "a date (YYYY-MM-DD)", v)
        try:
            _dt.date.fromisoformat(v)
        except ValueError:
            raise ShapeError(where, "a date (YYYY-MM-DD)", v) from None
        return v
    return check


def Null(shape: Shape) -> Shape:
    """``shape`` or null."""
    def check(v: Any, where: str) -> Any:
        return None if v is None else shape(v, where)
    return check


def Any_() -> Shape:
    return lambda v, where: v


def List(item: Shape, *, min_len: int = 0, max_len: int = 10_000) -> Shape:
    def check(v: Any, where: str) -> list:
        if not isinstance(v, list) or not min_len <= len(v) <= max_len:
            n = f"{min_len} to {max_len}" if min_len != max_len else str(min_len)
            raise ShapeError(where, f"a list of {n} entries", v)
        return [item(x, f"{where}[{i}]") for i, x in enumerate(v)]
    return check


def Map(key: Shape, value: Shape, *, max_len: int = 10_000) -> Shape:
    """An object whose keys all pass ``key`` and values ``value``."""
    def check(v: Any, where: str) -> dict:
        if not isinstance(v, dict) or len(v) > max_len:
            raise ShapeError(where, "an object", v)
        return {key(k, _at(where, "(name)")): value(x, _at(where, k)) for k, x in v.items()}
    return check


def Obj(required: dict[str, Shape], optional: dict[str, tuple[Shape, Any]] | None = None, *,
        extra: bool = True) -> Shape:
    """An object with the ``required`` fields and the ``optional`` ones (shape, default).

    ``extra=True`` ignores fields it does not know (a newer version's); the
    result holds exactly the known fields.
    """
    optional = optional or {}

    def check(v: Any, where: str) -> dict:
        if not isinstance(v, dict):
            raise ShapeError(where, "an object", v)
        out = {}
        for k, shape in required.items():
            if k not in v:
                raise ShapeError(_at(where, k), "a value", missing=True)
            out[k] = shape(v[k], _at(where, k))
        for k, (shape, default) in optional.items():
            out[k] = shape(v[k], _at(where, k)) if k in v else copy.deepcopy(default)
        if not extra:
            unknown = set(v) - set(required) - set(optional)
            if unknown:
                raise ShapeError(_at(where, sorted(unknown)[0]), "no such field", v[sorted(unknown)[0]])
        return out
    return check


def Const(value: Any) -> Shape:
    def check(v: Any, where: str) -> Any:
        if v != value or type(v) is not type(value):
            raise ShapeError(where, repr(value) if not isinstance(value, str) else f'"{value}"', v)
        return v
    return check
