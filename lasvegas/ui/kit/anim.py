"""Tweens with easing, advanced by an injected ``dt`` (tests step time, never sleep)."""

from __future__ import annotations

import math
from typing import Callable


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc(a, b, t, height=80.0):
    """A point on a thrown arc from a to b."""
    x, y = lerp2(a, b, t)
    return (x, y - math.sin(math.pi * t) * height)


class Tween:
    """Progress 0 → 1 over ``duration`` seconds after ``delay``; ``value`` is eased."""

    def __init__(self, duration: float, ease: Callable[[float], float] = ease_out_cubic,
                 delay: float = 0.0) -> None:
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def raw(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration


class Counter:
    """A number that rolls towards its target (money counters)."""

    def __init__(self, value: float = 0.0, rate: float = 4.0) -> None:
        self.value = float(value)
        self.target = float(value)
        self.rate = rate

    def set(self, target: float, instant: bool = False) -> None:
        self.target = float(target)
        if instant:
            self.value = self.target

    def update(self, dt: float) -> None:
        diff = self.target - self.value
        if abs(diff) < 1:
            self.value = self.target
        else:
            self.value += diff * min(1.0, dt * self.rate) + math.copysign(min(abs(diff), 2000 * dt), diff)
            if (self.target - self.value) * diff < 0:
                self.value = self.target
