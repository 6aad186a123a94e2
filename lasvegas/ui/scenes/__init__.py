"""One module per scene.  Scenes open each other by name through the app
(``app.show("rules")``, ``app.go("title")``), never by importing each other."""

from __future__ import annotations

import importlib

#: name -> (module in this package, class)
SCENES: dict[str, tuple[str, str]] = {
    "title": ("title", "TitleScene"),
    "setup": ("setup", "SetupScene"),
    "table": ("table", "TableScene"),
    "pause": ("pause", "PauseScene"),
    "handover": ("handover", "HandoverScene"),
    "confirm": ("confirm", "ConfirmScene"),
    "notice": ("notice", "NoticeScene"),
    "summary": ("summary", "SummaryScene"),
    "results": ("results", "ResultsScene"),
    "rules": ("rules", "RulesScene"),
    "settings": ("settings", "SettingsScene"),
    "solo": ("solo", "SoloScene"),
    "solo-result": ("solo_result", "SoloResultScene"),
    "records": ("records", "RecordsScene"),
    "online": ("online", "OnlineScene"),
    "lobby": ("lobby", "LobbyScene"),
    "review": ("review", "ReviewScene"),
    "help": ("help", "HelpScene"),
    "profile": ("profile", "ProfileScene"),
    "profile-edit": ("profile_edit", "ProfileEditScene"),
    "achievements": ("achievements", "AchievementsScene"),
}


def scene_class(name: str) -> type:
    try:
        module, cls = SCENES[name]
    except KeyError:
        raise ValueError(f"no scene {name!r}: one of {', '.join(SCENES)}") from None
    return getattr(importlib.import_module(f"{__name__}.{module}"), cls)
