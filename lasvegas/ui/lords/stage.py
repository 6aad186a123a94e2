"""The Lords of Vegas scenes in a realistic state (``lasvegas screenshot --game lords``, tests)."""

from __future__ import annotations

from ...lords import events as E
from ...lords.ai import make_player
from ...match.lords.local import LordsLocalMatch
from .stage_match import DT, NAMES, played, seats, settle  # noqa: F401  (the scenes' staged games)

SCENES = ("board", "setup", "gamble", "trade", "trade-list", "results", "log", "payout", "tooltip", "records", "replay", "profile", "achievements",
          "rules", "tutorial", "online", "lobby", "review", "coach-replay")


class StagedLobby:
    """A Lords room's lobby as its host sees it, without a server (screenshots, layout checks)."""

    room = "QZWH7K"
    seat = 0
    is_host = True
    error = error_code = ""
    match = handover = None
    table = "lords-table"
    game = "lords"

    def __init__(self, players: int) -> None:
        colours = ("blue", "green", "red", "yellow")
        seats = [{"colour": c, "name": "", "kind": "open", "level": None, "connected": False}
                 for c in colours[:players]]
        seats[0].update(name="Ann", kind="human", connected=True)
        seats[1].update(name="Bob", kind="human", connected=True)
        if players > 3:
            seats[3].update(kind="ai", level="hard")
        self.info = {"type": "lobby", "room": self.room, "game": "lords", "seats": seats, "started": False,
                     "options": {"game": "lords", "players": players, "away_delay": 30, "decision_seconds": 30,
                                 "correspondence": False}}

    def update(self) -> None:
        pass

    def start(self, fill: str) -> bool:
        return False

    def leave(self) -> None:
        pass

    def close(self) -> None:
        pass


def stage(app, scene: str, seed: int, players: int, **_table_options) -> None:
    """Stage ``scene`` (one of ``SCENES``); Las Vegas's table options (``ui.tools.screenshot``) mean nothing here."""
    from . import stage_records

    if scene == "online":  # Play online from the setup: Lords of Vegas chosen
        app.go("title")
        app.show("lords-setup")
        app.show("online", game="lords")
        app.step(DT)
        return
    if scene == "lobby":  # the room's lobby, two players in, an AI seat, one open
        app.go("lobby", lobby=StagedLobby(max(2, players)), fill="medium")
        app.step(DT)
        return

    if scene in stage_records.SCENES:  # the records, a replay, a profile's statistics
        stage_records.stage(app, scene, seed, players)
        return
    if scene in ("review", "coach-replay"):  # the coach's review of a finished game, its replay
        from . import review

        review.stage(app, scene, seed, players)
        return
    if scene == "setup":
        app.go("title")
        app.show("lords-setup")
        app.step(DT)
        return
    if scene == "rules":  # How to play: a page with its picture
        app.go("title")
        app.show("lords-rules", page=2)
        app.step(DT)
        return
    if scene == "tutorial":  # the tutorial's table, its coach asking for the first build
        from . import tutorial

        tutorial.stage(app)
        return
    if scene == "results":
        m = LordsLocalMatch(seats(players, 0), seed)
        while not m.over:
            m.ai_step()
        app.go("lords-results", match=m)
        app.step(DT)
        return
    if scene == "payout":  # an AI's draw mid-game: the card turned over, money rising over the seats
        m = played(players, seed, 14)
        m.seats = seats(players, 0)
        m.ai = {i: make_player("medium", i) for i in range(players)}
        table = app.go("lords-table", match=m)
        for _i in range(3000):
            app.step(DT)
            cur = table.current
            if isinstance(cur, E.Paid) and any(cur.money) and table.current_left < 0.5 * table.current_total:
                break
        return
    m = played(players, seed, 14)
    table = app.go("lords-table", match=m)
    settle(app, table)
    g = m.query
    if scene == "board":
        casinos = [k for k in g.casinos()]
        if casinos:
            table.select(max(casinos, key=len)[0])
        app.step(DT)
    elif scene == "gamble":
        for k, b in zip(g.casinos(), g.bosses()):
            if b not in (-1, 0):
                table.select(k[0])
                for i, o in enumerate(table.options):
                    if o.mode == "bet" and o.reason is None:
                        table.choose(i)
                        table.bet = max(1, min(o.data["top"], 6))
                break
        app.step(DT)
    elif scene in ("trade", "trade-list"):  # an offer with this turn's action; its list open
        table.open_trade()
        top = app.top
        if hasattr(top, "give_money"):
            top.give_money = min(5, g.money[0])
            mine = top.items(0)
            if mine:
                top.give.add(mine[0])
            top.action_i = 1 if len(top.actions()) > 1 else 0
            if scene == "trade-list":
                top.list.show()
                top.list.move(-3)  # the last rows: the gambles, each with its bet's − and +
        app.step(DT)
    elif scene == "tooltip":
        import pygame

        from .layout import lot_rect

        k = max(g.casinos(), key=len)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.pt(lot_rect(k[0]).center),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        app.step(DT)
    elif scene == "log":
        table.show_log = True
        app.step(DT)

