"""Every scene builds, handles events and draws something a player can read."""

import pygame
import pytest

from lasvegas.ui.tools import stage
from lasvegas.ui.kit import i18n
from lasvegas.ui.kit.sound import Sounds, synthesise

from .conftest import click, key, move, steps


#: what a player reads on each scene staged by ``stage.stage(app, name, seed=2, players=4)``
EXPECTED = {
    "title": ["New game", "Las Vegas solo", "Records", "How to play", "Las Vegas", "Lords of Vegas", "New game or resume",
              "Profiles", "Settings", "Play online", "Quit"],
    "handover": ["Pass the screen", "Pass to Player 2", "I am Player 2", "Tap or press Enter to take the seat"],
    "setup": ["Seats, in playing order", "Start"],
    "table": ["Player 1's turn", "2 dice on casino 5:", "Player 1 would win $80,000"],
    "payout": ["Payout", "Casino 2", "Lady Luck wins $50,000"],
    "summary": ["End of round 1", "Next round", "+$130,000"],
    "results": ["Player 1 wins!", "Money after each round", "Play again"],
    "rules": ["Payout", "Page 3 of 6"],
    "settings": ["Settings", "Animation speed"],
    "settings-display": ["Text size", "Theme", "Colour vision", "Reduced motion", "The dice as they look now:"],
    "settings-sound": ["Effects volume", "Music", "Music volume", "Mute"],
    "settings-controls": ["Move up", "Keys and buttons", "F1", "Default keys"],
    "help": ["Keys and buttons", "Confirm, roll, place the dice", "Esc", "B / Start"],
    "solo": ["Play today's challenge"],
    "solo-table": ["Casino 1 with 2 more dice", "Hint (H)"],
    "solo-results": ["Lost by $760,000", "2 hints used", "Normal · full game"],
    "log": ["Game log", "Log (L)"],
    "replay": ["Log (L)", "Play", "1×", "Round 2 of 4"],
    "records": ["Records", "Show: all games", "4 players", "Solo: Hard", "Replay", "Your result", "lost"],
    "online": ["Play online", "Host", "Join", "Room code", "Games on your network"],
    "review": ["Review of the game", "Best move", "Blunder", "Chance to win after each move", "Back"],
    "lobby": ["K X M P T R", "Ann", "connected", "away", "Open seat", "AI · Hard", "Start", "A game over days"],
    "online-games": ["Your online games", "Bob, Chloé", "Your turn", "Dmitri's turn", "Lords of Vegas · HQZ7WE"],
    "catch-up": ["Since your last turn", "Skip (S)", "Player 1's turn"],
    "tutorial": ["Tutorial 1/2: the rules", "Skip tutorial", "Player 1's turn", "Round 1 of 1"],
    "profile": ["Profiles", "Ann", "Bo", "+ New profile", "Games", "9", "Wins over time",
                "Money won per round (average)", "Round 4", "Solo games count for Ann"],
    "profile-edit": ["New profile", "Favourite colour", "Dana", "Save"],
    "profile-remove": ["Remove the profile Ann?", "Remove", "Keep"],
    "achievements": ["Achievements", "Pull up a chair", "Earned October 3, 2026", "Not yet",
                     "A week in Vegas", "Play the daily challenge seven days in a row."],
    "profile-setup": ["Profile: Ann", "Profile: Bo", "Ann", "Bo"],
    "achievement-toast": ["Achievement for Ann: Pull up a chair", "Finish a game."],
}


@pytest.mark.parametrize("name", stage.SCENES)
def test_scene_shows_what_the_player_needs(app, name, read_texts):
    stage.stage(app, name, seed=2, players=4)
    read_texts.clear()
    steps(app)
    for phrase in EXPECTED[name]:
        assert phrase in read_texts, f"{name}: {phrase!r} not on screen"
    # and it still answers the mouse and keys
    move((640, 360))
    key(pygame.K_DOWN)
    steps(app, 2)
    assert app.top is not None and app.running


def test_rules_pages_turn(app):
    stage.stage(app, "rules")
    rules = app.top
    rules.page = 0
    for i in range(1, len(rules.pages)):
        click(rules.next_btn.rect.center)
        steps(app)
        assert rules.page == i
    click(rules.next_btn.rect.center)
    steps(app)
    assert rules.page == len(rules.pages) - 1


def test_window_scaling_maps_the_mouse_back(app):
    app.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.step(1 / 60)
    assert app.to_logical((960, 540)) == (640, 360)
    assert app.to_logical((1919, 1079)) == (1279, 719)
    app.step(1 / 60)


def test_sound_effects_are_synthesised():
    fx = synthesise()
    assert set(fx) >= {"rattle", "land", "bill", "payout", "fanfare"}
    for name, samples in fx.items():
        assert 0.02 * 22050 < len(samples) < 3 * 22050, name
        assert max(abs(v) for v in samples) > 0.05, name


def test_app_loop_stops_on_window_close(app):
    from lasvegas.ui.scenes.title import TitleScene

    app.reset(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert not app.running


def test_sound_without_a_device_is_silent_and_safe():
    s = Sounds(background=False)
    s.configure(50, False)
    for name in ("rattle", "land", "bill", "payout", "fanfare", "nothing"):
        s.play(name)


def test_every_text_goes_through_the_catalogue():
    i18n.set_language("fr")
    try:
        assert i18n._("Round {n} of {total}", n=2, total=4) == "Manche 2 sur 4"
        assert i18n._("No such message") == "No such message"  # English when a message has no entry
    finally:
        i18n.set_language("en")
