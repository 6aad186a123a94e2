"""A game played on this computer: the rules engine, the AI seats on their workers,
the solo hint, the autosave and the finished game's record.

The match moves on as fast as it can: an AI seat's move is applied as soon
as its worker answers, and the screen shows the events at its own pace.
Saving is done through a ``saver`` (the desktop game's files; none in
tests, benchmarks and screenshots), so this module writes no file itself.
"""

from __future__ import annotations

from typing import Any, Protocol

from ...ai import ThinkingTask, available_levels, make_ai
from ...core import NEUTRAL, PLACE, DicePlaced, DiceRolled, Event, Game, GameEnded, Phase
from ...kernel.errors import IllegalAction
from ...core.record import start_game
from ..base import (
    AskHint, HintReady, Intent, Leave, MatchNotice, Outcome, PlaceDice, Reset, TableView,
    money_visible, seats_of,
)
from ..session import Session
from .face import LasVegasFace


class Saver(Protocol):
    """Where a local match keeps itself (the desktop game: its save slots and records)."""

    def autosave(self, game: Game, session: Session) -> None: ...

    def finished(self, game: Game, session: Session) -> Any:
        """Keep the finished game; where its record went (None: nowhere)."""

    def log_error(self, exc: BaseException) -> None: ...


class EngineMatch(LasVegasFace):
    """What every match over a rules engine on this computer answers the same way:
    the views, the preview, the opening, the outcome, the match face (``LasVegasFace``).  ``game``, ``config``, ``seats``,
    ``hide_money``, ``extra`` and ``_fresh`` are set by the subclass."""

    game: Game
    hide_money: bool
    #: where the finished game's record is kept (None: not known)
    record_path: str | None = None
    _fresh: bool
    _pending: list

    @property
    def to_act(self) -> int | None:
        g = self.game
        return None if g.phase is not Phase.PLACE else g.current

    @property
    def over(self) -> bool:
        return self.game.is_over

    def game_record(self) -> dict | None:
        """The finished game's record (None before the end: it holds the seed)."""
        return self.game.record() if self.game.is_over else None

    def opening(self) -> list[Event]:
        g = self.game
        if self._fresh:
            return list(g.opening_events)
        if g.phase is Phase.PLACE:
            return [DiceRolled(g.current, tuple(o for o, _v in g.rolled), tuple(v for _o, v in g.rolled),
                               g.roll_big)]
        return []

    def history(self) -> list[Event]:
        """The events before ``opening()``'s (a resumed game's past, for the game log): the
        core's public events only, never the deck's order."""
        g = self.game
        if self._fresh:
            return []
        past = list(g.log)
        if past and g.phase is Phase.PLACE:
            past.pop()  # the current roll: opening() gives it
        return past

    def view(self, viewer: int | None) -> TableView:
        g, cfg = self.game, self.config
        over = g.is_over
        colour = cfg.seats[viewer] if viewer is not None and viewer < len(cfg.seats) else None
        money = {o: (m if money_visible(cfg, self.hide_money, over, colour, o) else None)
                 for o, m in g.money_table().items()}
        hand: dict[str, int] = {}
        neutral = []
        for i, c in enumerate(cfg.seats):
            own, neu = g.dice_in_hand(i)
            hand[c] = own
            neutral.append(neu)
        for i, o in enumerate(g.owners):
            if o not in hand and o != NEUTRAL:
                hand[o] = g.left[i]
        return TableView(
            viewer=viewer, round=min(g.round, cfg.rounds - 1), first_seat=g.first_seat,
            current=self.to_act, over=over,
            casino_bills=tuple(tuple(b) for b in g.casino_bills),
            casino_dice=tuple(dict(g.casino_counts(c)) for c in range(1, 7)),
            deck_left=len(g.deck), hand=hand, neutral=tuple(neutral), money=money,
            bills=g.bills_table(), roll=tuple(g.rolled) if not over else (),
            legal=tuple(g.legal_values()),
            casino_big=tuple(g.casino_bigs(c) for c in range(1, 7)),
            big_in_hand=tuple(c for i, c in enumerate(cfg.seats) if g.biggie_in_hand(i)),
            roll_big=g.roll_big if not over else (),
        )

    def preview(self, value: int):
        if value not in self.game.legal_values():
            return None
        try:
            return self.game.preview(value)
        except IllegalAction:
            return None

    def poll(self) -> list[Any]:
        out, self._pending = self._pending, []
        return out

    def outcome(self) -> Outcome | None:
        g = self.game
        if not g.is_over:
            return None
        res = g.result()
        owners = [o for o in g.owners if o != NEUTRAL]
        return Outcome(
            config=self.config, seats=self.seats, seed=g.seed if isinstance(g.seed, int) else None,
            money=dict(res.money), bills=dict(res.bills), winners=tuple(res.winners),
            solo_won=res.solo_won, ranking=tuple(g.ranking()),
            money_by_round=money_by_round(g),
            won={o: tuple(sorted(g.won[g.owners.index(o)], reverse=True)) for o in owners},
            extra=dict(self.extra), record=self.record_path,
        )

    def past_totals(self) -> list[dict[str, int]]:
        if self.hide_money:
            return []
        by_round = money_by_round(self.game)
        n = min(len(v) for v in by_round.values()) if by_round else 0
        return [{o: v[k] for o, v in by_round.items()} for k in range(1, n)]


class LocalMatch(EngineMatch):
    """The match boundary over a :class:`~lasvegas.core.Game` on this computer.

    ``fresh``: the game has just been set up (the screen shows the deal);
    otherwise it is resumed (the screen starts at the current roll).
    ``seats_here``: the human seats (every human seat shares this screen).
    """

    def __init__(self, game: Game, session: Session, *, saver: Saver | None = None,
                 fresh: bool = True) -> None:
        self.game = game
        self.session = session
        self.config = game.config
        self.seats = seats_of(session.seats)
        self.hide_money = bool(session.hide_money) and not self.config.is_solo
        self.handover = bool(session.handover)
        self.saver = saver
        self._fresh = fresh
        self._pending: list[Any] = []
        self._here = frozenset(i for i, s in enumerate(self.seats) if not s.is_ai)
        seed = game.seed if isinstance(game.seed, int) else 0
        self._players = {i: _make_ai(s.level, seed + 101 * (i + 1))
                         for i, s in enumerate(self.seats) if s.is_ai}
        self._task: ThinkingTask | None = None
        self._hint_task = None
        self._hinted = False  # a hint was asked for this turn
        self._closed = False
        self._start_ai()

    # ------------------------------------------------------------- queries
    @property
    def seats_here(self) -> frozenset[int]:
        return self._here

    @property
    def solo(self) -> bool:
        return self.config.is_solo

    @property
    def hints_used(self) -> int:
        return int(self.session.extra.get("hints", 0))

    def can_hint(self) -> bool:
        return (self.solo and not self.game.is_over and self.to_act in self._here
                and self._hint_task is None and not self._hinted)

    @property
    def extra(self) -> dict[str, Any]:
        return self.session.extra

    def rematch(self) -> Session:
        return self.session

    def hint_offered(self) -> bool:
        return self.solo and bool(self._here)

    def save(self) -> bool:
        """Keep the game to be resumed (it is already kept after every move); False where it is not kept."""
        if self.saver is None or self.game.is_over:
            return False
        self._save()
        return True

    # ----------------------------------------------------------- take-back
    @property
    def took_back(self) -> int:
        """Moves taken back in this game (any: the game is practice)."""
        return int(self.session.extra.get("took_back", 0))

    def can_take_back(self) -> bool:
        """A move may be taken back in a game with no other human (against AI seats only, and
        solo), played from a seed, not over, where the one human has placed dice."""
        g = self.game
        return (len(self._here) == 1 and isinstance(g.seed, int) and not g.is_over and not self._closed
                and self._last_own_move() is not None)

    def take_back(self) -> None:
        """Take back this screen's player's last move and the AI moves after it: the game is
        rebuilt from its seed with the moves before it, so the same roll comes back (a roll is
        never rolled again).  The game is practice from then on (its record says so, and the
        ladder, the daily challenge and statistics do not count it).  A ``Reset`` follows."""
        if not self.can_take_back():
            raise IllegalAction("there is no move of yours to take back here")
        keep = self._last_own_move()
        moves = [e.value for e in self.game.log if isinstance(e, DicePlaced)][:keep]
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._drop_hint()
        self._hinted = False
        game = start_game(self.game.record(), self.config)
        for value in moves:
            game.apply(PLACE[value])
        self.game = game
        self.session.extra["took_back"] = self.took_back + 1
        self.session.extra["practice"] = True
        self._fresh = False
        self._pending = [Reset(tuple(self.history()))]
        self._save()

    def _last_own_move(self) -> int | None:
        """How many moves came before this screen's player's last one (None: no move yet)."""
        placed = [e.seat for e in self.game.log if isinstance(e, DicePlaced)]
        mine = [i for i, seat in enumerate(placed) if seat in self._here]
        return mine[-1] if mine else None

    # -------------------------------------------------------------- events
    def send(self, intent: Intent) -> None:
        if self._closed:
            return
        if isinstance(intent, PlaceDice):
            seat = self.to_act
            if seat is None or seat not in self._here:
                raise IllegalAction("it is not the turn of a seat at this screen")
            self._place(intent.value)
        elif isinstance(intent, AskHint):
            self._ask_hint()
        elif isinstance(intent, Leave):  # "save and quit": kept to be resumed
            self._save()
            self.close()
        else:
            raise IllegalAction(f"{intent!r} is not something a player can ask")

    def update(self, screen_idle: bool = True) -> None:
        if self._closed:
            return
        t = self._task
        g = self.game
        if t is not None and t.done and screen_idle:
            self._task = None
            choice = t.result
            if t.error is not None or choice is None or choice.value not in g.legal_values():
                if t.error is not None:
                    self._log(t.error)
                choice = g.legal_actions()[0]
            self._place(choice.value)
        h = self._hint_task
        if h is not None and h.done:
            self._hint_task = None
            if h.error is not None:
                self._log(h.error)
                self._pending.append(MatchNotice("The hint could not be worked out."))
            elif h.result is not None:
                move, chance = h.result
                if move.value in g.legal_values():
                    self._pending.append(HintReady(move.value, chance))

    def close(self) -> None:
        """Stop thinking.  The game is already kept to be resumed: it is saved after every move."""
        if self._closed:
            return
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._drop_hint()

    # ------------------------------------------------------------ helpers
    def _place(self, value: int) -> None:
        g = self.game
        events = g.apply(PLACE[value])
        self._drop_hint()
        self._hinted = False
        self._pending.extend(events)
        if isinstance(events[-1], GameEnded):
            if self.saver is not None:
                try:
                    path = self.saver.finished(g, self.session)
                    self.record_path = str(path) if path is not None else None
                except OSError as e:
                    self._pending.append(MatchNotice(f"{e.strerror or e}"))
        else:
            self._save()
        self._start_ai()

    def _start_ai(self) -> None:
        g = self.game
        if not self._closed and g.phase is Phase.PLACE and g.current in self._players and not self.solo:
            # budget None: each level's fixed amount of thinking, so a seeded game replays the same
            self._task = ThinkingTask(self._players[g.current], g, budget=None)

    def _ask_hint(self) -> None:
        if not self.can_hint():
            return
        from ...solo.hint import HintTask

        g = self.game
        seed = (g.seed if isinstance(g.seed, int) else 0) * 31 + g.turns_this_round
        self._hint_task = HintTask(g, budget=3.0, seed=seed + 1000 * g.round)
        self._hinted = True
        # using a hint is counted once per turn, when it is asked for
        self.session.extra["hints"] = self.hints_used + 1
        self._save()

    def _drop_hint(self) -> None:
        if self._hint_task is not None:
            self._hint_task.cancel()
        self._hint_task = None

    def _save(self) -> None:
        if self.saver is not None and not self.game.is_over:
            try:
                self.saver.autosave(self.game, self.session)
            except OSError:
                pass

    def _log(self, exc: BaseException) -> None:
        if self.saver is not None:
            self.saver.log_error(exc)


def money_by_round(game: Game) -> dict[str, tuple[int, ...]]:
    """Each owner's money at the start and after each finished round (the core's ``money_by_round``)."""
    owners = [o for o in game.owners if o != NEUTRAL]
    rounds = game.money_by_round()
    return {o: (0, *(r.money.get(o, 0) for r in rounds)) for o in owners}


def _make_ai(level: str, seed: int):
    """The seat's AI; a level this build does not have (an old save) plays as the nearest one."""
    try:
        return make_ai(level, seed)
    except ValueError:
        levels = [lv for lv in available_levels() if lv != "random"] or ["random"]
        return make_ai(levels[len(levels) // 2], seed)
