"""The phases a hand goes through, named once for the state, its flow and its draw and showdown parts.

>>> PHASES
('post', 'deal', 'bet', 'draw', 'showdown', 'done')
"""

POST, DEAL, BET, DRAW, SHOWDOWN, DONE = PHASES = ("post", "deal", "bet", "draw", "showdown", "done")
