"""What `sudoku-harness similarity` writes: the ranked pairs as JSON (`to_json`), and an HTML
page per flagged pair with both submissions side by side (`pages`). Both read the similarity
engine's records only."""
