"""The coach: a review of a finished game, decision by decision (no pygame).

For every decision of a reviewed seat, every legal value is rated with the
Expert's playouts (``fastsim.Playout``: every other seat plays Medium, the
seat's own later turns follow the Expert's own-turn model) from the public
position at that moment (``fastsim.View``: the deck order is never read, the
dice are drawn from the coach's own generator).  A value's rating is the
seat's chance of winning the game after placing it:

- in the last round, the share of playouts the seat wins (ties on money
  broken by bills, a tie on both shared) — the real win chance;
- before it, the playouts end with the round, and the standing then is
  turned into a win chance: for every seat, the chance that it stays ahead of
  each other seat over the rounds still to come, ``Phi(margin / (SIGMA * sqrt(rounds
  left)))`` multiplied over the others, then shared out so that the seats' chances
  sum to 1 (solo: ``Phi`` of the margin against the other colours together).

All values of a decision are played out on the same random numbers (common
random numbers), so the differences between them are measured on the same
luck.  The seat's choice is labelled by what it gave away: the best rating
minus the rating of its choice, in win-chance points (``LABELS``).  A forced
move (one legal value) is rated but not labelled.

Reviews are cached beside the record (``<record>.review.json``): one entry
per game, seed and work, with the rated decisions; a second review reads
them back at once; a damaged cache is kept aside and ignored.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import threading
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from ..kernel.background import BackgroundTask
from ..core import Game, PLACE, replay
from ..core.record import start_game
from ..kernel.ratings import LABEL_NAMES, LABELS, label_for, move_accuracy, pairwise_chances, phi  # noqa: F401  (the labels both coaches use)
from .fastsim import Gains, Playout, View
from .players import ExpertPlayer

REVIEW_FORMAT = "lasvegas-review/1"
#: simulated turns per rated decision, shared among its legal values (docs/ai.md, Coach)
DEFAULT_WORK = 150_000
#: spread of the money margin between two seats over one round still to play ($): the
#: standard deviation of one round's money difference between two seats, 70,500 over
#: 300 four-seat games of Medium (docs/ai.md, Coach)
SIGMA = 70_000
#: cache entries kept per file (other games of a JSON Lines file, other seeds)
MAX_ENTRIES = 16


class ReviewCancelled(Exception):
    """The review was cancelled; what was rated so far is in the cache."""


class Rater:
    """Rates every legal value of a position with playouts; ``work`` simulated turns in all."""

    def __init__(self, work: int = DEFAULT_WORK) -> None:
        self.work = work
        self.expert = ExpertPlayer(0)

    def chance(self, view: View, gains: Gains, codes: Sequence[int]) -> float:
        """The deciding seat's chance of winning the game once the round ends as ``codes``."""
        g = gains.round_gains(codes)
        left = view.rounds - view.round - 1
        if view.solo:
            tot = [view.money[o] + g[o] for o in range(len(g))]
            margin = tot[0] - (sum(tot) - tot[0])
            if left > 0:
                return phi(margin / (SIGMA * math.sqrt(left)))
            return 1.0 if margin > 0 else 0.0
        n = view.n_seats
        s = view.current
        tot = [view.money[o] + g[o] for o in range(n)]
        if left > 0:  # each seat's chance to stay ahead of every other, shared out to sum to 1
            return pairwise_chances(tot, SIGMA * math.sqrt(left))[s]
        nb = gains.round_bills(codes)
        key = [(tot[o], view.nbills[o] + nb[o]) for o in range(view.n_seats)]
        top = max(key)
        if key[s] != top:
            return 0.0
        return 1.0 / sum(1 for k in key if k == top)

    def rate(self, game: Game, seed: Any, cancel: threading.Event | None = None) -> dict[int, float]:
        """``{value: win chance}`` for every legal value of ``game``'s current seat."""
        view = View.of(game)
        gains = Gains(view.bills, view.n_owners)
        po = Playout(view, gains, own_policy=self.expert.own_model(view))
        values = sorted(set(game.legal_values()))
        sums = {v: 0.0 for v in values}
        n = 0
        spent = 0
        master = random.Random(str(seed))
        rng = random.Random()
        while spent < self.work or n == 0:
            if cancel is not None and cancel.is_set():
                raise ReviewCancelled()
            s = master.getrandbits(62)
            for v in values:
                rng.seed(s)
                codes, turns = po.run(v, rng.random)
                sums[v] += self.chance(view, gains, codes)
                spent += turns + 1
            n += 1
        return {v: sums[v] / n for v in values}


# ------------------------------------------------------------------ positions
def fingerprint(record: Any) -> str:
    """A short digest of a record's text (the cache key of its game)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


# ------------------------------------------------------------------ the cache
def cache_path(record_path: str | Path) -> Path:
    p = Path(record_path)
    return p.with_name(p.name + ".review.json")


def _check_decision(d: Any, where: str) -> dict:
    if not isinstance(d, dict):
        raise ValueError(f"{where}: expected an object")
    for key, kind in (("turn", int), ("round", int), ("seat", str), ("chosen", int)):
        if not isinstance(d.get(key), kind) or isinstance(d.get(key), bool):
            raise ValueError(f"{where}.{key}: expected {kind.__name__}")
    ratings = d.get("ratings")
    if not isinstance(ratings, list) or not ratings:
        raise ValueError(f"{where}.ratings: expected a list")
    values = []
    for r in ratings:
        v, c = (r.get("value"), r.get("chance")) if isinstance(r, dict) else (None, None)
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
            raise ValueError(f"{where}.ratings: a value 1-6 expected")
        if not isinstance(c, (int, float)) or isinstance(c, bool) or not 0.0 <= c <= 1.0:
            raise ValueError(f"{where}.ratings: a chance 0-1 expected")
        values.append(v)
    if d["chosen"] not in values:
        raise ValueError(f"{where}.chosen: not a rated value")
    return {"turn": d["turn"], "round": d["round"], "seat": d["seat"], "chosen": d["chosen"],
            "ratings": [{"value": r["value"], "chance": float(r["chance"])} for r in ratings]}


def _cache_shape(data: Any) -> list[dict]:
    if not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT:
        raise ValueError(f"not a {REVIEW_FORMAT} file")
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise ValueError("entries: expected a list")
    out = []
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or not isinstance(e.get("key"), str) \
                or not isinstance(e.get("decisions"), list):
            raise ValueError(f"entries[{i}]: expected a key and decisions")
        out.append({"key": e["key"], "decisions": [
            _check_decision(d, f"entries[{i}].decisions[{j}]") for j, d in enumerate(e["decisions"])]})
    return out


def _cache_kind():
    from .. import store
    return store, store.FileKind("review", store.N_("The saved review of a game"),
                                 store.N_("the game will be reviewed again"), _cache_shape)


def load_cache(path: Path) -> tuple[list[dict], str | None]:
    """The cache entries of ``path`` (none when missing or damaged: then kept aside, and a message)."""
    store, kind = _cache_kind()
    entries, message = store.recover(kind, path)
    return entries or [], message


def save_cache(path: Path, entries: list[dict]) -> bool:
    """Write the cache atomically; False when it cannot be written (the review still stands)."""
    store, kind = _cache_kind()
    try:
        store.write(kind, path, {"format": REVIEW_FORMAT, "entries": entries[-MAX_ENTRIES:]})
    except store.WriteFailed:
        return False
    return True


# ------------------------------------------------------------------ the review
def finish(decision: dict) -> dict:
    """A rated decision with its best value, loss, label and accuracy filled in."""
    ratings = decision["ratings"]
    chance = {r["value"]: r["chance"] for r in ratings}
    best = max(ratings, key=lambda r: (r["chance"], -r["value"]))
    mine = chance[decision["chosen"]]
    forced = len(ratings) == 1
    loss = max(0.0, (best["chance"] - mine) * 100.0)
    out = dict(decision)
    out.update(best=best["value"], chance=mine, best_chance=best["chance"], forced=forced,
               loss=round(loss, 2), label=None if forced else label_for(loss),
               accuracy=None if forced else round(move_accuracy(loss), 1))
    return out


def summary(decisions: Sequence[dict], seats: Sequence[str]) -> dict[str, dict]:
    """Per seat: decisions labelled, labels counted, accuracy, the costliest turn, the win chance."""
    out = {}
    for colour in seats:
        mine = [d for d in decisions if d["seat"] == colour]
        rated = [d for d in mine if d["label"] is not None]
        labels = {name: sum(1 for d in rated if d["label"] == name) for name in LABEL_NAMES}
        acc = round(sum(d["accuracy"] for d in rated) / len(rated), 1) if rated else None
        worst = max(rated, key=lambda d: (d["loss"], -d["turn"])) if rated else None
        out[colour] = {"decisions": len(rated), "labels": labels, "accuracy": acc,
                       "costliest": worst, "chances": [(d["turn"], d["chance"]) for d in mine]}
    return out


class Review:
    """The result: ``decisions`` (finished, in game order), ``seats`` and ``seconds``."""

    def __init__(self, decisions: list[dict], seats: Sequence[str], seconds: float,
                 notice: str | None = None) -> None:
        self.decisions = decisions
        self.seats = summary(decisions, seats)
        self.seconds = seconds
        #: a message about the cache (damaged and kept aside), or None
        self.notice = notice

    def to_json(self) -> dict:
        """The documented shape (docs/ai.md, Coach)."""
        return {"seats": {c: {"decisions": s["decisions"], "labels": s["labels"], "accuracy": s["accuracy"]}
                          for c, s in self.seats.items()},
                "decisions": self.decisions, "seconds": round(self.seconds, 2)}


def review(record: dict, seats: Sequence[str] | None = None, *, seed: int = 0,
           work: int = DEFAULT_WORK, cache: str | Path | None = None,
           progress: Callable[[int, int], None] | None = None,
           cancel: threading.Event | None = None) -> Review:
    """Review ``record``'s decisions of ``seats`` (colours; None: the first seat).

    ``RecordError`` when the record does not check; ``ReviewCancelled`` when
    ``cancel`` is set (the decisions rated so far are cached).  ``progress(done,
    total)`` is called after each decision.  ``cache``: the cache file (None: none).
    """
    t0 = time.perf_counter()
    final = replay(record)
    cfg = final.config
    if seats is None:
        seats = [cfg.seats[0]]
    unknown = [c for c in seats if c not in cfg.seats]
    if unknown:
        raise ValueError(f"{', '.join(unknown)} did not play in this game (seats: {', '.join(cfg.seats)})")
    key = f"{fingerprint(record)}:{seed}:{work}"
    entries: list[dict] = []
    notice = None
    if cache is not None:
        entries, notice = load_cache(Path(cache))
    entry = next((e for e in entries if e["key"] == key), None)
    if entry is None:
        entry = {"key": key, "decisions": []}
        entries.append(entry)
    else:  # the most recently used last (kept first when the file is trimmed)
        entries.remove(entry)
        entries.append(entry)
    known = {d["turn"]: d for d in entry["decisions"]}
    choices = [(i, t["value"]) for i, r in enumerate(record["rounds"]) for t in r["turns"]]
    todo = {turn for turn, t in enumerate(t for r in record["rounds"] for t in r["turns"])
            if cfg.seats[t["seat"]] in seats}  # the record checked: its seats are the game's
    rater = Rater(work)
    game = start_game(record, cfg)
    out: list[dict] = []
    changed = False
    done = 0
    try:
        for turn, (rnd, value) in enumerate(choices):
            if turn in todo:
                d = known.get(turn)
                if d is None or d["seat"] != game.current_colour or d["chosen"] != value:
                    ratings = rater.rate(game, f"{seed}:{turn}", cancel)
                    d = {"turn": turn, "round": rnd + 1, "seat": game.current_colour, "chosen": value,
                         "ratings": [{"value": v, "chance": round(c, 4)} for v, c in ratings.items()]}
                    known[turn] = d
                    changed = True
                out.append(finish(d))
                done += 1
                if progress is not None:
                    progress(done, len(todo))
            game.apply(PLACE[value])
    finally:
        if cache is not None and changed:
            entry["decisions"] = [known[t] for t in sorted(known)]
            save_cache(Path(cache), entries)
    return Review(out, seats, time.perf_counter() - t0, notice)


class ReviewTask:
    """A review on a worker thread (``background.BackgroundTask``, the same as the Lords of Vegas
    coach's), for a screen that must not freeze.

    ``start()`` runs ``review`` on it; ``done``/``total`` follow its progress, ``result`` holds
    the ``Review`` when it has ended well, ``error`` the exception that ended it otherwise
    (``ReviewCancelled`` after ``cancel()``, which may come before ``start()``).
    """

    def __init__(self, record: dict, seats: Sequence[str] | None = None, **kw: Any) -> None:
        self.record = record
        self.seats = seats
        self.kw = kw
        self.done = 0
        self.total = 0
        self.cancelled = False
        self.task: BackgroundTask | None = None

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _work(self, cancel: threading.Event) -> Review:
        if self.cancelled:
            cancel.set()
        return review(self.record, self.seats, progress=self._progress, cancel=cancel, **self.kw)

    def start(self) -> "ReviewTask":
        self.task = BackgroundTask(self._work, "review")
        return self

    def cancel(self) -> None:
        self.cancelled = True
        if self.task is not None:
            self.task.cancel()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the review has ended (at most ``timeout`` seconds); whether it has."""
        return self.task is not None and self.task.wait(timeout)

    @property
    def result(self) -> Review | None:
        return self.task.result if self.task is not None else None

    @property
    def error(self) -> BaseException | None:
        return self.task.error if self.task is not None else None

    @property
    def finished(self) -> bool:
        return self.task is not None and self.task.done

    @property
    def fraction(self) -> float:
        """How much is done, 0–1."""
        return self.done / self.total if self.total else 0.0
