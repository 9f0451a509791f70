"""Runs a student's notebook headlessly, inside the sandbox (exec'd by the supervisor, never
imported by it):

    python -I -B notebook_runner.py NOTEBOOK CELL_SECONDS

The working directory is the submission's private working copy (the student's script and the
puzzle files beside the notebook). Every code cell runs in order in a fresh IPython kernel
(nbclient + ipykernel, the `notebook` extra), errors included, as "Restart and Run All" then
running each later cell by hand would. A cell still running after CELL_SECONDS of wall time is
interrupted, and the next cell runs.

The result is one JSON object written to what was this process's stdout; before the kernel
starts, stdout and stderr are pointed at /dev/null so that nothing the kernel prints can reach
that channel. Cell outputs are the kernel's messages, capped per cell. The supervisor judges the
result; nothing here knows an expected answer.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import time
from typing import Any

OUTPUT_CHARS = 20_000  # text kept per cell
FLOOD_CHARS = 1_000_000  # output per cell beyond which it is dropped and the cell flagged
PRINTED: dict[int, int] = {}  # cell index -> characters of output it sent
SOURCE_CHARS = 5_000  # markdown kept per cell
KERNEL = "sudoku-harness-python"
KERNEL_DIED = "the kernel died while it ran (os._exit, a crash, or out of memory?)"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def main() -> None:
    notebook, cell_seconds = sys.argv[1], float(sys.argv[2])
    result = os.dup(1)  # not inherited by the kernel (os.dup makes non-inheritable copies)
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    try:
        reply = run(notebook, cell_seconds)
    except Exception as err:  # ours or nbclient's: the supervisor decides what it means
        reply = {"ok": False, "kind": "internal", "message": f"{type(err).__name__}: {err}"}
    os.write(result, json.dumps(reply).encode())
    os._exit(0)  # no kernel shutdown to wait for: the supervisor kills our process group


def run(path: str, cell_seconds: float) -> dict[str, Any]:
    _private_jupyter()
    try:
        import nbformat
        from jupyter_client import launcher
        from nbclient import NotebookClient
        from nbclient.exceptions import DeadKernelError
    except ImportError as err:
        return {"ok": False, "kind": "unavailable", "message": str(err)}
    _keep_kernel_in_our_group(launcher)
    try:
        nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    except Exception as err:  # not JSON, not a notebook: the student's file
        return {"ok": False, "kind": "unreadable", "message": f"{type(err).__name__}: {err}"}
    timeout = max(1, math.ceil(cell_seconds))
    client = _capped(NotebookClient)(
        nb,
        timeout=timeout,
        kernel_name=KERNEL,
        allow_errors=True,  # a failing cell is reported, and the next one runs
        interrupt_on_timeout=True,
        error_on_timeout={"ename": "CellTimeout", "evalue": f"still running after {timeout} s"},
        resources={"metadata": {"path": os.getcwd()}},
        config=_over_unix_sockets(),
    )
    cells: list[dict[str, Any]] = [_cell(cell) for cell in nb.cells]
    died = ""
    client.create_kernel_manager()
    client.start_new_kernel()  # no shutdown: main() exits, and the supervisor kills the group
    client.start_new_kernel_client()
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        started = time.monotonic()
        try:
            client.execute_cell(cell, index)
        except DeadKernelError:
            died = f"the kernel died in cell {index + 1}"
        seconds = time.monotonic() - started
        cells[index].update(_ran(cell, seconds, seconds >= timeout))
        if died:
            cells[index]["error"] = {"ename": "", "evalue": KERNEL_DIED, "line": ""}
        cells[index]["flooded"] = PRINTED.get(index, 0) > FLOOD_CHARS
        if cells[index]["timed_out"] and not _interrupted(cells[index]):
            died = f"cell {index + 1} ignored the interrupt after {timeout} s"
        if died:
            break
    return {"ok": True, "cells": cells, "died": died}


def _private_jupyter() -> None:
    """Jupyter's folders inside the working copy, and a kernel spec of our own: this
    interpreter, whatever kernels the machine has installed."""
    cwd = os.getcwd()
    home = os.path.join(cwd, ".jupyter-run")
    spec = os.path.join(home, "data", "kernels", KERNEL)
    os.makedirs(spec, exist_ok=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    with open(os.path.join(spec, "kernel.json"), "w", encoding="utf-8") as out:
        spec_json = {"argv": argv, "display_name": KERNEL, "language": "python"}
        json.dump({**spec_json, "interrupt_mode": "message"}, out)
    os.environ.update(
        JUPYTER_DATA_DIR=os.path.join(home, "data"),
        JUPYTER_RUNTIME_DIR=os.path.join(home, "runtime"),
        JUPYTER_CONFIG_DIR=os.path.join(home, "config"),
        IPYTHONDIR=os.path.join(home, "ipython"),
        JUPYTER_PATH=os.path.join(home, "data"),
        JUPYTER_PLATFORM_DIRS="1",
        MPLBACKEND="Agg",
        MALLOC_ARENA_MAX="2",  # threads each reserving 64 MB would meet RLIMIT_AS early
    )


def _over_unix_sockets() -> Any:
    """The kernel's channels as Unix sockets in the working copy, not TCP ports: the sandbox
    may forbid TCP (Landlock), and nothing else on the machine can reach them. Named relative
    to it (this process and the kernel both start there): a socket's path has 107 bytes at
    most, and a working copy's absolute path can be most of them."""
    from traitlets.config import Config

    config = Config()
    config.KernelManager.transport = "ipc"
    config.KernelManager.ip = os.path.join(".jupyter-run", "kernel")
    return config


def _capped(client_class: Any) -> Any:
    """nbclient keeping at most FLOOD_CHARS of each cell's output: a cell printing without end
    is flagged as a flood instead of filling this process's memory."""

    class Capped(client_class):  # type: ignore[misc]
        def output(self, outs: Any, msg: Any, display_id: Any, cell_index: int) -> Any:
            content = msg.get("content", {})
            before = PRINTED.get(cell_index, 0)
            size = len(str(content.get("text", ""))) + len(str(content.get("data", "")))
            PRINTED[cell_index] = before + size
            if PRINTED[cell_index] <= FLOOD_CHARS:
                return super().output(outs, msg, display_id, cell_index)
            if before < FLOOD_CHARS and isinstance(content.get("text"), str):  # keep its start
                content["text"] = content["text"][: FLOOD_CHARS - before]
                return super().output(outs, msg, display_id, cell_index)
            return None

    return Capped


def _keep_kernel_in_our_group(launcher: Any) -> None:
    """jupyter_client starts the kernel in a session of its own, which the supervisor's kill of
    this process group would miss: start it in ours instead. Interrupts then go to the kernel
    alone, as a message (the kernel spec's interrupt_mode), never to the group."""
    popen = launcher.Popen

    def in_our_group(*args: Any, **kwargs: Any) -> Any:
        kwargs["start_new_session"] = False
        return popen(*args, **kwargs)

    launcher.Popen = in_our_group


def _cell(cell: Any) -> dict[str, Any]:
    source = cell.source if isinstance(cell.source, str) else "".join(cell.source)
    kept = source[:SOURCE_CHARS] if cell.cell_type == "markdown" else source[:OUTPUT_CHARS]
    return {"type": str(cell.cell_type), "source": kept, "ran": False}


def _ran(cell: Any, seconds: float, timed_out: bool) -> dict[str, Any]:
    text: list[str] = []
    error: dict[str, str] | None = None
    for output in cell.get("outputs", []):
        kind = output.get("output_type")
        if kind == "stream" and output.get("name") == "stdout":
            text.append(str(output.get("text", "")))
        elif kind in ("execute_result", "display_data"):
            text.append(str(output.get("data", {}).get("text/plain", "")) + "\n")
        elif kind == "error":
            error = {
                "ename": str(output.get("ename", "")),
                "evalue": str(output.get("evalue", ""))[:500],
                "line": _error_line(output.get("traceback", [])),
            }
    return {
        "ran": True,
        "seconds": round(seconds, 3),
        "timed_out": timed_out,
        "stdout": "".join(text)[:OUTPUT_CHARS],
        "error": error,
    }


def _interrupted(cell: dict[str, Any]) -> bool:
    """Whether a timed-out cell stopped on the interrupt (else the kernel is still busy with
    it, and every later cell would only wait behind it)."""
    return bool(cell["error"]) and cell["error"]["ename"] == "KeyboardInterrupt"


def _error_line(traceback: Any) -> str:
    """IPython's 'Cell In[8], line 2' from the traceback, when it has one."""
    for entry in traceback if isinstance(traceback, list) else []:
        found = re.search(r"Cell In\[\d+\], line (\d+)", ANSI.sub("", str(entry)))
        if found:
            return found.group(1)
    return ""


if __name__ == "__main__":
    main()
