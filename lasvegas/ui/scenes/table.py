"""The table: six casinos, the seats, the deck, the dice tray.

Data flows one way: input → ``Place`` → core → events → animations → screen.
The scene keeps a *view* of the table that lags the game while events are
animated; every number it shows comes from the core's events or state.
"""

from __future__ import annotations

import math
from collections import deque

import pygame

from ... import core
from ...ai import ThinkingTask, make_ai
from ...core import NEUTRAL, PLACE, Phase
from ...core.config import DICE_PER_COLOUR, neutral_dice_per_seat
from .. import art, save
from ..anim import Counter
from ..app import Scene
from ..art import GOLD, INK, INK_DIM
from ..fx import Anim, Flight, TrayDie, Tumble
from ..i18n import _, money, ngettext
from ..widgets import Button

CASINO_Y, CASINO_W, CASINO_H, CASINO_GAP, CASINO_X = 58, 200, 350, 10, 15
SIGN_H = 64
BILL_W, BILL_H, BILL_STEP = 150, 30, 33
TRAY = pygame.Rect(300, 416, 680, 172)
INFO = pygame.Rect(15, 416, 275, 172)
DECK = pygame.Rect(990, 416, 275, 172)
PANEL_Y, PANEL_H = 596, 116
DIE_SIZE = 46


def casino_rect(c: int) -> pygame.Rect:
    return pygame.Rect(CASINO_X + (c - 1) * (CASINO_W + CASINO_GAP), CASINO_Y, CASINO_W, CASINO_H)


def bill_pos(c: int, i: int) -> tuple[int, int]:
    r = casino_rect(c)
    return (r.x + 8, r.y + SIGN_H + 16 + i * BILL_STEP)


def dice_row_rect(c: int, i: int) -> pygame.Rect:
    r = casino_rect(c)
    col, row = i % 2, i // 2
    return pygame.Rect(r.x + 8 + col * 94, r.y + 250 + row * 32, 90, 30)


class View:
    """What the table shows right now (it catches up with the game as events are animated)."""

    def __init__(self, game: core.Game) -> None:
        cfg = game.config
        self.round = game.round
        self.rounds = cfg.rounds
        self.first_seat = game.first_seat
        self.casino_dice = [dict(game.casino_counts(c)) for c in range(1, 7)]
        self.casino_bills = [list(b) for b in game.casino_bills]
        self.deck_left = len(game.deck)
        self.returned: list[int] = []
        money_t, bills_t = game.money_table(), game.bills_table()
        self.money = {o: Counter(v) for o, v in money_t.items()}
        self.bills = dict(bills_t)
        self.round_bills = {o: 0 for o in bills_t}
        self.hand = {}
        self.neutral = [0] * len(cfg.seats)
        for i, colour in enumerate(cfg.seats):
            own, neu = game.dice_in_hand(i)
            self.hand[colour] = own
            self.neutral[i] = neu
        for i, o in enumerate(game.owners):
            if o not in self.hand and o != NEUTRAL:
                self.hand[o] = game.left[i]
        self.cancelled: dict[int, set] = {}
        self.highlight: int | None = None


class TableScene(Scene):
    def __init__(self, app, game: core.Game, session, *, fresh: bool = True, autosave: bool = True) -> None:
        super().__init__(app)
        self.game = game
        self.session = session
        self.cfg = game.config
        self.autosave = autosave
        self.solo = self.cfg.is_solo
        self.view = View(game)
        self.queue: deque = deque()
        self.anim: Anim | None = None
        self.tumble: Tumble | None = None
        self.turn_seat: int | None = None
        self.turn_dice: list[TrayDie] = []
        self.groups: list[tuple[int, pygame.Rect]] = []
        self.key_y = TRAY.bottom - 30
        self.await_roll = False
        self.ready = False
        self.hover: int | None = None
        self.selected: int | None = None
        self.previews: dict[int, core.Preview] = {}
        self.skipping = False
        self.task: ThinkingTask | None = None
        self.ai_wait = 0.0
        self.last_human: int | None = None
        self.clock = 0.0
        self.banner: tuple[str, float] | None = None
        self.current_event = None
        self._bg: pygame.Surface | None = None
        #: solo: your margin against all other colours after each finished round
        self.round_margins: list[int] = _round_margins(game) if self.solo else []
        seed = game.seed if isinstance(game.seed, int) else 0
        self.players = {i: _make_ai(s.level, seed + 101 * (i + 1))
                        for i, s in enumerate(session.seats) if s.is_ai}
        if self.solo:
            self.panel_owners = list(self.cfg.seats) + list(self.cfg.opponents)
        else:
            self.panel_owners = list(self.cfg.seats)
        self.roll_button = Button((TRAY.centerx - 90, TRAY.centery - 32, 180, 64), _("ROLL"), self.roll,
                                  style="primary", size=34)
        self.menu_button = Button((1160, 10, 105, 38), _("Menu"), self.open_pause, size=20)
        #: solo: the hint of this turn (a thread while it thinks, then (value, chance))
        self.hint_task = None
        self.hint: tuple[int, float] | None = None
        self.hint_button = Button((980, 10, 130, 38), _("Hint (H)"), self.ask_hint, size=20)
        self.hint_button.visible = self.solo
        if fresh:
            self.queue.extend(game.opening_events)
        elif game.phase is Phase.PLACE:
            self.queue.append(core.DiceRolled(game.current, tuple(n for n, _v in game.rolled),
                                              tuple(v for _n, v in game.rolled)))
        self._start_ai()

    # ------------------------------------------------------------- helpers
    @property
    def speed(self) -> float | None:
        return self.app.settings.speed

    def seat_info(self, seat: int):
        return self.session.seats[seat]

    def is_ai(self, seat: int) -> bool:
        return self.session.seats[seat].is_ai

    def name_of(self, owner: str) -> str:
        if owner == NEUTRAL:
            return _("Neutral")
        for s in self.session.seats:
            if s.colour == owner:
                return s.name
        return _(owner.title())

    def panel_rect(self, owner: str) -> pygame.Rect:
        n = len(self.panel_owners)
        w = min(244, (1250 - (n - 1) * 8) // n)
        total = n * w + (n - 1) * 8
        x0 = (1280 - total) // 2
        i = self.panel_owners.index(owner) if owner in self.panel_owners else 0
        return pygame.Rect(x0 + i * (w + 8), PANEL_Y, w, PANEL_H)

    def deck_point(self) -> tuple[int, int]:
        return (DECK.x + 70, DECK.y + 78)

    def money_visible(self, owner: str) -> bool:
        if not self.session.hide_money or self.solo:
            return True
        humans = self.session.humans
        viewer = None
        cur = self.turn_seat if self.turn_seat is not None else self.game.current
        if cur is not None and cur < len(self.session.seats) and not self.is_ai(cur):
            viewer = cur
        elif self.last_human is not None:
            viewer = self.last_human
        elif len(humans) == 1:
            viewer = humans[0]
        return viewer is not None and self.cfg.seats[viewer] == owner

    def _run(self, anim: Anim) -> None:
        """Start an animation (or finish it at once when animation is off or skipped)."""
        if self.speed is None or self.skipping or anim.duration <= 0:
            anim.finish()
        else:
            self.anim = anim

    def _save(self) -> None:
        if self.autosave and not self.game.is_over:
            try:
                save.write_autosave(self.game, self.session)
            except OSError:
                pass

    # ------------------------------------------------------------ AI seats
    def _start_ai(self) -> None:
        g = self.game
        if g.phase is Phase.PLACE and not self.solo and self.is_ai(g.current):
            # budget None: each level's fixed amount of thinking, so a seeded game replays the same
            self.task = ThinkingTask(self.players[g.current], g, budget=None)
            self.ai_wait = 0.0
        else:
            self.task = None

    def cancel_ai(self) -> None:
        if self.task:
            self.task.cancel()
        self.drop_hint()

    # ---------------------------------------------------------- solo hint
    @property
    def hints_used(self) -> int:
        return int(self.session.extra.get("hints", 0))

    def can_hint(self) -> bool:
        g = self.game
        return self.solo and self.ready and not g.is_over and g.phase is Phase.PLACE and not self.await_roll

    def ask_hint(self) -> None:
        """The strongest AI's move and the chance to win after it, thought out on a worker thread."""
        if not self.can_hint() or self.hint_task is not None or self.hint is not None:
            return
        from ...solo.hint import HintTask

        seed = (self.game.seed if isinstance(self.game.seed, int) else 0) * 31 + self.game.turns_this_round
        self.hint_task = HintTask(self.game, budget=3.0, seed=seed + 1000 * self.game.round)
        # using a hint is counted once per turn, on the result
        self.session.extra["hints"] = self.hints_used + 1
        self.app.sounds.play("click")
        self._save()

    def drop_hint(self) -> None:
        if self.hint_task is not None:
            self.hint_task.cancel()
        self.hint_task = None
        self.hint = None

    def _poll_hint(self) -> None:
        t = self.hint_task
        if t is None or not t.done:
            return
        self.hint_task = None
        if t.error is not None or t.result is None:
            if t.error is not None:
                save.log_error(t.error)
            return
        move, chance = t.result
        if move.value in self.game.legal_values():
            self.hint = (move.value, chance)

    # ------------------------------------------------------------- actions
    def roll(self) -> None:
        if not self.await_roll:
            return
        self.await_roll = False
        self._start_tumble()

    def place(self, value: int) -> bool:
        """The current seat places its dice of ``value`` (human choice or AI answer)."""
        g = self.game
        if not self.ready or value not in g.legal_values():
            return False
        seat = g.current
        events = g.apply(PLACE[value])
        if not self.is_ai_seat(seat):
            self.last_human = seat
        self.ready = False
        self.hover = self.selected = None
        self.previews = {}
        self.drop_hint()
        self.queue.extend(events)
        self._save()
        self._start_ai()
        return True

    def is_ai_seat(self, seat: int) -> bool:
        return not self.solo and self.is_ai(seat)

    def preview(self, value: int) -> core.Preview | None:
        if value not in self.previews:
            try:
                self.previews[value] = self.game.preview(value)
            except core.IllegalAction:
                return None
        return self.previews[value]

    def skip(self) -> None:
        """Jump to the end of what is moving (and of the events queued up to the next roll)."""
        if self.tumble and not self.tumble.grouped:
            self.tumble.finish()
            self._tumble_done()
        if self.anim or self.queue:
            self.skipping = True
            if self.anim:
                a, self.anim = self.anim, None
                a.finish()

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    # -------------------------------------------------------------- events
    def handle(self, event) -> None:
        if self.menu_button.handle(event):
            return
        if self.solo and (self.hint_button.handle(event) or
                          (event.type == pygame.KEYDOWN and event.key == pygame.K_h)):
            if event.type == pygame.KEYDOWN:
                self.ask_hint()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        human_turn = self.ready and not self.is_ai_seat(self.game.current) and not self.game.is_over
        if self.await_roll:
            if self.roll_button.handle(event):
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_r):
                self.roll()
            return
        busy = self.anim is not None or (self.tumble is not None and not self.tumble.grouped) or bool(self.queue)
        if busy and not human_turn:
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or \
                    (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)):
                self.skip()
            return
        if not human_turn:
            if self.ready and (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 or
                               event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
                self.ai_wait = 1e9  # the AI's pace is presentation only: a click hurries it
            return
        values = [v for v, _r in self.groups]
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._group_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            v = self._group_at(event.pos)
            if v is None:
                return
            if self.app.settings.confirm_place and self.selected != v:
                self.selected = v
                self.app.sounds.play("click")
            else:
                self.place(v)
        elif event.type == pygame.KEYDOWN:
            digit = _digit(event.key)
            if digit is not None and digit in values:
                if self.selected == digit:
                    self.place(digit)
                else:
                    self.selected = digit
                    self.hover = None
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and values:
                cur = self.selected if self.selected in values else None
                d = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
                i = values.index(cur) + d if cur is not None else (0 if d > 0 else len(values) - 1)
                self.selected = values[i % len(values)]
                self.hover = None
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.selected in values:
                self.place(self.selected)

    def _group_at(self, pos) -> int | None:
        for v, r in self.groups:
            if r.inflate(10, 10).collidepoint(pos):
                return v
        return None

    # -------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.solo:
            self._poll_hint()
            self.hint_button.enabled = self.can_hint() and self.hint_task is None and self.hint is None
        k = self.speed or 1.0
        for c in self.view.money.values():
            c.update(dt * k)
        if self.banner:
            text, t = self.banner
            t -= dt * k
            self.banner = (text, t) if t > 0 else None
        if self.anim:
            self.anim.update(dt * k)
            if self.anim.done:
                a, self.anim = self.anim, None
                a.finish()
        if self.tumble and not self.tumble.grouped:
            for cue in self.tumble.update(dt * k):
                self.app.sounds.play(cue)
            if self.tumble.grouped:
                self._tumble_done()
        while self.anim is None and self.queue and not self.await_roll and \
                (self.tumble is None or self.tumble.grouped) and self.app.top is self:
            self._present(self.queue.popleft())
        if not self.queue and self.anim is None:
            self.skipping = False
        # an AI seat answers once the table has caught up and its pace has passed
        g = self.game
        if self.ready and not self.queue and self.anim is None and self.is_ai_seat(g.current) \
                and not g.is_over and self.app.top is self:
            self.ai_wait += dt
            task = self.task
            if task is None:
                self._start_ai()
            elif task.done and self.ai_wait >= self.app.settings.ai_delay * (0 if self.speed is None else 1):
                choice = task.result
                if task.error is not None or choice is None or choice.value not in g.legal_values():
                    if task.error is not None:
                        save.log_error(task.error)
                    choice = g.legal_actions()[0]
                self.place(choice.value)

    # --------------------------------------------------- event → animation
    def _present(self, ev) -> None:
        self.current_event = ev
        kind = type(ev).__name__
        getattr(self, "_ev_" + kind)(ev)

    def _ev_RoundStarted(self, ev) -> None:
        v = self.view
        v.round = ev.round
        v.first_seat = ev.first_seat
        v.returned = []
        v.casino_dice = [{} for _ in range(6)]  # a round starts on empty casinos (pre-placed dice follow)
        v.round_bills = {o: 0 for o in v.round_bills}
        for o in v.hand:
            v.hand[o] = DICE_PER_COLOUR
        if self.solo:
            v.hand[self.cfg.seats[0]] = self.cfg.level.dice
        if self.cfg.neutral:
            v.neutral = [neutral_dice_per_seat(len(self.cfg.seats))] * len(self.cfg.seats)
        self.banner = (_("Round {n} of {total}", n=ev.round + 1, total=self.cfg.rounds), 1.3)
        self._run(Anim(0.5))

    def _ev_BillsDealt(self, ev) -> None:
        v = self.view
        a = Anim(0.0)
        start = self.deck_point()
        delay = 0.0
        deck = ev.deck_left + sum(len(b) for b in ev.casinos)
        v.deck_left = deck
        for c, bills in enumerate(ev.casinos, start=1):
            for i, b in enumerate(bills):
                x, y = bill_pos(c, i)
                a.sprites.append(Flight("bill", start, (x + BILL_W // 2, y + BILL_H // 2), 0.45, delay,
                                        value=b, height=50))
                a.at(delay, lambda: (setattr(v, "deck_left", v.deck_left - 1), self.app.sounds.play("bill")))
                delay += 0.06
        a.duration = delay + 0.45

        def done():
            v.casino_bills = [list(b) for b in ev.casinos]
            v.deck_left = ev.deck_left
        a.on_finish = done
        v.casino_bills = [[] for _ in range(6)]
        self._run(a)

    def _ev_DicePreplaced(self, ev) -> None:
        v = self.view
        a = Anim(0.0)
        start = TRAY.center
        for i, val in enumerate(ev.values):
            end = casino_rect(val).midbottom
            a.sprites.append(Flight("die", start, (end[0], end[1] - 50), 0.6, i * 0.08, owner=ev.owner,
                                    value=val, size=30, height=90, spin=self.app.fx_rng.uniform(-180, 180)))
        a.duration = 0.6 + 0.08 * len(ev.values)

        def done():
            for val in ev.values:
                d = v.casino_dice[val - 1]
                d[ev.owner] = d.get(ev.owner, 0) + 1
            if ev.owner in v.hand:
                v.hand[ev.owner] = max(0, v.hand[ev.owner] - len(ev.values))
            self.app.sounds.play("land")
        a.on_finish = done
        self.app.sounds.play("rattle")
        self._run(a)

    def _ev_DiceRolled(self, ev) -> None:
        self.skipping = False
        self.turn_seat = ev.seat
        self.turn_dice = [TrayDie(o, val) for o, val in zip(ev.owners, ev.values)]
        self._layout_groups()
        self.tumble = None
        self.ready = False
        self.previews = {}
        self.hover = self.selected = None
        human = not self.is_ai_seat(ev.seat)
        if human:
            self.await_roll = True
            humans = self.session.humans
            if (self.session.handover and len(humans) >= 2 and self.last_human is not None
                    and self.last_human != ev.seat):
                from .handover import HandoverScene

                self.app.push(HandoverScene(self.app, self.session.seats[ev.seat].name,
                                            self.session.seats[ev.seat].colour))
        else:
            self._start_tumble()

    def _start_tumble(self) -> None:
        self.tumble = Tumble(TRAY.inflate(-16, -16), self.turn_dice, self.app.fx_rng, DIE_SIZE)
        self.app.sounds.play("rattle")
        if self.speed is None or self.skipping:
            self.tumble.finish()
            self._tumble_done()

    def _tumble_done(self) -> None:
        self.ready = True

    def _layout_groups(self) -> None:
        """Dice of one value side by side, two rows, groups centred in the tray."""
        by_value: dict[int, list[TrayDie]] = {}
        for d in self.turn_dice:
            by_value.setdefault(d.value, []).append(d)
        step = DIE_SIZE + 6
        gap = 26
        one_row = len(self.turn_dice) * step + gap * (len(by_value) - 1) <= TRAY.w - 40
        rows_of = {val: 1 if one_row or len(ds) == 1 else 2 for val, ds in by_value.items()}
        widths = {val: math.ceil(len(ds) / rows_of[val]) * step - 6 for val, ds in by_value.items()}
        total = sum(widths.values()) + gap * (len(widths) - 1)
        x = TRAY.centerx - total // 2
        top = TRAY.y + (46 if one_row else 20)
        self.groups = []
        self.key_y = top + (step if one_row else 2 * step) + 12
        for val in sorted(by_value):
            ds = sorted(by_value[val], key=lambda d: d.owner == NEUTRAL)
            cols = math.ceil(len(ds) / rows_of[val])
            for i, d in enumerate(ds):
                col, row = i % cols, i // cols
                d.target = (x + col * step + DIE_SIZE / 2, top + row * step + DIE_SIZE / 2)
            rows = 1 if len(ds) <= cols else 2
            self.groups.append((val, pygame.Rect(x, top, widths[val], rows * step - 6)))
            x += widths[val] + gap

    def _ev_DicePlaced(self, ev) -> None:
        v = self.view
        a = Anim(0.55)
        dice = [d for d in self.turn_dice if d.value == ev.value]
        rows = self._rows_for(ev.value - 1, [o for o, _n in ev.dice])
        for i, d in enumerate(dice):
            r = rows.get(d.owner, casino_rect(ev.value))
            a.sprites.append(Flight("die", (d.x, d.y), (r.x + 15, r.centery), 0.45, i * 0.03, owner=d.owner,
                                    value=d.value, size=DIE_SIZE, height=70,
                                    spin=self.app.fx_rng.uniform(-90, 90)))
            d.alpha = 0
        a.duration = 0.5 + 0.03 * len(dice)
        v.highlight = ev.value

        def done():
            cd = v.casino_dice[ev.value - 1]
            for owner, n in ev.dice:
                cd[owner] = cd.get(owner, 0) + n
                if owner == NEUTRAL:
                    v.neutral[ev.seat] = max(0, v.neutral[ev.seat] - n)
                elif owner in v.hand:
                    v.hand[owner] = max(0, v.hand[owner] - n)
            v.highlight = None
            self.turn_dice = []
            self.groups = []
            self.tumble = None
            self.turn_seat = None
            self.app.sounds.play("land")
        a.on_finish = done
        self._run(a)

    def _rows_for(self, c: int, extra: list[str]) -> dict[str, pygame.Rect]:
        owners = [o for o in self.game.owners if self.view.casino_dice[c].get(o) or o in extra]
        return {o: dice_row_rect(c + 1, i) for i, o in enumerate(owners)}

    def _ev_CasinoPaid(self, ev) -> None:
        v = self.view
        c = ev.casino
        a = Anim(0.0)
        v.highlight = c
        t0 = 0.55 if ev.cancelled else 0.3
        if ev.cancelled:
            v.cancelled[c] = set(ev.cancelled)

        def remove_cancelled():
            for o in ev.cancelled:
                v.casino_dice[c - 1].pop(o, None)
            v.cancelled.pop(c, None)
        a.at(t0, remove_cancelled)
        bills = list(v.casino_bills[c - 1])
        flights = [(o, b) for o, b in ev.awards] + [(None, b) for b in ev.returned]
        delay = t0
        for o, b in flights:
            idx = bills.index(b) if b in bills else 0
            if b in bills:
                bills[idx] = None
            x, y = bill_pos(c, idx)
            end = self.panel_rect(o).center if o and o != NEUTRAL else self.deck_point()

            def take(c=c, b=b):
                lst = v.casino_bills[c - 1]
                if b in lst:
                    lst.remove(b)
                self.app.sounds.play("bill")
            a.at(delay, take)
            a.sprites.append(Flight("bill", (x + BILL_W // 2, y + BILL_H // 2), end, 0.6, delay, value=b,
                                    height=-60 if o and o != NEUTRAL else 40))

            def land(o=o, b=b):
                if o and o != NEUTRAL:
                    v.money[o].set(v.money[o].target + b, instant=self.speed is None)
                    v.bills[o] = v.bills.get(o, 0) + 1
                    v.round_bills[o] = v.round_bills.get(o, 0) + 1
                else:
                    v.returned.append(b)
                    v.deck_left += 1
            a.at(delay + 0.6, land)
            delay += 0.14
        a.duration = delay + 0.55 if flights else t0 + 0.2

        def done():
            v.casino_dice[c - 1] = {}
            v.casino_bills[c - 1] = []
            v.highlight = None
            if ev.awards:
                self.app.sounds.play("payout")
        a.on_finish = done
        self._run(a)

    def _ev_RoundEnded(self, ev) -> None:
        from .summary import SummaryScene

        self.skipping = False
        if self.solo:
            totals = dict(ev.money)
            me = self.cfg.seats[0]
            self.round_margins.append(totals.get(me, 0) - sum(m for o, m in totals.items() if o != me))
        for o, total in ev.money:
            if o in self.view.money:
                self.view.money[o].set(total, instant=True)
        self.app.push(SummaryScene(self.app, self, ev))

    def _ev_GameEnded(self, ev) -> None:
        from .results import ResultsScene

        save.clear_autosave()
        try:
            save.save_record(self.game, self.session)
        except OSError:
            pass
        self.app.sounds.play("fanfare")
        if self.solo:
            from .solo_result import SoloResultScene

            self.app.replace(SoloResultScene(self.app, self.game, self.session))
            return
        self.app.replace(ResultsScene(self.app, self.game, self.session))

    # ---------------------------------------------------------------- draw
    def _background(self) -> pygame.Surface:
        """Everything that never moves, composed once: felt, casino tiles, tray, panel backs."""
        if self._bg is None:
            bg = art.felt(1280, 720).copy()
            for c in range(1, 7):
                bg.blit(art.casino_tile(c, CASINO_W, CASINO_H, SIGN_H), casino_rect(c))
            bg.blit(art.panel(INFO.w, INFO.h), INFO)
            bg.blit(art.panel(DECK.w, DECK.h), DECK)
            pygame.draw.rect(bg, (70, 40, 22), TRAY, border_radius=18)
            pygame.draw.rect(bg, (120, 78, 40), TRAY, width=3, border_radius=18)
            inner = TRAY.inflate(-16, -16)
            pygame.draw.rect(bg, (10, 52, 34), inner, border_radius=12)
            pygame.draw.rect(bg, (0, 0, 0), inner, width=2, border_radius=12)
            for o in self.panel_owners:
                r = self.panel_rect(o)
                bg.blit(art.panel(r.w, r.h, alpha=200), r)
                pygame.draw.rect(bg, art.owner_rgb(o), (r.x, r.y, 8, r.h), border_top_left_radius=12,
                                 border_bottom_left_radius=12)
                bg.blit(art.symbol(o, 24), (r.x + 16, r.y + 12))
            logo = art.glow_text(_("LAS VEGAS"), "display", 30, art.NEON[0], 4)
            bg.blit(logo, logo.get_rect(midleft=(10, 29)))
            self._bg = bg.convert() if pygame.display.get_surface() else bg
        return self._bg

    def draw(self, surface) -> None:
        surface.blit(self._background(), (0, 0))
        self._draw_top(surface)
        focus = self.hover if self.hover is not None else self.selected
        prev = self.preview(focus) if (focus is not None and self.ready
                                       and not self.is_ai_seat(self.game.current)) else None
        for c in range(1, 7):
            self._draw_casino(surface, c, prev if prev and prev.casino == c else None)
        self._draw_info(surface, prev)
        self._draw_tray(surface, focus)
        if self.solo:
            self._draw_scoreboard(surface)
        else:
            self._draw_deck(surface)
        for o in self.panel_owners:
            self._draw_panel(surface, o)
        if self.anim:
            self.anim.draw(surface)
        if self.banner:
            text, t = self.banner
            img = art.glow_text(text, "display", 64, art.NEON[2], 10)
            a = min(1.0, t / 0.3)
            img.set_alpha(int(255 * a))
            surface.blit(img, img.get_rect(center=(640, 300)))

    def _draw_top(self, surface) -> None:
        label = _("Round {n} of {total}", n=min(self.view.round + 1, self.cfg.rounds), total=self.cfg.rounds)
        if self.solo:
            label += "  ·  " + _("Solo: {level}", level=_(self.cfg.level.label))
            if self.session.extra.get("daily"):
                label += "  ·  " + (_("Daily (practice)") if self.session.extra.get("practice") else _("Daily"))
        art.blit_text(surface, label, (640, 29), "display", 26, INK, anchor="center")
        self.menu_button.draw(surface)
        art.blit_text(surface, _("Esc"), (1150, 29), "body", 14, INK_DIM, anchor="midright")
        if self.solo:
            self.hint_button.draw(surface)

    def _draw_casino(self, surface, c: int, prev: dict | None) -> None:
        r = casino_rect(c)
        v = self.view
        lit = prev is not None or v.highlight == c
        if lit:
            frame = art.neon_frame(CASINO_W, CASINO_H, art.NEON[c - 1], 14, 3)
            surface.blit(frame, (r.x - 12, r.y - 12))
        bills = v.casino_bills[c - 1]
        award_of: dict[int, str] = {}
        if prev:
            for i, (o, _b) in enumerate(prev.after.awards):
                award_of[i] = o
        for i, b in enumerate(bills):
            x, y = bill_pos(c, i)
            surface.blit(art.bill(b, BILL_W, BILL_H), (x, y))
            if i in award_of:
                o = award_of[i]
                chip = art.symbol(o, 26)
                pygame.draw.circle(surface, (0, 0, 0), (x + BILL_W + 20, y + BILL_H // 2), 15)
                pygame.draw.circle(surface, art.owner_rgb(o), (x + BILL_W + 20, y + BILL_H // 2), 15, 2)
                surface.blit(chip, chip.get_rect(center=(x + BILL_W + 20, y + BILL_H // 2)))
        if not bills and not (self.anim and v.highlight == c):
            art.blit_text(surface, _("no bills"), (r.centerx, r.y + SIGN_H + 40), "body", 16, INK_DIM,
                          anchor="center")
        # dice on the casino, grouped by owner, with counts
        counts = dict(v.casino_dice[c - 1])
        added = prev.placed if prev else {}
        owners = [o for o in self.game.owners if counts.get(o) or added.get(o)]
        cancelled = set(v.cancelled.get(c, ()))
        if prev:
            cancelled = set(prev.after.cancelled)
        art.blit_text(surface, _("DICE"), (r.x + 10, r.y + 232), "bold", 12, INK_DIM, anchor="midleft")
        pygame.draw.line(surface, (70, 90, 84), (r.x + 44, r.y + 232), (r.right - 10, r.y + 232))
        for i, o in enumerate(owners):
            rr = dice_row_rect(c, i)
            n = counts.get(o, 0)
            surface.blit(art.die(o, c, 26), (rr.x + 2, rr.y + 2))
            label = f"×{n}" if n else ""
            if label:
                art.blit_text(surface, label, (rr.x + 34, rr.centery + 1), "display", 22, INK, anchor="midleft")
            if added.get(o):
                w = art.font("display", 22).size(label)[0] - (4 if not n else 0)
                art.blit_text(surface, f"+{added[o]}", (rr.x + 38 + w, rr.centery + 1), "display", 20,
                              art.NEON[3], anchor="midleft")
            if o in cancelled:
                pygame.draw.rect(surface, art.DANGER, rr.inflate(2, 2), width=2, border_radius=6)
        tag = None
        if prev and (prev.ties_created or prev.ties_broken):
            tag = _("TIE!") if prev.ties_created else _("TIE BROKEN")
            col = art.DANGER if prev.ties_created else art.NEON[3]
        elif c in v.cancelled:
            tag, col = _("TIE!"), art.DANGER
        if tag:
            t = art.text(tag, "display", 18, (0, 0, 0))
            box = t.get_rect(midbottom=(r.centerx, r.bottom - 6)).inflate(14, 4)
            pygame.draw.rect(surface, col, box, border_radius=6)
            surface.blit(t, t.get_rect(center=box.center))

    def _draw_info(self, surface, prev) -> None:
        x, y, w = INFO.x + 14, INFO.y + 10, INFO.w - 28
        seat = self.turn_seat
        if self.anim and self.view.highlight and not self.turn_dice:
            art.blit_text(surface, _("Payout"), (x, y), "display", 26, GOLD)
            art.blit_text(surface, _("Casino {n}", n=self.view.highlight), (x + 110, y + 20), "bold", 20, INK,
                          anchor="midleft")
            ev = self.current_event
            yy = y + 38
            if type(ev).__name__ == "CasinoPaid":
                if ev.cancelled:
                    yy = art.blit_wrapped(surface, _("Tie: {names} get nothing",
                                                     names=", ".join(self.name_of(o) for o in ev.cancelled)),
                                          (x, yy), w, "bold", 15, art.DANGER)
                for o, b in ev.awards[:3]:
                    surface.blit(art.symbol(o, 16), (x, yy + 3))
                    label = _("{name} wins {amount}", name=self.name_of(o), amount=money(b))
                    if o == NEUTRAL:
                        label = _("Neutral wins {amount} (under the deck)", amount=money(b))
                    art.blit_text(surface, label, (x + 22, yy), "body", 16, INK)
                    yy += 22
                if ev.returned:
                    art.blit_text(surface, ngettext("{n} bill goes under the deck", "{n} bills go under the deck",
                                                    len(ev.returned)), (x, yy), "body", 15, INK_DIM)
                if not ev.dice:
                    art.blit_text(surface, _("no dice here"), (x, yy), "body", 15, INK_DIM)
            art.blit_text(surface, _("Click or Space to skip"), (x, INFO.bottom - 26), "body", 14, INK_DIM)
            return
        if seat is None:
            art.blit_text(surface, _("Round {n}", n=self.view.round + 1), (x, y), "display", 26, GOLD)
            kind = type(self.current_event).__name__
            if kind in ("RoundStarted", "BillsDealt", "DicePreplaced") and (self.queue or self.anim):
                art.blit_text(surface, _("Dealing the bills…"), (x, y + 38), "body", 17, INK)
            elif kind == "RoundEnded":
                art.blit_text(surface, _("Payout done."), (x, y + 38), "body", 17, INK)
            return
        if prev and self.solo:
            self._draw_solo_preview(surface, prev, x, y, w)
            return
        info = self.session.seats[seat]
        colour = info.colour
        surface.blit(art.symbol(colour, 26), (x, y + 4))
        who = _("Your turn") if self.solo else _("{name}'s turn", name=info.name)
        art.blit_text(surface, who, (x + 32, y), "display", 24,
                      art.lighter(art.owner_rgb(colour), 0.25))
        y += 38
        if prev:
            placed = prev.placed
            n = sum(placed.values())
            art.blit_text(surface, ngettext("{n} die on casino {c}:", "{n} dice on casino {c}:", n,
                                            c=prev.casino), (x, y), "bold", 18, INK)
            y += 26
            awards = prev.after.awards
            if not awards:
                art.blit_text(surface, _("nobody would be paid"), (x, y), "body", 16, INK_DIM)
                y += 22
            for o, b in awards[:3]:
                surface.blit(art.symbol(o, 16), (x, y + 3))
                art.blit_text(surface, _("{name} would win {amount}", name=self.name_of(o), amount=money(b)),
                              (x + 22, y), "body", 16, INK)
                y += 22
            warn = None
            if prev.ties_created:
                warn = _("Creates a tie: {names} get nothing",
                         names=", ".join(self.name_of(o) for o in prev.ties_created))
            elif prev.ties_broken:
                warn = _("Breaks the tie of {names}",
                         names=", ".join(self.name_of(o) for o in prev.ties_broken))
            if warn:
                col = art.DANGER if prev.ties_created else art.NEON[3]
                # the warning sits at the bottom of the panel, however many lines it wraps to
                n = len(art.wrap("! " + warn, "bold", 15, w))
                step = int(art.font("bold", 15).get_linesize() * 1.25 * 0.85)
                art.blit_wrapped(surface, "! " + warn, (x, max(y, INFO.bottom - 10 - n * step)), w, "bold", 15, col)
            return
        if self.await_roll:
            lines = [_("Your roll."), _("Click ROLL or press Space.")]
        elif not self.ready:
            lines = [_("Rolling…")]
        elif self.is_ai_seat(seat):
            dots = "." * (1 + int(self.clock * 3) % 3)
            lines = [_("{level} AI is thinking", level=_(info.level.title())) + dots]
        else:
            if self.app.settings.confirm_place:
                lines = [_("Choose a group of dice:"), _("click it, then click again"),
                         _("or keys 1–6 / arrows, Enter")]
            else:
                lines = [_("Choose a group of dice:"), _("hover to preview, click to place"),
                         _("or keys 1–6 / arrows, Enter")]
        for line in lines:
            art.blit_text(surface, line, (x, y), "body", 17, INK)
            y += 25
        own, neu = self.view.hand.get(colour, 0), (self.view.neutral[seat] if seat < len(self.view.neutral) else 0)
        foot = ngettext("{n} die left", "{n} dice left", own) if not neu else \
            _("{own} own + {neu} neutral dice left", own=own, neu=neu)
        art.blit_text(surface, foot, (x, INFO.bottom - 28), "body", 15, INK_DIM)

    def _draw_solo_preview(self, surface, prev: core.Preview, x: int, y: int, w: int) -> None:
        """Solo: the standings at the casino after placing, for every colour."""
        c = prev.casino
        n = sum(prev.placed.values())
        art.blit_text(surface, ngettext("Casino {c} with {n} more die", "Casino {c} with {n} more dice", n, c=c),
                      (x, y), "bold", 18, art.NEON[c - 1])
        after, placed = prev.after, prev.placed
        won = dict(after.awards)
        cancelled = set(after.cancelled)
        owners = sorted(self.game.owners, key=lambda o: (-after.dice.get(o, 0), self.game.owners.index(o)))
        y += 30
        for o in owners:
            d = after.dice.get(o, 0)
            surface.blit(art.symbol(o, 16), (x, y + 1))
            art.blit_text(surface, self.name_of(o), (x + 22, y), "bold" if o == self.cfg.seats[0] else "body",
                          15, INK)
            if d:
                label = f"×{d}" + (f" (+{placed[o]})" if placed.get(o) else "")
                art.blit_text(surface, label, (x + 100, y), "body", 15, art.NEON[3] if placed.get(o) else INK)
            if o in won:
                res, col = money(won[o]), GOLD
            elif o in cancelled:
                res, col = _("tie: nothing"), art.DANGER
            elif d:
                res, col = _("no bill"), INK_DIM
            else:
                res, col = "—", INK_DIM
            art.blit_text(surface, res, (x + w, y), "bold", 15, col, anchor="topright")
            y += 21

    def _draw_scoreboard(self, surface) -> None:
        """Solo: your money against all the other colours together, a bar, and each round's margin."""
        v = self.view
        me = self.cfg.seats[0]
        x, y, w = DECK.x + 14, DECK.y + 8, DECK.w - 28
        art.blit_text(surface, _("You vs the rest"), (x, y), "display", 21, INK)
        art.blit_text(surface, ngettext("deck: {n} bill", "deck: {n} bills", v.deck_left), (x + w, y + 8),
                      "body", 13, INK_DIM, anchor="topright")
        mine = v.money[me].value
        others = sum(c.value for o, c in v.money.items() if o != me)
        y += 34
        art.blit_text(surface, money(mine), (x, y), "display", 21, art.lighter(art.owner_rgb(me), 0.3))
        art.blit_text(surface, money(others), (x + w, y), "display", 21, INK, anchor="topright")
        y += 30
        bar = pygame.Rect(x, y, w, 14)
        pygame.draw.rect(surface, (70, 76, 80), bar, border_radius=7)
        total = mine + others
        if total > 0:
            part = bar.copy()
            part.w = max(0, min(w, round(w * mine / total)))
            if part.w:
                pygame.draw.rect(surface, art.owner_rgb(me), part, border_radius=7)
        pygame.draw.line(surface, GOLD, (bar.centerx, bar.y - 4), (bar.centerx, bar.bottom + 3), 2)
        y += 20
        if total == 0:
            line, col = _("Nobody has won money yet"), INK_DIM
        elif mine > others:
            line, col = _("You lead by {amount}", amount=money(mine - others)), art.NEON[3]
        elif mine == others:
            line, col = _("Level: you need strictly more"), GOLD
        else:
            line, col = _("You trail by {amount}", amount=money(others - mine)), art.DANGER
        art.blit_text(surface, line, (x, y), "bold", 15, col)
        y += 24
        for i, m in enumerate(self.round_margins):
            cx = x + i * (w // max(4, self.cfg.rounds))
            k = m / 1000
            label = _("R{n}", n=i + 1) + " " + (f"+{k:,.0f}k" if m > 0 else f"−{-k:,.0f}k" if m else "0")
            art.blit_text(surface, label, (cx, y), "body", 13, art.NEON[3] if m > 0 else art.DANGER)
        if not self.round_margins:
            art.blit_text(surface, _("each round's margin shows here"), (x, y), "body", 13, INK_DIM)

    def _draw_tray(self, surface, focus) -> None:
        if self.solo and self.ready and not self.await_roll:
            if self.hint_task is not None:
                dots = "." * (1 + int(self.clock * 3) % 3)
                art.blit_text(surface, _("Thinking about a hint") + dots, (TRAY.centerx, TRAY.y + 24), "bold", 16,
                              INK_DIM, anchor="center")
            elif self.hint is not None:
                hv, chance = self.hint
                art.blit_text(surface, _("Hint: place the {v}s · then about {p}% to win with steady play",
                                         v=hv, p=round(chance * 100)),
                              (TRAY.centerx, TRAY.y + 24), "bold", 17, GOLD, anchor="center")
                for val, r in self.groups:
                    if val == hv:
                        pygame.draw.rect(surface, GOLD, r.inflate(16, 16), width=3, border_radius=10)
        if self.await_roll:
            n = len(self.turn_dice)
            art.blit_text(surface, ngettext("{n} die to roll", "{n} dice to roll", n),
                          (TRAY.centerx, TRAY.bottom - 24), "body", 16, INK_DIM, anchor="center")
            self.roll_button.draw(surface)
            return
        if self.tumble is None:
            return
        if self.tumble.grouped:
            for val, r in self.groups:
                on = val == focus
                if on:
                    fr = art.neon_frame(r.w + 12, r.h + 12, art.NEON[val - 1], 10, 2)
                    surface.blit(fr, (r.x - 6 - 12, r.y - 6 - 12))
                if self.ready:
                    key = pygame.Rect(0, 0, 26, 22)
                    key.center = (r.centerx, self.key_y)
                    col = art.NEON[val - 1] if on else (110, 130, 122)
                    pygame.draw.rect(surface, (12, 30, 24), key, border_radius=5)
                    pygame.draw.rect(surface, col, key, width=2, border_radius=5)
                    art.blit_text(surface, str(val), key.center, "black", 14, col if on else INK, anchor="center")
        self.tumble.draw(surface)

    def _draw_deck(self, surface) -> None:
        v = self.view
        back = art.bill_back(110, 34)
        x, y = DECK.x + 16, DECK.y + 58
        layers = min(8, max(1, v.deck_left // 6)) if v.deck_left else 0
        for i in range(layers):
            surface.blit(back, (x, y - i * 3))
        art.blit_text(surface, _("Deck"), (DECK.x + 14, DECK.y + 10), "display", 22, INK)
        art.blit_text(surface, ngettext("{n} bill", "{n} bills", v.deck_left), (x + 55, y + 54), "bold", 16,
                      GOLD, anchor="center")
        rx = DECK.x + 146
        art.blit_text(surface, _("Under the deck"), (rx, DECK.y + 14), "bold", 14, INK_DIM)
        if not v.returned:
            art.blit_text(surface, _("none yet"), (rx, DECK.y + 40), "body", 14, INK_DIM)
        for i, b in enumerate(v.returned[:10]):
            surface.blit(art.bill(b, 56, 20), (rx + (i % 2) * 60, DECK.y + 38 + (i // 2) * 24))
        if len(v.returned) > 10:
            art.blit_text(surface, f"+{len(v.returned) - 10}", (rx, DECK.bottom - 14), "body", 14, INK_DIM)

    def _draw_panel(self, surface, owner: str) -> None:
        r = self.panel_rect(owner)
        v = self.view
        seat = self.cfg.seats.index(owner) if owner in self.cfg.seats else None
        active = seat is not None and seat == self.turn_seat
        rgb = art.owner_rgb(owner)
        if active:
            surface.blit(art.neon_frame(r.w, r.h, art.lighter(rgb, 0.2), 12, 2), (r.x - 12, r.y - 12))
        if seat is not None:
            info = self.session.seats[seat]
            name = info.name
            kind = _("Human") if not info.is_ai else _("AI · {level}", level=_(info.level))
        else:
            name, kind = self.name_of(owner), _("Opponent colour")
        art.blit_text(surface, name, (r.x + 46, r.y + 8), "display", 22, INK)
        art.blit_text(surface, kind, (r.x + 46, r.y + 38), "body", 14, INK_DIM)
        if seat is not None and seat == v.first_seat and not self.solo:
            chip = pygame.Rect(r.right - 48, r.y + 10, 38, 22)
            pygame.draw.rect(surface, GOLD, chip, border_radius=11)
            art.blit_text(surface, _("1st"), chip.center, "black", 14, (40, 20, 0), anchor="center")
        # dice left
        y = r.y + 66
        surface.blit(art.die(owner, 0, 26), (r.x + 16, y))
        art.blit_text(surface, f"×{v.hand.get(owner, 0)}", (r.x + 46, y + 13), "display", 20, INK, anchor="midleft")
        if self.cfg.neutral and seat is not None:
            surface.blit(art.die(NEUTRAL, 0, 26), (r.x + 84, y))
            art.blit_text(surface, f"×{v.neutral[seat]}", (r.x + 114, y + 13), "display", 20, INK,
                          anchor="midleft")
        if self.money_visible(owner):
            label = money(v.money[owner].value)
            art.blit_text(surface, label, (r.right - 12, y + 13), "display", 24, GOLD, anchor="midright")
            art.blit_text(surface, ngettext("{n} bill", "{n} bills", v.bills.get(owner, 0)),
                          (r.right - 12, y + 36), "body", 13, INK_DIM, anchor="midright")
        else:
            art.blit_text(surface, ngettext("{n} bill", "{n} bills", v.bills.get(owner, 0)),
                          (r.right - 12, y + 13), "display", 22, GOLD, anchor="midright")
            art.blit_text(surface, _("money hidden"), (r.right - 12, y + 36), "body", 13, INK_DIM,
                          anchor="midright")
        if active:
            art.blit_text(surface, _("TURN"), (r.right - 12, r.y + 46), "black", 12, art.lighter(rgb, 0.4),
                          anchor="midright")


def _make_ai(level: str, seed: int):
    """The seat's AI; a level this build does not have (an old save) plays as the nearest one."""
    from ...ai import available_levels

    try:
        return make_ai(level, seed)
    except ValueError:
        levels = [lv for lv in available_levels() if lv != "random"] or ["random"]
        return make_ai(levels[len(levels) // 2], seed)


def _round_margins(game: core.Game) -> list[int]:
    """The solo player's margin after each round already paid (a resumed game shows its past)."""
    me = game.config.seats[0]
    return [r.money[me] - sum(m for o, m in r.money.items() if o != me) for r in game.money_by_round()]


def _digit(key) -> int | None:
    for v in range(1, 7):
        if key in (getattr(pygame, f"K_{v}"), getattr(pygame, f"K_KP{v}")):
            return v
    return None
