"""Final results: ranking with the tie-break explained, each seat's bills, money after each round."""

from __future__ import annotations

from ..results_view import ResultsView


class ResultsScene(ResultsView):
    """The end of a multiplayer game (everything is drawn by ``ResultsView``)."""
