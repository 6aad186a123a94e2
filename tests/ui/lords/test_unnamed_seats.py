"""A Lords of Vegas record's seat without a name is named by its colour in the reader's language:
in the Records list, in the replay opened from it and in the one the replay command opens."""

from __future__ import annotations

import json

from lasvegas.store import paths
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.kit import i18n
from lasvegas.ui.lords.records import describe_lords
from lasvegas.ui.files.records_list import RecordEntry

SEATS = [LordsSeat("Ann", "blue", "human"), LordsSeat("Vega Vic", "green", "ai", "easy")]


def unnamed_record(tmp_path):
    """A short game's record (a few moves) whose second seat, a human's, has no name."""
    m = LordsLocalMatch(SEATS, 5)
    for _move in range(3):
        m.ai_step()
    rec = json.loads(json.dumps(m.record()))
    rec["names"].pop("green", None)
    rec["players"]["green"] = {"kind": "human", "level": ""}
    path = paths.ensure(tmp_path / "records" / "lords") / "20261101-210000-5.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return path


def test_a_seat_without_a_name_is_its_colour_in_french(home):
    path = unnamed_record(home)
    i18n.set_language("fr")
    try:
        entry = describe_lords(path, RecordEntry)
        assert not entry.damaged and entry.players == "Ann, Vert"
        match = entry.open()
        assert [s.name for s in match.seats] == ["Ann", "Vert"]
        i18n.set_language("de")
        assert [s.name for s in entry.open().seats] == ["Ann", "Grün"]
    finally:
        i18n.set_language("en")
    assert [s.name for s in entry.open().seats] == ["Ann", "Green"]


def test_the_replay_command_names_it_in_the_language_asked(home, monkeypatch):
    import lasvegas.commands.replay as command
    from lasvegas import cli

    path = unnamed_record(home)
    seen = []
    import lasvegas.ui.launch as launch  # the Lords entry's start_replay in the registry

    monkeypatch.setattr(launch, "start_lords_replay", lambda app, match: seen.append(match))
    monkeypatch.setattr(command, "launch",
                        lambda prog, fullscreen, start, language=None: (i18n.set_language(language), start(None), 0)[2])
    try:
        assert cli.main(["replay", str(path), "--windowed", "--lang", "fr"]) == 0
        # opened before the language is set: the name is drawn in the language of the screen
        assert [i18n.current(s.name) for s in seen[0].seats] == ["Ann", "Vert"]
    finally:
        i18n.set_language("en")
