"""JSON text from outside the program, parsed with limits.

Every file the game reads (and every record ``check-record`` is given) may be
damaged or hostile.  ``parse`` turns any such text into either plain JSON data
that is safe to walk (nested at most ``max_depth`` levels, integers of at
most ``MAX_DIGITS`` digits, finite floats, UTF-8 text) or a ``JSONTextError``
with a short reason a person can read.  It never raises anything else for
any input (``MemoryError`` aside).  Standard library only: the rules core
uses it to read records, ``lasvegas.store`` to read the player's files.
"""

from __future__ import annotations

import json
import math
from typing import Any

#: deepest nesting accepted (the game's own files nest 7 levels at most)
MAX_DEPTH = 32
#: longest integer accepted, in digits (the game's numbers have at most 20)
MAX_DIGITS = 40


class JSONTextError(ValueError):
    """The text is not JSON the game can use; the message says why, in words."""


def _reject_constant(name: str) -> Any:
    raise JSONTextError(f"{name} is not a number")


#: the largest integer of MAX_DIGITS digits
_INT_LIMIT = 10**MAX_DIGITS


def check_value(value: Any, max_depth: int) -> None:
    """``JSONTextError`` when ``value`` nests deeper than ``max_depth`` or holds an unusable number."""
    stack = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            d += 1
            if d > max_depth:
                raise JSONTextError("it is nested too deeply")
            stack.extend((x, d) for x in (v.values() if isinstance(v, dict) else v))
        elif isinstance(v, int) and not -_INT_LIMIT < v < _INT_LIMIT:
            raise JSONTextError(f"it holds a number of more than {MAX_DIGITS} digits")
        elif isinstance(v, float) and not math.isfinite(v):
            raise JSONTextError("it holds a number too large to be read")


def parse(data: bytes | str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``data``; ``JSONTextError`` for anything else."""
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise JSONTextError("it is not text (not UTF-8)") from None
    else:
        text = data
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte-order mark some editors add
    if not text.strip():
        raise JSONTextError("it is empty")
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except JSONTextError:
        raise
    except RecursionError:
        raise JSONTextError("it is nested too deeply") from None
    except json.JSONDecodeError as e:
        cut = " (cut short?)" if e.pos >= len(text.rstrip()) else ""
        raise JSONTextError(f"it is not valid JSON{cut}: {e.msg} at line {e.lineno}") from None
    except (ValueError, OverflowError):  # e.g. an integer of more than 4300 digits
        raise JSONTextError(f"it holds a number of more than {MAX_DIGITS} digits") from None
    check_value(value, max_depth)
    return value
