"""Keys and controller buttons → the game's actions (the input-mapping layer).

The scenes understand one key per action (its *canonical* key: the arrows,
Return, Escape, H, L, F1).  The player may bind another key to an action in
Settings; the binding is kept in ``keys.json`` (checked on reading; a damaged
file is kept aside, the player told, and the defaults used).  A controller
(pygame's controller API) works every action too: its buttons and left stick
arrive as the canonical keys, so every screen is played the same way by mouse,
keyboard or controller.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import pygame

from ...store import paths
from ... import store
from ...store import N_
from ...store.shape import ShapeError

#: version of the bindings file
VERSION = 1


@dataclass(frozen=True)
class Action:
    """Something the player does: its id, what the help calls it, its canonical key."""

    id: str
    label: str
    key: int
    #: the controller's button for it (its name in pygame's controller API), if any
    button: str = ""
    #: the game whose screens alone read it ("lords"), "" for every screen: a game's own key is
    #: turned into its canonical key only there, so another screen's letter keys stay theirs
    game: str = ""


ACTIONS: tuple[Action, ...] = (
    Action("up", N_("Move up"), pygame.K_UP, "DPAD_UP"),
    Action("down", N_("Move down"), pygame.K_DOWN, "DPAD_DOWN"),
    Action("left", N_("Previous value or choice"), pygame.K_LEFT, "DPAD_LEFT"),
    Action("right", N_("Next value or choice"), pygame.K_RIGHT, "DPAD_RIGHT"),
    Action("confirm", N_("Confirm, roll, place the dice"), pygame.K_RETURN, "A"),
    Action("back", N_("Back, or the pause menu"), pygame.K_ESCAPE, "B"),
    Action("hint", N_("Hint (solo, Lords of Vegas)"), pygame.K_h, "X"),
    Action("log", N_("Game log"), pygame.K_l, "Y"),
    Action("help", N_("Keys and buttons"), pygame.K_F1, "BACK"),
    # Lords of Vegas's table (its controller works them through the actions panel's ring)
    Action("end_turn", N_("End the turn"), pygame.K_e, game="lords"),
    Action("trade", N_("Trade"), pygame.K_t, game="lords"),
    Action("accept", N_("Accept a trade"), pygame.K_a, game="lords"),
    Action("reject", N_("Reject a trade"), pygame.K_r, game="lords"),
    Action("lay_off", N_("Lay off half of a bet"), pygame.K_y, game="lords"),
    Action("keep_bet", N_("Keep the whole bet"), pygame.K_n, game="lords"),
)
BY_ID = {a.id: a for a in ACTIONS}
#: controller buttons that work an action without a key of their own
EXTRA_BUTTONS = {"START": "back", "LEFTSHOULDER": "left", "RIGHTSHOULDER": "right"}
#: how far the stick must lean to move the focus, and come back before it moves again
STICK_ON, STICK_OFF = 0.6, 0.3


#: keys named in the player's language, not by SDL's English name
NAMED = {pygame.K_UP: N_("Up arrow"), pygame.K_DOWN: N_("Down arrow"), pygame.K_LEFT: N_("Left arrow"),
         pygame.K_RIGHT: N_("Right arrow"), pygame.K_ESCAPE: N_("Esc")}


def key_name(key: int) -> str:
    """A key as the player reads it ("Enter", "F1", "H", "Up arrow")."""
    from .i18n import _, pgettext

    if key in NAMED:
        return _(NAMED[key])
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return pgettext("key", "Enter")
    if key == pygame.K_SPACE:
        return pgettext("key", "Space")
    name = pygame.key.name(key)
    return name.title() if len(name) > 1 else name.upper()


def _bindings_shape(data: Any) -> dict[str, int]:
    if not isinstance(data, dict) or set(data) != {"version", "keys"}:
        raise ShapeError("", "an object with version and keys", data)
    if data["version"] != VERSION:
        raise ShapeError(".version", f"{VERSION}", data["version"])
    keys = data["keys"]
    if not isinstance(keys, dict) or len(keys) > len(ACTIONS):
        raise ShapeError(".keys", "an object of actions", keys)
    out: dict[str, int] = {}
    for action, name in keys.items():
        if action not in BY_ID:
            raise ShapeError(f".keys.{action}"[:80], "an action: " + ", ".join(BY_ID), action)
        if not isinstance(name, str) or not 0 < len(name) <= 30:
            raise ShapeError(f".keys.{action}", "a key's name", name)
        try:
            with warnings.catch_warnings():  # read before pygame.init() (a check of the file): names only
                warnings.simplefilter("ignore")
                code = pygame.key.key_code(name)
        except (ValueError, pygame.error):
            raise ShapeError(f".keys.{action}", "a key's name", name) from None
        if code == pygame.K_UNKNOWN:
            raise ShapeError(f".keys.{action}", "a key's name", name)
        out[action] = code
    if len(set(out.values())) != len(out):
        raise ShapeError(".keys", "one key per action", keys)
    return out


BINDINGS = store.FileKind("keys", N_("Your keys"), N_("the keys are back to their defaults"), _bindings_shape)


class Bindings:
    """Which key the player presses for each action (the defaults: the canonical keys)."""

    def __init__(self, keys: dict[str, int] | None = None) -> None:
        self.keys = {a.id: a.key for a in ACTIONS}
        self.keys.update(keys or {})

    @staticmethod
    def path():
        return paths.config_dir() / "keys.json"

    @classmethod
    def load(cls) -> "Bindings":
        """The saved bindings; the defaults when there are none or the file is damaged (kept aside)."""
        return cls(store.load(BINDINGS, cls.path()))

    def save(self) -> bool:
        data = {"version": VERSION, "keys": {a: pygame.key.name(k) for a, k in self.keys.items()}}
        return store.try_write(BINDINGS, self.path(), data)

    def bind(self, action: str, key: int) -> None:
        """``key`` works ``action`` from now on; an action that had it takes this one's old key."""
        old = self.keys[action]
        for other, k in self.keys.items():
            if k == key and other != action:
                self.keys[other] = old
        self.keys[action] = key

    def reset(self) -> None:
        self.keys = {a.id: a.key for a in ACTIONS}

    def action_of(self, key: int, game: str = "") -> str | None:
        """The action ``key`` works on a screen of ``game`` (another game's own actions are not
        read there)."""
        return next((a for a, k in self.keys.items() if k == key and BY_ID[a].game in ("", game)), None)


def _button(name: str) -> int:
    return getattr(pygame, "CONTROLLER_BUTTON_" + name)


class InputMap:
    """Turns the player's keys and controller input into the canonical keys the scenes read."""

    def __init__(self, bindings: Bindings) -> None:
        self.bindings = bindings
        self.buttons = {_button(a.button): a.id for a in ACTIONS if a.button}
        self.buttons.update({_button(b): a for b, a in EXTRA_BUTTONS.items()})
        #: the button's name in pygame's controller API, by its number
        self.names = {_button(a.button): a.button for a in ACTIONS if a.button}
        self.names.update({_button(b): b for b in EXTRA_BUTTONS})
        self._stick = {"x": 0, "y": 0}
        #: the controllers opened (a controller sends events only once opened)
        self.controllers: dict[int, Any] = {}

    def key_event(self, action: str, pad: str = "") -> pygame.event.Event:
        """The canonical key of ``action``; ``pad``: the controller button that sent it (a screen with
        more to do than the actions, the replay bar, reads it)."""
        key = BY_ID[action].key
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, pad=pad)

    def translate(self, event, typing: bool = False, reserved=(), game: str = "") -> list:
        """The events the scenes get for ``event`` (none, the same, or the canonical key).
        ``typing``: keys pass as they are; ``reserved``: keys the screen uses itself (F1-F5 for the
        quick reactions of an online table), passed as they are too; ``game``: the game whose own
        keys the screen reads (``Action.game``)."""
        t = event.type
        if t == pygame.KEYDOWN and not typing and event.key not in reserved:
            action = self.bindings.action_of(event.key, game)
            if action is not None:
                return [self.key_event(action)] if BY_ID[action].key != event.key else [event]
            if any(a.key == event.key and a.game in ("", game) for a in ACTIONS):  # a default key moved elsewhere
                return []
            return [event]
        if t == pygame.CONTROLLERBUTTONDOWN:
            action = self.buttons.get(event.button)
            return [self.key_event(action, self.names[event.button])] if action else []
        if t == pygame.CONTROLLERAXISMOTION:
            return self._stick_events(event)
        if t == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
            return []
        return [event]

    def _stick_events(self, event) -> list:
        axis = {pygame.CONTROLLER_AXIS_LEFTX: "x", pygame.CONTROLLER_AXIS_LEFTY: "y"}.get(event.axis)
        if axis is None:
            return []
        v = event.value / 32767 if abs(event.value) > 1 else event.value
        was = self._stick[axis]
        if abs(v) < STICK_OFF:
            self._stick[axis] = 0
            return []
        if abs(v) < STICK_ON or was:
            return []
        self._stick[axis] = 1 if v > 0 else -1
        action = {("x", 1): "right", ("x", -1): "left", ("y", 1): "down", ("y", -1): "up"}[(axis, self._stick[axis])]
        return [self.key_event(action)]

    def _open(self, index: int) -> None:
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            self.controllers[index] = controller.Controller(index)
        except (pygame.error, ImportError, IndexError):
            pass  # not a controller SDL knows: its events do not come
