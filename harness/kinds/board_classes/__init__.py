"""Kind `board-classes`: a Python module of classes, run by scenarios (kind.py); board-solver's
trace replay, what YAML does not say (board_solver/)."""
