"""Analyses built on the exact search: single-dummy advice (what to play seeing only your own hand),
the bury advisor (扣底), the review of a recorded hand — every decision judged on what its player
could see, or the last tricks double-dummy — and the racing of options on shared samples they use.

>>> from huolong.engine import read_file
>>> from huolong.analysis import advise
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> advice = advise(pos, seed=1)
>>> advice.seat == pos.to_play, len(advice.plays) == len(pos.legal_plays())
(True, True)
"""

from .advice import Advice, PlayAdvice, advise
from .burial import BuryAdvice, Candidate, rank_burials, shortlist
from .deals import Deals
from .race import Tally, race, ranked, swing
from .ranking import PlayTally, Ranking, Settings, rank
from .reasons import Reason
from .review import HandReview, PlayReview, plays_to_review, recorded_plays, review
from .judge import Judgement, JudgeSettings, judge
from .hand_review import HandVerdict, JudgedPlay, ReviewSettings, review_hand

__all__ = [
    "Advice", "BuryAdvice", "Candidate", "Deals", "HandReview", "HandVerdict", "JudgedPlay", "JudgeSettings",
    "Judgement", "PlayAdvice", "PlayReview", "PlayTally", "Ranking", "Reason", "ReviewSettings", "Settings", "Tally",
    "advise", "judge", "plays_to_review", "race", "rank", "rank_burials", "ranked", "recorded_plays", "review",
    "review_hand", "shortlist", "swing",
]
