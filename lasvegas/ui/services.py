"""What the scenes share, declared in one place: the settings, the solo ladder's
progress, the clock, the seed of the next game, and how games start, resume
and are saved (the only code of the UI that makes a rules engine)."""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING, Callable

from .. import store
from .files import save
from .kit.settings import Settings

if TYPE_CHECKING:  # the matches are made when a game starts, not at start-up
    from ..match import Lesson, LocalMatch, Session


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
        self._profiles = None
        #: simulated turns per reviewed decision (None: the coach's default; tests use few)
        self.review_work: int | None = None
        self.saver = FileSaver()

    # ----------------------------------------------------------- the clock
    def today(self) -> _dt.date:
        return self.clock()

    # ------------------------------------------- files loaded once per run
    def _loaded(self, attr: str, load):
        """``load()``'s value, kept in ``attr`` for the run; its warning (a damaged file) told once."""
        if getattr(self, attr) is None:
            value, warning = load()
            if warning:
                store.tell(warning)
            setattr(self, attr, value)
        return getattr(self, attr)

    @property
    def progress(self):
        """The solo ladder's progress, loaded once per run (a damaged file: a message for the player)."""
        from ..solo import SoloProgress

        return self._loaded("_progress", SoloProgress.load)

    @property
    def profiles(self):
        """The players' profiles, loaded once per run (a damaged file: a message for the player)."""
        from ..profiles import ProfileBook

        return self._loaded("_profiles", ProfileBook.load)

    def profile_games(self, profile: str) -> list:
        """A profile's finished games, read from the records (oldest first)."""
        from ..profiles import games_of
        from ..profiles.history import all_games_cached
        from .kit.paths import data_dir, records_dir

        return games_of(profile, all_games_cached(records_dir(), data_dir() / "profile_games.json"))

    # ------------------------------------------------------------ matches
    def new_match(self, session: Session | Lesson, seed: int | None = None, *, keep: bool = True):
        """A new game of ``session`` on this computer, saved at once (``keep``) and after every move;
        a lesson's part (the tutorial) is played as its script says and kept nowhere."""
        from ..match import Lesson, LessonMatch, LocalMatch

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
        from ..match import LocalMatch

        return LocalMatch(game, session, saver=self.saver, fresh=False)
