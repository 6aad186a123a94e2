"""The table's choice of a group of dice on a human's turn: mouse, digits, arrows, Enter, Space."""

from __future__ import annotations

import pygame

from ..reasons import no_die


def caught_up(table) -> bool:
    """The screen (``table``: the table scene) shows the match's present: nothing queued or moving,
    the turn on show is the match's and its dice are the match's current roll, asked of the match
    now, never a copy (a take-back, a replay's seek or a skip may have changed it since the dice
    were grouped)."""
    seat = table.turn_seat
    if not (table.ready and seat is not None and not table.queue and table.anim is None
            and table.match.to_act == seat):
        return False
    roll = table.match.query.view(None).roll
    return sorted(v for _o, v in roll) == sorted(d.value for d in table.turn_dice)


def play_input(table, event) -> None:
    """The table's input once its bars and menus had theirs (``table``: the table scene): ROLL, hurrying
    an AI seat or an animation, and on a human's turn the choice of a group of dice."""
    if table.await_roll:
        if table.roll_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_r):
            table.roll()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            table.coach.nudge_roll()  # a lesson says where to click first
        return
    if not table.human_turn:
        digit = digit_of(event.key) if event.type == pygame.KEYDOWN else None
        if digit is not None and table.caught_up:
            table.place(digit)  # not this screen's turn (an AI seat, a replay): the match says why not
            return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)):
            if table.presenter.busy or table.queue:
                table.skip()
            else:
                table.pace_left = 0.0  # the AI's pace is presentation only: a click hurries it
        return
    choose(table, event)


def choose(table, event) -> None:
    """A human's turn at the table (``table``: the table scene): pick a group of dice and place it,
    by mouse, digits, arrows, Enter or Space."""
    values = [v for v, _r in table.groups]  # the match's current roll: human_turn asked it
    if len(values) == 1 and (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            or event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and group_at(table.groups, event.pos)):
        table.place(values[0])  # only one value: one click or key places it
        return
    if event.type == pygame.MOUSEMOTION:
        table.hover = group_at(table.groups, event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        v = group_at(table.groups, event.pos)
        if v is None:
            return
        if table.app.settings.confirm_place and table.selected != v:
            table.selected = v
            table.app.sounds.play("click")
        else:
            table.place(v)
    elif event.type == pygame.KEYDOWN:
        digit = digit_of(event.key)
        if digit is not None and digit not in values:
            # no die shows it: the screen says so and asks nothing (the match's refusal stays the last guard)
            if values:
                table.refusal.show(no_die(digit, values))
            else:  # no roll grouped yet: the match answers
                table.place(digit)
        elif digit is not None:
            if table.selected == digit:
                table.place(digit)
            else:
                table.selected = digit
                table.hover = None
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and values:
            cur = table.selected if table.selected in values else None
            d = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            i = values.index(cur) + d if cur is not None else (0 if d > 0 else len(values) - 1)
            table.selected = values[i % len(values)]
            table.hover = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if table.selected in values:
                table.place(table.selected)
            elif table.coach.dice_value(table.await_roll) in values:  # the group the lesson points at
                table.place(table.coach.dice_value(table.await_roll))

def group_at(groups, pos) -> int | None:
    """The value of the group of dice at ``pos``, if any."""
    for v, r in groups:
        if r.inflate(10, 10).collidepoint(pos):
            return v
    return None


def digit_of(key) -> int | None:
    for v in range(1, 7):
        if key in (getattr(pygame, f"K_{v}"), getattr(pygame, f"K_KP{v}")):
            return v
    return None
