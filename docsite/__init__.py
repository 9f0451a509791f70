"""The documentation site's generated pages (mkdocs.yml's hook: docsite/hooks.py).

The reference pages are rendered from the code when the site is built, never written by hand: the
config schema from the pydantic models of harness/config.py, the command line from the typer app,
the JSON report from the records of harness/records/. Rendering reads declarations only (models,
dataclasses, the app's parameters): it grades nothing and starts no process.
"""
