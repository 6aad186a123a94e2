"""A progress bar on stderr, shown only on a terminal and only for long runs."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, label: str, stream: TextIO | None = None,
                 delay: float = 1.0) -> None:
        self.total = max(1, total)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.done = 0
        self.t0 = time.monotonic()
        self.delay = delay
        self._last = 0.0
        self._shown = False

    def step(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.t0 < self.delay or (now - self._last < 0.2 and self.done < self.total):
            return
        self._last = now
        self._shown = True
        frac = self.done / self.total
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        elapsed = now - self.t0
        eta = elapsed / frac - elapsed if frac > 0 else 0.0
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}  {elapsed:5.1f}s  eta {eta:5.1f}s ")
        self.stream.flush()

    def close(self) -> None:
        if self._shown:
            self.stream.write("\r" + " " * 78 + "\r")
            self.stream.flush()
