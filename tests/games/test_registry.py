"""The game registry lists each game once, and what it names exists: the scenes that start and
replay a game, its title and headings in every catalogue, its AI levels."""

from __future__ import annotations

import pytest

from lasvegas.games import registry


def test_each_game_once_by_its_name():
    assert list(registry.GAMES) == ["lasvegas", "lords"]
    for name, entry in registry.GAMES.items():
        assert entry.name == name and registry.game(name) is entry
    with pytest.raises(KeyError):
        registry.game("poker")


def test_the_scenes_a_game_names_are_the_apps():
    from lasvegas.ui.scenes import SCENES

    for entry in registry.GAMES.values():
        assert entry.setup_scene in SCENES and entry.replay_scene in SCENES


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_games_words_are_translated(lang):
    from lasvegas.ui.kit import i18n

    i18n.set_language(lang)
    try:
        for entry in registry.GAMES.values():
            for msg in (entry.title, entry.achievements_title):
                assert i18n._(msg) != msg or msg in ("Las Vegas", "Lords of Vegas"), (lang, msg)
    finally:
        i18n.set_language("en")


def test_a_record_finds_its_game_by_its_format():
    from lasvegas.core import Config, Game
    from lasvegas.lords.game import Game as LordsGame
    from lasvegas.lords.record import Recorder

    assert registry.game_of_record({"format": "lords-record/1"}).name == "lords"
    assert registry.game_of_record({"format": "lasvegas-record/1"}).name == "lasvegas"
    assert registry.game_of_record({"format": 3}).name == registry.game_of_record([]).name == "lasvegas"
    game = Game(Config.multi(3), 4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    registry.game_of_record(game.record()).replay(game.record())
    lords = LordsGame(2, 4)
    recorder = Recorder(lords, {c: {"kind": "ai", "level": "random"} for c in ("blue", "green")})
    import random

    rng = random.Random(4)
    while not lords.is_over:
        acts = lords.legal_actions(lords.to_act)
        recorder.apply(acts[int(rng.random() * len(acts))])
    rec = recorder.record()
    assert registry.game_of_record(rec).name == "lords"
    registry.game_of_record(rec).replay(rec)


def test_every_part_a_game_names_loads_and_every_scene_it_names_exists():
    import dataclasses
    import importlib

    from lasvegas.kernel.lazy import load
    from lasvegas.ui.scenes import SCENES

    for entry in registry.GAMES.values():
        for f in dataclasses.fields(entry):
            value = getattr(entry, f.name)
            if isinstance(value, str) and value.startswith("lasvegas."):  # a part named "module:name"
                assert load(value) if ":" in value else importlib.import_module(value), (entry.name, f.name)
        for scene in (entry.setup_scene, entry.replay_scene, entry.start_scene or "title"):
            assert scene in SCENES, (entry.name, scene)
        assert entry.settings and entry.help_notes and entry.idle_scenes and entry.showing
    # the frozen build holds every part a game names by text (lasvegas.spec reads this list)
    assert "lasvegas.ui.lords.profile_stats" in registry.part_modules()
    assert all(importlib.import_module(m) for m in registry.part_modules())
