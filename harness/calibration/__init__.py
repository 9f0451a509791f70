"""`suites calibrate`: the suites' tiers held to the course's official samples (`samples`) on counts
that need no panel (`axes`), and the panels of typical solvers that time them: programs on stdin
(`panel`), functions in an assignment's own interface (`function_panel`, `adapters/` a language
each, `panel_record` their recorded times), classes (`board_panel`)."""
