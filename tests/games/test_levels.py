"""AI levels registered per game: a level added to a game's book is in that game's setup screen, the
server's labels, its rooms and its AI pool, with nothing else changed."""

from __future__ import annotations

import asyncio
import concurrent.futures

import pytest

from lasvegas.games import registry
from lasvegas.games.levels import Level, LevelBook
from lasvegas.lords.players import Easy


@pytest.fixture
def cautious():
    """A throw-away Lords of Vegas level, "Cautious" (Easy's play; it offers trades, and its first
    guess is so slow that a server under a deadline shorter than 150 s plays the next level down)."""
    book = registry.levels("lords")
    level = book.register(Level("cautious", "Cautious", Easy, trades=True, cost=100.0, quick=False))
    yield level
    book.unregister("cautious")
    assert "cautious" not in registry.levels("lords")


def test_every_game_has_a_book_of_levels_weakest_first():
    for name in registry.GAMES:
        book = registry.levels(name)
        assert isinstance(book, LevelBook) and book.game == name
        assert book.names()[0] == "random" and {"easy", "medium", "hard"} <= set(book)
        for level in book.levels():
            assert level.factory(3) is not None and level.label
    assert registry.levels("lasvegas").names()[-1] == "expert"


def test_an_unknown_level_is_refused_with_the_known_ones():
    from lasvegas.ai import make_ai
    from lasvegas.lords.ai import make_player

    with pytest.raises(ValueError, match="random, easy, medium, hard"):
        make_player("grand", 1)
    with pytest.raises(ValueError, match="hard, expert"):
        make_ai("grand", 1)


def test_a_new_level_is_made_by_the_game_and_refused_by_the_other(cautious):
    from lasvegas.ai import make_ai
    from lasvegas.lords.ai import make_player

    assert isinstance(make_player("cautious", 4), Easy)
    with pytest.raises(ValueError):
        make_ai("cautious", 4)


def test_a_new_level_is_in_the_setup_screens_choices(app, cautious):
    from lasvegas.ui.lords.setup import LordsSetupScene

    app.go("title")
    setup = app.show("lords-setup")
    assert isinstance(setup, LordsSetupScene)
    options = dict(setup.kind_options(2))
    assert options["cautious"] == "AI · Cautious"
    assert options["hard"] == "AI · Hard" and "off" in options and "human" in options
    book = registry.levels("lords")
    assert [k for k in options if k in book] == list(book) and list(book)[-1] == "cautious"  # weakest first


def test_a_new_level_is_one_of_the_servers_ai_labels(cautious):
    from lasvegas.net.names import ai_labels
    from lasvegas.net.protocol import ProtocolError, name

    assert "ai cautious" in ai_labels() and "ki cautious" in ai_labels()
    with pytest.raises(ProtocolError, match="AI seat's label"):
        name("AI · Cautious", "join.name")


def test_a_new_level_seats_a_room_and_plays_in_the_ai_pool(cautious):
    from lasvegas.net import ai_pool
    from lasvegas.net.lords.room import LordsRoom
    from lasvegas.net.room import RoomError

    below = ai_pool.ladder("lords")[1]
    assert ai_pool.ladder("lords")[0] == "cautious" and below in ("expert", "hard")
    assert "cautious" not in ai_pool.quick("lords") and ai_pool.first_guess("lords", "cautious") == 100.0
    room, _token = LordsRoom.create("ABCD", {"players": 2, "ai": [None, "cautious"], "name": "Ann"}, None)
    assert [s.level for s in room.seats] == ["", "cautious"]
    with pytest.raises(RoomError, match="no Lords of Vegas AI level 'grand'"):
        LordsRoom.create("ABCE", {"players": 2, "ai": [None, "grand"], "name": "Ann"}, None)
    room.start()

    async def moves() -> list[tuple]:
        # the pool's workers are threads here (a spawned process would not know a level added by a
        # test): the pool's own choices are what is tried
        roomy = ai_pool.AIPool(1, deadline=300.0)
        roomy._executor = lambda: concurrent.futures.ThreadPoolExecutor(1)  # type: ignore[method-assign]
        pressed = ai_pool.AIPool(1, deadline=30.0)
        pressed._executor = lambda: concurrent.futures.ThreadPoolExecutor(1)  # type: ignore[method-assign]
        seat = room.to_act
        args = lambda lv: room.think_for(seat, lv)  # noqa: E731
        return [await roomy.move("ABCD", "cautious", args, "lords"),
                await pressed.move("ABCD", "cautious", args, "lords")]

    (value, played), (value2, played2) = asyncio.run(moves())
    assert played == "cautious" and value is not None
    assert played2 == below and value2 is not None  # 100 s guessed, 30 s left: the next level down


@pytest.fixture
def steady():
    """A throw-away Las Vegas level, "Steady" (Medium's play), the strongest and slow to think; and one
    kept from the setup, "Shy"."""
    from lasvegas.ai.players import MediumPlayer

    book = registry.levels("lasvegas")
    level = book.register(Level("steady", "Steady", MediumPlayer, cost=100.0, quick=False))
    book.register(Level("shy", "Shy", MediumPlayer, offered=False))
    yield level
    book.unregister("steady")
    book.unregister("shy")
    assert "steady" not in registry.levels("lasvegas")


def test_a_new_las_vegas_level_is_in_its_setup_labels_and_pool_and_not_in_the_other_games(app, steady):
    from lasvegas.net import ai_pool
    from lasvegas.net.names import ai_labels
    from lasvegas.ui.lasvegas.scenes.setup import SetupScene

    app.go("title")
    setup = app.show("setup")
    assert isinstance(setup, SetupScene)
    options = dict(setup.kinds(1))
    assert options["ai:steady"] == "AI · Steady" and options["ai:hard"] == "AI · Hard"
    assert "ai:shy" not in options and "ai:random" not in options  # kept from the setup: not offered
    assert [k.split(":")[1] for k in options if k.startswith("ai:")] == list(registry.levels("lasvegas").offered())
    assert "ai steady" in ai_labels() and "ki steady" in ai_labels()
    assert "steady" in ai_pool.ladder("lasvegas") and ai_pool.ladder("lasvegas")[-1] == "random"
    assert "steady" not in ai_pool.quick("lasvegas") and ai_pool.first_guess("lasvegas", "steady") == 100.0
    assert "steady" not in ai_pool.ladder("lords")
    app.go("title")
    lords = dict(app.show("lords-setup").kind_options(2))
    assert "steady" not in lords and "hard" in lords
