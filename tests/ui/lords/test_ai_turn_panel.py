"""During an AI's turn the actions panel's heading says whose turn it is (as Las Vegas says
"Jackpot's turn · Rolling…"), in English, French and German."""

from lasvegas.lords import actions as A
from lasvegas.ui.lords import paneldraw

from ...lords.helpers import blank
from .drive import DT, ann_and_bob

ANN, BOB = 0, 1


def test_the_heading_names_the_ai_whose_turn_is_told(app, lang):
    app.settings.anim_speed = "normal"
    table = ann_and_bob(app, blank(2))
    assert paneldraw.header(table) == "Ann: pick a lot or a casino, then a choice"
    assert table.act(A.EndTurn(ANN))
    heads = []
    for _i in range(300):
        app.step(DT)
        if table.busy and table.showing == BOB:
            heads.append(paneldraw.header(table))
            if len(heads) == 1:
                lang("fr")
                heads.append(paneldraw.header(table))
                lang("de")
                heads.append(paneldraw.header(table))
                lang("en")
        if table.showing == ANN and heads:
            break
    assert heads[:3] == ["Bob's turn · Space shows the rest at once",
                         "À Bob de jouer · Espace\u00a0: voir tout le reste maintenant",
                         "Bob ist dran · Leertaste zeigt den Rest sofort"]
