"""Playing Lords of Vegas through the screen as a player would: posted clicks and keys only."""

from __future__ import annotations

import time

import pygame

from lasvegas.lords.board import COST
from lasvegas.ui.lords import layout as L
from lasvegas.ui.lords.results import LordsResultsScene
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.handover import HandoverScene

DT = 1 / 30


def wait_started(match, seconds: float = 30.0) -> None:
    """Wait (on the link's inbox, no busy loop) until every seat of an online ``match`` is taken."""
    deadline = time.monotonic() + seconds
    while not match.started:
        assert time.monotonic() < deadline, "the game did not start"
        match.wait(0.05)


def click(app, pos) -> None:
    """A left click at logical ``pos`` (posted at the window's pixel for it)."""
    px = app.screen.pt(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=px, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px, button=1))


def key(k, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def lot_centre(lot: int):
    return L.lot_rect(lot).center


class Player:
    """A simple human at the screen: builds what it can afford, gambles a little once per turn,
    answers lay-offs, placements, forced moves and trades; counts what it saw."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}
        self.tried: set = set()

    def note(self, what: str) -> None:
        self.seen[what] = self.seen.get(what, 0) + 1

    def step(self, app, table: LordsTableScene) -> None:
        top = app.top
        if isinstance(top, HandoverScene):
            self.note("pass")
            key(pygame.K_RETURN)
            return
        if top is not table or table.busy or table.passing:
            return
        g = table.match.game
        kind = table.decide.kind()
        if kind in ("marker", "die"):
            targets = table.decide.targets()
            if not targets:  # an online table: the game it shows changed meanwhile (asked again next frame)
                return
            self.note(kind)
            click(app, lot_centre(targets[0]))
        elif kind == "layoff":
            self.note("layoff")
            key(pygame.K_y if g.turn % 2 else pygame.K_n)
        elif kind == "place":
            lots = table.decide.targets()
            if not lots:
                return
            self.note("place")
            click(app, lot_centre(lots[0]))
            click(app, lot_centre(lots[-1]))
            key(pygame.K_RETURN)
        elif kind == "trade":
            self.note("trade")
            key(pygame.K_r)
        elif table.my_play():
            self.play(app, table)

    def play(self, app, table) -> None:
        g = table.match.game
        s = table.viewer
        turn = (g.turn, s)
        if table.chosen is not None:
            if table.chosen.mode == "bet":
                key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
            self.note("confirm")
            return
        if table.selected is not None and table.options:
            for i, o in enumerate(table.options):
                if o.reason is None and (o.label.startswith("Build") or o.mode == "bet") and o.mode != "pick_die":
                    key(pygame.K_1 + i)
                    self.note("build" if o.label.startswith("Build") else "gamble")
                    return
        mine = [i for i in range(48) if g.marker[i] == s and COST[i] <= g.money[s]
                and not (g.n == 2 and i >= 39) and (turn, i) not in self.tried]
        if mine:
            self.tried.add((turn, mine[0]))
            click(app, lot_centre(mine[0]))
            return
        if not g.gambled and (turn, "g") not in self.tried:
            self.tried.add((turn, "g"))
            for k, b in zip(g.casinos(), g.bosses()):
                if b >= 0 and b != s:
                    click(app, lot_centre(k[0]))
                    return
        key(pygame.K_e)
        self.note("end")


def play_to_end(app, table: LordsTableScene, player: Player, limit: int = 20000) -> None:
    for _i in range(limit):
        if isinstance(app.top, LordsResultsScene):
            return
        player.step(app, table)
        app.step(DT)
    raise AssertionError("the game did not end")


def ann_and_bob(app, game, bob: str = "ai"):
    """A table at this computer on ``game``: Ann (human) and Bob (``bob``: "ai", an Easy AI, or
    "human"), stepped until the events of its start are told."""
    from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat

    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""),
                         LordsSeat("Bob", "green", bob, "easy" if bob == "ai" else "")], game=game)
    m.poll()
    table = app.go("lords-table", match=m)
    for _i in range(40):
        app.step(DT)
        if not table.busy:
            break
    return table


def open_trade(app, game, seats):
    """A table at this computer on ``game`` (``seats``: LordsSeat), its trade panel opened with T."""
    from lasvegas.match.lords.local import LordsLocalMatch

    app.settings.anim_speed = "instant"
    m = LordsLocalMatch(seats, game=game)
    m.poll()
    app.go("lords-table", match=m)
    for _i in range(3):
        app.step(DT)
    key(pygame.K_t)
    app.step(DT)
    return app.top
