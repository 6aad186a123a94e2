"""The staged games the Lords of Vegas scenes are shown with (screenshots, the bench, tests):
AI seats play the first turns, then a human sits at seat 0. Its own module, so that the scenes
(``stage``) and the records' stage (``stage_records``) share it without importing each other."""

from __future__ import annotations

from ...match.lords.local import LordsLocalMatch, LordsSeat

DT = 1 / 60
NAMES = ("Ann", "Bob", "Vega Vic", "Dora")


def seats(players: int, humans: int = 1) -> list[LordsSeat]:
    colours = ("blue", "green", "red", "yellow")
    return [LordsSeat(NAMES[i], colours[i], "human" if i < humans else "ai", "" if i < humans else "medium")
            for i in range(players)]


def played(players: int, seed: int, turns: int) -> LordsLocalMatch:
    """A match whose first ``turns`` turns were played by AI seats, then seat 0 a human."""
    auto = LordsLocalMatch(seats(players, 0), seed)
    q = auto.query
    while not auto.over and q.turn < turns:
        auto.ai_step()
    while not auto.over and (q.active != 0 or q.phase != "play" or q.proposals):
        auto.ai_step()
    if auto.over:
        raise ValueError(f"the game of seed {seed} ends before turn {turns}")
    return auto.with_seats(seats(players, 1))


def settle(app, table, limit: int = 2000) -> None:
    for _i in range(limit):
        if not table.busy and table.match.ai_due() is None:
            break
        app.step(DT)
    table.skip()
    app.step(DT)
