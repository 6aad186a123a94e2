"""A seat receives only what it may see: never the deck's order or the seed before the end;
others' money hidden when the room hides it (the match boundary's money_visible rule)."""

import ast
import json
import pathlib
import time

from lasvegas.core import RoundEnded
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch

from .helpers import Raw, play_out

NET = pathlib.Path(__file__).resolve().parents[2] / "lasvegas" / "net"


class Recording(Link):
    """A link that keeps every frame the server sent it, as text."""

    def __init__(self, *a, **kw):
        self.frames = []
        super().__init__(*a, **kw)

    def _handle(self, raw):
        self.frames.append(raw)
        return super()._handle(raw)


def test_a_seat_sees_its_own_money_only_and_never_the_deck_or_the_seed_before_the_end(server):
    box = {}
    ann_link = Recording(server.url, {"type": "create", "players": 2, "rounds": 2, "hide_money": True},
                         on_welcome=lambda m: box.setdefault("room", m["room"]))
    deadline = time.monotonic() + 20
    while "room" not in box:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    bob_link = Recording(server.url, {"type": "join", "room": box["room"]})
    ann = RemoteMatch.connect(server.url, {}, link=ann_link, timeout=30)
    bob = RemoteMatch.connect(server.url, {}, link=bob_link, timeout=30)
    assert ann.hide_money and ann.view(0).money["blue"] is None and ann.view(0).money["red"] == 0
    try:
        events = play_out([ann, bob], 90)
    finally:
        ann.close()
        bob.close()
    first_round = [ev for ev in events if isinstance(ev, RoundEnded)][0]
    assert [o for o, _m in first_round.money] == ["red"] and [o for o, _m in first_round.won] == ["red"]
    final = [ev for ev in events if isinstance(ev, RoundEnded)][-1]
    assert {o for o, _m in final.money} == {"red", "blue"}  # the game is over: everything is public
    seed = str(ann.record["seed"])
    for link in (ann_link, bob_link):
        before_end = []
        for raw in link.frames:
            msg = json.loads(raw)
            if msg["type"] == "over":
                break
            before_end.append(raw)
        text = "".join(before_end)
        assert '"deck"' not in text and seed not in text and '"token"' in text
        assert text.count('"token"') == 1  # its own, in its welcome; never another seat's
    assert ann.outcome().money == ann.record["final"]["money"]


def test_an_empty_room_is_removed_after_the_idle_time(server_factory):
    server = server_factory("--idle-timeout", "0.3", "--reap-period", "0.05")
    a = Raw(server.url)
    a.send(type="create", players=3)
    code = a.until("welcome")["room"]
    a.close()
    deadline = time.monotonic() + 10
    while f"room {code} removed" not in server.log():
        assert time.monotonic() < deadline, "the idle room was not removed within 10 s"
        time.sleep(0.02)
    b = Raw(server.url)
    b.send(type="join", room=code)
    assert b.until("error")["code"] == "no-room"
    b.close()


def test_the_net_package_never_imports_pygame_or_the_ui():
    for path in NET.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for n in names:
                assert not n.startswith("pygame") and ".ui" not in n and not n.startswith("ui"), f"{path.name}: {n}"
