"""A finished Lords of Vegas game told from its record, for the results screen (no pygame):
each seat's VP after every turn, its casinos at the end, and the game's best moments (the
largest casino, the biggest payout, the best gamble).  Read from the events of the record's
replay by the rules (``lords.record.replay``), so it can never disagree with the game; a
record that does not check gives no story (``RecordError`` is the caller's)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...lords import events as E
from ...lords.board import TRACK
from ...lords.record import replay


@dataclass(frozen=True)
class Moment:
    """One of the game's best moments: who, on which turn, how much, where (a lot or a card)."""
    seat: int
    turn: int
    amount: int  #: tiles of the casino; dollars paid; dollars won
    where: int  #: the casino's first lot; the card drawn (a lot); the casino gambled at
    bet: int = 0  #: a gamble's bet


@dataclass
class Story:
    n: int
    #: each seat's VP at the start (0) and after every turn, the last point the game's end
    vp: list[list[int]] = field(default_factory=list)
    #: each seat's casinos at the end: (casinos it is the boss of, tiles in them)
    casinos: list[tuple[int, int]] = field(default_factory=list)
    largest: Moment | None = None
    payout: Moment | None = None
    gamble: Moment | None = None


def story_of(record: dict) -> Story:
    """The story of a finished ``lords-record/1`` record (``RecordError`` if it does not check)."""
    st: Story | None = None
    gambled_at = [-1]

    def watch(game, action, events) -> None:
        nonlocal st
        if st is None:
            st = Story(game.n, vp=[[0] for _ in range(game.n)])
        bossed = [(k, b) for k, b in zip(game.casinos(), game.bosses()) if b >= 0]
        for k, b in bossed:
            if st.largest is None or len(k) > st.largest.amount:
                st.largest = Moment(b, game.turn, len(k), k[0])
        for ev in events:
            t = type(ev)
            if t is E.TurnStarted or t is E.GameEnded:
                for s in range(game.n):
                    st.vp[s].append(TRACK[game.chip[s]])
            elif t is E.Paid:
                for s, m in enumerate(ev.money):
                    if m > 0 and (st.payout is None or m > st.payout.amount):
                        st.payout = Moment(s, game.turn, m, ev.card)
            elif t is E.Gambled:
                gambled_at[0] = ev.casino
            elif t is E.GambleRolled and ev.gambler > 0:
                if st.gamble is None or ev.gambler > st.gamble.amount:
                    st.gamble = Moment(ev.seat, game.turn, ev.gambler, gambled_at[0], ev.bet)

    final = replay(record, watch)
    if st is None:  # no move at all
        st = Story(final.n, vp=[[0] for _ in range(final.n)])
    counts = [[0, 0] for _ in range(final.n)]
    for k, b in zip(final.casinos(), final.bosses()):
        if b >= 0:
            counts[b][0] += 1
            counts[b][1] += len(k)
    st.casinos = [(c, t) for c, t in counts]
    return st


__all__ = ["Moment", "Story", "story_of"]
