"""The protocol's checks on untrusted messages (no sockets)."""

import json

import pytest

from lasvegas.core import Config, Game
from lasvegas.net import protocol
from lasvegas.net.protocol import ProtocolError, decode, event_from_wire, event_to_wire


def msg(**fields):
    return json.dumps({"v": protocol.VERSION, **fields})


def refused(raw) -> ProtocolError:
    with pytest.raises(ProtocolError) as e:
        decode(raw)
    return e.value


def test_a_good_message_comes_back_checked():
    assert decode(msg(type="place", value=3, turn=0)) == {"type": "place", "value": 3, "turn": 0}
    assert decode(msg(type="create", players=4, neutral=True, ai=[None, "easy", None, None]))["ai"][1] == "easy"


def test_another_version_is_told_to_update_its_game():
    e = refused(json.dumps({"v": 3, "type": "place", "value": 3, "turn": 0}))
    assert e.code == "version" and "update your game" in e.message and e.about == "place"
    assert refused(json.dumps({"type": "join", "room": "ABCDEF"})).code == "version"


@pytest.mark.parametrize("raw, code, words", [
    ("{not json", "json", "not valid JSON"),
    ("[1, 2]", "shape", "JSON object"),
    (b"\xff\xfe", "json", "UTF-8"),
    (msg(type="teleport"), "type", '"teleport"'),
    (msg(type="place", value="3", turn=0), "field", "place.value"),
    (msg(type="place", value=True, turn=0), "field", "place.value"),
    (msg(type="place", value=7, turn=0), "field", "between 1 and 6"),
    (msg(type="place", value=3), "field", "place.turn: missing"),
    (msg(type="place", value=3, turn=0, seat=2), "field", 'unknown field "seat"'),
    (msg(type="join", room="abcdef"), "field", "join.room"),
    (msg(type="join", room="ABCDE0"), "field", "join.room"),  # 0 is not in the alphabet
    (msg(type="join", room="ABCDEF", name="x" * 25), "field", "at most 24"),
    (msg(type="join", room="ABCDEF", name="a\x00b"), "field", "control"),
    (msg(type="create", players=9), "field", "create.players"),
    (msg(type="create", players=3, ai=["easy"] * 9), "field", "at most 8"),
    (msg(type="create", players=3, minimum="high"), "field", "create.minimum"),
    (msg(type="create", players=3, hundreds="yes"), "field", "create.hundreds"),
    (msg(type="create", players=3, biggies=1), "field", "create.biggies"),
    (msg(type="create", players=3, away_delay=float("nan")) .replace("NaN", "1e999"), "field", "away_delay"),
    (msg(type="resume", room="ABCDEF", token="short"), "field", "resume.token"),
    ("[" * 100000, "too-big", "at most"),
])
def test_every_bad_message_gets_an_error_that_names_it(raw, code, words):
    e = refused(raw)
    assert e.code == code and words in e.message, (e.code, e.message)


def test_nan_and_deep_nesting_are_not_json_numbers_or_a_crash():
    assert refused('{"v": 1, "type": "place", "value": NaN, "turn": 0}').code == "json"
    assert refused("[" * 60000 + "]" * 60000).code == "too-big"
    deep = '{"v":1,"type":"leave","x":' + "[" * 20000 + "]" * 20000 + "}"
    assert refused(deep).code in ("json", "field")


def test_room_codes_use_thirty_unmistakable_characters():
    a = protocol.CODE_ALPHABET
    assert len(a) == 30 == len(set(a))
    assert not set(a) & set("0O1IL")


@pytest.mark.parametrize("config", [Config.multi(3, neutral=True),
                                    Config.multi(8, biggies=True, hundreds=True)])
def test_events_travel_and_come_back_equal(config):
    g = Game(config, 7)
    events = list(g.opening_events)
    while not g.is_over:
        events += g.apply(g.legal_actions()[-1])
    wire = json.loads(json.dumps([event_to_wire(e) for e in events]))
    assert [event_from_wire(d) for d in wire] == events
    assert any(d.get("big") for d in wire) == config.biggies
    with pytest.raises(ProtocolError):
        event_from_wire({"event": "Explode"})


PLACES = [
    '{"v":1,"type":"place","value":3,"turn":0}', '{"turn":12,"value":6,"type":"place","v":1}',
    '{"v":1,"type":"place","value":3,"turn":5,"turn":6}', '{"v":1,"type":"place","value":1,"turn":1000000}',
    '{"v":true,"type":"place","value":3,"turn":0}', '{"v":1.0,"type":"place","value":3,"turn":0}',
    '{"v":1,"type":"place","value":0,"turn":0}', '{"v":1,"type":"place","value":3.0,"turn":0}',
    '{"v":1,"type":"place","value":"3","turn":0}', '{"v":1,"type":"place","value":3,"turn":-1}',
    '{"v":1,"type":"place","value":3,"turn":1e400}', '{"v":1,"type":"place","value":3}',
    '{"v":1,"type":"place","value":3,"turn":0,"extra":1}', '{"v":1,"type":"Place","value":3,"turn":0}',
    '{"v":1,"type":"place","value":3,"turn":0', '[{"v":1,"type":"place","value":3,"turn":0}]',
    '{"v":1,"type":"place","value":null,"turn":0}', '{"v":1,"type":"place","value":true,"turn":0}',
]


def _outcome(raw):
    try:
        return decode(raw)
    except ProtocolError as e:
        return (e.code, e.message, e.about)


@pytest.mark.parametrize("raw", PLACES)
def test_a_move_read_in_one_pass_is_the_move_read_field_by_field(raw, monkeypatch):
    """A ``place`` is parsed and checked in one pass; the answer (the move, or the refusal's words)
    is the one of the general reading, which the one pass hands every refusal to."""
    fast = _outcome(raw)

    def never(_raw):
        raise protocol.msgspec.ValidationError("read field by field")
    monkeypatch.setattr(protocol, "_place", never)
    assert fast == _outcome(raw)
