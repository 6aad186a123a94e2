"""The store interface (lasvegas.net.movestore.MoveStore), the same checks run against both adapters: SQLite
(a real file in tmp_path) and Redis (a real redis-server): open, append, read, list, park and damaged, as
the rooms and the commit pass use them, for a room of each game."""

import json
import time

import pytest

from lasvegas.net.movestore import LOST_MOVES, MoveStore
from lasvegas.net.room import Room

GAMES = {"lasvegas": {"players": 3, "ai": [None, "easy", "easy"]},
         "lords": {"players": 3, "game": "lords", "ai": [None, "random", "random"]}}


class Backend:
    """How a test opens an adapter afresh on the same data, and plants a damaged move (the one thing
    the interface has no word for: a file or a Redis changed behind the server's back)."""

    def __init__(self, kind: str, tmp_path, redis_server) -> None:
        self.kind, self.tmp_path, self.redis_server = kind, tmp_path, redis_server
        self.opened: list = []

    def open(self) -> MoveStore:
        if self.kind == "sqlite":
            from lasvegas.net.store import Store

            store = Store(self.tmp_path / "rooms.sqlite3")
        else:
            from lasvegas.net.redis_store import RedisStore

            store = RedisStore(self.redis_server.url, 3600.0)
        self.opened.append(store)
        return store

    def plant_bad_move(self, store, code: str, n: int) -> None:
        """Move ``n`` of room ``code`` written as a value no game has."""
        if self.kind == "sqlite":
            from lasvegas.net.store import MOVES

            store.db.execute(MOVES.insert, (code, n, 9, 0.0))
        else:
            store.client.rpush(store.key("moves", code), "9")

    def close(self) -> None:
        for store in self.opened:
            try:
                store.close()
            except Exception:
                pass


@pytest.fixture(params=["sqlite", "redis"])
def backend(request, tmp_path):
    redis_server = request.getfixturevalue("redis_server") if request.param == "redis" else None
    b = Backend(request.param, tmp_path, redis_server)
    yield b
    b.close()


def _room(game: str, code: str = "ABCDEF") -> Room:
    room, _token = Room.create(code, GAMES[game], None)
    room.start()
    return room


def _row(room: Room) -> dict:
    return {k: v for k, v in room.to_dict().items() if k != "touched"}


def _play(store: MoveStore, room: Room, moves: int) -> None:
    """``moves`` moves of ``room`` (its first legal one each time), queued as the server queues them."""
    for _ in range(moves):
        seat = room.to_act
        if room.over or seat is None:
            break
        first = len(room.log)
        room.play(seat, room.fallback(seat), room.turn)
        store.add_move(room, room.stored_move(first))


def test_an_empty_store_opens_with_nothing_in_it(backend):
    store = backend.open()
    assert isinstance(store, MoveStore) and store.backend == backend.kind
    assert store.load_all() == ([], []) and store.damaged() == {}
    assert not store.pending and store.load("ABCDEF") is None and store.saved_moves("ABCDEF") == -1
    store.commit()  # nothing queued: nothing to do
    store.checkpoint()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_room_appended_move_by_move_reads_back_the_same_game(backend, game):
    store = backend.open()
    room = _room(game)
    store.save_room(room)
    _play(store, room, 25)
    assert room.turn > 10 and store.pending
    commits = store.commits
    store.commit()
    assert not store.pending and store.commits == commits + 1
    back = store.load(room.code)
    assert back is not None and back.turn == room.turn and json.dumps(back.log) == json.dumps(room.log)
    assert _row(back) == _row(room)  # seats, options, seed
    _play(store, room, 5)  # moves appended after a first commit go on from there
    store.commit()
    (again,), problems = backend.open().load_all()  # another process, or the next start
    assert problems == [] and json.dumps(again.log) == json.dumps(room.log)
    receipt = store.receipt(room)  # a store that signs receipts answers its own with nothing against it
    assert receipt is None or store.check_receipt(room.code, receipt) == ""
    assert store.check_receipt(room.code, "1.ab.cd") in (None, "")  # not one of its own: refused, nothing changed
    assert store.load(room.code).turn == room.turn


def test_the_rooms_are_listed_and_a_deleted_room_is_gone(backend):
    store = backend.open()
    rooms = [_room(game, code) for game, code in (("lasvegas", "BCDFGH"), ("lords", "JKMNPQ"),
                                                   ("lasvegas", "RSTVWX"))]
    for room in rooms:
        store.save_room(room)
        _play(store, room, 3)
    store.commit()
    listed, problems = backend.open().load_all()
    assert problems == [] and sorted(r.code for r in listed) == ["BCDFGH", "JKMNPQ", "RSTVWX"]
    assert {r.code: r.turn for r in listed} == {r.code: r.turn for r in rooms}
    store.delete("JKMNPQ")
    store.commit()
    assert store.load("JKMNPQ") is None and store.saved_moves("JKMNPQ") == -1
    assert sorted(r.code for r in backend.open().load_all()[0]) == ["BCDFGH", "RSTVWX"]


def test_a_game_is_parked_only_once_all_its_moves_are_kept(backend):
    store = backend.open()
    room = _room("lasvegas")
    store.save_room(room)
    store.commit()
    _play(store, room, 4)
    assert store.saved_moves(room.code) == 0 != room.turn  # queued, not kept: the rooms keep it in memory
    store.commit()
    assert store.saved_moves(room.code) == room.turn == 4  # all kept: it may leave memory
    woken = store.load(room.code)
    assert woken.turn == 4 and json.dumps(woken.log) == json.dumps(room.log)


def test_a_room_that_cannot_be_rebuilt_is_kept_aside_and_named(backend):
    store = backend.open()
    room = _room("lasvegas")
    store.save_room(room)
    _play(store, room, 2)
    store.commit()
    backend.plant_bad_move(store, room.code, 2)
    with pytest.raises(Exception):
        store.load(room.code)
    why = store.damaged()
    assert list(why) == [room.code] and "9" in why[room.code]
    assert store.load(room.code) is None and store.saved_moves(room.code) == -1
    assert backend.open().load_all() == ([], [])  # kept aside for good: never played again


def test_a_room_declared_damaged_is_out_of_play_with_its_reason(backend):
    store = backend.open()
    kept, lost = _room("lasvegas", "BCDFGH"), _room("lords", "JKMNPQ")
    for room in (kept, lost):
        store.save_room(room)
        _play(store, room, 3)
    store.commit()
    store.declare_damaged(lost.code, f"{LOST_MOVES} (a player holds its receipt of move 9)")
    assert store.damaged()[lost.code].startswith(LOST_MOVES)
    assert store.load(lost.code) is None and store.saved_moves(lost.code) == -1
    rooms, problems = backend.open().load_all()
    assert [r.code for r in rooms] == [kept.code] and problems == []
    assert list(backend.open().damaged()) == [lost.code]


def test_the_rooms_park_wake_remove_and_lose_games_through_the_interface_alone(backend):
    """The server's own paths (lasvegas.net.rooms) on each adapter: a game parked once its moves are
    kept and woken as it was, a room removed, a room declared damaged whose players are told."""
    from lasvegas.net.rooms import RoomLost
    from lasvegas.net.server import GameServer, Limits

    server = GameServer(backend.open(), Limits())
    assert server.load() == [] and server.damaged == {}
    rooms = {code: _room(game, code) for game, code in (("lasvegas", "BCDFGH"), ("lords", "JKMNPQ"),
                                                          ("lasvegas", "RSTVWX"))}
    for room in rooms.values():
        server.rooms[room.code] = room
        server.seated[room.code] = {}
        server._save(room)
        _play(server.store, room, 4)  # (what _moved queues; the commit pass commits it)
    parked = rooms["JKMNPQ"]
    log = json.dumps(parked.log)
    assert server._park(parked) and "JKMNPQ" not in server.rooms and "JKMNPQ" in server.parked
    woken = server._room("JKMNPQ")
    assert woken is not parked and json.dumps(woken.log) == log and "JKMNPQ" not in server.parked
    server._remove(rooms["BCDFGH"], "room BCDFGH was closed")
    assert server.store.load("BCDFGH") is None
    server._lose(rooms["RSTVWX"], f"{LOST_MOVES} (a player holds its receipt of move 9)")
    with pytest.raises(RoomLost, match="lost moves of this game"):
        server._room("RSTVWX")
    again = GameServer(backend.open(), Limits())  # the next start
    assert again.load() == [] and sorted(again.rooms) == ["JKMNPQ"]
    assert list(again.damaged) == ["RSTVWX"] and again.damaged["RSTVWX"].startswith(LOST_MOVES)


def test_redis_keeps_a_game_in_play_from_its_last_move_not_its_start(redis_server):
    """A room's keys expire after the time it is kept for, counted from its last move: a long game's row
    is not lost while its moves go on."""
    from lasvegas.net.redis_store import RedisStore

    store = RedisStore(redis_server.url, 2.0)  # a room is kept 2 s without a move
    try:
        room = _room("lasvegas")
        store.save_room(room)
        store.commit()
        for _ in range(3):  # 3 s of play, a move every second: longer than the row's first 2 s
            time.sleep(1.0)
            _play(store, room, 1)
            store.commit()
        assert store.client.pttl(store.key("room", room.code)) > 1000
        assert store.load(room.code).turn == room.turn == 3 and store.saved_moves(room.code) == 3
        assert [r.code for r in store.load_all()[0]] == [room.code]
    finally:
        store.close()
