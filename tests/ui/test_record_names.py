"""A finished game's record never replaces another one: Las Vegas and Lords of Vegas name
their records the same way (one ``store.keep_record``), and a failed write is told."""

import json
import time

from lasvegas import store
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat, records_folder
from lasvegas.ui.files import save


def test_records_of_the_same_second_get_their_own_names(home, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "20261127-031500")
    paths = [save.keep_record({"n": i}, "42") for i in range(3)]
    assert [p.name for p in paths] == ["20261127-031500-42.json", "20261127-031500-42-2.json",
                                       "20261127-031500-42-3.json"]
    assert [json.loads(p.read_text())["n"] for p in paths] == [0, 1, 2]
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "ai", "easy"), LordsSeat("Bo", "red", "ai", "easy")], 7)
    a, b = m.keep_record(), m.keep_record()
    assert a.parent == b.parent == records_folder()
    assert (a.name, b.name) == ("20261127-031500-7.json", "20261127-031500-7-2.json")
    assert json.loads(b.read_text())["seed"] == 7


def test_a_record_that_cannot_be_written_is_told_not_raised(home):
    blocked = home / "not-a-folder"
    blocked.write_text("a file where the folder should be")
    store.take_notices()
    assert store.keep_record(blocked, "9", {"n": 1}) is None
    notices = store.take_notices()
    assert len(notices) == 1 and "could not be saved" in notices[0]


def test_a_player_the_server_named_is_named_in_the_readers_language():
    """A player who joined without a name is "Player 2" on every server: "Joueur 2", "Spieler 2"
    here; an AI seat "AI Hard" is named by its level; a name a player chose stays as it is."""
    from lasvegas.ui.kit import i18n
    from lasvegas.ui.kit.seatnames import shown_kept_name
    from lasvegas.ui.online.seats import shown_name

    try:
        for lang, player, ai in (("fr", "Joueur 2", "IA · Difficile"), ("de", "Spieler 2", "KI · Schwer")):
            i18n.set_language(lang)
            assert shown_kept_name("Player 2", kind="human") == player
            assert shown_name({"name": "Player 2", "kind": "human"}) == player
            assert shown_kept_name("AI Hard", kind="ai", level="hard") == ai
            assert shown_kept_name("Player 22", kind="human") == "Player 22"
            assert shown_kept_name("Zoé", kind="human") == "Zoé"
            assert shown_kept_name("Player 2", kind="ai", level="hard") == "Player 2"
    finally:
        i18n.set_language("en")
