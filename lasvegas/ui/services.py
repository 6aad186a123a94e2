"""What the scenes share, declared in one place: the settings, the solo ladder's
progress, the clock, the seed of the next game, and how games start, resume
and are saved (the only code of the UI that makes a rules engine)."""

from __future__ import annotations

import datetime as _dt
from typing import Callable

from .. import store
from ..match import Lesson, LessonMatch, LocalMatch, Session
from . import save
from .settings import Settings


class FileSaver:
    """A local match's autosave, record and error log in the player's folders."""

    def autosave(self, game, session: Session) -> None:
        save.write_autosave(game, session)  # a failure is a message for the player (lasvegas.store)

    def finished(self, game, session: Session):
        save.clear_autosave(save.slot_of(session))  # only this game's slot
        return save.save_record(game, session)

    def log_error(self, exc: BaseException) -> None:
        save.log_error(exc)


class Services:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        #: seed of the next game (``--seed``); None: a random game
        self.seed: int | None = None
        #: today's date (tests set a fixed clock)
        self.clock: Callable[[], _dt.date] = _dt.date.today
        #: the solo ladder's length last chosen ("full" or "quick")
        self.solo_length = "full"
        self._progress = None
        #: simulated turns per reviewed decision (None: the coach's default; tests use few)
        self.review_work: int | None = None
        self.saver = FileSaver()

    # ----------------------------------------------------------- the clock
    def today(self) -> _dt.date:
        return self.clock()

    # ----------------------------------------------------- solo progress
    @property
    def progress(self):
        """The solo ladder's progress, loaded once per run (a damaged file: a message for the player)."""
        if self._progress is None:
            from ..solo import SoloProgress

            self._progress, warning = SoloProgress.load()
            if warning:
                store.tell(warning)
        return self._progress

    # ------------------------------------------------------------ matches
    def new_match(self, session: Session | Lesson, seed: int | None = None, *, keep: bool = True):
        """A new game of ``session`` on this computer, saved at once (``keep``) and after every move;
        a lesson's part (the tutorial) is played as its script says and kept nowhere."""
        if isinstance(session, Lesson):
            return LessonMatch(session)
        if session.extra.pop("took_back", 0) and not session.extra.get("daily"):
            session.extra.pop("practice", None)  # the game played again is not practice
        game = session.new_game(self.seed if seed is None else seed)
        saver = self.saver if keep else None
        if saver is not None:  # the slot's old game goes (the player was asked), then this one is saved
            save.write_autosave(game, session, new=True)
        return LocalMatch(game, session, saver=saver)

    def resume_match(self, game, session: Session) -> LocalMatch:
        return LocalMatch(game, session, saver=self.saver, fresh=False)
