"""A rooms database of both games to damage: lobbies, games in play and finished games of Las Vegas
and Lords of Vegas, written move by move as a server writes them (a commit every few moves)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from lasvegas.ai import make_ai
from lasvegas.net.room import Room, think
from lasvegas.net.store import Store


@dataclass
class Made:
    """A room written: its seat-0 token, its moves as stored, whether it had started and ended."""
    code: str
    token: str
    game: str
    moves: list = field(default_factory=list)
    started: bool = False
    over: bool = False


def _code(rng: random.Random) -> str:
    from lasvegas.net.protocol import CODE_ALPHABET, CODE_LENGTH

    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _play(store: Store, room: Room, made: Made, moves: int | None, rng: random.Random) -> None:
    """Play ``moves`` moves (None: to the end), committing every 1 to 6 moves."""
    ai = make_ai("easy", rng.randrange(1000)) if room.game_kind == "lasvegas" else None
    n = 0
    while not room.over and (moves is None or n < moves):
        first = len(room.log)
        if ai is not None:
            room.place(room.to_act, ai.choose(room.game.copy(), None).value, room.turn)
        else:
            seat, level, _when, _why = room.next_job(set(), now=1e12)
            room.place(seat, think(*room.think_for(seat, level)), room.turn)
        store.add_move(room, room.stored_move(first))
        made.moves.append(room.stored_move(first))
        n += 1
        if rng.random() < 0.3:
            store.commit()
    made.over = room.over
    store.commit()


def build(path: Path, seed: int = 36, lobbies: int = 8, playing: int = 10, finished: int = 6,
          lords_lobbies: int = 4, lords_playing: int = 6, lords_finished: int = 2) -> dict[str, Made]:
    """The database at ``path``: every room made, by code."""
    rng = random.Random(seed)
    store = Store(path)
    made: dict[str, Made] = {}
    plan = ([("lasvegas", 0)] * lobbies + [("lasvegas", rng.randrange(3, 40)) for _ in range(playing)]
            + [("lasvegas", None)] * finished + [("lords", 0)] * lords_lobbies
            + [("lords", rng.randrange(20, 120)) for _ in range(lords_playing)] + [("lords", None)] * lords_finished)
    rng.shuffle(plan)
    for game, moves in plan:
        code = _code(rng)
        while code in made:
            code = _code(rng)
        name = "Player " + "x" * rng.randrange(1, 24)
        if game == "lasvegas":
            room, token = Room.create(code, {"players": 3, "rounds": 2, "ai": [None, "easy", "easy"],
                                             "name": name}, ["easy"])
        else:
            room, token = Room.create(code, {"players": 3, "game": "lords", "ai": [None, "random", "random"],
                                             "name": name}, ["random"])
        made[code] = m = Made(code, token, game)
        store.save_room(room)
        store.commit()
        if moves == 0:
            continue
        room.start()
        m.started = True
        store.save_room(room)
        _play(store, room, m, moves, rng)
    store.close()
    return made
