"""Exact double-dummy search for Huolong, jitted with Numba.

>>> from huolong.solver import solve, OBJECTIVES
>>> OBJECTIVES
('points', 'outcome', 'result')
"""

from .encode import OBJECTIVES
from .errors import SearchAborted, SolverError
from .intervals import PlayInterval
from .search import Analysis, solve, stopped_dict
from .session import StopToken
from .values import LineTrick, MoveValue, Value

__all__ = ["OBJECTIVES", "Analysis", "LineTrick", "MoveValue", "PlayInterval", "SearchAborted", "SolverError", "StopToken", "Value", "solve",
           "stopped_dict"]
