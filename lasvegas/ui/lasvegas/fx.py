"""Animations of the table: sprites in flight and timed steps, advanced by ``dt``."""

from __future__ import annotations

import math
from typing import Callable

from ..kit import art
from ..kit.anim import Tween, arc, ease_in_out_cubic, ease_out_cubic
from ..kit.money import bill


class Flight:
    """A die or a bill thrown from ``start`` to ``end``; it stays at ``end`` once landed."""

    def __init__(self, kind: str, start, end, duration: float, delay: float = 0.0, *,
                 owner: str = "neutral", value: int = 0, size: int = 30, height: float = 60.0,
                 spin: float = 0.0) -> None:
        self.kind = kind
        self.start, self.end = start, end
        self.tween = Tween(duration, ease_in_out_cubic, delay)
        self.owner, self.value, self.size = owner, value, size
        self.height = height
        self.spin = spin

    def update(self, dt: float) -> None:
        self.tween.update(dt)

    def draw(self, surface) -> None:
        if not self.tween.started:
            return
        t = self.tween.value
        if art.look().reduced_motion:  # reduced motion: it appears where it lands, nothing flies
            t = 1.0
        x, y = arc(self.start, self.end, t, self.height)
        if self.kind == "die":
            img = art.die_rotated(self.owner, self.value, self.size, self.spin * (1 - t))
        else:
            img = bill(self.value, 120, 26)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


class Anim:
    """Steps at given times plus flights; ``finish()`` jumps to the end, running every step."""

    def __init__(self, duration: float, on_finish: Callable[[], None] | None = None) -> None:
        self.duration = duration
        self.elapsed = 0.0
        self.steps: list[tuple[float, Callable[[], None]]] = []
        self.sprites: list[Flight] = []
        self.on_finish = on_finish
        self.finished = False

    def at(self, time: float, fn: Callable[[], None]) -> "Anim":
        self.steps.append((time, fn))
        self.steps.sort(key=lambda s: s[0])
        return self

    def _fire(self, until: float) -> None:
        while self.steps and self.steps[0][0] <= until:
            _, fn = self.steps.pop(0)
            fn()

    def update(self, dt: float) -> None:
        if self.finished:
            return
        self.elapsed += dt
        self._fire(self.elapsed)
        for s in self.sprites:
            s.update(dt)

    @property
    def done(self) -> bool:
        return self.finished or (self.elapsed >= self.duration and not self.steps)

    def finish(self) -> None:
        if self.finished:
            return
        self._fire(math.inf)
        self.finished = True
        self.sprites = []
        if self.on_finish:
            self.on_finish()

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def draw(self, surface) -> None:
        for s in self.sprites:
            s.draw(surface)


class TrayDie:
    """One die of the current roll in the tray."""

    def __init__(self, owner: str, value: int) -> None:
        self.owner, self.value = owner, value
        self.x = self.y = 0.0
        self.vx = self.vy = 0.0
        self.angle = 0.0
        self.spin = 0.0
        self.face = value
        self.target = (0.0, 0.0)
        self.from_ = (0.0, 0.0)
        self.alpha = 255
        #: how much bigger than the roll's other dice it is drawn (a Biggie: ``art.BIG_SCALE``)
        self.scale = 1.0


class Tumble:
    """The roll: dice thrown into the tray, bouncing, settling on the core's values, then grouped."""

    ROLL = 1.05
    GROUP = 0.4

    def __init__(self, tray, dice: list[TrayDie], rng, size: int) -> None:
        self.tray = tray
        self.dice = dice
        self.rng = rng
        self.size = size
        self.elapsed = 0.0
        self.face_timer = 0.0
        self.landed = False
        n = max(1, len(dice))
        for i, d in enumerate(dice):
            # thrown in from the left, spread over the tray's height
            d.x = tray.x + size * 0.6 + rng.uniform(0, 90)
            d.y = tray.y + size / 2 + (tray.h - size) * (i + rng.uniform(0.1, 0.9)) / n
            d.vx = rng.uniform(650, 1250)
            d.vy = rng.uniform(-420, 420)
            d.spin = rng.uniform(-900, 900)
            d.angle = rng.uniform(0, 90)
            d.face = rng.randint(1, 6)

    @property
    def duration(self) -> float:
        return self.ROLL + self.GROUP

    @property
    def grouped(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> list[str]:
        """Advance; returns sound cues."""
        cues = []
        before = self.elapsed
        self.elapsed += dt
        half = self.size / 2
        tr = self.tray
        t = min(self.elapsed, self.ROLL)
        if before < self.ROLL:
            # physics in small steps so a big dt stays stable
            remaining = min(dt, self.ROLL - before)
            while remaining > 1e-6:
                h = min(remaining, 1 / 120)
                remaining -= h
                for d in self.dice:
                    d.x += d.vx * h
                    d.y += d.vy * h
                    if d.x < tr.left + half or d.x > tr.right - half:
                        d.vx = -d.vx * 0.7
                        d.x = min(max(d.x, tr.left + half), tr.right - half)
                    if d.y < tr.top + half or d.y > tr.bottom - half:
                        d.vy = -d.vy * 0.7
                        d.y = min(max(d.y, tr.top + half), tr.bottom - half)
                    damp = math.exp(-2.6 * h)
                    d.vx *= damp
                    d.vy *= damp
                    d.spin *= damp
                    d.angle += d.spin * h
                self._separate()
            self.face_timer += dt
            if t < self.ROLL * 0.7:
                if self.face_timer > 0.07:
                    self.face_timer = 0
                    for d in self.dice:
                        d.face = self.rng.randint(1, 6)
            elif not self.landed:
                self.landed = True
                cues.append("land")
                for d in self.dice:
                    d.face = d.value
            if self.elapsed >= self.ROLL:
                for d in self.dice:
                    d.from_ = (d.x, d.y)
                    d.face = d.value
        if self.elapsed > self.ROLL:
            g = ease_out_cubic(min(1.0, (self.elapsed - self.ROLL) / self.GROUP))
            for d in self.dice:
                d.x = d.from_[0] + (d.target[0] - d.from_[0]) * g
                d.y = d.from_[1] + (d.target[1] - d.from_[1]) * g
                d.angle = d.angle * (1 - g)
        return cues

    def _separate(self) -> None:
        """Dice knock each other instead of passing through."""
        dice = self.dice
        m = self.size * 0.92
        for i in range(len(dice)):
            a = dice[i]
            for j in range(i + 1, len(dice)):
                b = dice[j]
                dx, dy = b.x - a.x, b.y - a.y
                if abs(dx) < m and abs(dy) < m:
                    dist = math.hypot(dx, dy) or 0.01
                    if dist < m:
                        push = (m - dist) / 2
                        ux, uy = dx / dist, dy / dist
                        a.x -= ux * push
                        a.y -= uy * push
                        b.x += ux * push
                        b.y += uy * push
                        # swap the velocity along the line between them (equal masses)
                        va, vb = a.vx * ux + a.vy * uy, b.vx * ux + b.vy * uy
                        if va - vb > 0:
                            a.vx += (vb - va) * ux * 0.9
                            a.vy += (vb - va) * uy * 0.9
                            b.vx += (va - vb) * ux * 0.9
                            b.vy += (va - vb) * uy * 0.9

    def finish(self) -> None:
        self.elapsed = self.duration
        self.landed = True
        for d in self.dice:
            d.face = d.value
            d.x, d.y = d.target
            d.angle = 0.0

    def draw(self, surface) -> None:
        shadow = art.die_shadow(self.size)
        for d in self.dice:
            if d.alpha <= 0:
                continue
            rolling = self.elapsed < self.ROLL
            if d.scale > 1:  # a Biggie
                size = art.big_size(self.size)
                img = art.die_rotated(d.owner, d.face, size, d.angle) if rolling or abs(d.angle) > 1 \
                    else art.big_die(d.owner, d.face, self.size)
                surface.blit(art.die_shadow(size), art.die_shadow(size).get_rect(center=(int(d.x) + 3, int(d.y) + 4)))
                surface.blit(img, img.get_rect(center=(int(d.x), int(d.y))))
                continue
            img = art.die_rotated(d.owner, d.face, self.size, d.angle) if rolling or abs(d.angle) > 1 \
                else art.die(d.owner, d.face, self.size)
            surface.blit(shadow, shadow.get_rect(center=(int(d.x) + 3, int(d.y) + 4)))
            surface.blit(img, img.get_rect(center=(int(d.x), int(d.y))))
