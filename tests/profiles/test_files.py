"""The profiles file: checked whole, a damaged one kept aside with a message; records that do not check
give no games, never an error."""

import datetime as dt
import json

from lasvegas import store
from lasvegas.profiles import PROFILES, ProfileBook
from lasvegas.profiles.history import _seen, games_in_file

from tests import files_cases as fc

DAY = dt.date(2026, 11, 1)


def test_profiles_are_saved_and_read_back(tmp_path):
    book = ProfileBook(tmp_path / "profiles.json")
    ann = book.create("Ann", "purple", "diamond", DAY)
    bo = book.create("  Bo  ", "green", "ring", DAY)
    assert book.solo == ann.id  # the first profile plays the solo games until another is chosen
    assert book.save()
    again, message = ProfileBook.load(tmp_path / "profiles.json")
    assert message is None and again.profiles == [ann, bo] and bo.name == "Bo" and again.solo == ann.id
    changed = again.update(bo.id, name="Bob", colour="red")
    assert changed.id == bo.id and changed.pip == "ring"


def test_a_removed_profile_leaves_the_book_and_the_solo_games_move_on(tmp_path):
    import pytest

    book = ProfileBook(tmp_path / "profiles.json")
    ann = book.create("Ann", "purple", "diamond", DAY)
    bo = book.create("Bo", "green", "ring", DAY)
    assert book.remove(ann.id) == ann
    assert book.profiles == [bo] and book.solo == bo.id
    assert book.save()
    again, message = ProfileBook.load(tmp_path / "profiles.json")
    assert message is None and again.profiles == [bo] and again.solo == bo.id
    again.remove(bo.id)
    assert again.profiles == [] and again.solo is None
    with pytest.raises(ValueError):
        again.remove(bo.id)
    assert again.create("Ann", "red", "circle", DAY).id != ann.id  # a new Ann starts afresh


def test_names_are_required_and_distinct(tmp_path):
    book = ProfileBook(tmp_path / "p.json")
    book.create("Ann", "red", "circle", DAY)
    for bad in ("", "   ", "ann", "ANN"):
        try:
            book.create(bad, "red", "circle", DAY)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was accepted")


def test_a_damaged_file_is_kept_aside_and_the_game_starts_without_profiles(tmp_path):
    path = tmp_path / "profiles.json"
    valid = fc.valid_profiles()
    bad = dict(valid, profiles=valid["profiles"] * 2)  # the same id twice
    path.write_text(json.dumps(bad))
    book, message = ProfileBook.load(path)
    assert book.profiles == [] and "Your profiles" in message and "damaged" in message
    [kept] = tmp_path.glob("profiles.damaged-*.json")
    assert json.loads(kept.read_text()) == bad and not path.exists()


def test_a_colour_of_a_newer_version_becomes_a_known_one(tmp_path):
    path = tmp_path / "profiles.json"
    valid = fc.valid_profiles()
    valid["profiles"][0]["colour"] = "teal"
    path.write_text(json.dumps(valid))
    book = store.read(PROFILES, path)
    assert book["profiles"][0]["colour"] == "red"


def test_damaged_records_give_no_games_and_no_error(tmp_path):
    valid = fc.valid_record()
    good = tmp_path / "good.json"
    good.write_bytes(fc.encode(valid))
    _seen.clear()
    assert [(g.profile, g.colour, g.ai_levels) for g in games_in_file(good)] == [("k3v9q2x7m1", "red", ("hard",))]
    n = 0
    for what, raw in fc.damaged(valid, 400):
        if what in ("field", "missing field"):
            continue
        path = tmp_path / f"r{n}.json"
        path.write_bytes(raw)
        _seen.clear()
        assert games_in_file(path) == [] or what not in ("truncated", "deep", "not UTF-8", "binary")
        n += 1
    assert n > 10
