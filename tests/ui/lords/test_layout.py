"""Every Lords of Vegas scene fits at the largest text size in French and German in the smallest
window (960×540): no text outside its box or the screen, none over another (``layout_probe``)."""

from __future__ import annotations

import pytest

from lasvegas.ui.lords import stage as lords_stage
from tests.ui.layout_probe import probe, problems


@pytest.mark.parametrize("lang", ("fr", "de"))
@pytest.mark.parametrize("scene", lords_stage.SCENES)
def test_every_lords_scene_fits_at_the_largest_text_size(small_app, monkeypatch, lang, scene):
    small_app.set_language(lang)
    lords_stage.stage(small_app, scene, 1, 4)
    found = problems(probe(small_app, monkeypatch))
    assert not found, "\n".join(found)
