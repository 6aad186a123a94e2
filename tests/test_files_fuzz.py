"""Every reader of a player's file (and check-record) against damaged input: one documented error, nothing else.

The systematic damage (truncation at every length, deep nesting, huge
numbers, every field of a valid file replaced by every JSON type) comes
from ``tests/files_cases.py``; hypothesis adds random bytes, random JSON and
random field replacements.  ``build/fuzz_readers.py`` runs the exhaustive
field replacements and counts the cases (docs/reliability.md).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import files_cases as fc

READERS = fc.readers()
KINDS = sorted(READERS)
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


def outcome(kind: str, tmp_path, raw: bytes) -> str:
    """"ok" or "refused"; anything but the kind's documented error fails the test."""
    _valid, read, error = READERS[kind]
    path = tmp_path / "file.json"
    path.write_bytes(raw)
    try:
        read(path)
    except error as e:
        assert str(e), "the error says what is wrong"
        return "refused"
    return "ok"


@pytest.mark.parametrize("kind", KINDS)
def test_the_valid_file_is_read(kind, tmp_path):
    valid, read, _error = READERS[kind]
    assert outcome(kind, tmp_path, fc.encode(valid)) == "ok"


#: in the suite, the larger files are cut at every length near their ends and every 50th between;
#: build/fuzz_readers.py cuts them at every length
EVERY = 50


@pytest.mark.parametrize("kind", KINDS)
def test_systematic_damage_gives_the_documented_error_only(kind, tmp_path):
    valid = READERS[kind][0]
    seen = {}
    for what, raw in fc.damaged(valid, EVERY) if kind != "records" else _light(valid):
        seen[what] = seen.get(what, 0) + 1
        if kind.startswith("autosave") and what == "field" and seen[what] % 4:
            continue  # a saved game has thousands: every 4th here, all in build/fuzz_readers.py
        if what in ("truncated", "deep", "not UTF-8", "binary"):
            assert outcome(kind, tmp_path, raw) == "refused", (what, raw[:80])
        else:
            outcome(kind, tmp_path, raw)
    assert seen["truncated"] == len(fc.truncations(fc.encode(valid), EVERY))


def _light(valid):
    """The record's damage without its thousands of field replacements (hypothesis samples those)."""
    return ((w, b) for w, b in fc.damaged(valid, EVERY) if w not in ("field", "missing field"))


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(data=st.data())
def test_any_field_replaced_by_any_json_value(kind, tmp_path_factory, data):
    valid = READERS[kind][0]
    paths = list(fc.field_paths(valid))
    path = data.draw(st.sampled_from(paths))
    value = data.draw(st.sampled_from(fc.VALUES) | json_values)
    outcome(kind, tmp_path_factory.mktemp("f"), fc.encode(fc.replaced(valid, path, value)))


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(raw=st.binary(max_size=3000))
def test_random_bytes(kind, tmp_path_factory, raw):
    outcome(kind, tmp_path_factory.mktemp("f"), raw)


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(value=json_values)
def test_random_json(kind, tmp_path_factory, value):
    outcome(kind, tmp_path_factory.mktemp("f"), json.dumps(value).encode())


@FUZZ
@given(data=st.data())
def test_check_record_prints_a_message_per_record_never_a_traceback(tmp_path_factory, data):
    from lasvegas.games.checkrec import check_file

    valid = READERS["records"][0]
    path = data.draw(st.sampled_from(list(fc.field_paths(valid))))
    bad = fc.replaced(valid, path, data.draw(st.sampled_from(fc.VALUES) | json_values))
    f = tmp_path_factory.mktemp("r") / "games.jsonl"
    f.write_text(json.dumps(valid) + "\n" + json.dumps(bad) + "\n")
    count, problems = check_file(str(f))  # never raises
    assert count in (1, 2) and len(problems) == 2 - count or len(problems) <= 1
    assert all(p.startswith(f"{f} line 2") for p in problems)  # the first record is fine
    assert problems or count == 2
