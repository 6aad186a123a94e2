"""Game configuration: every variant of Las Vegas in one frozen dataclass."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..kernel.errors import ConfigError

#: The seat colours, in their canonical order: the base game's five, then the three
#: of the *Las Vegas Boulevard* expansion (seats 6 to 8, docs/rules.md §10).
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "black")
#: The base game's five colours (solo mode's opponents are taken from these).
BASE_COLOURS: tuple[str, ...] = COLOURS[:5]
#: Seats at a multiplayer table.
MIN_SEATS, MAX_SEATS = 2, 8
#: The owner name of the neutral (white) dice.
NEUTRAL = "neutral"
#: Dice of one colour.
DICE_PER_COLOUR = 8
#: Casinos are dealt bills until their total is at least this much (option "minimum": classic).
CASINO_MINIMUM = 50_000
#: Option "minimum": by-seats — the minimum per casino by seat count (docs/rules.md §10).
MINIMUM_BY_SEATS: dict[int, int] = {
    2: 30_000, 3: 40_000, 4: 50_000, 5: 60_000, 6: 70_000, 7: 80_000, 8: 90_000,
}
#: The values of the option "minimum".
MINIMUMS: tuple[str, ...] = ("classic", "by-seats")
#: Option "hundreds": this many $100,000 bills are shuffled into the deck.
HUNDREDS = (100_000, 5)
#: Seats the neutral-dice variant allows at most (docs/rules.md §10).
MAX_NEUTRAL_SEATS = 6

#: Bill editions: value -> number of bills (docs/rules.md §1).
EDITIONS: dict[str, dict[int, int]] = {
    "classic": {
        10_000: 6, 20_000: 8, 30_000: 8, 40_000: 6, 50_000: 6,
        60_000: 5, 70_000: 5, 80_000: 5, 90_000: 5,
    },
    "2018": {
        10_000: 5, 20_000: 7, 30_000: 7, 40_000: 5, 50_000: 6,
        60_000: 5, 70_000: 5, 80_000: 4, 90_000: 4,
    },
}


def edition_bills(edition: str) -> list[int]:
    """All bills of an edition, sorted from highest to lowest."""
    if edition not in EDITIONS:
        raise ConfigError(
            f"unknown bill edition {edition!r}: choose one of {', '.join(EDITIONS)}"
        )
    bills: list[int] = []
    for value, count in sorted(EDITIONS[edition].items(), reverse=True):
        bills.extend([value] * count)
    return bills


@dataclass(frozen=True)
class SoloLevel:
    """One rung of the solo challenge ladder (docs/rules.md §8)."""

    name: str
    label: str
    preplaced: int  # opponent colours pre-placed each round
    dice: int  # dice of the player's own colour


#: The solo ladder, easiest first.
SOLO_LEVELS: tuple[SoloLevel, ...] = (
    SoloLevel("normal", "Normal", 1, 8),
    SoloLevel("hard", "Hard", 2, 8),
    *(SoloLevel(f"expert-{n}", f"Expert {n}", 1, n) for n in range(7, 1, -1)),
    SoloLevel("master", "Master", 1, 1),
)
SOLO_LEVEL_BY_NAME: dict[str, SoloLevel] = {lv.name: lv for lv in SOLO_LEVELS}


def solo_level(name: str) -> SoloLevel:
    try:
        return SOLO_LEVEL_BY_NAME[name]
    except KeyError:
        raise ConfigError(
            f"unknown solo level {name!r}: choose one of "
            + ", ".join(lv.name for lv in SOLO_LEVELS)
        ) from None


def neutral_dice_per_seat(seats: int) -> int:
    """Neutral dice each seat receives per round in the variant (2 to 6 seats)."""
    return 4 if seats == 2 else 2


def default_minimum(seats: int) -> str:
    """The option "minimum" when the set-up does not choose: classic up to 5 seats,
    by-seats from 6 (docs/rules.md §10)."""
    return "by-seats" if seats > 5 else "classic"


@dataclass(frozen=True)
class Config:
    """Everything that defines a game before the first die is rolled.

    ``seats`` are colours in seat order.  In solo mode there is exactly one
    seat (the player's colour) and ``opponents`` holds the other four colours
    in the order o0..o3 that decides which colour is pre-placed each round;
    when left empty it is filled with the first four other base colours in
    canonical order.  ``first_seat`` is ``None`` for a random first player.

    The *Las Vegas Boulevard* options (docs/rules.md §10, multiplayer only):
    ``minimum`` is ``"classic"`` ($50,000 a casino) or ``"by-seats"`` ($30,000
    with 2 seats up to $90,000 with 8); left ``None`` it becomes the default for
    the seat count (``default_minimum``), so a config always holds a name.
    ``hundreds`` adds five $100,000 bills to the deck; ``biggies`` gives each
    seat one big die among its 8, counting two at payout.
    """

    seats: tuple[str, ...] = ("red", "blue")
    neutral: bool = False
    edition: str = "classic"
    rounds: int = 4
    mode: str = "multi"
    solo_level: str | None = None
    opponents: tuple[str, ...] = field(default_factory=tuple)
    first_seat: int | None = None
    minimum: str | None = None
    hundreds: bool = False
    biggies: bool = False

    def __post_init__(self) -> None:
        # normalise lists to tuples so that configs compare and hash well
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "opponents", tuple(self.opponents))
        if self.mode == "solo" and not self.opponents and len(self.seats) == 1:
            rest = tuple(c for c in BASE_COLOURS if c != self.seats[0])[:4]
            object.__setattr__(self, "opponents", rest)
        if self.minimum is None:
            n = len(self.seats) if self.mode == "multi" else 1
            object.__setattr__(self, "minimum", default_minimum(n))
        self.validate()

    # -- construction helpers -------------------------------------------------
    @classmethod
    def multi(cls, players: int, **kw: Any) -> "Config":
        """A multiplayer config with the first ``players`` colours (2 to 8), e.g.
        ``Config.multi(8, hundreds=True, biggies=True)``."""
        if not isinstance(players, int) or not MIN_SEATS <= players <= MAX_SEATS:
            raise ConfigError(f"a game has {MIN_SEATS} to {MAX_SEATS} seats, not {players}")
        return cls(seats=COLOURS[:players], **kw)

    @classmethod
    def solo(cls, level: str = "normal", colour: str = "red", **kw: Any) -> "Config":
        kw.setdefault("edition", "2018")
        return cls(seats=(colour,), mode="solo", solo_level=level, **kw)

    # -- validation -------------------------------------------------------------
    def validate(self) -> None:
        if self.mode not in ("multi", "solo"):
            raise ConfigError(f"unknown mode {self.mode!r}: use 'multi' or 'solo'")
        if self.edition not in EDITIONS:
            raise ConfigError(
                f"unknown bill edition {self.edition!r}: choose one of {', '.join(EDITIONS)}"
            )
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) or self.rounds < 1:
            raise ConfigError(f"a game has at least 1 round, not {self.rounds!r}")
        if self.rounds > 100:
            raise ConfigError(f"at most 100 rounds, not {self.rounds}")
        for colour in self.seats + self.opponents:
            if colour not in COLOURS:
                raise ConfigError(
                    f"unknown colour {colour!r}: choose from {', '.join(COLOURS)}"
                )
        every = self.seats + self.opponents
        dupes = sorted({c for c in every if every.count(c) > 1})
        if dupes:
            raise ConfigError(f"each colour can be used once, but {', '.join(dupes)} appears twice")
        if self.mode == "multi":
            n = len(self.seats)
            if n < 2:
                raise ConfigError(f"a multiplayer game needs at least 2 seats, not {n}")
            if n > MAX_SEATS:
                raise ConfigError(f"a game has at most {MAX_SEATS} seats, not {n}")
            if self.neutral and n > MAX_NEUTRAL_SEATS:
                raise ConfigError(
                    f"the neutral-dice variant is for 2 to {MAX_NEUTRAL_SEATS} seats, "
                    f"not {n}: there are not enough neutral dice"
                )
            if self.solo_level is not None:
                raise ConfigError("a solo level only applies to solo mode")
            if self.opponents:
                raise ConfigError("opponent colours only apply to solo mode")
        else:
            if len(self.seats) != 1:
                raise ConfigError(f"solo mode has exactly 1 seat, not {len(self.seats)}")
            if self.neutral:
                raise ConfigError("solo mode has no neutral dice")
            if self.solo_level is None:
                raise ConfigError("solo mode needs a level (e.g. 'normal')")
            solo_level(self.solo_level)
            if len(self.opponents) != 4:
                raise ConfigError(f"solo mode has 4 opponent colours, not {len(self.opponents)}")
            if self.minimum != "classic":
                raise ConfigError("solo mode has no casino minimum by seats")
            if self.hundreds:
                raise ConfigError("solo mode has no $100,000 bills")
            if self.biggies:
                raise ConfigError("solo mode has no Biggies")
        if self.minimum not in MINIMUMS:
            raise ConfigError(
                f"unknown casino minimum {self.minimum!r}: choose one of {', '.join(MINIMUMS)}"
            )
        for name in ("hundreds", "biggies"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be true or false")
        if self.first_seat is not None:
            if (not isinstance(self.first_seat, int) or isinstance(self.first_seat, bool)
                    or not 0 <= self.first_seat < len(self.seats)):
                raise ConfigError(
                    f"first seat must be between 0 and {len(self.seats) - 1}, not {self.first_seat!r}"
                )

    # -- derived ----------------------------------------------------------------
    @property
    def is_solo(self) -> bool:
        return self.mode == "solo"

    @property
    def level(self) -> SoloLevel | None:
        return solo_level(self.solo_level) if self.solo_level else None

    @property
    def minimum_amount(self) -> int:
        """Each casino is dealt bills until it holds at least this many dollars."""
        if self.minimum == "by-seats":
            return MINIMUM_BY_SEATS[len(self.seats)]
        return CASINO_MINIMUM

    @property
    def minimum_is_default(self) -> bool:
        """Is ``minimum`` the default for the seat count (so files need not name it)?"""
        return self.minimum == default_minimum(len(self.seats) if not self.is_solo else 1)

    def bills(self) -> list[int]:
        """Every bill of this game's deck, highest first: the edition's, and the
        five $100,000 bills with the option "hundreds"."""
        bills = edition_bills(self.edition)
        if self.hundreds:
            value, count = HUNDREDS
            bills = [value] * count + bills
        return bills

    @property
    def owners(self) -> tuple[str, ...]:
        """Everyone who can own dice on a casino, in a fixed order."""
        if self.is_solo:
            return self.seats + self.opponents
        if self.neutral:
            return self.seats + (NEUTRAL,)
        return self.seats

    def start_hands(self) -> tuple[dict[str, int], tuple[int, ...]]:
        """What the dice holders have when a round starts, before any die is pre-placed:
        ``({colour: own dice}, (neutral dice held by seat 0, seat 1, ...))``."""
        if self.is_solo:
            own = {o: DICE_PER_COLOUR for o in self.opponents}
            own[self.seats[0]] = self.level.dice  # type: ignore[union-attr]
            return own, (0,)
        neutral = neutral_dice_per_seat(len(self.seats)) if self.neutral else 0
        return {s: DICE_PER_COLOUR for s in self.seats}, (neutral,) * len(self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "seats": list(self.seats),
            "opponents": list(self.opponents),
            "neutral": self.neutral,
            "edition": self.edition,
            "rounds": self.rounds,
            "solo_level": self.solo_level,
            "first_seat": self.first_seat,
            # the expansion's options are written only when on (older files stay the same)
            **({} if self.minimum_is_default else {"minimum": self.minimum}),
            **({"hundreds": True} if self.hundreds else {}),
            **({"biggies": True} if self.biggies else {}),
        }

    @classmethod
    def from_dict(cls, d: Any) -> "Config":
        if not isinstance(d, dict):
            raise ConfigError("a config must be a JSON object")
        known = {"mode", "seats", "opponents", "neutral", "edition", "rounds",
                 "solo_level", "first_seat", "minimum", "hundreds", "biggies"}
        unknown = set(d) - known
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(sorted(unknown))}")
        seats = d.get("seats", ("red", "blue"))
        opponents = d.get("opponents", ())
        if not isinstance(seats, (list, tuple)) or not isinstance(opponents, (list, tuple)):
            raise ConfigError("seats and opponents must be lists of colours")
        if not all(isinstance(c, str) for c in list(seats) + list(opponents)):
            raise ConfigError("colours must be strings")
        neutral = d.get("neutral", False)
        if not isinstance(neutral, bool):
            raise ConfigError("neutral must be true or false")
        for key in ("hundreds", "biggies"):
            if not isinstance(d.get(key, False), bool):
                raise ConfigError(f"{key} must be true or false")
        for key in ("mode", "edition", "solo_level", "minimum"):
            if d.get(key) is not None and not isinstance(d[key], str):
                raise ConfigError(f"{key} must be a name")
        return cls(
            seats=tuple(seats),
            neutral=neutral,
            edition=d.get("edition", "classic"),
            rounds=d.get("rounds", 4),
            mode=d.get("mode", "multi"),
            solo_level=d.get("solo_level"),
            opponents=tuple(opponents),
            first_seat=d.get("first_seat"),
            minimum=d.get("minimum"),
            hundreds=d.get("hundreds", False),
            biggies=d.get("biggies", False),
        )
