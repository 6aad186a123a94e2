"""The table's art (docs/art.md): dice piled on each casino stay on its floor for every table size,
the notes tell their denominations apart, the felt is the same every time and never draws on the
game's random numbers, the pass screen and the home hold what they promise."""

from __future__ import annotations

import random

import pygame
import pytest

from lasvegas.ui.kit import art
from lasvegas.ui.kit import money
from lasvegas.ui.kit.canvas import Canvas
from lasvegas.ui.lasvegas.paint import casino, stacks
from lasvegas.ui.lasvegas.table.layout import casino_rect
from tests.ui.conftest import click, steps


class Noting(Canvas):
    """A canvas that notes where each image lands (logical rectangles)."""

    def __init__(self) -> None:
        super().__init__(pygame.Surface((1280, 720)), 1.0)
        self.placed: list[pygame.Rect] = []
        self.texts: list[str] = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        self.placed.append(r)
        return r


@pytest.mark.parametrize("owners", range(1, 10))
def test_every_pile_stands_on_its_casino_floor_up_to_eight_seats_neutral_and_biggies(app, owners):
    colours = ["red", "blue", "green", "yellow", "purple", "orange", "pink", "black", "neutral"][:owners]
    floor = casino.floor_rect(casino_rect(3))
    for dice, big, added in ((1, False, 0), (3, False, 2), (8, False, 0), (9, True, 0), (12, False, 0)):
        piles = [stacks.Stack(o, dice, big and o != "neutral", added) for o in colours]
        c = Noting()
        stacks.paint(c, 3, floor, piles)  # (the table blits this, drawn once, clipped to the floor)
        assert c.placed, "something is drawn"
        for r in c.placed:  # every die and every count stays on the floor (a pixel of slack)
            assert floor.inflate(2, 2).contains(r), (owners, dice, big, r, floor)
        # the piles do not overlap each other: one slot each, side by side
        slots = stacks.slots(floor, owners)
        for i, a in enumerate(slots):
            assert floor.contains(a)
            for b in slots[i + 1:]:
                assert not a.colliderect(b)


def test_a_pile_of_three_or_more_shows_its_count(app, monkeypatch):
    said = []
    real = art.text
    monkeypatch.setattr(art, "text", lambda s, *a, **k: said.append(s) or real(s, *a, **k))
    floor = casino.floor_rect(casino_rect(1))
    stacks.paint(Noting(), 1, floor, [stacks.Stack("red", 2), stacks.Stack("blue", 5),
                                      stacks.Stack("green", 1, added=2)])
    assert "5" in said and "2" not in said and "+2" in said


def test_every_denomination_has_its_own_note_and_the_100000_is_distinct(app):
    def pixels(value):
        img = money.bill(value, 150, 30)
        return pygame.image.tobytes(img, "RGBA")
    notes = {v: pixels(v) for v in money.BILL_COLOURS}
    assert len(set(notes.values())) == len(notes)
    # the platinum note differs from every other by more than its figures: its foil stripe
    top = money.bill(100_000, 150, 30)
    stripe_x = int(150 * 0.68) + 2
    def gold(img):
        return max(abs(a - b) for a, b in zip(img.get_at((stripe_x, 2))[:3], art.GOLD)) <= 12
    assert gold(top)
    for v in money.BILL_COLOURS:
        if v != 100_000:
            assert not gold(money.bill(v, 150, 30))


def test_the_felt_is_the_same_every_time_and_leaves_the_random_numbers_alone(app):
    from lasvegas.ui.kit import felt

    state = random.getstate()
    first = pygame.image.tobytes(felt.felt(1280, 720), "RGB")
    felt.felt.cache_clear()
    again = pygame.image.tobytes(felt.felt(1280, 720), "RGB")
    assert first == again
    assert random.getstate() == state


def test_the_pass_screen_shows_the_last_move_as_a_picture(app, read_texts, monkeypatch):
    from lasvegas.ui.lasvegas.paint import moves
    from lasvegas.ui.tools.stage import stage

    drawn = []
    real = moves.draw_move
    monkeypatch.setattr(moves, "draw_move", lambda *a, **k: drawn.append(a) or real(*a, **k))
    import lasvegas.ui.scenes.handover as handover
    monkeypatch.setattr(handover, "draw_move", lambda *a, **k: drawn.append(a) or real(*a, **k))
    stage(app, "handover", 1, 4)
    steps(app)
    scene = app.top
    assert type(scene).__name__ == "HandoverScene" and scene.move is not None
    _seat, value, dice = scene.move
    assert drawn and drawn[-1][2] == value and tuple(drawn[-1][3]) == tuple(dice)
    assert "Tap or press Enter to take the seat" in read_texts


def test_the_home_opens_lords_of_vegas_from_its_card(app):
    from lasvegas.ui.scenes.title import TitleScene

    app.reset(TitleScene(app))
    steps(app)
    title = app.top
    lords = title.cards[1]
    # the Lords of Vegas card is an entry of the home: a click on it opens that game's setup
    entry = next(b for b in title.buttons if b.rect.colliderect(lords))
    click(entry.rect.center)
    steps(app)
    assert type(app.top).__name__ == "LordsSetupScene"

def test_a_win_lands_on_the_winners_mat_with_a_flourish_and_the_chips_sound(app, monkeypatch):
    from lasvegas.core import CasinoPaid
    from lasvegas.ui.kit import sound
    from lasvegas.ui.lasvegas.paint.flourish import Flourish
    from lasvegas.ui.tools.stage import step_until, table_in_payout

    assert sound.synthesise()["chips"], "the chips' sound is made in code"
    played = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    table = table_in_payout(app, 1, 4)
    ev = table.current_event
    assert isinstance(ev, CasinoPaid) and ev.awards
    bursts = [s for s in table.anim.sprites if isinstance(s, Flourish)]
    winners = [o for o, _b in ev.awards if o in table.cfg.seats]
    assert {b.centre for b in bursts} == {table.panel_rect(o).center for o in winners}
    assert step_until(app, lambda: "chips" in played, 600)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_note_writes_its_value_in_the_players_language_and_clear_of_its_rosettes(app, monkeypatch, code):
    from lasvegas.ui.kit import i18n

    said = []
    real = art.text
    monkeypatch.setattr(art, "text", lambda s, *a, **k: said.append((s, a)) or real(s, *a, **k))
    app.set_language(code)
    try:
        for look in ("normal", "larger"):
            app.settings.text_size = look
            app.apply_settings()
            said.clear()
            money.banknote.cache_clear()  # drawn afresh: another test may have drawn this note
            money.bill(50_000, 150, 30)
            label = i18n.money(50_000)
            assert "$50,000" not in [s for s, _a in said] and label in [s for s, _a in said]
            size = next(a[1] for s, a in said if s == label)
            er = max(4, 30 // 2 - 4)
            assert art.measure(label, "display", size)[0] <= 150 - 2 * (2 * er + 8) - 6
    finally:
        app.set_language("en")
        app.settings.text_size = "normal"
        app.apply_settings()
