"""Kind `driven`: a student's functions in a compiled language (C, Java), built with the teacher's
driver and called by it (kind.py)."""
