"""sudoku-harness: grade Sudoku-solver programming assignments safely and fairly."""

__version__ = "0.1.0"
