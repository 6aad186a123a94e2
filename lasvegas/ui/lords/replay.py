"""A Lords of Vegas record played again on its table (``lords-replay``), opened from the Records screen.

The table of the game (``LordsTableScene``) over a ``LordsReplayMatch``: the events of each
recorded move are told as they were, at the replay's speed.  The actions panel holds the
controls: to the start, a turn back, a move back, play or pause, a move on, a turn on, to the
end, the speed, and a bar to click to jump to any move.  Keys: Space plays and pauses, Left /
Right an action back / on, [ / ] (or Page Up / Page Down) a turn back / on, Home / End the start /
the end, S the speed, L the whole log, Escape back to the Records.  Opened from the coach's review
(``at``: paused at that move; ``marks``: the rated moves' verdicts by move), each rated move tells
its verdict, and N / P jump to the next / previous one.  A controller: A plays and
pauses, the d-pad steps, LB / RB a turn back / on, X the speed, B back.  Going back is instant: the
match rebuilds the game at that move and the log is told again up to there.
"""

from __future__ import annotations

import pygame

from ...lords import events as E
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _
from . import layout as L, words
from .results import tie_break_words
from .review import LABEL_RGB
from .table import AI_DELAY, LordsTableScene

#: the bar to click to jump to a move
BAR = pygame.Rect(L.ACTIONS.x + 20, L.ACTIONS.y + 176, L.ACTIONS.w - 40, 22)


class LordsReplayScene(LordsTableScene):
    def __init__(self, app, match, at: int | None = None, marks: dict | None = None) -> None:
        super().__init__(app, match)
        #: the coach's verdicts by move: (label, words), told while the replay stands at one
        self.marks: dict[int, tuple[str, str]] = dict(marks or {})
        self.wait = 0.0
        x, y = L.ACTIONS.x + 20, L.ACTIONS.y + 104
        spec = [("start", "|«", 52), ("turn_back", _("« Turn"), 104), ("back", "<", 48), ("play", "", 96),
                ("forward", ">", 48), ("turn_forward", _("Turn »"), 104), ("end", "»|", 52), ("speed", "", 64)]
        self.controls: dict[str, pygame.Rect] = {}
        for name, _label, w in spec:
            self.controls[name] = pygame.Rect(x, y, w, 40)
            x += w + 8
        self._labels = {name: label for name, label, _w in spec}
        if at is not None:  # from the review: paused at that move, the game as the move found it
            self.jump(at)

    # ------------------------------------------------------------- the match's pace
    def speed(self) -> float | None:
        base = super().speed()
        return None if base is None else base * self.match.speed

    def update(self, dt: float) -> None:
        self.t += dt
        self._animate(dt)
        if self.busy:
            return
        m = self.match
        if m.stepping:
            self._take(m.forward())
            return
        if m.playing and not m.at_end:
            sp = self.speed()
            self.wait += dt
            if sp is None or self.wait >= AI_DELAY / sp:
                self.wait = 0.0
                self._take(m.forward())

    def wake_in(self) -> float | None:
        """Every frame while the replay plays or shows its events; else nothing moves."""
        return 0.0 if self.match.playing or self.match.stepping or super().wake_in() == 0 else None

    # ------------------------------------------------------------- controls
    def play(self) -> None:
        m = self.match
        if not m.playing and m.at_end:
            self.jump(0)  # played to the end: from the start again
        m.playing = not m.playing
        self.wait = 0.0

    def forward(self) -> None:
        self.match.playing = False
        if self.busy:
            self.skip()
        if not self.match.at_end:
            self.match.step()

    def back(self) -> None:
        self.jump(self.match.turn - 1)

    def jump(self, k: int) -> None:
        """The game just after move ``k``, at once, and the log told again up to there."""
        m = self.match
        m.playing = False
        m.seek(k)
        self.queue = []
        self.current = None
        self.flash = ()
        past = m.history()
        self.log = [line for line in (words.describe(ev, self.name) for ev in past) if line]
        # the card beside the deck: the last one drawn up to here (the End card at the end; none before the first)
        self.drawn = next((ev.card for ev in reversed(past) if isinstance(ev, E.CardDrawn)), None)
        g = m.query
        self.shown_money = [float(v) for v in g.money]
        self.shown_chip = [float(c) for c in g.chip]
        self.selected = None

    def turn_back(self) -> None:
        self.jump(self.match.turn_start(0))

    def turn_forward(self) -> None:
        self.jump(self.match.turn_start(1))

    def to_mark(self, d: int) -> None:
        """The next (``d`` = 1) or previous (-1) move the coach rated, paused there."""
        k = self.match.turn
        ahead = [m for m in sorted(self.marks) if (m > k if d > 0 else m < k)]
        if ahead:
            self.jump(ahead[0] if d > 0 else ahead[-1])

    def faster(self) -> None:
        m = self.match
        m.faster(1) if m.speed_index < 2 else m.faster(-2)

    def act_on(self, name: str) -> None:
        {"start": lambda: self.jump(0), "turn_back": self.turn_back, "back": self.back, "play": self.play,
         "forward": self.forward, "turn_forward": self.turn_forward, "end": lambda: self.jump(self.match.turns),
         "speed": self.faster}[name]()

    def tips(self) -> dict[str, str]:
        return {"start": _("To the start (Home)"), "turn_back": _("To the start of this turn, or the one before ( [ )"),
                "back": _("An action back (Left arrow)"), "play": _("Play or pause (Space)"),
                "forward": _("An action on (Right arrow)"), "turn_forward": _("To the start of the next turn ( ] )"),
                "end": _("To the end (End)"), "speed": _("Speed: 1×, 2× or 4× (S)")}

    KEYS = {pygame.K_SPACE: "play", pygame.K_LEFT: "back", pygame.K_RIGHT: "forward",
            pygame.K_LEFTBRACKET: "turn_back", pygame.K_PAGEUP: "turn_back", pygame.K_RIGHTBRACKET: "turn_forward",
            pygame.K_PAGEDOWN: "turn_forward", pygame.K_HOME: "start", pygame.K_END: "end", pygame.K_s: "speed"}

    #: controller buttons with a meaning of their own here (the d-pad sends the arrows, B Escape)
    PAD = {"A": "play", "LEFTSHOULDER": "turn_back", "RIGHTSHOULDER": "turn_forward", "X": "speed"}

    # ------------------------------------------------------------- input
    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if getattr(event, "pad", "") in self.PAD:
                self.act_on(self.PAD[event.pad])
            elif event.key == pygame.K_l:
                self.show_log = not self.show_log
            elif event.key == pygame.K_ESCAPE:
                if self.show_log:
                    self.show_log = False
                else:
                    self.app.pop()
            elif event.key in self.KEYS:
                self.act_on(self.KEYS[event.key])
            elif event.key in (pygame.K_n, pygame.K_p) and self.marks:
                self.to_mark(1 if event.key == pygame.K_n else -1)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name, r in self.controls.items():
                if r.collidepoint(event.pos):
                    self.act_on(name)
                    return
            if BAR.inflate(0, 16).collidepoint(event.pos) and self.match.turns:
                frac = (event.pos[0] - BAR.x) / max(1, BAR.w)
                self.jump(round(max(0.0, min(1.0, frac)) * self.match.turns))
                return
            lot = L.lot_at(event.pos)
            if lot is not None:
                self.select(lot)

    # ------------------------------------------------------------- drawing
    def draw_actions(self, surface, back: bool = True) -> None:
        box = L.ACTIONS
        m, g = self.match, self.match.query
        surface.blit(art.panel(box.w, box.h), box)
        head = _("Replay: playing.") if m.playing else _("Replay: paused.")
        art.blit_text(surface, head, (box.x + 12, box.y + 8), "display", art.fit(head, "display", 20, box.w - 24), GOLD)
        mark = self.marks.get(m.turn) if not self.busy else None
        if mark is not None:
            line = mark[1]
        elif g.is_over:
            line = tie_break_words(m)
        else:
            line = _("Turn {n}: {who}", n=max(1, g.turn), who=self.name(g.active))  # the log's number
        art.blit_wrapped(surface, line, (box.x + 12, box.y + 36), box.w - 24, "body", 16 if mark is None else 15,
                         INK if mark is None else LABEL_RGB[mark[0]])
        labels = dict(self._labels, play=_("Pause") if m.playing else _("Play"), speed=f"{m.speed:g}×")
        for name, r in self.controls.items():
            hover = r.collidepoint(self.mouse)
            surface.rect((60, 110, 90) if hover else (34, 70, 56), r, border_radius=8)
            surface.rect((120, 200, 180), r, width=2, border_radius=8)
            text = labels[name]
            art.blit_text(surface, text, r.center, "bold", art.fit(text, "bold", 18, r.w - 8), INK, anchor="center")
        # the bar: where the replay is among the moves (a click jumps)
        surface.rect((8, 22, 18), BAR, border_radius=6)
        done = BAR.copy()
        done.w = int(BAR.w * m.turn / max(1, m.turns))
        if done.w:
            surface.rect((60, 150, 120), done, border_radius=6)
        surface.rect((120, 200, 180), BAR, width=1, border_radius=6)
        art.blit_text(surface, _("Action {n}/{total}", n=m.turn, total=m.turns), (box.x + 20, BAR.bottom + 8),
                      "body", 15, INK_DIM)
        if self.marks:
            hint = _("N / P: the coach's next / previous rated move")
            art.blit_text(surface, hint, (box.right - 20, BAR.bottom + 8), "body", art.fit(hint, "body", 15, 420),
                          GOLD, anchor="topright")
        keys = _("Space: play or pause · Left/Right: an action · [ ]: a turn · Home/End · S: speed · Esc: back")
        art.blit_wrapped(surface, keys, (box.x + 12, box.bottom - 52), box.w - 24, "body", 14, INK_DIM)
        tip = next((t for n, t in self.tips().items() if self.controls[n].collidepoint(self.mouse)), None)
        if tip:
            w, h = art.measure(tip, "body", 15)
            r = next(r for r in self.controls.values() if r.collidepoint(self.mouse))
            tipbox = pygame.Rect(0, 0, w + 20, h + 10)
            tipbox.midbottom = (r.centerx, r.y - 6)
            tipbox.clamp_ip(pygame.Rect(0, 0, 1280, 720))
            surface.rect((8, 22, 17), tipbox, border_radius=8)
            surface.rect((120, 200, 180), tipbox, width=1, border_radius=8)
            art.blit_text(surface, tip, tipbox.center, "body", 15, INK, anchor="center")
