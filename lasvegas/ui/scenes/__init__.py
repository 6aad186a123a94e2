"""One module per scene.  Scenes open each other by name through the app
(``app.show("rules")``, ``app.go("title")``), never by importing each other."""

from __future__ import annotations

import importlib

#: name -> (module in this package, class)
SCENES: dict[str, tuple[str, str]] = {
    "title": ("title", "TitleScene"),
    "setup": ("..lasvegas.scenes.setup", "SetupScene"),
    "table": ("..lasvegas.scenes.table", "TableScene"),
    "pause": ("pause", "PauseScene"),
    "handover": ("handover", "HandoverScene"),
    "confirm": ("confirm", "ConfirmScene"),
    "notice": ("notice", "NoticeScene"),
    "error": ("notice", "ErrorScene"),
    "summary": ("..lasvegas.scenes.summary", "SummaryScene"),
    "results": ("..lasvegas.scenes.results", "ResultsScene"),
    "rules": ("..lasvegas.scenes.rules", "RulesScene"),
    "settings": ("settings", "SettingsScene"),
    "solo": ("..lasvegas.scenes.solo", "SoloScene"),
    "solo-result": ("..lasvegas.scenes.solo_result", "SoloResultScene"),
    "records": ("records", "RecordsScene"),
    "online": ("online", "OnlineScene"),
    "lobby": ("lobby", "LobbyScene"),
    "review": ("..lasvegas.scenes.review", "ReviewScene"),
    "help": ("help", "HelpScene"),
    "profile": ("profile", "ProfileScene"),
    "profile-edit": ("profile_edit", "ProfileEditScene"),
    "achievements": ("achievements", "AchievementsScene"),
    # Lords of Vegas (lasvegas/ui/lords/)
    "lords-setup": ("..lords.setup", "LordsSetupScene"),
    "lords-table": ("..lords.table", "LordsTableScene"),
    "lords-results": ("..lords.results", "LordsResultsScene"),
    "lords-trade": ("..lords.trade", "LordsTradeScene"),
    "lords-replay": ("..lords.replay", "LordsReplayScene"),
    "lords-review": ("..lords.review", "LordsReviewScene"),
    "lords-rules": ("..lords.rules_pages", "LordsRulesScene"),
}


def scene_class(name: str) -> type:
    try:
        module, cls = SCENES[name]
    except KeyError:
        raise ValueError(f"no scene {name!r}: one of {', '.join(SCENES)}") from None
    if module.startswith(".."):  # a scene of another package of the UI (a game's own)
        return getattr(importlib.import_module(module[1:], __package__.rsplit(".", 1)[0]), cls)
    return getattr(importlib.import_module(f"{__name__}.{module}"), cls)
