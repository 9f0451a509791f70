"""Kind `function-library`: a Python module of functions, called one probe at a time (kind.py); its
items declared in YAML by role (declared/)."""
