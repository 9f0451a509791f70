"""Which cgroup a non-root teacher's groups may go under (harness/sandbox/delegation.py): one
systemd delegated (v2, marked user.delegate), or one root made the user's (v1). End to end, with
a real delegated v1 cgroup, the non-root run of .ci/run grades the hostile fixtures in one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harness.sandbox import delegation

PROC_SELF_CGROUP = """\
12:pids:/user.slice/user-1000.slice/session-3.scope
4:cpu,cpuacct:/user.slice
3:memory:/ci-teacher
1:name=systemd:/user.slice/user-1000.slice/session-3.scope
0::/user.slice/user-1000.slice/user@1000.service/app.slice/run-u7.scope
"""


def test_own_paths_reads_each_hierarchy_and_the_unified_one() -> None:
    own = delegation.own_paths(PROC_SELF_CGROUP)
    assert own["pids"] == "/user.slice/user-1000.slice/session-3.scope"
    assert own["cpu"] == own["cpuacct"] == "/user.slice"
    assert own["memory"] == "/ci-teacher"
    assert own[""] == "/user.slice/user-1000.slice/user@1000.service/app.slice/run-u7.scope"


def _fake_v2(mount: Path, offered: str) -> Path:
    top = mount / "user.slice" / "run-u7.scope"
    top.mkdir(parents=True)
    (top / "cgroup.controllers").write_text(offered)
    return top


def _mark(folder: Path) -> None:
    try:
        os.setxattr(folder, "user.delegate", b"1")
    except OSError as error:
        pytest.skip(f"no user extended attributes here: {error.strerror}")


def test_a_v2_cgroup_is_used_only_where_systemd_marked_it_delegated(tmp_path: Path) -> None:
    top = _fake_v2(tmp_path, "cpu memory pids\n")
    own = {"": "/user.slice/run-u7.scope"}
    refused = delegation.delegated(2, tmp_path, "memory", own)
    assert isinstance(refused, str) and "not delegated" in refused and "Delegate=yes" in refused
    _mark(top)
    assert delegation.delegated(2, tmp_path, "memory", own) == top


def test_a_delegated_v2_cgroup_must_offer_the_controller(tmp_path: Path) -> None:
    top = _fake_v2(tmp_path, "cpu pids\n")
    _mark(top)
    refused = delegation.delegated(2, tmp_path, "memory", {"": "/user.slice/run-u7.scope"})
    assert isinstance(refused, str) and "offers no memory controller" in refused


def test_a_v1_cgroup_is_used_where_it_is_this_users(tmp_path: Path) -> None:
    top = tmp_path / "ci-teacher"
    top.mkdir()
    (top / "cgroup.procs").write_text("")
    assert delegation.delegated(1, tmp_path, "memory", {"memory": "/ci-teacher"}) == top
    (top / "cgroup.procs").chmod(0o444)
    if os.access(top / "cgroup.procs", os.W_OK):
        return  # root writes it anyway: the refusal below needs another user
    refused = delegation.delegated(1, tmp_path, "memory", {"memory": "/ci-teacher"})
    assert isinstance(refused, str) and "not this user's" in refused


def test_no_cgroup_in_the_hierarchy_is_said(tmp_path: Path) -> None:
    refused = delegation.delegated(1, tmp_path, "pids", {"memory": "/ci-teacher"})
    assert isinstance(refused, str) and "in no cgroup of the pids hierarchy" in refused
