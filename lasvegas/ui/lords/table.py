"""The Lords of Vegas table: the board, the seats, the deck, the actions panel and the log.

Humans play by mouse and keys: click a lot or casino (or move the board cursor with the arrows and press
Enter), pick one of the choices the engine allows (1-9, or a click), confirm (Enter).  E ends the turn, T
opens the trade panel, L the whole log, H a hint (hint.py), Escape cancels or leaves.  Every other seat's
decision (lay-off, dice placement, a forced move, a trade to answer) goes to that seat: a pass screen first
when another human holds the screen (hot-seat).  AI seats play one action at a time, through the match.
"""

from __future__ import annotations

from ...kernel.errors import IllegalAction
from ..kit.refusal import log_refusal
from ...lords import actions as A, events as E
from ...lords.board import COMPANY, COST, DIE, LOT_NAMES, N_LOTS
from ..kit.i18n import _, money, ngettext
from ..kit.scene import Scene
from . import backdrop, board, handing, hint, menu, pad, paneldraw, panels, reasons, show, words
from .show import event_lots  # noqa: F401  (the lots an event touches; kept importable here)
from .decide import DecisionPanel
from .table_input import TableInput
from .telling import Telling

#: seconds an AI seat waits before each action (at normal speed)
AI_DELAY = 0.45

#: an online game's table is drawn again at least this often (seconds): the server's word
ONLINE_REFRESH = 1.0


class LordsTableScene(Telling, TableInput, Scene):
    shows_game = True
    keys_game = "lords"

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        g = match.query
        #: the human seat holding the screen (hot-seat: changed by the pass screen)
        humans = match.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.selected: int | None = None
        self.cursor = 0
        self.options: list[menu.Option] = []
        self.chosen: menu.Option | None = None
        self.bet = 1
        self.targets: list[int] = []
        self.message = ""
        self.show_log = False
        self.log: list[str] = []
        #: events waiting to be shown, the one on show and how long it has left
        self.queue: list = []
        #: a gamble's line for the log, told once its dice have landed
        self.untold = ""
        self.current = None
        self.current_left = 0.0
        self.flash: tuple[int, ...] = ()
        self.shown_money = [float(m) for m in g.money]
        self.shown_chip = [float(c) for c in g.chip]
        self.ai_wait = 0.0
        self.t = 0.0
        self.decide = DecisionPanel(self)
        self.hint = hint.Hint(self)  # H: the Expert AI's choice for the seat at the screen (against AI seats)
        self.passing = False
        #: events held for the player the screen goes to next, shown once they have taken it
        self.held: list = []
        #: the events shown at this screen, and how many of them each human had seen when the screen
        #: left them (the pass screen tells the moves since: ui/lords/handing.py)
        self.shown: list = []
        self.seen: dict[int, int] = {}
        self.turn_seen: dict[int, int] = {}  # the same, when they left the screen after their own turn
        #: whose turn the events on show are of (the game may already be further: events held or queued)
        self.showing = g.active
        #: the card last drawn, face up beside the deck until the next draw (None: none yet)
        self.drawn: int | None = None
        #: where the mouse is (a tooltip for what is under it) and a cosmetic spin for tumbling dice
        self.mouse = (-1, -1)
        self.spin = 0.0
        self.current_total = 1.0
        #: the tutorial's coach (ui/lords/tutorial.py), over a lesson match only
        self.coach = None
        first = match.poll()
        #: a resumed game's events before this screen (the pass screen says what the turn holds)
        self.past: list = []
        if not first:  # a resumed game: its log from the start
            past = self.past = match.history()
            self.log = [line for line in (words.describe(ev, self.name) for ev in past) if line]
            self.drawn = next((ev.card for ev in reversed(past) if isinstance(ev, E.CardDrawn)), None)
        self._take(first)
        self.refresh()

    # ------------------------------------------------------------- names
    def name(self, seat: int) -> str:
        return self.match.name(seat)

    def colour_of(self, seat: int) -> str:
        return self.match.colour(seat)

    # ------------------------------------------------------------- events
    def _take(self, events: list) -> None:
        """Events to show.  In hot seat, when the game now waits on another human than the one at
        the screen, they are held until that player has taken the screen: each player watches their
        own card turn over and their own dice land (the pass screen comes first)."""
        if events:
            self.redraw()
        if self.held or (events and self.passes_to() is not None):
            self.held.extend(events)
            return
        self.queue.extend(events)

    def passes_to(self) -> int | None:
        """The human the screen goes to next (hot seat), or None: it stays with the one holding it."""
        if len(self.match.humans) <= 1:
            return None
        h = self.match.human_due()
        return h if h is not None and h != self.viewer else None

    # ------------------------------------------------------------- acting
    def act(self, action) -> bool:
        """Send one action of a human seat; False (the reason shown) when the engine refuses it."""
        try:
            events = self.match.act(action)
        except IllegalAction as e:
            self.message = reasons.say(e, self.name)
            log_refusal(e, "lords-table")  # a line in the error log: the state unchanged, the game goes on
            return False
        self.message = ""
        self._take(events)
        self.chosen = None
        self.selected = None
        self.targets = []
        self.decide.reset()
        self.refresh()
        return True

    def refresh(self) -> None:
        """The choices for the selected lot, asked of the engine."""
        m, g = self.match, self.match.query
        self.redraw()
        self.options = []
        s = self.viewer
        if (s is None or g.is_over or g.phase != "play" or s != g.active or self.selected is None
                or m.human_due() != s):
            return
        self.options = menu.lot_options(m, s, self.selected)
        self.options_at = self.state_key()

    def my_play(self) -> bool:
        """The viewer is the active seat in its Step 2 with nothing else pending."""
        m, g = self.match, self.match.query
        return (not g.is_over and g.phase == "play" and self.viewer == g.active and m.human_due() == g.active
                and not any(to == g.active for (_f, to) in g.proposals))

    def select(self, lot: int | None) -> None:
        if self.chosen is not None and not self.still_current():
            return
        if self.chosen is not None and self.chosen.mode == "sprawl" and lot in self.targets:
            self.choose_sprawl(lot)
            return
        if self.chosen is not None and self.chosen.mode == "pick_die" and lot is not None:
            self.pick_die(lot)
            return
        self.selected = lot
        self.chosen = None
        self.targets = []
        self.message = ""
        if lot is not None:
            self.cursor = lot
        self.refresh()

    def choose(self, i: int) -> None:
        if not 0 <= i < len(self.options) or not self.still_current():
            return
        o = self.options[i]
        if o.reason is not None:
            self.message = o.reason  # the engine's refusal, asked when the options were listed
            log_refusal(IllegalAction(o.reason), "lords-table")
            return
        self.message = ""
        self.chosen = o
        if o.mode == "sprawl":
            k = self.match.query.casino_of(self.selected)
            self.targets = menu.sprawl_targets(self.match, self.viewer, k)
        elif o.mode == "bet":
            self.bet = max(1, min(o.data["top"], 5))
        elif o.mode == "pick_die":
            g = self.match.query
            self.targets = [j for j in range(N_LOTS) if g.owner[j] == self.viewer]

    def choose_sprawl(self, lot: int) -> None:
        g = self.match.query
        k = g.casino_of(self.selected)
        take = menu._take_probe(g, self.viewer, lot)
        a = A.Sprawl(self.viewer, k[0], lot, take)
        why = menu.refusal(self.match, a)
        effect = menu.casino_line(self.match, self.viewer, lot, a) if why is None and take < 0 else ""
        self.chosen = menu.Option(_("Sprawl onto {lot}", lot=LOT_NAMES[lot]), money(2 * COST[lot]), effect, a,
                                  why, "pick_die" if take >= 0 else "")
        # the dice that may move (all 12 out), else the target itself stays lit until confirmed
        self.targets = [j for j in range(N_LOTS) if g.owner[j] == self.viewer] if take >= 0 else [lot]

    def pick_die(self, lot: int) -> None:
        o = self.chosen
        if lot not in self.targets or o is None:
            return
        a = o.action
        a = type(a)(*[lot if f == "take_from" else getattr(a, f) for f in a.__slots__])
        self.chosen = menu.Option(o.label, o.cost, _("your die on {lot} moves", lot=LOT_NAMES[lot]), a,
                                  menu.refusal(self.match, a))
        self.targets = []

    def confirm(self) -> None:
        o = self.chosen
        if o is None or not self.still_current():
            return
        if o.mode == "bet":
            self.act(A.Gamble(self.viewer, o.action.casino, self.bet))
        elif o.mode in ("sprawl", "pick_die"):
            self.message = _("Pick a highlighted lot first")
        elif o.action is not None:
            self.act(o.action)

    def end_turn(self) -> None:
        if self.my_play():
            self.act(A.EndTurn(self.viewer))

    def open_trade(self) -> None:
        g = self.match.query
        if self.viewer is None or g.is_over or not g.trade_window or self.busy or self.decide.kind() == "trade":
            return  # (answering a trade: not a second one in the middle of it)
        self.app.show("lords-trade", table=self, seat=self.viewer)

    def leave(self) -> None:
        """Escape: the pause menu (resume, How to play for Lords of Vegas, settings, quit: the game is
        saved after every action, resumed from Lords of Vegas)."""
        self.app.show("pause", leave=lambda: self.app.go("title"), rules="lords-rules")

    # ------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.t += dt
        if getattr(self.match, "online", False):  # an online game: the events the server sent meanwhile
            self._take(self.match.poll())
        g = self.match.query
        self._animate(dt)
        self.hint.update()
        if self.coach is not None:
            self.coach.update()
        if self.busy:
            return
        if g.is_over:
            self.app.swap("lords-results", match=self.match)
            return
        s = self.match.ai_due()
        if s is not None:
            # the AI thinks on a worker from the moment its turn comes (the table keeps drawing);
            # its action is played here, on this thread, once found and the pause is over
            thinks = getattr(self.match, "ai_start", None)
            ready = thinks is None or (thinks() and self.match.ai_ready())
            sp = self.speed()
            self.ai_wait += dt
            if (sp is None or self.ai_wait >= AI_DELAY / sp) and ready:
                self.ai_wait = 0.0
                self._take(self.match.ai_finish() if thinks is not None else self.match.ai_step())
                self.refresh()
            return
        h = self.match.human_due()
        if h is not None and h != self.viewer:
            self.hand_to(h)

    def wake_in(self) -> float | None:
        """Every frame while events are shown, money or chips count, an AI seat plays or the
        tutorial's mark pulses; else None: the board waits for its player (an online game: drawn
        again each second too, for what the server says without an event)."""
        g = self.match.query
        if (self.busy or self.shown_money != [float(m) for m in g.money]
                or self.shown_chip != [float(c) for c in g.chip]
                or (not g.is_over and self.match.ai_due() is not None) or self.hint.waiting
                or (self.coach is not None and self.coach.pulsing())):
            return 0.0
        return ONLINE_REFRESH if getattr(self.match, "online", False) else None

    def hand_to(self, seat: int) -> None:
        """A pass screen for ``seat``'s player (hot-seat); alone at the table, no pass screen."""
        if len(self.match.humans) <= 1:
            self.viewer = seat
            self.refresh()
            return
        self.passing = True
        if self.viewer is not None:  # what the player leaving the screen has seen
            self.seen[self.viewer] = len(self.shown)
            if self.viewer == self.showing:  # after their own turn: the recap starts there (not after
                self.turn_seen[self.viewer] = len(self.shown)  # a question answered in another's)

        def taken() -> None:
            self.passing = False
            self.viewer = seat
            self.selected = None
            self.chosen = None
            held, self.held = self.held, []
            self.queue.extend(held)
            self.refresh()
        self.app.show("handover", name=self.name(seat), colour=self.colour_of(seat), on_confirm=taken,
                      **handing.pass_screen(self, seat))

    def on_resume(self) -> None:
        if self.passing and self.app.top is self:
            self.passing = False

    def exit(self) -> None:
        self.hint.cancel()
        stop = getattr(self.match, "ai_cancel", None)
        if stop is not None:  # an AI still thinking for a table that is gone
            stop(wait=False)
        if getattr(self.match, "online", False) and not self.match.over:
            self.match.close()  # the seat stays kept: the title takes it up again (the results close it)

    # ------------------------------------------------------------- drawing
    def draw(self, surface) -> None:
        g = self.match.query
        # felt, board, mats and panel backs: one kept picture (backdrop.py)
        shown = g if self.busy else self.decide.shown_game()  # dice being placed: as placed so far
        surface.blit(backdrop.backdrop(shown, self.colour_of, self.shown_chip), (0, 0))
        board.draw_board(surface, shown, self.colour_of, selected=self.selected, targets=self.targets + self.decide.targets(),
                         flash=self.flash, shown_chip=self.shown_chip, pulse=abs((self.t * 2) % 2 - 1), layer=False)
        if not self.busy and self.viewer is not None:
            board.highlight(surface, (self.cursor,), (120, 200, 255), 1)
        panels.draw_seats(surface, self.match, shown_money=self.shown_money, back=False,
                          paid=self.current.money if isinstance(self.current, E.Paid) else None)
        turning = isinstance(self.current, E.CardDrawn)  # the card turning over takes its place
        panels.draw_deck_panel(surface, self.match, back=False, drawn=None if turning else self.drawn)
        self.draw_actions(surface, back=False)
        pad.draw(self, surface)
        panels.draw_log(surface, self.log, back=False)
        if self.current is not None:
            paneldraw.banner(self, surface)
            show.draw_event(surface, self, self.current, 1 - max(0.0, self.current_left) / self.current_total)
        elif not self.show_log:
            show.draw_tooltip(surface, self.mouse, show.tooltip_lines(self, self.mouse))
        self.hint.draw(surface)
        if self.show_log:
            paneldraw.full_log(self, surface)
        elif self.coach is not None:
            self.coach.draw(surface)

    def draw_actions(self, surface, back: bool = True) -> None:
        """The actions panel (the replay draws its controls there instead); ``back``: its back too
        (the backdrop already has it)."""
        paneldraw.actions(self, surface, back=back)

    def lot_words(self, lot: int) -> str:
        g = self.match.query
        card = _("card played") if g.played[lot] else _("card still in the deck")
        text = _("{lot}: die {die}, ${cost}, {company} card, {card}", lot=LOT_NAMES[lot], die=DIE[lot],
                 cost=COST[lot], company=words.company(COMPANY[lot]), card=card)
        if g.tile[lot] >= 0:
            k = g.casino_of(lot)
            b = g.boss(k)
            text += " · " + ngettext("casino of {n} tile, boss {who}", "casino of {n} tiles, boss {who}", len(k),
                                        who=menu.boss_name(self.match, b))
        return text

