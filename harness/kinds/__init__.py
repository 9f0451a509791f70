"""The kinds of submission, a folder each (config.yaml's `shape:`): how one is found and run (its
`kind.py`, a Kind of base.py, in registry.py's KINDS) and how its items are probed (a ProbeSet of
probe_set.py, by name in probe_sets.py); what kinds share is here."""
