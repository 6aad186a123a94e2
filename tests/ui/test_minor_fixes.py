"""Smaller things a player met at the table: Escape on the pass screen, the setup's notes,
plural-correct tie warnings, the log's key named as bound."""

import pygame

from lasvegas.core import Game
from lasvegas.match import LocalMatch
from lasvegas.ui.kit.i18n import ngettext, set_language
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas import totals
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.pause import PauseScene

from .conftest import click, key, step_until, steps


def test_escape_on_the_pass_screen_opens_the_pause_menu_and_shows_no_money(app):
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], hide_money=True)
    table = TableScene(app, LocalMatch(Game(session.config(), 3), session))
    app.reset(table)
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    drawn = []
    with totals.watch(lambda o, m, where: drawn.append(o)):
        key(pygame.K_ESCAPE)
        steps(app, 2)
        assert isinstance(app.top, PauseScene) and isinstance(app.scenes[-2], HandoverScene)
        key(pygame.K_ESCAPE)  # back to the pass screen, still nobody's
        steps(app, 2)
    assert isinstance(app.top, HandoverScene) and drawn == []


def test_the_setup_explains_hidden_money_and_the_pass_screen(app, read_texts):
    app.go("setup")
    read_texts.clear()
    steps(app)
    assert "Each sees only their own total; bill counts are public." in read_texts
    assert "Between two humans' turns: pass the game on first." in read_texts


def test_a_tie_of_one_name_reads_gets():
    for lang in ("en", "fr", "de"):
        set_language(lang)
        one = ngettext("Creates a tie: {names} gets nothing", "Creates a tie: {names} get nothing", 1, names="Ann")
        two = ngettext("Creates a tie: {names} gets nothing", "Creates a tie: {names} get nothing", 2,
                       names="Ann, Bo")
        assert one != two.replace("Ann, Bo", "Ann"), lang
    set_language("en")
    assert ngettext("Tie: {names} gets nothing", "Tie: {names} get nothing", 1, names="Ann") == "Tie: Ann gets nothing"


def test_the_log_button_and_header_name_the_key_bound_to_the_log(app, read_texts):
    app.bindings.bind("log", pygame.K_k)
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue", "ai", "random")])
    table = app.go("table", match=LocalMatch(Game(session.config(), 3), session))
    read_texts.clear()
    steps(app)
    assert "Log (K)" in read_texts and "Log (L)" not in read_texts
    key(pygame.K_k)
    read_texts.clear()
    steps(app)
    assert table.log_panel.shown and "PgUp/PgDn, wheel · K closes" in read_texts


def _sizes_drawn(monkeypatch):
    """(text, size) of every text and glowing text drawn from now on."""
    from lasvegas.ui.kit import art

    seen: list[tuple[str, int]] = []
    text, glow = art.text, art.glow_text
    monkeypatch.setattr(art, "text", lambda s, role="body", size=20, *a, **k: (seen.append((s, size)),
                                                                           text(s, role, size, *a, **k))[1])
    monkeypatch.setattr(art, "glow_text", lambda s, role, size, *a, **k: (seen.append((s, size)),
                                                                      glow(s, role, size, *a, **k))[1])
    return seen


def test_larger_text_shrinks_every_casino_name_alike_and_the_turn_panel_keeps_one_size(app, monkeypatch):
    from lasvegas.ui.kit import art, i18n
    from lasvegas.ui.kit.look import Look

    app.settings.text_size = "larger"
    app.set_language("de")
    art.set_look(Look.of(app.settings))
    seen = _sizes_drawn(monkeypatch)
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue", "ai", "random")])
    table = app.go("table", match=LocalMatch(Game(session.config(), 3), session))
    assert step_until(app, lambda: table.await_roll)
    for fn in art._CACHED:  # what was drawn before the text size changed is drawn again (paint/ too)
        fn.cache_clear()
    seen.clear()
    steps(app)
    from lasvegas.ui.lasvegas.paint import casino
    from lasvegas.ui.lasvegas.table.layout import CASINO_H, CASINO_W, SIGN_H
    for n in range(1, 7):  # the casinos' tiles (the table keeps them in its background)
        casino.tile(n, CASINO_W, CASINO_H, SIGN_H)
    names = {s: size for s, size in seen if s in {n.upper() for n in casino.CASINO_NAMES}}
    assert len(names) == 6 and len(set(names.values())) == 1, names
    roll_lines = [i18n._("Your roll."), i18n._("Click ROLL or press Space.")]
    sizes = {size for s, size in seen if s in roll_lines}
    assert len(sizes) == 1, [(s, size) for s, size in seen if s in roll_lines]


def test_the_replay_buttons_have_names_and_tooltips(app, read_texts):
    from lasvegas.ui.tools import stage

    from .conftest import move

    table = stage.replay_table(app, 2, 4)
    bar = table.replay
    labels = [b.label for b in bar.buttons]
    assert "« Round" in labels and "Round »" in labels and ">|" not in labels
    move(bar.buttons[4].rect.center)
    read_texts.clear()
    steps(app)
    assert "To the start of the next round ( ] )" in read_texts
    move(bar.buttons[0].rect.center)
    read_texts.clear()
    steps(app)
    assert "To the start of this round, or the one before ( [ )" in read_texts


def test_in_high_contrast_the_main_button_keeps_an_accent(app):
    from lasvegas.ui.kit import art
    from lasvegas.ui.kit.look import Look
    from lasvegas.ui.kit.widgets import Button

    app.settings.theme = "high-contrast"
    art.set_look(Look.of(app.settings))
    main = Button((100, 100, 200, 50), "Resume", style="primary")
    other = Button((100, 200, 200, 50), "New game")
    app.screen.fill((0, 0, 0))
    main.draw(app.screen)
    other.draw(app.screen)
    edge_main = app.screen.get_at((200, 101))[:3]
    edge_other = app.screen.get_at((200, 201))[:3]
    assert edge_other == (255, 255, 255) and edge_main != edge_other
    inside_main, inside_other = app.screen.get_at((110, 125))[:3], app.screen.get_at((110, 225))[:3]
    assert inside_main != inside_other


def test_escape_on_the_round_summary_opens_the_pause_menu(app):
    """At the end of a round, Escape opens the pause menu over the summary (Save and quit is
    there); Escape again comes back to the summary."""
    from lasvegas.ui.lasvegas.scenes.summary import SummaryScene

    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue", "ai", "easy")])
    table = TableScene(app, LocalMatch(Game(session.config(), 5), session))
    app.reset(table)
    for _i in range(20000):
        if isinstance(app.top, SummaryScene):
            break
        if app.top is table and table.await_roll:
            click(table.roll_button.rect.center)
        elif app.top is table and table.human_turn:
            click(table.groups[-1][1].center)
        steps(app)
    summary = app.top
    assert isinstance(summary, SummaryScene)
    key(pygame.K_ESCAPE)
    steps(app, 2)
    assert isinstance(app.top, PauseScene) and app.scenes[-2] is summary
    key(pygame.K_ESCAPE)
    steps(app, 2)
    assert app.top is summary


def test_a_round_without_a_bill_says_no_plus_zero_bills(app, read_texts):
    """With hidden money the summary counts bills: a seat that won none this round reads "–",
    not "+0 bills"; one that won two reads "+2 bills"."""
    from lasvegas.ui.lasvegas.scenes.summary import SummaryScene

    rows = [{"owner": "red", "name": "Ann", "won": None, "total": None, "round_bills": 2, "bills": 2},
            {"owner": "blue", "name": "Bo", "won": None, "total": None, "round_bills": 0, "bills": 1}]
    app.go("title")
    app.show("summary", summary={"round": 0, "last": False, "rows": rows, "solo": None, "auto": False})
    read_texts.clear()
    steps(app, 2)
    assert isinstance(app.top, SummaryScene)
    assert "+2 bills" in read_texts and "+0 bills" not in read_texts and "–" in read_texts
