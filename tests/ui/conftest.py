import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["LANGUAGE"] = "en"

import pygame  # noqa: E402
import pytest  # noqa: E402

DT = 1 / 30


@pytest.fixture
def home(tmp_path, monkeypatch):
    from lasvegas import store

    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    store.take_notices()  # messages are for the player of one run: none left from another test
    yield tmp_path
    store.take_notices()


@pytest.fixture
def app(home):
    from lasvegas.ui.app import App
    from lasvegas.ui.kit.settings import Settings

    s = Settings()
    s.anim_speed = "fast"
    s.ai_pace = "fast"
    a = App(s, fullscreen=False, sound=False)
    pygame.event.clear()
    yield a
    a.close_all()  # every scene's exit: a table stops its match's thinking
    pygame.event.clear()
    from lasvegas.ui.kit import i18n

    i18n.set_language("en")  # a test that switched language leaves English behind


@pytest.fixture
def small_app(home):
    """The app in the smallest window (960×540) at the largest text size."""
    from lasvegas.ui.app import App
    from lasvegas.ui.kit import art, i18n
    from lasvegas.ui.kit.look import Look
    from lasvegas.ui.kit.settings import Settings

    s = Settings(text_size="larger")
    s.anim_speed = "fast"
    s.ai_pace = "fast"
    a = App(s, fullscreen=False, sound=False, size=(960, 540))
    a.apply_settings()
    pygame.event.clear()
    yield a
    a.close_all()
    pygame.event.clear()
    art.set_look(Look())
    i18n.set_language("en")


@pytest.fixture
def lang():
    """``lang(code)``: the language of one test (English again after it)."""
    from lasvegas.ui.kit import i18n

    def use(code):
        i18n.set_language(code)
    yield use
    i18n.set_language("en")


def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def move(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def key(k, text=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def steps(app, n=1):
    for _ in range(n):
        app.step(DT)


def step_until(app, cond, limit=3000):
    for _ in range(limit):
        if cond():
            return True
        app.step(DT)
    return cond()


def button(scene, label):
    for b in getattr(scene, "buttons", []):
        if b.label == label:
            return b
    for name in dir(scene):
        b = getattr(scene, name, None)
        if getattr(b, "label", None) == label and hasattr(b, "rect"):
            return b
    for b in getattr(scene, "buttons", []):  # "Resume" finds "Las Vegas · Resume Ann and Bo's game in round 3"
        if b.label.startswith(label + " ") or b.label.split(" · ", 1)[-1].startswith(label + " "):
            return b
    raise AssertionError(f"no button {label!r} on {type(scene).__name__}")


@pytest.fixture
def read_texts(monkeypatch):
    """Every text drawn on the screen from now on, as the player reads it."""
    from lasvegas.ui.kit import art

    seen: list[str] = []
    text, glow = art.text, art.glow_text
    monkeypatch.setattr(art, "text", lambda s, *a, **k: (seen.append(s), text(s, *a, **k))[1])
    monkeypatch.setattr(art, "glow_text", lambda s, *a, **k: (seen.append(s), glow(s, *a, **k))[1])
    return seen
