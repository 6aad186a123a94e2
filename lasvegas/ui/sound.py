"""Short sound effects synthesised at start-up (standard library only).

Without an audio device the game is silent and raises nothing.
"""

from __future__ import annotations

import math
import random
from array import array

RATE = 22050


def _tone(freq: float, dur: float, vol: float = 0.5, decay: float = 6.0, kind: str = "sine") -> list[float]:
    n = int(RATE * dur)
    out = []
    for i in range(n):
        t = i / RATE
        ph = 2 * math.pi * freq * t
        if kind == "sine":
            s = math.sin(ph) + 0.3 * math.sin(2 * ph)
        else:
            s = 1.0 if math.sin(ph) > 0 else -1.0
        env = math.exp(-decay * t) * min(1.0, i / 60)
        out.append(s * vol * env)
    return out


def _noise(dur: float, vol: float, decay: float, rng: random.Random, lowpass: float = 0.5) -> list[float]:
    out, prev = [], 0.0
    for i in range(int(RATE * dur)):
        prev = prev + lowpass * (rng.uniform(-1, 1) - prev)
        out.append(prev * vol * math.exp(-decay * i / RATE))
    return out


def _mix(*parts: tuple[float, list[float]]) -> list[float]:
    n = max(int(off * RATE) + len(p) for off, p in parts)
    buf = [0.0] * n
    for off, p in parts:
        o = int(off * RATE)
        for i, s in enumerate(p):
            buf[o + i] += s
    return buf


def synthesise() -> dict[str, list[float]]:
    rng = random.Random(11)
    clicks = [(k * 0.045 + rng.uniform(0, 0.02), _noise(0.03, 0.6, 90, rng, 0.8)) for k in range(9)]
    return {
        "rattle": _mix(*clicks),
        "land": _mix((0, _noise(0.05, 0.8, 70, rng, 0.6)), (0, _tone(140, 0.08, 0.4, 40))),
        "bill": _noise(0.16, 0.35, 18, rng, 0.15),
        "payout": _mix((0, _tone(988, 0.25, 0.25, 12)), (0.06, _tone(1319, 0.3, 0.22, 10))),
        "fanfare": _mix(*[(k * 0.13, _tone(f, 0.45 if k < 3 else 0.9, 0.22, 4)) for k, f in
                          enumerate((523, 659, 784, 1047))]),
        "click": _tone(660, 0.04, 0.2, 80),
    }


class Sounds:
    """Plays the effects at the settings' volume; silent if there is no mixer."""

    def __init__(self, background: bool = True) -> None:
        self.sounds: dict = {}
        self.volume = 0.7
        self.muted = False
        self._thread = None
        if background:  # synthesis takes a moment: the first frame does not wait for it
            import threading

            self._thread = threading.Thread(target=self._load, name="sound-synth", daemon=True)
            self._thread.start()
        else:
            self._load()

    def wait(self, timeout: float = 10.0) -> None:
        """Wait until the sounds are made (benchmark, tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _load(self) -> None:
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
            init = pygame.mixer.get_init()
            if not init:
                return
            freq, size, channels = init
            if abs(size) != 16:
                return
            loaded = {name: pygame.mixer.Sound(buffer=self._pcm(samples, freq, channels))
                      for name, samples in synthesise().items()}
            self.sounds = loaded
        except Exception:  # no audio device, no mixer: play nothing
            self.sounds = {}

    @staticmethod
    def _pcm(samples: list[float], freq: int, channels: int) -> bytes:
        step = RATE / freq
        n = int(len(samples) / step)
        data = array("h")
        for i in range(n):
            v = int(max(-1.0, min(1.0, samples[int(i * step)])) * 32000)
            data.extend([v] * channels)
        return data.tobytes()

    def configure(self, volume: int, muted: bool) -> None:
        self.volume = max(0, min(100, volume)) / 100
        self.muted = muted

    def play(self, name: str) -> None:
        if self.muted or self.volume <= 0:
            return
        s = self.sounds.get(name)
        if s is None:
            return
        try:
            s.set_volume(self.volume)
            s.play()
        except Exception:
            pass
