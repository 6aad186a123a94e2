"""Lords of Vegas records, replay and profile statistics in a realistic state
(``lasvegas screenshot --game lords --scene records|replay|profile|achievements``, tests)."""

from __future__ import annotations

import datetime as _dt
import json

from ...store import paths
from ... import store
from ...match.lords.local import LordsLocalMatch
from ..tools.stage_profiles import make_profiles, play_games
from .stage_match import DT, seats

SCENES = ("records", "replay", "profile", "achievements")


def lords_record(players: int, seed: int, profile: str = "", humans: int = 1) -> dict:
    """A whole game of AI seats written as if the first ``humans`` seats were humans (the first
    one played by ``profile``)."""
    m = LordsLocalMatch(seats(players, 0), seed)
    while not m.over:
        m.ai_step()
    rec = json.loads(json.dumps(m.record()))
    for i, c in enumerate(rec["seats"][:humans]):
        rec["players"][c] = {"kind": "human", "level": ""}
        if i == 0 and profile:
            rec["players"][c]["profile"] = profile
    return rec


def keep(rec: dict, day: _dt.date, n: int) -> None:
    folder = paths.ensure(paths.records_dir() / "lords")
    store.write_bytes(folder / f"{day:%Y%m%d}-2100{n:02d}-{rec['seed']}.json",
                      (json.dumps(rec, indent=1) + "\n").encode("utf-8"))


def stage(app, scene: str, seed: int, players: int) -> None:
    ann = make_profiles(app)[0]
    if scene == "records":
        play_games(ann, 3, seed)
        for n in range(4):
            keep(lords_record(2 + (seed + n) % 3, seed + n, ann.id, humans=1 + n % 2), _dt.date(2026, 11, 2 + 3 * n), n)
        folder = paths.records_dir() / "lords"
        (folder / "20261120-210099-1.json").write_text("{ cut short", encoding="utf-8")
        app.go("title")
        app.show("records")
        app.step(DT)
        return
    if scene == "replay":
        from ...match.lords.replay import LordsReplayMatch

        rec = lords_record(players, seed, ann.id)
        m = LordsReplayMatch(rec)
        app.go("title")
        app.show("records")
        table = app.show("lords-replay", match=m)
        table.jump(m.turns // 2)
        m.playing = False
        table.select(max(m.query.casinos(), key=len)[0]) if m.query.casinos() else None
        app.step(DT)
        return
    if scene in ("profile", "achievements"):
        play_games(ann, 4, seed)
        for n in range(5):
            keep(lords_record(2 + (seed + n) % 3, seed + n, ann.id), _dt.date(2026, 11, 2 + 3 * n), n)
        app.go("title")
        prof = app.show("profile", profile=ann.id)
        prof.switch_game()
        if scene == "achievements":  # Lords of Vegas's achievements, opened from its page
            prof.achievements()
        app.step(DT)
        return
    raise ValueError(f"no Lords of Vegas scene {scene!r}")


__all__ = ["SCENES", "stage", "lords_record", "keep"]
