"""A replay's verdicts, as words, and the cause codes a caller reacts to: a module of names alone, so that a folder's
summary counts them without loading the engine.

>>> STATUSES[:3]
('ok', 'unknown outcome', 'winnings not recorded')
"""

OK, UNKNOWN_OUTCOME, DIFFERS, UNFINISHED, ILLEGAL = "ok", "unknown outcome", "differs", "unfinished", "illegal"
NOT_RECORDED = "winnings not recorded"  # the record's winnings are all zero, though chips were won
UNREADABLE = "unreadable"  # a hand that is not well-formed PHH (a field of the wrong type...)
STATUSES = (OK, UNKNOWN_OUTCOME, NOT_RECORDED, DIFFERS, UNFINISHED, ILLEGAL, UNREADABLE)

#: :attr:`ReplayBreak.cause <pokerlab.simulate.histories.results.ReplayBreak.cause>` of an action recorded while
#: another player is to act (records often leave out the folds of players nobody watched: ``fill_skipped`` takes
#: them as checks or folds).
OUT_OF_TURN = "out-of-turn"
