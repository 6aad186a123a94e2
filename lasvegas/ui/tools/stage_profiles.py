"""Profiles in a realistic state (screenshots, tests): three players, games saved over a few weeks."""

from __future__ import annotations

import datetime as _dt
import json

from ...games import registry
from ..lasvegas import demo
from ..lasvegas.names import ai_seat_name

#: (name, colour, pip) of the staged profiles
PLAYERS = (("Ann", "purple", "diamond"), ("Bo", "green", "ring"), ("Cy", "yellow", "square"))
#: the AI levels of the staged games: those Las Vegas's setup offers
LEVELS = registry.levels("lasvegas").offered()


def make_profiles(app) -> list:
    """The staged players' profiles (made once per app)."""
    book = app.services.profiles
    made = []
    for name, colour, pip in PLAYERS:
        made.append(next((p for p in book.profiles if p.name == name), None)
                    or book.create(name, colour, pip, _dt.date(2026, 10, 1)))
    book.save()
    return made


def session_for(profile, seed: int, players: int):
    """A game of ``players`` seats: ``profile`` in the first one, AI seats of levels picked by ``seed``."""
    s = demo.demo_session(players, 1)
    s.seats[0].name, s.seats[0].profile = profile.name, profile.id
    for i, seat in enumerate(s.seats[1:], 1):
        seat.level, seat.name = LEVELS[(seed + i) % len(LEVELS)], ai_seat_name(i)
    return s


def play_games(profile, count: int = 9, seed: int = 1, start: _dt.date = _dt.date(2026, 10, 3)) -> list:
    """``count`` games of ``profile`` played to the end by the random seat, their records saved a few
    days apart (as the game saves them, with the profile and the AI levels); their paths."""
    from ..kit import paths
    from ... import store
    from ..files.save import record_of

    out = []
    for n in range(count):
        session = session_for(profile, seed + n, 2 + (seed + n) % 4)
        game = session.new_game(seed + 100 * n)
        demo.play_to_end(game, seed + n)
        rec = record_of(game, session)
        day = start + _dt.timedelta(days=3 * n)
        path = paths.records_dir() / f"{day:%Y%m%d}-2000{n:02d}-{game.seed}.json"
        store.write_bytes(path, (json.dumps(rec, indent=1) + "\n").encode("utf-8"))
        out.append(path)
    return out


def profile(app, seed: int = 1):
    ann = make_profiles(app)[0]
    play_games(ann, 9, seed)
    app.go("title")
    return app.show("profile", profile=ann.id)


def achievements(app, seed: int = 1):
    ann = make_profiles(app)[0]
    play_games(ann, 9, seed)
    app.go("title")
    app.show("profile", profile=ann.id)
    return app.show("achievements", profile=ann.id)


def profile_edit(app, seed: int = 1):
    make_profiles(app)
    app.go("title")
    app.show("profile")
    scene = app.show("profile-edit")
    scene.name.value = "Dana"
    return scene


def remove(app, seed: int = 1):
    """The question before a profile is removed, over the dialog of Ann's profile."""
    ann = make_profiles(app)[0]
    app.go("title")
    app.show("profile", profile=ann.id)
    dialog = app.show("profile-edit", profile=ann.id)
    dialog.ask_remove()
    return app.top


def setup(app, seed: int = 1):
    """The new game's setup with two profiles picked for the first two seats."""
    ann, bo, _cy = make_profiles(app)
    app.go("title")
    scene = app.show("setup")
    scene._set_kind(0, f"profile:{ann.id}")
    scene._set_kind(1, f"profile:{bo.id}")
    return scene


def toast(app, seed: int = 1, players: int = 4):
    """The results of a profile's first game: the achievements it earned, told by the toast."""
    import dataclasses

    from ...match import LocalMatch
    from ..files.save import save_record

    ann = make_profiles(app)[0]
    session = session_for(ann, seed, players)
    game = session.new_game(seed)
    demo.play_to_end(game, seed)
    m = LocalMatch(game, session, fresh=False)
    path = save_record(game, session)
    scene = app.go("results", outcome=dataclasses.replace(m.outcome(), record=str(path)), rematch=m.rematch())
    for _step in range(40):  # the toast fades in
        app.step(1 / 60)
    return scene
