"""A Lords of Vegas game on this computer: the engine, the AI seats, the autosave, the record.

The screen holds a :class:`LordsLocalMatch`, never the engine's rules: it reads the
game through the match's read-only ``query`` (``match/lords/query.py``), asks the
match what is legal (``legal``, ``why_not``, ``preview``: the shared
:class:`~lasvegas.match.lords.base.LordsMatch`), sends one action
(``act``) and animates the events that come back (``poll``).  AI seats are paced
by the screen: ``ai_due()`` says an AI seat has a decision; ``ai_start()`` has it think
on a worker thread (on a copy of the game: a Hard search may take a second, and the
table keeps drawing), ``ai_ready()`` says it has found its action and ``ai_finish()``
plays it on the screen's thread.  ``ai_step()`` thinks and plays at once (tests, tools);
both give the same game for the same seed.

A hint (``hint_start``/``hint_ready``/``hint_result``, or ``hint_step`` at once) is the Hard
AI's choice for the one human seat of a game against AI seats, thought on a world that
seat may see (``Game.determinize``: the deck's unknown order shuffled again, its own dice,
its own generator: never the game's), with why in a few words (``LordsHint``).  A game in
which a hint was asked is practice: its save and record say so, and no statistic or
achievement counts it.

The autosave has its own slot (``autosave-lords.json``), never a Las Vegas save;
the record of a finished game (``lords-record/1``) goes to ``records/lords/``.
No pygame here.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any

from ...store import paths as user_paths
from ... import store
from ...kernel.errors import IllegalAction, StateError
from ...lords import actions as A
from ...lords.ai import LEVELS, make_player
from ...lords.expert import Expert
from ...lords.board import SEAT_COLOURS
from ...lords.game import LAYOFF, PLACE, PLAY, Game
from ...lords.hint import LordsHint, think_hint  # noqa: F401 (the match's hint; read here by the table)
from ...lords.record import Recorder
from ...lords.runs import seat_seed
from ...store.files import N_
from ...store.shape import Bool, Int, List, Obj, Str
from .base import LordsMatch

SAVE_FORMAT = "lords-autosave/1"
#: the colours a seat may be shown in (each with its own pip shape)
SHOWN_COLOURS = ("blue", "green", "red", "yellow", "purple", "orange", "pink", "black")

SEAT_SHAPE = Obj({"name": Str(40, empty=False), "colour": Str(choices=SHOWN_COLOURS),
                  "kind": Str(choices=("human", "ai")), "level": Str(20, choices=("", *LEVELS))},
                 {"profile": (Str(40), "")})
SAVE_SHAPE = Obj({"format": Str(40, choices=(SAVE_FORMAT,)), "seats": List(SEAT_SHAPE, min_len=2, max_len=4),
                  "game": lambda v, w: v, "setup_rolls": List(Int(1, 6), max_len=1000),
                  "moves": List(lambda v, w: v, max_len=20_000)},
                 {"saved": (lambda v, w: v, 0.0), "practice": (Bool(), False)})


@dataclass(frozen=True)
class TradeReason:
    """Why an AI seat answered a trade as it did (told after the engine's events): ``kind`` is
    "problem" (``text``: the engine's reason), "gift", "gifts_only", "no_trades", "worth" (it
    gains about ``amount`` dollars), "not_worth" (``amount``) or "helps_you_more"; a refusal of a
    trade asking for a lot of the seat's is told by what that ``lot`` is to it
    (``players.refusal_code``: "boss_seat", "joins_casino", "keeps_die", "keeps_lot"), with
    ``money``, the money it was offered."""
    seat: int
    proposer: int
    accepted: bool
    kind: str
    amount: int = 0
    text: str = ""
    lot: int = -1
    money: int = 0


@dataclass(frozen=True)
class LordsSeat:
    name: str
    colour: str  # how the seat is shown (the engine's seat colours stay blue, green, red, yellow)
    kind: str = "human"  # "human" or "ai"
    level: str = ""  # the AI's level (random, easy, medium)
    profile: str = ""  # the id of the profile playing this human seat (its statistics), or ""

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_dict(self) -> dict:
        d = {"name": self.name, "colour": self.colour, "kind": self.kind, "level": self.level}
        if self.profile:
            d["profile"] = self.profile
        return d


def _profile_id(v: str) -> str:
    """A profile id as a record keeps it (lower-case letters, digits, dashes), else none."""
    return v if v and set(v) <= set("abcdefghijklmnopqrstuvwxyz0123456789-_") else ""


def _check_save(data: Any) -> "LordsLocalMatch":
    d = SAVE_SHAPE(data, "")
    seats = [LordsSeat(s["name"].strip()[:16], s["colour"], s["kind"], s["level"] if s["kind"] == "ai" else "",
                       _profile_id(s["profile"]) if s["kind"] == "human" else "")
             for s in d["seats"]]
    if any(s.is_ai and s.level not in LEVELS for s in seats):
        raise StateError("seats: an AI seat needs a level")
    if len({s.colour for s in seats}) != len(seats):
        raise StateError("seats: two seats share a colour")
    game = Game.from_dict(d["game"])
    if game.n != len(seats):
        raise StateError("the saved game has another number of seats")
    moves = d["moves"]
    for m in moves:
        if not isinstance(m, dict) or set(m) != {"action", "rolls"}:
            raise StateError("moves: damaged")
    m = LordsLocalMatch(seats, game.seed, game=game, setup_rolls=list(d["setup_rolls"]), moves=list(moves))
    m.practice = d["practice"]
    return m


SAVE_KIND = store.FileKind("autosave", N_("The saved Lords of Vegas game"), N_("that game cannot be resumed"),
                           _check_save, backup=True)


def save_path():
    return user_paths.data_dir() / "autosave-lords.json"


def records_folder():
    return user_paths.ensure(user_paths.records_dir() / "lords")


def read_save() -> "LordsLocalMatch | None":
    """The Lords of Vegas game in progress, or None (none, finished, or damaged: kept aside, player told)."""
    m = store.load(SAVE_KIND, save_path())
    if m is None or m.game.is_over:
        return None
    return m


def clear_save() -> None:
    store.remove(SAVE_KIND, save_path())


class LordsLocalMatch(LordsMatch):
    """One game of Lords of Vegas at this computer: humans in hot-seat and AI seats."""

    def __init__(self, seats: list[LordsSeat], seed: int | None = None, *, game: Game | None = None,
                 setup_rolls: list[int] | None = None, moves: list[dict] | None = None,
                 autosave: bool = False) -> None:
        if not 2 <= len(seats) <= 4:
            raise ValueError("Lords of Vegas is for 2 to 4 players")
        self.seats = list(seats)
        if game is None:
            if seed is None:
                seed = random.randrange(2**62)
            game = Game(len(seats), seed)
        self.game = game
        self.seed = game.seed
        players = {SEAT_COLOURS[i]: {"kind": s.kind, "level": s.level} for i, s in enumerate(seats)}
        for i, s in enumerate(seats):
            if s.profile and not s.is_ai:  # whose statistics the game counts for
                players[SEAT_COLOURS[i]]["profile"] = s.profile
        self.recorder = Recorder(game, players)
        if setup_rolls is not None:
            self.recorder.setup_rolls = list(setup_rolls)
        if moves is not None:
            self.recorder.moves = list(moves)
        base = self.seed if isinstance(self.seed, int) else 0
        self.ai = {i: make_player(s.level, seat_seed(base, i) + len(self.recorder.moves), table=True)
                   for i, s in enumerate(seats) if s.is_ai}
        #: events not yet shown (the set-up's first, a new game only)
        self._events: list = list(game.setup_events) if moves is None else []
        self.autosave = autosave
        #: where the record went once the game ended (None: not yet, or it could not be written)
        self.record_path = None
        self._recorded = False
        #: (turn, seat) of the turns an AI seat already looked for a trade to offer
        self._offered: set = set()
        #: the AI seat thinking on a worker: (seat, moves made when it began, task, its random state then)
        self._thinking: tuple | None = None
        #: a hint was asked in this game: it is practice (its save and record say so)
        self.practice = False
        #: the hint thought on a worker: (seat, moves made when it began, task)
        self._hinting: tuple | None = None

    # ----------------------------------------------------------------- who and what
    @property
    def n(self) -> int:
        return self.game.n

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def colour(self, seat: int) -> str:
        return self.seats[seat].colour

    def is_ai(self, seat: int) -> bool:
        return self.seats[seat].is_ai

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def ai_due(self) -> int | None:
        """An AI seat that has a decision to make now, or None."""
        for s in self.deciders():
            if self.is_ai(s):
                return s
        return None

    def human_due(self) -> int | None:
        """A human seat that has a decision to make now (when no AI seat has one), or None."""
        if self.ai_due() is not None:
            return None
        for s in self.deciders():
            if not self.is_ai(s):
                return s
        return None

    # ----------------------------------------------------------------- asking the engine
    def legal(self, seat: int) -> list:
        return self.game.legal_actions(seat)

    # ----------------------------------------------------------------- acting
    def act(self, action: Any) -> list:
        """Perform one action of a human seat (``IllegalAction`` with the reason when not legal)."""
        events = self.recorder.apply(action)
        self._after(events)
        return events

    def ai_step(self) -> list:
        """One action of the AI seat that has a decision now (no-op when none), thought here and
        now (tests, tools); a screen asks for it with ``ai_start``/``ai_ready``/``ai_finish``."""
        s = self.ai_due()
        if s is None:
            return []
        return self._ai_apply(s, self._ai_choose(self.game, s))

    def _ai_choose(self, g: Game, s: int, cancel: Any = None) -> tuple:
        """What seat ``s``'s AI does in ``g`` (read only): ``(looked, choice)``, the choice its answer
        to the first proposal made to it, else a trade it offers a human first (``(proposal, why)``;
        ``looked``: it looked for one this turn), else its next action."""
        player = self.ai[s]
        asked = sorted(f for (f, to) in g.proposals if to == s) if g.phase == PLAY else []
        searches = isinstance(player, Expert)  # it answers a cancel with its best so far
        if asked:
            p = g.proposals[(asked[0], s)]
            return False, player.answer(g, s, p, cancel=cancel) if searches else player.answer(g, s, p)
        looked, offer = self._ai_offer(g, s)
        if offer is not None:
            return looked, offer
        return looked, player.act(g, s, cancel=cancel) if searches else player.act(g, s)

    def _ai_apply(self, s: int, chosen: tuple) -> list:
        g = self.game
        looked, action = chosen
        if looked:
            self._offered.add((g.turn, s))
        if isinstance(action, tuple):  # a trade offered to a human seat first (D13–D14)
            self.ai[s].note_offer(g, action[0])  # never offered again in this turn
            events = self.recorder.apply(action[0]) + [action[1]]
            self._after(events)
            return events
        asked = sorted(f for (f, to) in g.proposals if to == s) if g.phase == PLAY else []
        reason: Any = None
        if asked:
            reason = self.trade_reason(s, g.proposals[(asked[0], s)], type(action) is A.Accept)
        elif type(action) is A.Propose:  # a deal of its own (lords.offers): why, read before it is made
            from ...lords.propose import offer_reason

            reason = offer_reason(g, action)
        events = self.recorder.apply(action)
        if reason is not None:
            events = events + [reason]
        self._after(events)
        return events

    def _ai_offer(self, g: Game, s: int) -> tuple:
        """``(looked, (proposal, why) or None)``: whether AI seat ``s`` looks for a trade to offer a
        human now in ``g`` (Medium and Hard, at most once a turn, from its own random generator:
        ``lords.propose``) and what it offers."""
        from ...lords.propose import propose_to_human

        level = LEVELS.get(self.seats[s].level)
        if level is None or not level.trades or (g.turn, s) in self._offered:
            return False, None
        if g.phase != PLAY or g.active != s:
            return False, None
        return True, propose_to_human(g, s, self.humans, self.ai[s].rng)

    # ----------------------------------------------------------------- thinking off the screen's thread
    def ai_start(self) -> bool:
        """The AI seat due (if any) starts thinking on a worker thread, on a copy of the game; the
        screen keeps drawing meanwhile.  No-op while it already thinks.  True when one thinks."""
        s = self.ai_due()
        if s is None:
            self.ai_cancel()
            return False
        t = self._thinking
        if t is not None and t[0] == s and t[1] == len(self.recorder.moves):
            return True
        self.ai_cancel()
        from ...kernel.background import BackgroundTask

        copy = self.game.copy()
        rng_state = self.ai[s].rng.getstate()
        task = BackgroundTask(lambda cancel: self._ai_choose(copy, s, cancel), f"lords-ai-{s}")
        self._thinking = (s, len(self.recorder.moves), task, rng_state)
        return True

    def ai_ready(self) -> bool:
        """The thought-of action can be played (``ai_finish``)."""
        t = self._thinking
        return t is not None and t[2].done

    def ai_finish(self) -> list:
        """Play the action the worker found (on the caller's thread: the game changes only here);
        its events.  [] when nothing is ready; an action found for a game that has moved on since
        is dropped (the AI's random state put back: one seed, one game) and thought again."""
        t = self._thinking
        if t is None or not t[2].done:
            return []
        s, moves, task, _state = t
        self._thinking = None
        if task.error is not None:
            raise task.error
        if self.ai_due() != s or len(self.recorder.moves) != moves:
            self.ai[s].rng.setstate(_state)
            return []
        return self._ai_apply(s, task.result)

    def ai_cancel(self, wait: bool = True) -> None:
        """Forget a thought not yet played: the AI's random state as before it began (``wait``:
        once the worker has stopped; a screen leaving the game does not wait, the match is done)."""
        t = self._thinking
        if t is None:
            return
        self._thinking = None
        t[2].cancel()
        if wait and t[2].wait(5.0):  # its random state is the seat's own: put back once it has stopped
            self.ai[t[0]].rng.setstate(t[3])

    # ----------------------------------------------------------------- the hint
    def hint_offered(self) -> bool:
        """A hint may be asked in this game: one human seat, the others AI seats (a game of several
        humans has none: a hint for one would be seen by the others)."""
        return len(self.humans) == 1 and len(self.seats) > 1

    def can_hint(self, seat: int) -> bool:
        """``seat`` may ask for a hint now: the one human seat of a game against AI seats, with a
        decision of its own to make, no hint already being thought."""
        return (self.hint_offered() and seat in self.humans and not self.game.is_over
                and self.human_due() == seat and self._hinting is None)

    def _hint_seed(self, seat: int) -> int:
        """The hint's own generator's seed: one position, one hint; the game's dice never used."""
        base = self.seed if isinstance(self.seed, int) else 0
        return seat_seed(base, 100 + seat) ^ len(self.recorder.moves)

    def hint_step(self, seat: int) -> LordsHint | None:
        """The hint for ``seat`` thought here and now (tests, tools); the game is practice from then on."""
        if not self.can_hint(seat):
            return None
        self._mark_practice()
        return think_hint(self.game.copy(), seat, self._hint_seed(seat))

    def hint_start(self, seat: int) -> bool:
        """``seat`` asks for a hint: thought on a worker (on a copy of the game); the game is practice
        from now on.  False when no hint may be asked now."""
        if not self.can_hint(seat):
            return False
        from ...kernel.background import BackgroundTask

        self._mark_practice()
        copy, seed = self.game.copy(), self._hint_seed(seat)
        self._hinting = (seat, len(self.recorder.moves),
                         BackgroundTask(lambda cancel: think_hint(copy, seat, seed, cancel), f"lords-hint-{seat}"))
        return True

    def hint_ready(self) -> bool:
        return self._hinting is not None and self._hinting[2].done

    def hint_result(self) -> LordsHint | None:
        """The hint found (once ready), or None: none asked, not ready, or the game moved on since."""
        h = self._hinting
        if h is None or not h[2].done:
            return None
        self._hinting = None
        if h[2].error is not None:
            raise h[2].error
        if len(self.recorder.moves) != h[1] or self.human_due() != h[0]:
            return None
        return h[2].result

    def hint_cancel(self) -> None:
        h, self._hinting = self._hinting, None
        if h is not None:
            h[2].cancel()

    def _mark_practice(self) -> None:
        if not self.practice:
            self.practice = True
            if self.autosave:
                self.save()

    def trade_reason(self, seat: int, p: A.Propose, accepted: bool) -> TradeReason:
        """The AI's answer to ``p`` in a form a screen can put in words (its valuation redone on a
        copy: public information only)."""
        from ...lords.ai import value
        from ...lords.players import refusal_code

        g = self.game
        prob = g.trade_problem(p)
        if prob:
            return TradeReason(seat, p.seat, accepted, "problem", text=prob)
        level = self.seats[seat].level
        if level == "random":
            return TradeReason(seat, p.seat, accepted, "no_trades")
        if level == "easy":
            return TradeReason(seat, p.seat, accepted, "gift" if accepted else "gifts_only")
        after = g.copy()
        try:
            after.apply(A.Accept(seat, p.seat))
        except IllegalAction as e:
            return TradeReason(seat, p.seat, accepted, "problem", text=str(e))
        mine = round(value(after, seat) - value(g, seat))
        if accepted:
            return TradeReason(seat, p.seat, True, "worth", mine)
        code, lot = refusal_code(g, seat, p)
        if code:
            return TradeReason(seat, p.seat, False, code, mine, lot=lot, money=p.give.money)
        if mine <= 1:
            return TradeReason(seat, p.seat, False, "not_worth", mine)
        return TradeReason(seat, p.seat, False, "helps_you_more", mine)

    def _after(self, events: list) -> None:
        self._events.extend(events)
        if self.game.is_over:
            self._finish()
        elif self.autosave:
            self.save()

    def history(self) -> list:
        """Every event of the game so far (a resumed game's log): the game played again from its
        seed and moves; [] when that does not give the same game (nothing is made up)."""
        if not isinstance(self.seed, int):
            return []
        try:
            g = Game(self.n, self.seed)
            events = list(g.setup_events)
            for m in self.recorder.moves:
                events.extend(g.apply(A.action_from_dict(m["action"])))
        except (IllegalAction, StateError, ValueError, TypeError, KeyError):
            return []
        same = json.loads(json.dumps(g.to_dict())) == json.loads(json.dumps(self.game.to_dict()))
        return events if same else []

    def poll(self) -> list:
        """The events not yet shown, in order."""
        out, self._events = self._events, []
        return out

    # ----------------------------------------------------------------- saving
    def to_save(self) -> dict:
        d = {"format": SAVE_FORMAT, "saved": time.time(), "seats": [s.to_dict() for s in self.seats],
             "game": self.game.to_dict(), "setup_rolls": list(self.recorder.setup_rolls),
             "moves": list(self.recorder.moves)}
        if self.practice:
            d["practice"] = True
        return d

    def save(self) -> bool:
        return store.try_write(SAVE_KIND, save_path(), self.to_save())

    def record(self) -> dict:
        rec = self.recorder.record()
        rec["names"] = {SEAT_COLOURS[i]: s.name for i, s in enumerate(self.seats)}
        if self.practice:  # a hint was asked: practice, counted in no statistic or achievement
            rec["practice"] = True
        return rec

    def _finish(self) -> None:
        if self._recorded:
            return
        self._recorded = True
        if self.autosave:
            clear_save()
            self.record_path = self.keep_record()

    def with_seats(self, seats: list[LordsSeat]) -> "LordsLocalMatch":
        """The same game, taken on from here with ``seats`` (who plays each seat: a game played by
        AI seats up to a moment, then a human's; staged scenes and the review's replays)."""
        return LordsLocalMatch(seats, self.seed, game=self.game, setup_rolls=self.recorder.setup_rolls,
                               moves=self.recorder.moves)

    def keep_record(self):
        return store.keep_record(records_folder(), str(self.seed), self.record())

    # ----------------------------------------------------------------- the face (match.face)
    def ask_hint(self) -> bool:
        """The human seat due asks for a hint (``hint_start``)."""
        seat = self.human_due()
        return seat is not None and self.hint_start(seat)

    def close(self) -> None:
        """The screen is gone: stop thinking (the game is saved after every move)."""
        self.ai_cancel(wait=False)
        self.hint_cancel()


__all__ = ["LordsLocalMatch", "LordsSeat", "LordsHint", "think_hint", "TradeReason", "SAVE_FORMAT", "SHOWN_COLOURS", "read_save",
           "clear_save", "save_path", "records_folder", "LAYOFF", "PLACE", "PLAY", "A"]
