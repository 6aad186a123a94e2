"""No screen reads the rules engine off a match: every ``.game`` read anywhere in ``lasvegas/ui`` is
looked at.  One off a match (``match.game``, ``self.match.game``, ``m.game``, ``auto.game``...) fails;
any other must be one of the few known reads whose ``game`` is not a match's engine (a game's id, a
saved file's game), each said here; a known read that is gone fails too, so the list stays true."""

import ast
from pathlib import Path

import lasvegas

UI = Path(lasvegas.__file__).parent / "ui"

#: (module, the expression ``.game`` is read off): why that ``game`` is not a match's engine
NOT_AN_ENGINE = {
    ("kit/controls.py", "BY_ID[a]"): "an action's game id ('' or 'lords')",
    ("kit/controls.py", "a"): "an action's game id",
    ("files/records_list.py", "e"): "a record entry's game id",
    ("files/records_list.py", "self"): "the list's game filter (an id)",
    ("files/save.py", "self"): "a saved Las Vegas game read from its file, before any match exists",
    ("scenes/achievements.py", "self"): "the game id the achievements are shown for",
    ("scenes/help.py", "a"): "an action's game id",
    ("scenes/online.py", "self"): "the host form's game choice",
    ("scenes/profile.py", "self"): "the game id the profile shows",
    ("scenes/records.py", "e"): "a record entry's game id",
    ("scenes/records.py", "self"): "the game filter (an id)",
    ("scenes/settings.py", "a"): "an action's game id",
    ("scenes/title.py", "saved"): "the saved game of the title's resume tile, before any match exists",
}


def looks_like_a_match(receiver: str) -> bool:
    last = receiver.rsplit(".", 1)[-1]
    return "match" in last.lower() or last in ("m", "auto", "mm", "replay", "lesson", "remote")


def game_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """Each ``x.game`` read and ``getattr(x, "game", ...)``: (line, ``x``)."""
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and n.attr == "game" and isinstance(n.ctx, ast.Load):
            out.append((n.lineno, ast.unparse(n.value)))
        elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "getattr"
              and len(n.args) >= 2 and isinstance(n.args[1], ast.Constant) and n.args[1].value == "game"):
            out.append((n.lineno, ast.unparse(n.args[0])))
    return out


def breaches(files: dict[str, str]) -> tuple[list[str], set]:
    """(what is against the rule, the known reads seen)."""
    bad, seen = [], set()
    for rel, text in files.items():
        for line, receiver in game_reads(ast.parse(text)):
            if receiver == "registry":
                continue  # registry.game(id): the registry's entry of a game, never an engine
            if looks_like_a_match(receiver):
                bad.append(f"{rel}:{line}: {receiver}.game (read the match's query face)")
            elif (rel, receiver) in NOT_AN_ENGINE:
                seen.add((rel, receiver))
            else:
                bad.append(f"{rel}:{line}: {receiver}.game (a match's engine? if not, say why in NOT_AN_ENGINE)")
    return bad, seen


def ui_files() -> dict[str, str]:
    return {p.relative_to(UI).as_posix(): p.read_text(encoding="utf-8") for p in sorted(UI.rglob("*.py"))}


def test_no_ui_module_reads_the_engine_off_a_match():
    bad, seen = breaches(ui_files())
    assert not bad, "\n".join(bad)
    assert seen == set(NOT_AN_ENGINE), f"gone, drop from NOT_AN_ENGINE: {sorted(set(NOT_AN_ENGINE) - seen)}"


def test_the_check_finds_a_read_off_a_match_planted_in_a_screen():
    planted = {
        "lords/table.py": "def draw(self):\n    g = self.match.game\n    return g.turn\n",
        "lords/menu.py": "def rows(match):\n    return match.game.proposals\n",
        "scenes/replay.py": "def f(m, other):\n    return m.game, other.game\n",
        "lords/hint.py": "def f(self):\n    return getattr(self.match, 'game', None)\n",
    }
    bad, _seen = breaches(planted)
    assert len(bad) == 5 and any("hint.py" in b for b in bad) and any("self.match.game" in b for b in bad) and any("other.game" in b for b in bad)
