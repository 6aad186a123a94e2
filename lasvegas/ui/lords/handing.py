"""What the Lords pass screen says (hot seat): who it is for and why.

- a question in another player's turn: who asks what ("Ann bets $5 at your casino on B3: lay off
  half?", "Bob offers $10 for marker F7: accept?", "place your re-rolled dice"), and that the
  screen then goes back to the player whose turn it is (an AI seat's turn: that it plays on);
- back to the player whose turn it is: everything answered while the screen was away ("Ann accepts
  Bob's trade.", "Ann laid off half of the bet.");
- the start of a turn: the moves since this player last had the screen, with the board in small
  (the lots those moves touched ringed), as the Las Vegas pass screen shows the last move.
Nothing of the moment the player is handed (their card, their roll) is told here: they watch it."""

from __future__ import annotations

from ...lords import actions as A
from ...lords import events as E
from ...lords.board import LOT_NAMES
from ...lords.queries import turns_started
from ..kit.i18n import _
from . import deal, recap as turns, words
from .show import event_lots
from .thumb import board_of, lords_thumbnail

PICTURE_H = 170


def _ask(table, seat: int) -> tuple[str, list[int]]:
    """The question waiting for ``seat`` in another player's turn, and the lots it is about."""
    m, g = table.match, table.match.query
    frm = _proposer(g, seat)
    if frm is not None:
        p = g.proposals[(frm, seat)]
        d = A.to_dict(p)
        text = _("{frm} offers {give} for {get}: accept?", frm=m.name(p.seat), give=words.offer_words(d["give"]),
                 get=words.offer_words(d["get"]))
        return text, deal.lots(p)
    if g.phase == "layoff" and g.gamble is not None:
        casino, bet, _boss = g.gamble
        lots = list(g.casino_of(casino))
        return _("{who} bets ${bet} at your casino on {lot}: lay off half?", who=m.name(g.active), bet=bet,
                 lot=LOT_NAMES[casino]), lots
    if g.phase == "place" and seat in g.placing:
        lots = list(g.placing[seat][0])
        return _("{who} reorganized the casino on {lot}: place your re-rolled dice.", who=m.name(g.active),
                 lot=LOT_NAMES[lots[0]]), lots
    return table.decide.why_passed(seat), ([g.pending_lot] if g.pending_lot >= 0 else [])


def _answers(table, since: list) -> list[str]:
    """What was answered while the screen was away, told to the player whose turn it is, each in
    its line ("Ann accepts Bob's trade.", "Ann laid off half of the bet."; their own roll is not:
    they watch it)."""
    out = []
    for ev in since:
        if isinstance(ev, E.GambleRolled):
            out.append(_("{who} laid off half of the bet.", who=table.name(ev.boss)) if ev.lay_off
                       else _("{who} kept the whole bet.", who=table.name(ev.boss)))
        elif isinstance(ev, (E.TradeAccepted, E.TradeClosed, E.DicePlaced, E.MarkerPlaced)):
            line = words.describe(ev, table.name)
            if line:
                out.append(line)
    return out


def recap(table, seat: int) -> tuple[list[str], list[int]]:
    """What the others did since ``seat`` last held the screen, one line a turn (``recap.since``),
    and the lots those events touched."""
    since = table.shown[table.turn_seen.get(seat, 0):]
    lines = turns.since(since, seat, table.name)
    lots = sorted({i for ev in since for i in event_lots(ev)})
    return lines, lots


def pass_screen(table, seat: int) -> dict:
    """The pass screen's words and picture for ``seat``: ``look``, ``lines``, ``picture``."""
    m, g = table.match, table.match.query
    name = m.name(seat)
    if not g.is_over and g.active != seat:
        ask, lots = _ask(table, seat)
        if g.active in m.humans:
            look = _("A question for {name} in {active}'s turn; then the screen goes back to {active}.", name=name,
                     active=m.name(g.active))
        else:  # an AI seat's turn: no one to give the screen back to, its turn just goes on
            look = _("A question for {name} in {active}'s turn; then {active} plays on.", name=name,
                     active=m.name(g.active))
        lines = [ask]
        frm = _proposer(g, seat)
        if frm is not None and g.proposals[(frm, seat)].action is not None:  # the whole deal
            lines.append(deal.action_line(m, g.proposals[(frm, seat)]))
        if frm is not None:  # an AI's offer: why it makes it
            lines.append(deal.offer_why(table, g.proposals[(frm, seat)]))
    else:
        # everything since this player last had the screen: the trade accepted there, then the lay-off
        answers = _answers(table, table.shown[table.seen.get(seat, len(table.shown)):] + table.held)
        starts = any(isinstance(ev, E.TurnStarted) and ev.seat == seat for ev in table.held)
        if answers and not starts:
            look = _("Back to {name}'s turn.", name=name)
            lines, lots = answers, []
        elif table.past and not table.shown and not starts and not g.is_over and g.active == seat:
            look, lines, lots = resumed(table, seat), [], []  # a game resumed in the middle of a turn
        else:
            look = _("The others look away: the next turn is {name}'s.", name=name)
            told, lots = recap(table, seat)
            # a first turn has no "last turn": what the others did before it
            head = _("Since your last turn") if turns_started(g, seat) > 1 else _("Before your first turn")
            lines = [head] + told if told else []
    picture = lords_thumbnail(*board_before(table), PICTURE_H, tuple(lots)) if lines else None
    return {"look": look, "lines": [x for x in lines if x], "picture": picture}


def resumed(table, seat: int) -> str:
    """The pass screen's call for a game resumed in the middle of ``seat``'s turn: that it goes
    on, and what the player has already done in it."""
    done = turns.in_progress(table.past, seat, table.name)
    if done:
        return _("{name}'s turn, in progress: {name} {done}.", name=table.name(seat), done=done)
    return _("{name}'s turn, in progress: the card is drawn, nothing played yet.", name=table.name(seat))


def board_before(table) -> tuple:
    """The board as the players saw it last (``thumb.board_of``): the events held for the player
    the screen goes to (their card's marker, a take-over, a build) not on it yet, so the picture
    never tells the card about to be drawn."""
    tiles, markers, owners = (list(x) for x in board_of(table.match))
    colour = table.colour_of
    for ev in reversed(table.held):
        if isinstance(ev, (E.MarkerPlaced, E.TakeOver, E.Built, E.Sprawled)) and ev.moved_from >= 0:
            (markers if isinstance(ev, E.MarkerPlaced) else owners)[ev.moved_from] = colour(ev.seat)
        if isinstance(ev, E.MarkerPlaced):
            markers[ev.lot] = ""
        elif isinstance(ev, E.TakeOver):
            owners[ev.lot] = colour(ev.previous) if ev.previous >= 0 else ""
        elif isinstance(ev, (E.Built, E.Sprawled)):
            tiles[ev.lot], owners[ev.lot] = -1, ""
            if isinstance(ev, E.Built):  # built on the player's own marked lot
                markers[ev.lot] = colour(ev.seat)
        elif isinstance(ev, E.Remodelled):
            for lot in ev.lots:
                tiles[lot] = ev.old_colour
    return tuple(tiles), tuple(markers), tuple(owners)


def _proposer(g, seat: int) -> int | None:
    asked = sorted(f for (f, to) in g.proposals if to == seat) if g.phase == "play" else []
    return asked[0] if asked else None
