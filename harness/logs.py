"""Logging for the CLI: one stderr handler on the `harness` logger, shared with the grading
worker processes through multiprocessing-logging (which needs the `fork` start method)."""

from __future__ import annotations

import logging
import multiprocessing
import sys

import multiprocessing_logging

LOGGER = logging.getLogger("harness")


def setup(verbose: bool) -> None:
    for handler in list(LOGGER.handlers):  # a second setup (tests) replaces the first
        LOGGER.removeHandler(handler)
        handler.close()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.DEBUG if verbose else logging.WARNING)
    LOGGER.propagate = False
    if multiprocessing.get_start_method(allow_none=True) is None:
        multiprocessing.set_start_method("fork")
    if multiprocessing.get_start_method() == "fork":
        multiprocessing_logging.install_mp_handler(LOGGER)
