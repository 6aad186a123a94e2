"""A rooms database of both games to damage: lobbies, games in play and finished games of Las Vegas
and Lords of Vegas, written move by move as a server writes them (a commit every few moves)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import lasvegas.net.lords.room as lords_room_module
import lasvegas.net.room as room_module
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


class _Seeded:
    """What a room draws from ``secrets`` (its seed, nonce, tokens), drawn from the build's seed: one
    seed gives one file, so a damage found once is found again."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def randbelow(self, n: int) -> int:
        return self.rng.randrange(n)

    def token_hex(self, n: int) -> str:
        return self.rng.randbytes(n).hex()

    def token_urlsafe(self, n: int) -> str:
        import base64

        return base64.urlsafe_b64encode(self.rng.randbytes(n)).rstrip(b"=").decode()

    def choice(self, seq):
        return self.rng.choice(seq)


class _Clock:
    """The rooms' wall clock in steps of a quarter second from a fixed date (their JSON the same length
    from one build to the next); every other clock the real one."""

    def __init__(self) -> None:
        import time

        self.real, self.now = time, 1_790_000_000.0

    def time(self) -> float:
        self.now += 0.25
        return self.now

    def __getattr__(self, name: str):
        return getattr(self.real, name)


def _code(rng: random.Random) -> str:
    from lasvegas.net.protocol import CODE_ALPHABET, CODE_LENGTH

    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _play(store: Store, room: Room, made: Made, moves: int | None, rng: random.Random) -> None:
    """Play ``moves`` moves (None: to the end), committing every 1 to 6 moves."""
    ai = make_ai("easy", rng.randrange(1000)) if room.game_name == "lasvegas" else None
    n = 0
    while not room.over and (moves is None or n < moves):
        first = len(room.log)
        if ai is not None:
            room.play(room.to_act, ai.choose(room.game.copy(), None).value, room.turn)
        else:
            seat, level, _when, _why = room.next_job(set(), now=1e12)
            room.play(seat, think(*room.think_for(seat, level)), room.turn)
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
    real, room_module.secrets = room_module.secrets, _Seeded(random.Random(seed + 1))
    clock = room_module.time
    room_module.time = lords_room_module.time = _Clock()  # type: ignore[assignment]
    try:
        return _build(path, rng, lobbies, playing, finished, lords_lobbies, lords_playing, lords_finished)
    finally:
        room_module.secrets = real
        room_module.time = lords_room_module.time = clock


def _build(path: Path, rng: random.Random, lobbies: int, playing: int, finished: int, lords_lobbies: int,
           lords_playing: int, lords_finished: int) -> dict[str, Made]:
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
        room.created = 1_780_000_000.0 + len(made)  # (its default the real clock's, taken at class creation)
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
