"""A game server's refusals in the player's language, by their code (docs/protocol.md).

The server writes each ``error`` with a ``code`` and an English ``message`` (for its log and the
command-line tools). A screen shows the code's sentence, never the English message: a code this
build does not know is shown as a general sentence (a newer server may send new codes).
"""

from __future__ import annotations

from .i18n import N_, _

#: the sentence of each code a server sends (net/protocol.py ERROR_CODES) and of the client's own
SENTENCES = {
    "version": N_("This server plays another version: update your game."),
    "json": N_("The server could not read a message of this game."),
    "shape": N_("The server could not read a message of this game."),
    "type": N_("The server could not read a message of this game."),
    "field": N_("The server refused a value of this game's request."),
    "too-big": N_("The server could not read a message of this game."),
    "rate": N_("Too many messages at once: the server dropped some."),
    "no-room": N_("No room has this code on that server."),
    "room-full": N_("This room has no open seat left."),
    "bad-token": N_("Your seat in this game is no longer kept."),
    "not-your-turn": N_("It is not your turn."),
    "stale": N_("That move came too late: the game had moved on."),
    "illegal": N_("The server refused that move."),
    "not-started": N_("The game has not started yet."),
    "started": N_("This game has already started without you."),
    "not-host": N_("Only the player who made the room may start it."),
    "server-full": N_("The server is full: try again later."),
    "too-many-connections": N_("Too many connections to this server: try again later."),
    "internal": N_("The server failed on this message; the game goes on."),
    "taken-over": N_("Your seat was taken up from another window or computer."),
    "timeout": N_("The server waited too long for this game to take a seat."),
    "too-many-rooms": N_("You have as many rooms on this server as it allows: finish or leave one first."),
    "wrong-game": N_("That move belongs to the other game."),
    "room-lost": N_("This server lost this game or some of its moves: it cannot be continued. The host keeps what is left of it."),
    # the client's own
    "unreachable": N_("The server does not answer: check the address."),
    "lost": N_("The connection to the server is lost: trying again."),
    "no-answer": N_("The server did not answer in time."),
}


def refusal(code: str) -> str:
    """The sentence for a server's refusal ``code``, in the player's language."""
    sentence = SENTENCES.get(code)
    return _(sentence) if sentence else _("The server refused this request.")
