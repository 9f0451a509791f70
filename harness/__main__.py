"""`python -m harness` runs the same CLI as `sudoku-harness`."""

from harness.cli.entry import main

main()
