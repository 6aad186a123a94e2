"""The table scene: what a player does at the table, and where the table leads.

It plays any :class:`~lasvegas.match.Match` — a game on this computer, and
whatever else sits behind that interface — and knows nothing of the rules
engine, the AI or the files.  Data flows one way: input → intent → match →
events → the presenter's animations → the board → the drawing.
"""

from __future__ import annotations

from collections import deque

import pygame

from ....core import DicePlaced, DiceRolled, GameEnded, RoundEnded
from ....kernel.errors import IllegalAction
from ....match import (
    AskHint, CatchUp, HintReady, Leave, Match, MatchNotice, PlaceDice, Reaction, Reset, money_visible,
    needs_pass_screen, screen_owner,
)
from ...kit.controls import key_name
from ...kit.i18n import _
from ...kit.refusal import RefusalNote
from ...kit.scene import Scene
from ...kit.widgets import Button
from ..reasons import say as say_refusal
from ..table.board import Board
from ..table.catchup import CatchUpBar, skip_to_present
from ..table.choose import caught_up, play_input
from ..table.coachmarks import CoachBar, TakeBack
from ..table.draw import TableDrawer
from ..table.layout import TRAY, panel_rect
from ..table.logpanel import LogPanel, docked_to_table
from ..table.present import Presenter
from ..table.reactions import ReactionBar
from ..table import stillness
from ..table.replaybar import ReplayBar
from ..table.summary import round_summary
from ..table.telling import Telling


class TableScene(Telling, Scene):
    shows_game = True
    keys_game = "lasvegas"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.cfg = match.config
        self.solo = self.cfg.is_solo
        self.board = Board(match)
        if self.solo:
            self.panel_owners = list(self.cfg.seats) + list(self.cfg.opponents)
        else:
            self.panel_owners = list(self.cfg.seats)
        self.presenter = Presenter(app, self.board, self.panel_rect)
        self.drawer = TableDrawer(self)
        self.queue: deque = deque(match.opening())
        self.await_roll = False
        self.hover: int | None = None
        self.selected: int | None = None
        self.previews: dict[int, object] = {}
        self.clock = 0.0
        #: an AI seat's pace: time left, once its dice are shown, before it may place them
        self.pace_left = 0.0
        #: the human seat whose pass screen was confirmed for the turn on show
        self.confirmed: int | None = None
        self.hint: tuple[int, float] | None = None
        self.hint_waiting = False
        #: solo: money after each round already finished when the screen opened
        self.past_totals = match.query.past_totals() if self.solo else []
        self.roll_button = Button((TRAY.centerx - 90, TRAY.centery - 32, 180, 64), _("ROLL"), self.roll,
                                  style="primary", size=34, ring=True)  # Enter, Space, R or A roll
        self.menu_button = Button((1160, 10, 105, 38), _("Menu"), self.open_pause, size=20)
        # the key named is the player's own for the hint (the Controls settings)
        self.hint_button = Button((870, 10, 130, 38), _("Hint ({key})", key=key_name(app.bindings.keys.get("hint",
                                                                                                           pygame.K_h))),
                                  self.ask_hint, size=20)
        #: a match that plays itself (a replay) offers controls: the replay bar steers them
        controls = getattr(match, "controls", None)
        self.replay = ReplayBar(controls) if controls is not None else None
        self.hint_button.visible = self.solo and self.replay is None
        #: quick reactions, where the match offers them (an online game)
        self.reaction_bar = ReactionBar(match, self.panel_rect, app.sounds)
        self.catch_up = CatchUpBar(lambda: skip_to_present(self))  # "Since your last turn": the moves missed
        #: coach marks, where the match offers them (a lesson)
        self.coach = CoachBar(match, self.leave)
        # the log opens with L (or the player's key for it) beside the table drawn smaller; a
        # replay opens without it, the board at its full size
        self.log_panel = LogPanel(self.new_log(getattr(match, "history", tuple)()), bindings=app.bindings)
        self.take_back_button = TakeBack(match, app.settings)
        #: the roll on show, told in the game log once its dice have landed (not before ROLL is pressed)
        self.untold_roll: DiceRolled | None = None
        #: what was shown of ``stillness.said()``
        self._said: tuple | None = None
        #: what the match refused last (the engine's reason), shown over the tray for a while
        self.refusal = RefusalNote()

    # ------------------------------------------------- what the screen shows
    anim = property(lambda self: self.presenter.anim)
    tumble = property(lambda self: self.presenter.tumble)
    groups = property(lambda self: self.presenter.groups)
    turn_dice = property(lambda self: self.presenter.turn_dice)
    turn_seat = property(lambda self: self.presenter.turn_seat)
    current_event = property(lambda self: self.presenter.current_event)
    banner = property(lambda self: self.presenter.banner)
    key_y = property(lambda self: self.presenter.key_y)

    @property
    def ready(self) -> bool:
        """The turn on show has its dice rolled and grouped, waiting for a choice."""
        return (self.turn_seat is not None and self.presenter.grouped and not self.await_roll
                and not isinstance(self.current_event, DicePlaced))

    @property
    def idle(self) -> bool:
        """Everything the match said is on the screen, and an AI seat's pace has passed."""
        return (not self.queue and not self.presenter.busy and not self.await_roll and self.pace_left <= 0
                and not self.coach.waiting and self.app.top is self)

    #: the screen shows the match's present, its roll asked of the match now (``choose.caught_up``)
    caught_up = property(caught_up)

    @property
    def human_turn(self) -> bool:
        """A seat of this screen may choose now (the screen has caught up with the game)."""
        seat = self.turn_seat
        return seat is not None and self.is_here(seat) and self.caught_up

    def is_here(self, seat: int) -> bool:
        return seat in self.match.seats_here

    def panel_rect(self, owner: str) -> pygame.Rect:
        return panel_rect(self.panel_owners, owner)

    @property
    def turn_to_play(self) -> int | None:
        """The seat whose turn is on show and still waits for its move (None: none, or its dice are placed)."""
        return None if isinstance(self.current_event, DicePlaced) else self.turn_seat

    @property
    def viewer(self) -> int | None:
        """Whose eyes the screen is for now (None: everyone's, the public view)."""
        return screen_owner(self.match, self.confirmed, self.turn_to_play)

    def money_shown(self, owner: str) -> bool:
        v = self.viewer
        colour = self.cfg.seats[v] if v is not None else None
        return owner in self.board.known and money_visible(self.cfg, self.match.hide_money, self.board.over,
                                                           colour, owner)

    def shown_money(self) -> dict[str, int | None]:
        """Each owner's money as the screen shows it now (None: only the bill count shows)."""
        return {o: (self.board.money[o].target if self.money_shown(o) else None) for o in self.board.money}

    def preview(self, value: int):
        if value not in self.previews:
            p = self.match.query.preview(value)
            if p is None:
                return None
            self.previews[value] = p
        return self.previews[value]

    # --------------------------------------------------------------- intents
    def roll(self) -> None:
        if self.await_roll:
            self.await_roll = False
            self.presenter.roll_now()

    def place(self, value: int) -> bool:
        """This screen's seat places its dice of ``value``; the match decides (the screen has
        caught up with it: the roll on show is its roll).  A refusal is shown with its reason,
        the game unchanged; False when nothing was placed."""
        if not self.caught_up:
            return False
        try:
            self.match.send(PlaceDice(value))
        except IllegalAction as e:
            self.refused(e)
            return False
        self.confirmed = None  # the move is made: the screen is everyone's again (the payout may follow)
        self.hover = self.selected = None
        self.previews = {}
        self.hint = None
        self.hint_waiting = False
        self._pull()
        self._present_ready()
        return True

    def refused(self, exc: IllegalAction) -> None:
        """The match refused what the player asked: its reason on the screen and in the error log."""
        self.refusal.show(say_refusal(exc), exc)

    def can_hint(self) -> bool:
        return self.solo and self.human_turn and self.match.can_hint()

    def ask_hint(self) -> None:
        """The strongest AI's move and the chance to win after it, worked out by the match."""
        if not self.can_hint():
            return
        self.match.send(AskHint())
        self.hint_waiting = True
        self.app.sounds.play("click")

    @property
    def react_buttons(self) -> list:
        return self.reaction_bar.buttons

    def reaction_on_show(self, seat: int) -> str | None:
        return self.reaction_bar.on_show(seat)

    def skip(self) -> None:
        """Jump to the end of what is moving (and of the events queued up to the next roll)."""
        self.presenter.skip()
        self.pace_left = 0.0

    def open_pause(self) -> None:
        self.app.show("pause", leave=self.leave)

    def leave(self) -> None:
        """Save and go back to the title."""
        self.match.send(Leave())
        self.app.go("title")

    def exit(self) -> None:
        self.match.close()

    # ------------------------------------------------------------------ input
    def handle(self, event) -> None:
        if self.log_panel.handle(event):
            return
        if self.log_panel.docked_now:  # the table is drawn smaller beside the log: where on it
            if hasattr(event, "pos"):
                if self.log_panel.rect.collidepoint(event.pos):
                    return
                event = pygame.event.Event(event.type, {**event.dict, "pos": docked_to_table(event.pos)})
        if self.menu_button.handle(event):
            return
        if self.coach.handle(event):
            return
        if self.take_back_button.handle(event, self.human_turn or self.await_roll):
            self._pull()  # the game went back: the screen follows before any other input
            return
        if self.replay is not None and self.replay.handle(event):
            return
        if self.reaction_bar.handle(event) or self.catch_up.handle(event):
            return
        if self.solo and (self.hint_button.handle(event) or
                          (event.type == pygame.KEYDOWN and event.key == pygame.K_h)):
            if event.type == pygame.KEYDOWN:
                self.ask_hint()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        play_input(self, event)

    # ----------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.clock += dt
        dt *= (self.replay.speed if self.replay is not None else 1.0) * self.catch_up.speed
        self.match.update(self.idle)
        self._pull()
        if self.solo:
            self.hint_button.enabled = self.can_hint()
        self.reaction_bar.update(dt)
        self.refusal.update(dt)
        self.coach.update(dt)
        self.presenter.update(dt)
        if self.presenter.grouped and self.turn_seat is not None and not self.is_here(self.turn_seat):
            self.pace_left = max(0.0, self.pace_left - dt)
        self._present_ready()
        said = stillness.said(self)
        if said != self._said:
            self._said = said
            self.redraw()

    def wake_in(self) -> float | None:
        return stillness.wake_in(self)

    def _pull(self) -> None:
        """Take the match's new events: the core's go to the queue, the match's own act at once."""
        for ev in self.match.poll():
            self.redraw()
            if isinstance(ev, Reset):
                self._reset(ev)
            elif isinstance(ev, HintReady):
                self.hint = (ev.value, ev.chance)
                self.hint_waiting = False
            elif isinstance(ev, MatchNotice):
                self.hint_waiting = False
            elif isinstance(ev, Reaction):
                self.reaction_bar.take(ev)
            elif isinstance(ev, CatchUp):
                self.catch_up.start(ev.count)
            else:
                self.queue.append(ev)

    def _reset(self, ev=None, queue=()) -> None:
        """The match jumped (a replay's seek, ``ev``: the opening is taken again) or the screen skips to
        the present (``queue``: shown from there): a new board from the match's view."""
        self.board = Board(self.match)
        self.presenter = Presenter(self.app, self.board, self.panel_rect)
        self.past_totals = self.match.query.past_totals() if self.solo else []
        self.queue, self.await_roll, self.pace_left = deque(queue if ev is None else self.match.opening()), False, 0.0
        self.hover = self.selected = None
        self.previews = {}
        if ev is not None:
            self.untold_roll = None  # the opening is taken again: its roll is told when it lands
            self.log_panel.replace(self.new_log(ev.shown))
        self.coach.clear()

    def tell_roll(self, force: bool = False) -> None:
        """The game log tells the roll on show once its dice have landed (``force``: now, before
        what follows it is told or jumped over)."""
        if self.untold_roll is not None and (force or (self.presenter.grouped and not self.await_roll)):
            self.log_panel.log.add(self.untold_roll)
            self.untold_roll = None

    def _present_ready(self) -> None:
        """Present queued events while nothing moves and the turn on show does not wait."""
        p = self.presenter
        self.tell_roll()
        while self.queue and self.app.top is self:
            if self.coach.pull(self.queue, p.busy) or not self.queue or p.busy or self.await_roll:
                break
            ev = self.queue.popleft()
            self.catch_up.shown()
            if isinstance(ev, DicePlaced):
                self.coach.clear()
                self.confirmed = None  # whoever moved, the screen is nobody's until the next pass screen
            self.tell_roll(force=True)
            p.present(ev)
            if isinstance(ev, DiceRolled):
                self.untold_roll = ev
            else:
                self.log_panel.log.add(ev)
            if isinstance(ev, DiceRolled):
                self._turn_begins(ev.seat)
            elif isinstance(ev, RoundEnded):
                self._round_ended(ev)
                break
            elif isinstance(ev, GameEnded):
                self._game_ended()
                return
        if not self.queue and p.anim is None:
            p.skipping = False

    def _turn_begins(self, seat: int) -> None:
        self.previews = {}
        self.hover = self.selected = None
        self.hint = None
        self.hint_waiting = False
        if not self.is_here(seat):
            self.confirmed = None  # nobody's screen while another seat plays: the public view
            self.presenter.roll_now()
            speed = self.app.settings.speed
            self.pace_left = 0.0 if speed is None or self.catch_up.left else self.app.settings.ai_delay
            return
        self.await_roll = True
        if needs_pass_screen(self.match, seat, self.viewer, self.match_handover):
            self.confirmed = None
            s = self.match.seats[seat]
            self.app.show("handover", name=s.name, colour=s.colour, note=self.last_move_text(),
                          move=self.board.last_move, on_confirm=lambda: setattr(self, "confirmed", seat),
                          on_pause=self.open_pause)
        elif self.viewer is None:
            self.confirmed = seat

    @property
    def match_handover(self) -> bool:
        return bool(getattr(self.match, "handover", False))

    def _round_ended(self, ev) -> None:
        self.confirmed = None  # the summary is for everyone (a round ended while away: the log tells it)
        if not self.catch_up.left:
            self.app.show("summary", summary=round_summary(self, ev), on_pause=self.open_pause)

    def _game_ended(self) -> None:
        outcome = self.match.outcome()
        kw = {} if self.replay is None else {"announce": False, **({"record": False} if self.solo else {})}
        self.app.swap("solo-result" if self.solo else "results", outcome=outcome,
                      rematch=self.match.rematch(), log=self.log_panel.log, **kw)

    # ------------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        if not self.log_panel.docked_now:
            self.draw_table(surface)
            self.log_panel.draw(surface)
            return
        self.log_panel.draw_beside(surface, self.draw_table)  # the whole table drawn smaller at the left

    def draw_table(self, surface) -> None:
        self.drawer.draw(surface)
        self.reaction_bar.draw(surface, self.cfg.seats)
        self.catch_up.draw(surface)
        self.coach.draw(surface, self)
        self.take_back_button.draw(surface, self.human_turn or self.await_roll)
        if self.replay is not None:
            self.replay.draw(surface)
        self.refusal.draw(surface, (TRAY.centerx, TRAY.y - 24))
