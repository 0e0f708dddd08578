"""Training puzzles: what a puzzle is, generating and checking them, their themes, Glicko-2
ratings and the trainer's record — with the shipped puzzle files and examples as package data.

>>> from huolong.puzzles import KINDS, shipped_files, verify
>>> KINDS
('result', 'points')
>>> len(shipped_files())
364
"""

from .generate import puzzle_record, puzzles_from_deal
from .glicko import Rating
from .puzzle import CLEAR_LOSS, KINDS, Puzzle, PuzzleError, decisive, find_puzzle, side_moves
from .shipped import UnknownExample, example_path, examples, read_example, shipped_files, shipped_folder
from .themes import THEMES
from .trainer import Trainer, puzzle_id
from .verify import parse_solution, verify

__all__ = [
    "CLEAR_LOSS", "KINDS", "THEMES", "Puzzle", "PuzzleError", "Rating", "Trainer", "UnknownExample", "decisive",
    "example_path", "examples", "find_puzzle", "parse_solution", "puzzle_id", "puzzle_record", "puzzles_from_deal",
    "read_example", "shipped_files", "shipped_folder", "side_moves", "verify",
]
