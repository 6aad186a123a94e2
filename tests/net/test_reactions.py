"""Quick reactions against a real server: relayed to the room with the sender's seat, shown by the table;
a reaction that is not one of the fixed phrases, or from a connection without a seat, is refused."""

import time

import pygame

from lasvegas.match import REACTIONS, Reaction
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.ui.lasvegas.scenes.table import TableScene
from tests.ui.conftest import app, home, key, steps  # noqa: F401 (fixtures)

from .helpers import Raw, play_out
from .test_hostile import two_seat_room


def two_players(url):
    """Ann creates a 2-seat room, Bob joins it: their matches, once the game has started."""
    ann_link = Link(url, {"type": "create", "players": 2, "rounds": 1, "name": "Ann"})
    while ann_link.room is None:
        time.sleep(0.01)  # bounded by the link's own give-up time
    bob = RemoteMatch.connect(url, {"type": "join", "room": ann_link.room, "name": "Bob"}, timeout=30)
    ann = RemoteMatch.connect(url, {}, link=ann_link, timeout=30)
    return ann, bob


def reactions_of(match, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.wait(0.05)
        got = [ev for ev in match.poll() if isinstance(ev, Reaction)]
        if got:
            return got
    raise AssertionError(f"no reaction within {timeout} s")


def test_a_reaction_reaches_every_client_and_the_table_shows_it_by_the_senders_panel(app, server):
    app.settings.anim_speed = "instant"
    ann, bob = two_players(server.url)
    try:
        assert ann.reactions == REACTIONS and bob.reactions == REACTIONS
        table = TableScene(app, ann)
        app.reset(table)
        steps(app)
        assert all(b.visible for _p, b in table.react_buttons)

        bob.react("nice-move")
        assert reactions_of(bob) == [Reaction(1, "nice-move")]  # the sender hears it too
        deadline = time.monotonic() + 10
        while table.reaction_on_show(1) is None:
            assert time.monotonic() < deadline, "the table did not show Bob's reaction"
            steps(app)
            time.sleep(0.01)
        assert table.reaction_on_show(1) == "Nice move!" and table.reaction_on_show(0) is None
        app.screen.fill((0, 0, 0))
        table.draw(app.screen)  # the toast draws

        key(pygame.K_F1)  # Ann's table: F1 sends "Good luck!"
        steps(app)
        assert reactions_of(bob) == [Reaction(0, "good-luck")]
        _p, button = table.react_buttons[3]
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # the mouse's way: the fourth button
            pygame.event.post(pygame.event.Event(kind, button=1, pos=button.rect.center))
        steps(app)
        assert reactions_of(bob) == [Reaction(0, "well-played")]

        # a controller alone: X picks the first reaction, X again the next, A sends it
        from tests.ui.test_access import controller
        controller("X")
        controller("X")
        steps(app)
        assert table.reaction_bar.picked == 1
        app.screen.fill((0, 0, 0))
        table.draw(app.screen)  # the ring draws
        controller("A")
        steps(app)
        assert reactions_of(bob) == [Reaction(0, "nice-move")] and table.reaction_bar.picked is None
        controller("X")
        controller("B")  # let go: nothing sent, and B does not open the pause menu
        steps(app)
        assert table.reaction_bar.picked is None and app.top is table

        table.reaction_bar.clock += 60  # a while later the toast is gone
        assert table.reaction_on_show(1) is None
    finally:
        ann.close()
        bob.close()


def test_a_local_table_offers_no_reactions(app):
    from lasvegas.match import LocalMatch, default_session

    session = default_session(2)
    table = TableScene(app, LocalMatch(session.new_game(5), session))
    assert table.react_buttons == [] and table.reaction_bar.offered == ()


def test_an_unknown_reaction_or_one_without_a_seat_is_refused_and_the_room_plays_on(server):
    code, seats = two_seat_room(server.url)
    (a, wa, sa), (b, wb, sb) = seats
    a.send(type="react", phrase="You lose!")
    e = a.until("error", code="field")
    assert e["about"] == "react" and "react.phrase" in e["message"]
    a.send(type="react", phrase="good-luck", seat=1)
    assert "unknown field" in a.until("error", code="field")["message"]
    a.send(type="react")
    assert "react.phrase: missing" in a.until("error", code="field")["message"]

    stranger = Raw(server.url)
    stranger.send(type="react", phrase="oops")
    e = stranger.until("error", code="field")
    assert e["about"] == "react" and "first" in e["message"]
    stranger.close()

    b.send(type="react", phrase="oops")
    assert a.until("reaction") == {"v": 1, "type": "reaction", "seat": 1, "phrase": "oops"}
    a.close()
    b.close()

    # the room plays on: its two players resume and finish the game
    ann = RemoteMatch.connect(server.url, {"type": "resume", "room": code, "token": wa["token"]}, timeout=30)
    bob = RemoteMatch.connect(server.url, {"type": "resume", "room": code, "token": wb["token"]}, timeout=30)
    try:
        events = play_out([ann, bob], seconds=60)
        assert type(events[-1]).__name__ == "GameEnded"
    finally:
        ann.close()
        bob.close()


def test_a_reaction_before_the_start_is_refused(server):
    a = Raw(server.url)
    a.send(type="create", players=3, name="Ann")
    a.until("welcome")
    a.send(type="react", phrase="good-luck")
    assert a.until("error", code="not-started")["about"] == "react"
    a.close()


def test_the_reactions_fit_their_buttons_in_every_language(app):
    from lasvegas.ui.kit import art
    from lasvegas.ui.lasvegas.names import reaction_text
    from lasvegas.ui.lasvegas.table.reactions import REACT_W

    for code in ("en", "fr", "de", "pseudo"):
        app.set_language(code)
        for phrase in REACTIONS:
            said = reaction_text(phrase)
            assert art.measure(said, "bold", 15)[0] <= REACT_W - 12, (code, said)
    app.set_language("fr")
    assert reaction_text("good-luck") == "Bonne chance\u202f!" and reaction_text("well-played") == "Bien joué\u202f!"
    app.set_language("de")
    assert reaction_text("hurry-up") == "Beeil dich!"
