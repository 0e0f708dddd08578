import sys
from pathlib import Path

# the oracle and the endgame generator are plain modules beside the tests
sys.path.insert(0, str(Path(__file__).resolve().parent))
