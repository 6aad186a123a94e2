"""Gambling at a casino, and the boss's lay-off (D12).

One part of the rules engine ``lasvegas.lords.game.Game``, which is made of these parts
(see lasvegas/lords/rules/__init__.py); the methods use the game's state as ``Game`` keeps it.
"""

from __future__ import annotations

from .. import actions as A
from .. import events as E
from ..refusals import refuse
from .base import PLAY, LAYOFF, _LOSE


class Gamble:
    """Gambling at a casino (once a turn) and the lay-off its boss may answer with (D12)."""

    def _check_gamble(self, a: A.Gamble) -> tuple[tuple[int, ...], int]:
        s = a.seat
        if self.gambled:
            raise refuse("gamble.again")
        k = self.casino_of(self._lot_arg(a.casino, "gamble"))
        b = self.boss(k)
        if b < 0:
            raise refuse("gamble.no_boss")
        if b == s:
            raise refuse("gamble.boss")
        top = min(5 * len(k), self.money[s])
        if type(a.bet) is not int or not 1 <= a.bet <= top:
            raise refuse("gamble.bet", top=top) if top else refuse("gamble.no_money")
        return k, b

    def _gamble(self, a: A.Gamble, ev: list) -> None:
        self._need_play(a.seat, "gamble")
        self._do_gamble(a, ev)

    def _do_gamble(self, a: A.Gamble, ev: list) -> None:
        k, b = self._check_gamble(a)
        self.gambled = True
        self.gamble = (k[0], a.bet, b)
        self.phase = LAYOFF
        ev.append(E.Gambled(a.seat, b, k[0], a.bet))

    def _layoff(self, a: A.LayOff, ev: list) -> None:
        if self.phase != LAYOFF or a.seat != self.gamble[2]:  # type: ignore[index]
            raise refuse("layoff.nothing")
        if type(a.lay_off) is not bool:
            raise refuse("layoff.answer")
        _, bet, boss = self.gamble  # type: ignore[misc]
        g = self.active
        d1, d2 = self._roll(), self._roll()
        total = d1 + d2
        money = self.money
        lay = a.lay_off
        if total in _LOSE:
            to_boss = bet // 2 if lay else bet
            money[g] -= bet
            money[boss] += to_boss
            gd, bd, bank = -bet, to_boss, -(bet - to_boss)
        else:
            amount = 2 * bet if total in (2, 12) else bet
            share = amount // 2 if lay else amount
            bank = amount - share
            paid = min(share, money[boss])  # D12: the boss pays what they have
            money[boss] -= paid
            money[g] += paid + bank
            gd, bd = paid + bank, -paid
        self.gamble = None
        self.phase = PLAY
        ev.append(E.GambleRolled(g, boss, lay, (d1, d2), bet, gd, bd, bank))

    def gamble_options(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """(casino, largest bet) of every casino ``seat`` may gamble at now."""
        if self.phase != PLAY or seat != self.active or self.gambled or self.money[seat] < 1:
            return []
        out = []
        for k, b in zip(self.casinos(), self.bosses()):
            if b >= 0 and b != seat:
                out.append((k, min(5 * len(k), self.money[seat])))
        return out
