"""The Lords of Vegas rules, one module per part of a turn as the rulebook tells it.

``lasvegas.lords.game.Game`` is the one face of the engine: it is made of these parts (each a
class of methods on the game's state), so a reader looking for a rule opens its part:

* ``casinos``  – which tiles make a casino, who is its boss, tie re-rolls (2.6, D3);
* ``draw``     – Step 1: the card drawn, markers, take-overs (D1, D2), payouts, the end (D18);
* ``build``    – build and sprawl;
* ``remodel``  – remodel and reorganize, with the placing of new values (D8);
* ``gamble``   – gambling and the boss's lay-off (D12);
* ``trades``   – trade proposals and answers (D13, D14);
* ``state``    – the saved state (lords-state/1) and a seat's view;
* ``base``     – the phases and what every part shares.

``game.py`` keeps the set-up, the phases' questions (``to_act``, ``decision``), ``apply``,
``legal_actions``, ``copy`` and ``determinize``.
"""
