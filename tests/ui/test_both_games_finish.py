"""What both games share and must say alike: the pause menu, the setups' words, the home."""

import pygame

from lasvegas.core import Game
from lasvegas.match import LocalMatch
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.pause import PauseScene

from .conftest import DT, button, click, key, step_until, steps


def pause_box_pixels(app):
    """The pause menu's box as drawn now: a grid of its pixels."""
    assert isinstance(app.top, PauseScene)
    app.step(DT)
    inner = app.top.box.inflate(-30, -30)
    return [tuple(app.window.get_at(app.screen.pt((x, y)))) for x in range(inner.x, inner.right, 23)
            for y in range(inner.y, inner.bottom, 19)]


def lords_table(app, turns, seed):
    from lasvegas.ui.lords.stage_match import played

    t = app.go("lords-table", match=played(2, seed, turns))
    t.skip()
    for _i in range(600):
        app.step(DT)
        if not t.busy:
            break
    app.show("pause", leave=lambda: None)
    return pause_box_pixels(app)


def test_the_pause_menu_is_opaque_over_both_games(app):
    """Nothing of the screen below shows through the pause menu: over a Las Vegas pass screen,
    over the Las Vegas title and over two different Lords of Vegas tables its box is the same."""
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], hide_money=True)
    app.reset(TableScene(app, LocalMatch(Game(session.config(), 3), session)))
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    key(pygame.K_ESCAPE)
    steps(app, 2)
    over_pass = pause_box_pixels(app)
    app.close_all()
    app.go("title")
    app.show("pause", leave=lambda: None)
    over_title = pause_box_pixels(app)
    app.close_all()
    one, other = lords_table(app, 6, 3), lords_table(app, 20, 9)
    assert over_pass == over_title == one == other


def test_both_setups_use_one_set_of_words(app, read_texts):
    """A person's seat is "Human" in both setups, with or without profiles; the AI seats read
    "AI · Hard"; each setup's heading names its game; the Las Vegas setup has How to play and
    Play the tutorial like the Lords of Vegas one, and its First player a line on what it does."""
    from lasvegas.ui.lasvegas.scenes.setup import SetupScene
    from lasvegas.ui.lords.setup import LordsSetupScene

    def human_and_ai_labels(scene):
        kinds = ([w[2] for w in scene.seat_widgets] if isinstance(scene, SetupScene) else scene.kinds)
        labels = [label for k in kinds for value, label in k.options]
        return ({label for k in kinds for value, label in k.options if value == "human"},
                {label for label in labels if label.startswith("AI")})

    for with_profile in (False, True):
        if with_profile:
            app.services.profiles.create("Ann", "red", "dots", app.services.today())
        heads = []
        for name, game_name in (("setup", "Las Vegas"), ("lords-setup", "Lords of Vegas")):
            app.close_all()
            read_texts.clear()
            scene = app.go(name)
            steps(app)
            humans, ais = human_and_ai_labels(scene)
            assert humans == {"Human"}
            assert ais and all(label.startswith("AI · ") for label in ais), ais
            heads.append(next(t for t in read_texts if t.endswith(": new game")))
            assert heads[-1].startswith(game_name)
            rules, tutorial = button(scene, "How to play"), button(scene, "Play the tutorial")
            assert rules.visible and tutorial.visible
        assert heads == ["Las Vegas: new game", "Lords of Vegas: new game"]
    app.close_all()
    read_texts.clear()
    scene = app.go("setup")
    steps(app)
    assert "Who begins round 1; each round the next seat begins." in read_texts
    click_and_open = [("How to play", "RulesScene"), ("Play the tutorial", "TableScene")]
    for label, opened in click_and_open:
        app.close_all()
        scene = app.go("setup")
        steps(app)
        click(button(scene, label).rect.center)
        steps(app, 2)
        assert type(app.top).__name__ == opened


def test_the_home_names_both_games(app, read_texts):
    """The saved games' tiles both begin with their game's name; the first start's offer has both
    games' tutorials; the solo entry says it is Las Vegas; F11 is offered while windowed."""
    from lasvegas.ui.files import save
    from lasvegas.ui.lasvegas import demo
    from lasvegas.ui.scenes.title import TitleScene

    session = demo.demo_session(3, 1, False)
    save.write_autosave(session.new_game(1), session)
    app.settings.tutorial_offered = False
    app.settings.fullscreen = False
    app.reset(TitleScene(app))
    read_texts.clear()
    steps(app)
    title = app.top
    assert title.resume_buttons["multi"].label.startswith("Las Vegas · Resume ")
    assert "Las Vegas solo" in [b.label for b in title.buttons]
    assert [b.label for b in title.offer_buttons] == ["Las Vegas", "Lords of Vegas", "Not now"]
    assert "F11: full screen" in read_texts
    click(title.offer_buttons[1].rect.center)
    steps(app, 2)
    assert type(app.top).__name__ == "LordsTableScene" and app.settings.tutorial_offered


def test_the_winners_medals_stay_whole_below_the_rail(app):
    """The results' medals (both games draw them with podium.draw_medals, Lords of Vegas at 44 px
    from the top at 48 px, Las Vegas at 52 px at 64 px) start below the rail round the screen."""
    from lasvegas.ui.kit import podium

    for y, size in ((44, 48), (52, 64), (20, 64)):
        drawn = []

        class Spy:
            def blit(self, img, rect):
                drawn.append(pygame.Rect(rect))
        podium.draw_medals(Spy(), "red", 400, y, size)
        assert len(drawn) == 2 and all(r.top >= podium.MEDAL_TOP for r in drawn), (y, size, drawn)
