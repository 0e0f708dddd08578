"""Exact double-dummy search for Huolong, jitted with Numba.

>>> from huolong.solver import solve, OBJECTIVES
>>> OBJECTIVES
('points', 'outcome')
"""

from .encode import OBJECTIVES
from .search import Analysis, LineTrick, MoveValue, SearchAborted, Value, analysis_dict, solve

__all__ = ["OBJECTIVES", "Analysis", "LineTrick", "MoveValue", "SearchAborted", "Value", "analysis_dict", "solve"]
