"""Short sound effects synthesised at start-up, and a calm casino-lounge music loop
synthesised the first time music is on (standard library only, on a worker thread).

Effects and music have their own volumes; mute silences both.  Without an audio
device the game is silent and raises nothing.
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
        # chips falling on a win: clinks of two metals, a little apart, over a soft rattle
        "chips": _mix(*[(k * 0.055 + rng.uniform(0, 0.015), _tone(f, 0.12, 0.16, 35, "sine"))
                        for k, f in enumerate((2637, 3136, 2794, 3520, 2960))],
                      (0.0, _noise(0.3, 0.12, 14, rng, 0.7))),
    }


#: the music: a ii-V-I-vi turnaround in C, four bars of 4/4 at 84 beats a minute
TEMPO = 84
CHORDS = (  # (bass root, chord tones) in Hz
    (73.42, (293.66, 349.23, 440.00, 523.25)),   # Dm7
    (98.00, (246.94, 293.66, 349.23, 392.00)),   # G7
    (65.41, (261.63, 329.63, 392.00, 493.88)),   # Cmaj7
    (55.00, (220.00, 261.63, 329.63, 392.00)),   # Am7
)


def _add(buf: list[float], at: int, part: list[float]) -> None:
    """Mix ``part`` into the loop ``buf`` from sample ``at``, wrapping round: the loop has no seam."""
    n = len(buf)
    for i, s in enumerate(part):
        buf[(at + i) % n] += s


def lounge_loop() -> list[float]:
    """A seamless loop of soft electric-piano chords, a walking bass and brushed swing hats."""
    beat = 60 / TEMPO
    n = int(RATE * beat * 4 * len(CHORDS))
    buf = [0.0] * n
    rng = random.Random(5)
    for bar, (root, tones) in enumerate(CHORDS):
        start = bar * 4 * beat
        # the chord on beat 1 and, softer, pushed before beat 3
        for at, vol in ((0.0, 0.05), (1.5, 0.035)):
            for k, f in enumerate(tones):
                _add(buf, int((start + (at + 0.02 * k) * beat) * RATE), _tone(f, beat * 2.4, vol, 1.6))
        # walking bass: root, fifth, octave, a step towards the next chord
        nxt = CHORDS[(bar + 1) % len(CHORDS)][0]
        for b, f in enumerate((root, root * 1.5, root * 2, nxt * 1.06)):
            _add(buf, int((start + b * beat) * RATE), _tone(f, beat * 0.95, 0.16, 3.0))
        # brushes on the swung eighths
        for b in range(4):
            for off, vol in ((0.0, 0.05), (0.66, 0.03)):
                _add(buf, int((start + (b + off) * beat) * RATE), _noise(0.09, vol, 30, rng, 0.35))
    peak = max(abs(s) for s in buf) or 1.0
    return [s * 0.8 / peak for s in buf]


class Sounds:
    """Plays the effects at the settings' volume and the music loop at its own; silent if
    there is no mixer (or ``enabled`` is False: tests, screenshots)."""

    def __init__(self, background: bool = True, enabled: bool = True) -> None:
        self.sounds: dict = {}
        self.volume = 0.7
        self.muted = False
        self._thread = None
        #: the music: wanted (the setting), its volume, the loop once made, the channel it plays on
        self.music_on = False
        self.music_volume = 0.5
        self.music = None
        self._music_thread = None
        self._channel = None
        self.enabled = enabled
        if not enabled:
            return
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

    def close(self, timeout: float = 10.0) -> None:
        """Wait until the sounds and the music are made, before pygame is shut down: a synthesis
        thread still inside the mixer when pygame quits would bring the process down."""
        self.wait(timeout)
        if self._music_thread is not None:
            self._music_thread.join(timeout)

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

    def configure(self, volume: int, muted: bool, music: bool = False, music_volume: int = 50) -> None:
        self.volume = max(0, min(100, volume)) / 100
        self.muted = muted
        self.music_on = bool(music)
        self.music_volume = max(0, min(100, music_volume)) / 100
        if self.music_on and self.music is None and self._music_thread is None and self.enabled:
            import threading  # the loop is made the first time music is wanted, off the game's thread

            self._music_thread = threading.Thread(target=self._make_music, name="music-synth", daemon=True)
            self._music_thread.start()
        self._apply_music()

    @property
    def music_level(self) -> float:
        """The music's volume now (0: silent)."""
        return 0.0 if self.muted or not self.music_on else self.music_volume

    def _make_music(self) -> None:
        self.wait()
        try:
            import pygame

            init = pygame.mixer.get_init()
            if not init or abs(init[1]) != 16:
                return
            self.music = pygame.mixer.Sound(buffer=self._pcm(lounge_loop(), init[0], init[2]))
        except Exception:  # no mixer: no music
            self.music = None
            return
        self._apply_music()

    def _apply_music(self) -> None:
        """Start, stop or set the volume of the loop as the settings say."""
        if self.music is None:
            return
        try:
            level = self.music_level
            if level > 0:
                if self._channel is None:
                    import pygame

                    pygame.mixer.set_reserved(1)  # channel 0 is the music's: effects never take it
                    self._channel = pygame.mixer.Channel(0)
                if not self._channel.get_busy():
                    self._channel.play(self.music, loops=-1)
                self._channel.set_volume(level)
            elif self._channel is not None:
                self._channel.stop()
        except Exception:
            pass

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
