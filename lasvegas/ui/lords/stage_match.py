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
    while not auto.game.is_over and auto.game.turn < turns:
        auto.ai_step()
    while not auto.game.is_over and (auto.game.active != 0 or auto.game.phase != "play" or auto.game.proposals):
        auto.ai_step()
    if auto.game.is_over:
        raise ValueError(f"the game of seed {seed} ends before turn {turns}")
    m = LordsLocalMatch(seats(players, 1), seed, game=auto.game, setup_rolls=auto.recorder.setup_rolls,
                        moves=auto.recorder.moves)
    return m


def settle(app, table, limit: int = 2000) -> None:
    for _i in range(limit):
        if not table.busy and table.match.ai_due() is None:
            break
        app.step(DT)
    table.skip()
    app.step(DT)
