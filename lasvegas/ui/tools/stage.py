"""Put the app in a realistic state of any scene (screenshots, benchmark, smoke test, tests)."""

from __future__ import annotations

import pygame

from ...ai import RandomPlayer
from ...core import CasinoPaid
from ...match import LocalMatch
from . import stage_profiles
from ..kit.i18n import _
from ..lasvegas import demo
from ..lasvegas.names import player_name
from ..lasvegas.scenes.summary import SummaryScene
from ..lasvegas.scenes.table import TableScene

#: the profile screens' stages (``stage_profiles``)
PROFILE_STAGES = {"profile": stage_profiles.profile, "profile-edit": stage_profiles.profile_edit,
                  "profile-remove": stage_profiles.remove,
                  "achievements": stage_profiles.achievements, "profile-setup": stage_profiles.setup,
                  "achievement-toast": stage_profiles.toast}

SCENES = ("title", "setup", "table", "payout", "summary", "results", "rules", "settings",
          "solo", "solo-table", "solo-results", "log", "replay", "records", "online", "lobby", "review",
          "online-games", "catch-up", "tutorial", "settings-display", "settings-sound", "settings-controls", "help",
          "profile", "profile-edit", "profile-remove", "achievements", "profile-setup",
          "achievement-toast", "handover")
#: simulated turns per decision of a staged review (quick, not a real review)
STAGED_WORK = 300
DT = 1 / 60


def start_game(app, players: int = 3, humans: int = 1, seed: int = 1, neutral: bool = False) -> TableScene:
    session = demo.demo_session(players, humans, neutral)
    game = session.new_game(seed)
    return app.go("table", match=LocalMatch(game, session))


def step_until(app, cond, limit: int = 3000) -> bool:
    for _step in range(limit):
        if cond():
            return True
        app.step(DT)
    return cond()


def rolled_table(app, game, session, score) -> TableScene:
    """The table at the human's turn, dice rolled and grouped, the mouse over the
    group whose value scores highest by ``score(value)``."""
    table = app.go("table", match=LocalMatch(game, session, fresh=False))
    step_until(app, lambda: table.await_roll or app.top is not table)
    if app.top is not table:  # a pass screen: the seat's player takes the screen
        app.top.confirm()
    step_until(app, lambda: table.await_roll)
    table.roll()
    step_until(app, lambda: table.ready)
    if table.groups:
        best = max(table.groups, key=lambda g: score(g[0]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=best[1].center, rel=(0, 0), buttons=(0, 0, 0)))
    return table


def table_with_preview(app, seed: int = 1, players: int = 4, neutral: bool = False, **options) -> TableScene:
    """Mid-round, the human's dice grouped in the tray, the mouse over one group
    (``options``: the table options of ``demo.demo_session``)."""
    session = demo.demo_session(players, 1, neutral, **options)
    game = session.new_game(seed)
    demo.advance(game, 2 * players + 1, seed)
    demo.advance_to_human(game, 0, seed)
    # hover the group whose preview says the most
    table = rolled_table(app, game, session, lambda v: (
        bool(game.preview(v).ties_created or game.preview(v).ties_broken),
        len(game.preview(v).after.awards)))
    app.step(DT)
    return table


def table_in_payout(app, seed: int = 1, players: int = 4, **options) -> TableScene:
    """The last turn of round 1 is played by an AI seat; bills are in flight."""
    session = demo.demo_session(players, 0, **options)
    game = session.new_game(seed)
    demo.advance_to_last_turn(game, seed)
    table = app.go("table", match=LocalMatch(game, session, fresh=False))

    def flying():
        ev = table.current_event
        return (isinstance(ev, CasinoPaid) and ev.casino >= 2 and table.anim is not None
                and any(0.3 < s.tween.raw < 0.7 for s in table.anim.sprites)) or app.top is not table
    step_until(app, flying, 4000)
    return table


def summary(app, seed: int = 1, players: int = 4, **options) -> None:
    table = table_in_payout(app, seed, players, **options)
    del table
    step_until(app, lambda: isinstance(app.top, SummaryScene), 4000)
    for _step in range(30):
        app.step(DT)


def finished_game(session, seed: int):
    """A game of ``session`` played to its end by the random seat."""
    game = session.new_game(seed)
    demo.play_to_end(game, seed)
    return game


def finished(session, seed: int):
    """A match of ``session`` played to its end by the random seat."""
    return LocalMatch(finished_game(session, seed), session, fresh=False)


def results(app, seed: int = 1, players: int = 4, **options):
    m = finished(demo.demo_session(players, 1, **options), seed)
    return app.go("results", outcome=m.outcome(), rematch=m.rematch())


def review(app, seed: int = 1, players: int = 4):
    """The coach's summary of a finished game, its record saved in the records folder
    (the screenshots' and the tests' homes are temporary)."""
    import dataclasses

    from ..files import save

    session = demo.demo_session(players, 1)
    game = finished_game(session, seed)
    m = LocalMatch(game, session, fresh=False)
    path = save.save_record(game, session)
    results = app.go("results", outcome=dataclasses.replace(m.outcome(), record=str(path)), rematch=m.rematch())
    app.services.review_work = STAGED_WORK
    results.review()
    scene = app.top
    if scene.task is not None:
        scene.task.wait(120)
    app.step(DT)
    return scene


def solo_table(app, seed: int = 1, level: str = "normal") -> TableScene:
    """A solo game in round 2: the player's dice rolled, the mouse over the group with most at stake."""
    from ..kit.session import SeatInfo, Session

    session = Session([SeatInfo(_("You"), "red")], edition="2018", solo_level=level, handover=False,
                      extra={"hints": 0})
    game = session.new_game(seed)
    p = RandomPlayer(seed)
    while game.round < 1:
        game.apply(p.choose(game))
    demo.advance(game, 3, seed)
    table = rolled_table(app, game, session, lambda v: len(game.preview(v).after.dice))
    app.step(DT)
    return table


def solo_results(app, seed: int = 1, level: str = "normal"):
    from ..kit.session import SeatInfo, Session

    session = Session([SeatInfo(_("You"), "red")], edition="2018", solo_level=level, handover=False,
                      extra={"hints": 2})
    m = finished(session, seed)
    return app.go("solo-result", outcome=m.outcome(), rematch=m.rematch(), record=False)


def finished_record(seed: int = 1, players: int = 4, neutral: bool = False, **options) -> dict:
    """The record of a game played to its end by the random seat, as the desktop game keeps it."""
    import json

    from ..files.save import record_of

    session = demo.demo_session(players, 1, neutral, **options)
    game = session.new_game(seed)
    demo.play_to_end(game, seed)
    return json.loads(json.dumps(record_of(game, session)))


def replay_table(app, seed: int = 1, players: int = 4, **options) -> TableScene:
    """A replay paused in round 2, its dice rolled (the game log closed: L opens it beside the table)."""
    from ...match import ReplayMatch

    match = ReplayMatch(finished_record(seed, players, **options))
    table = app.go("table", match=match)
    match.playing = False
    match.seek(match.round_starts[1] + 3)
    step_until(app, lambda: table.turn_seat is not None and table.presenter.grouped and not table.queue)
    return table


def records(app, seed: int = 1, players: int = 4):
    """The Records list with three saved games (one of them damaged)."""
    from ..kit import paths
    from ..files.save import save_record
    from ..kit.session import SeatInfo, Session

    save_record(finished_game(demo.demo_session(players, 1), seed), demo.demo_session(players, 1))
    solo = Session([SeatInfo("You", "red")], edition="2018", solo_level="hard", handover=False, extra={"hints": 0})
    save_record(finished_game(solo, seed + 1), solo)
    (paths.records_dir() / "20240101-120000-7.json").write_text('{"format": "lasvegas-record/1", "seed"')
    app.go("title")
    return app.show("records")


class StagedLobby:
    """A room's lobby as the host sees it, without a server: for screenshots and layout checks."""

    room = "KXMPTR"
    seat = 0
    is_host = True
    error = ""
    error_code = ""
    match = None
    handover = None
    table = "table"
    game = "lasvegas"

    def __init__(self, players: int = 4, **options) -> None:
        from ...core import COLOURS, MAX_SEATS

        seats = [{"colour": c, "name": "", "kind": "open", "level": None, "connected": False}
                 for c in COLOURS[:max(2, min(MAX_SEATS, players))]]
        seats[0].update(name="Ann", kind="human", connected=True)
        seats[1].update(name="Bob", kind="human", connected=len(seats) < 4)
        if len(seats) > 3:
            seats[3].update(kind="ai", level="hard")
        self.info = {"type": "lobby", "room": self.room, "seats": seats, "started": False,
                     "options": {"players": len(seats), "correspondence": True, "keep_days": 7,
                                 **{k: v for k, v in options.items() if v}}}
        self.link = self

    def update(self) -> None:
        pass

    def start(self, fill: str) -> bool:
        return False

    def leave(self) -> None:
        pass

    def send(self, kind: str, **fields) -> bool:
        return False

    def close(self) -> None:
        pass


class StagedStatus:
    """The servers' answers about the player's online games, canned (screenshots, layout checks)."""

    def __init__(self, answers: dict[str, dict]) -> None:
        self.answers = answers

    def get(self, kept: dict) -> dict | None:
        return self.answers.get(kept["room"])


def online_games(app):
    """The title listing three online games (one at the player's turn, one of Lords of Vegas), without a server."""
    from ..online import lobby as online

    url = "ws://192.168.1.20:8765"
    games = [("KXMPTR", ["Ann", "Bob", "Chloé"], 0, 0), ("HQZ7WE", ["Dmitri", "Ann"], 1, 0),
             ("BN3VCA", ["Ann", "Eléonore-Marguerite", "AI Hard"], 0, 1)]
    answers = {}
    for room, names, seat, to_act in reversed(games):
        online.keep_seat(url, {"room": room, "token": "staged-token-" + room * 3, "seat": seat},
                         "lords" if room == "HQZ7WE" else "lasvegas")
        online.note_game(url, room, correspondence=True, names=names)
        answers[room] = {"room": room, "seat": seat, "to_act": to_act, "turn": 9, "started": True, "over": False,
                         "seats": [{"name": n, "kind": "ai" if n.startswith("AI ") else "human", "colour": "red",
                                    "level": n[3:].lower() if n.startswith("AI ") else "", "connected": False}
                                   for n in names]}  # as a server sends them: an AI seat named in English
    title = app.go("title")
    title.status = StagedStatus(answers)
    return title


def stage(app, name: str, seed: int = 1, players: int = 4, **options) -> None:
    """Put ``app`` in scene ``name``; ``options``: the table options (minimum, hundreds, biggies)
    of the games shown."""
    if name == "title":
        app.go("title")
    elif name == "setup":
        app.go("title")
        if players > 5 or any(options.values()):  # a bigger table or its options: set up as asked
            from ..lasvegas.scenes.setup import ai_levels

            session = demo.demo_session(players, 1, **options)
            for seat in session.seats:
                seat.level = ai_levels()[-1]  # a level the setup offers
            app.show("setup", session=session)
        else:  # the last setup (a fresh home's: three seats)
            app.show("setup")
    elif name == "table":
        table_with_preview(app, seed, players, **options)
    elif name == "payout":
        table_in_payout(app, seed, players, **options)
    elif name == "summary":
        summary(app, seed, players, **options)
    elif name == "results":
        results(app, seed, players, **options)
    elif name == "rules":
        app.go("title")
        app.show("rules").page = 4 if any(options.values()) else 2  # with an option: the options' page
    elif name == "lobby":
        app.go("lobby", lobby=StagedLobby(players, **options))
    elif name == "online" and (players != 4 or any(options.values())):  # the host's options as asked
        app.go("title")
        scene = app.show(name)
        scene.players.set_value(players)
        scene._players(scene.players.value)
        for option, value in options.items():
            if value:
                getattr(scene, option).set_value(value)
    elif name in ("settings", "solo", "online"):
        app.go("title")
        app.show(name)
    elif name.startswith("settings-"):  # a page of the settings, over a game
        table_with_preview(app, seed, players)
        app.show("settings", page=name.split("-", 1)[1])
    elif name == "help":  # the keys overlay, over a game
        table_with_preview(app, seed, players)
        app.show("help")
    elif name == "solo-table":
        solo_table(app, seed)
    elif name == "solo-results":
        solo_results(app, seed)
    elif name == "log":
        table_in_payout(app, seed, players, **options).log_panel.toggle()
    elif name == "replay":
        replay_table(app, seed, players, **options)
    elif name == "records":
        records(app, seed, players)
    elif name == "review":
        review(app, seed, players)
    elif name in PROFILE_STAGES:
        PROFILE_STAGES[name](app, seed)
    elif name == "online-games":
        online_games(app)
    elif name == "catch-up":  # the banner over a table, as when a player comes back to a game over days
        table_with_preview(app, seed, players, **options).catch_up.start(6)
    elif name == "tutorial":
        tutorial_table(app)
    elif name == "handover":  # the pass screen of a hot-seat game, after another player's move
        handover(app, seed, players, **options)
    else:
        raise ValueError(f"unknown scene {name!r}: choose one of {', '.join(SCENES)}")
    app.step(DT)


def handover(app, seed: int = 1, players: int = 4, **options):
    """The pass screen to the next seat's player, the move just made shown on it."""
    table = table_with_preview(app, seed, players, **options)
    table.place(table.groups[0][0])  # the player's move: the screen then passes to the next
    step_until(app, lambda: table.board.last_move is not None)
    return app.show("handover", name=player_name(1), colour=table.cfg.seats[1], note=table.last_move_text(),
                    move=table.board.last_move)


def tutorial_table(app, turns: int = 0) -> TableScene:
    """The tutorial at the player's turn ``turns`` (0: the first), dice rolled, the coach pointing
    at the dice to place; every wait on the way is answered as a player would."""
    from ..lasvegas.tutorial import tutorial_match

    table = app.go("table", match=tutorial_match())
    for n in range(turns + 1):
        for _round in range(40):
            if not step_until(app, lambda: table.await_roll or table.coach.waiting, 600):
                break
            if table.await_roll:
                break
            table.coach.go_on()
        table.roll()
        step_until(app, lambda: table.human_turn)
        if n < turns:
            table.place(table.match.expected)
    return table


def build_every_scene(app, seed: int = 1):
    """Every scene once (the smoke test draws each)."""
    out = [(name, app.make(name)) for name in ("title", "setup", "rules", "settings", "solo", "help", "profile",
                                               "profile-edit")]
    out.append(("achievements", app.make("achievements", profile="")))
    table = start_game(app, 3, 1, seed)
    out.append(("table", table))
    out.append(("pause", app.make("pause", leave=table.leave)))
    out.append(("handover", app.make("handover", name=player_name(1), colour="blue")))
    out.append(("results", results(app, seed, 3)))
    out.append(("solo-table", solo_table(app, seed)))
    out.append(("solo-results", solo_results(app, seed)))
    return out
