"""Every game of the registry has its room on the server, a peer of the others under the neutral
``Room``, loaded from the entry's name for it; what the entry says of the room holds."""

import json

import pytest

from lasvegas.kernel.lazy import load
from lasvegas.games import registry
from lasvegas.net.protocol import GAMES, ProtocolError, decode
from lasvegas.net.room import Room, RoomError, room_class


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_each_game_names_its_room_and_the_room_agrees_with_its_entry(name):
    entry = registry.game(name)
    cls = room_class(name)
    assert issubclass(cls, Room) and cls is not Room and cls.__module__ == entry.room.split(":")[0]
    assert cls.game_name == name and cls.v == load(entry.protocol_version)
    assert cls.away_level in entry.levels and set(cls.levels()) == set(entry.levels)
    assert name in GAMES
    lo, _hi = entry.seats
    room, token = Room.create("ABCDEF", {"game": name, "players": lo, "name": "Ann"}, None)
    assert type(room) is cls and room.seat_of(token) == 0
    assert room.public(set())["game"] == name and room.to_dict()["code"] == "ABCDEF"
    again = Room.from_dict(room.to_dict(), [])
    assert type(again) is cls and again.to_dict() == room.to_dict()


def test_a_row_or_a_create_of_a_game_this_server_does_not_host_is_refused_in_words():
    with pytest.raises(ValueError, match="does not host"):
        Room.from_dict({"game": "chess", "code": "ABCDEF"}, [])
    with pytest.raises(RoomError) as e:
        Room.create("ABCDEF", {"game": "chess", "players": 2}, None)
    assert e.value.code == "field" and "does not host" in e.value.message
    with pytest.raises(ProtocolError):  # (the protocol knows the registry's games only)
        decode(json.dumps({"v": 2, "type": "create", "players": 2, "game": "chess"}))


def test_a_message_with_no_game_is_the_first_games():
    room, _ = Room.create("ABCDEF", {"players": 2}, None)
    assert room.game_name == registry.DEFAULT_GAME == next(iter(registry.GAMES))


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_an_ai_move_of_every_game_is_thought_in_a_spawned_worker_as_in_the_server(name):
    """The AI pool's workers are spawned processes that load nothing but what the job names: a job's
    state names its game, whose room thinks (a Lords move once fell back to the server's process)."""
    import concurrent.futures
    import multiprocessing

    from lasvegas.net.room import think

    lo, _hi = registry.game(name).seats
    level = registry.levels(name).levels()[0].name
    room, _ = Room.create("ABCDEF", {"game": name, "players": lo, "ai": [None] + [level] * (lo - 1)}, None)
    room.seats[0].kind, room.seats[0].level = "ai", level
    room.nonce, room.commitment = "ab" * 16, ""
    room._begin_game(4242)
    seat, level, _, _ = room.next_job(set())
    args = room.think_for(seat, level)
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(think, *args).result(timeout=120)
    assert there == think(*args)
    room.play(seat, there, room.turn)  # the rules take it
