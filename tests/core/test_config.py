"""docs/rules.md §2 and the impossible configurations: clear ConfigError messages."""

import pytest

from lasvegas.core import COLOURS, Config
from lasvegas.kernel.errors import ConfigError, LasVegasError


def test_eight_colours_and_neutral_is_not_a_seat_colour():
    assert COLOURS == ("red", "blue", "green", "yellow", "purple", "orange", "pink", "black")
    with pytest.raises(ConfigError, match="unknown colour 'neutral'"):
        Config(seats=("red", "neutral"))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_a_table_takes_2_to_8_seats(n):
    assert Config.multi(n).seats == COLOURS[:n]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_neutral_variant_takes_2_to_6_seats(n):
    assert Config.multi(n, neutral=True).neutral


@pytest.mark.parametrize("n", [7, 8])
def test_neutral_dice_with_7_or_8_seats_is_refused(n):
    with pytest.raises(ConfigError, match="neutral-dice variant is for 2 to 6 seats, not "):
        Config.multi(n, neutral=True)


@pytest.mark.parametrize("n", [0, 1, 9, 10])
def test_seat_count_out_of_range(n):
    with pytest.raises(ConfigError, match="seats"):
        Config.multi(n)


def test_nine_seats_by_colour_list():
    with pytest.raises(ConfigError, match="red appears twice"):
        Config(seats=COLOURS + ("red",))


def test_duplicate_colours_are_refused():
    with pytest.raises(ConfigError, match="red appears twice"):
        Config(seats=("red", "blue", "red"))


def test_unknown_edition_and_level():
    with pytest.raises(ConfigError, match="unknown bill edition 'euro'"):
        Config.multi(3, edition="euro")
    with pytest.raises(ConfigError, match="unknown solo level 'legend'"):
        Config.solo("legend")


@pytest.mark.parametrize("rounds", [0, -1, "4", True])
def test_rounds_must_be_a_positive_integer(rounds):
    with pytest.raises(ConfigError, match="round"):
        Config.multi(3, rounds=rounds)


def test_first_seat_out_of_range():
    with pytest.raises(ConfigError, match="first seat must be between 0 and 2"):
        Config.multi(3, first_seat=3)


def test_solo_rules():
    cfg = Config.solo("normal", "blue")
    assert cfg.seats == ("blue",)
    assert cfg.opponents == ("red", "green", "yellow", "purple")
    with pytest.raises(ConfigError, match="no neutral dice"):
        Config.solo("normal", neutral=True)
    with pytest.raises(ConfigError, match="4 opponent colours"):
        Config(seats=("red",), mode="solo", solo_level="normal", opponents=("blue",))
    with pytest.raises(ConfigError, match="exactly 1 seat"):
        Config(seats=("red", "blue"), mode="solo", solo_level="normal")


def test_errors_are_value_errors_with_readable_text():
    with pytest.raises(ValueError) as e:
        Config.multi(7, neutral=True)
    assert isinstance(e.value, LasVegasError)
    assert "Traceback" not in str(e.value) and len(str(e.value)) > 20


def test_from_dict_rejects_garbage():
    with pytest.raises(ConfigError):
        Config.from_dict([1, 2])
    with pytest.raises(ConfigError, match="unknown config field"):
        Config.from_dict({"seats": ["red", "blue"], "bogus": 1})
    with pytest.raises(ConfigError):
        Config.from_dict({"seats": "red"})


def test_config_round_trip():
    for cfg in (Config.multi(3, neutral=True, edition="2018", rounds=2, first_seat=1),
                Config.solo("expert-4", "green", rounds=1)):
        assert Config.from_dict(cfg.to_dict()) == cfg
