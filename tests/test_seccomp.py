"""The seccomp deny-list: its BPF program run through a small interpreter for both architectures
(every denied call, a sample of allowed ones, the argument checks, foreign ABIs), its tables
against the kernel headers where this machine has them, and the filter installed in real child
processes, each bounded by a timeout.

Safety: the real tests only ever make calls that are harmless when the filter is missing (signal 0
to -1 or a group, never a real signal; unshare(0); paths that do not exist; invalid descriptors).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest

from harness.sandbox.child import seccomp
from tests.conftest import FIXTURES

SANDBOX = Path(seccomp.__file__).resolve().parent
TIMEOUT = 20
AUDIT = {name: arch.audit for name, arch in seccomp.ARCHES.items()}
AUDIT_I386, AUDIT_ARM = 0x40000003, 0x40000028
CLONE_THREAD_FLAGS = 0x3D0F00  # what glibc's pthread_create passes
SIGCHLD = 17
CLONE_NEWNET, CLONE_NEWUSER = 0x40000000, 0x10000000
S_IFCHR, S_IFBLK, S_IFIFO, S_IFREG = 0o020000, 0o060000, 0o010000, 0o100000
EPERM, ENOSYS = seccomp.RET_EPERM, seccomp.RET_ENOSYS
ALLOW, KILL = seccomp.RET_ALLOW, seccomp.RET_KILL_PROCESS

ALLOWED_SAMPLE = {  # allowed everywhere: read, write, mmap, futex, exit_group, getpid
    "x86_64": (0, 1, 9, 202, 231, 39),
    "aarch64": (63, 64, 222, 98, 94, 172),
}
SPOT_CHECKS = {  # numbers stated in the design brief, independent of the headers
    "x86_64": {"fork": 57, "vfork": 58, "clone": 56, "clone3": 435, "execve": 59,
               "execveat": 322, "socket": 41, "kill": 62, "ptrace": 101},
    "aarch64": {"clone": 220, "clone3": 435, "execve": 221, "execveat": 281, "socket": 198,
                "kill": 129, "ptrace": 117},
}  # fmt: skip
HEADERS = {
    "x86_64": Path("/usr/include/x86_64-linux-gnu/asm/unistd_64.h"),
    "aarch64": Path("/usr/include/asm-generic/unistd.h"),
}
NEWER_THAN_HEADERS = {"open_tree_attr"}  # 6.15: may be missing from the installed headers

# The specification, written out again rather than read from seccomp.RULES.
SYSTEM = [
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "bpf", "perf_event_open",
    "keyctl", "add_key", "request_key", "init_module", "finit_module", "delete_module",
    "kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "acct", "settimeofday",
    "clock_settime", "adjtimex", "clock_adjtime", "sethostname", "setdomainname", "syslog", "iopl",
    "ioperm", "userfaultfd", "open_by_handle_at", "name_to_handle_at", "fanotify_init", "quotactl",
    "quotactl_fd", "lookup_dcookie", "move_mount", "open_tree", "open_tree_attr", "fsopen",
    "fsmount", "fsconfig", "fspick", "mount_setattr",
]  # fmt: skip
OTHERS = ["ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd"]
IO_URING = ["io_uring_setup", "io_uring_enter", "io_uring_register"]
ALWAYS_DENIED = [*SYSTEM, *OTHERS, *IO_URING]
EXPECTED_PLAIN = {  # calls whose action does not depend on their arguments
    "program": {**dict.fromkeys(["fork", "vfork", "socket", *ALWAYS_DENIED], EPERM),
                "clone3": ENOSYS, "execve": ALLOW, "execveat": ALLOW},
    "interpreter": {**dict.fromkeys(["fork", "vfork", "socket", "execve", "execveat",
                                     *ALWAYS_DENIED], EPERM), "clone3": ENOSYS},
    "toolchain": {**dict.fromkeys(ALWAYS_DENIED, EPERM), "clone3": ENOSYS, "fork": ALLOW,
                  "vfork": ALLOW, "execve": ALLOW, "execveat": ALLOW},
}  # fmt: skip
PROFILES = sorted(seccomp.PROFILES)
ARCHES = sorted(seccomp.ARCHES)
CONFINED = ["program", "interpreter"]  # no new processes


# --- a classic-BPF interpreter, just the instructions a seccomp filter of ours may use ---


def simulate(program: bytes, nr: int, args: Sequence[int] = (), arch: int = AUDIT["x86_64"]) -> int:
    """The action `program` returns for a call (`args`: 64-bit values, missing ones 0)."""
    words = [*(value & (1 << 64) - 1 for value in args), 0, 0, 0, 0, 0, 0][:6]
    data = struct.pack("<iIQ6Q", nr, arch, 0x1000, *words)
    code = list(seccomp.INSTRUCTION.iter_unpack(program))
    pc, acc = 0, 0
    while True:
        op, jt, jf, k = code[pc]
        if op == seccomp.RET_K:
            return int(k)
        if op == seccomp.LD_W_ABS:
            acc, pc = struct.unpack_from("<I", data, k)[0], pc + 1
        elif op in (seccomp.JEQ_K, seccomp.JSET_K):
            hit = acc == k if op == seccomp.JEQ_K else bool(acc & k)
            pc += 1 + (jt if hit else jf)
        else:
            raise AssertionError(f"unexpected BPF instruction {op:#x} at {pc}")


def number(arch: str, name: str) -> int:
    return seccomp.ARCHES[arch].numbers[name]


def present(arch: str, names: Sequence[str]) -> list[str]:
    return [name for name in names if name not in seccomp.ARCHES[arch].absent]


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_program_is_well_formed(profile: str, arch: str) -> None:
    """What the kernel's checker demands: known instructions, forward jumps inside the program,
    a return at the end; and a filter small enough to be cheap."""
    program = seccomp.filter_program(profile, arch)
    code = list(seccomp.INSTRUCTION.iter_unpack(program))
    assert len(program) % 8 == 0 and 0 < len(code) < 256
    assert code[-1] == (seccomp.RET_K, 0, 0, ALLOW)
    for pc, (op, jt, jf, k) in enumerate(code):
        assert op in (seccomp.RET_K, seccomp.LD_W_ABS, seccomp.JEQ_K, seccomp.JSET_K)
        if op in (seccomp.JEQ_K, seccomp.JSET_K):
            assert pc + 1 + max(jt, jf) < len(code)
        if op == seccomp.LD_W_ABS:
            assert k in (0, 4, 16, 24, 32)  # nr, arch, args[0..2] (low words)


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_plain_calls(profile: str, arch: str) -> None:
    program = seccomp.filter_program(profile, arch)
    expected = {n: a for n, a in EXPECTED_PLAIN[profile].items() if n in present(arch, [n])}
    actual = {name: simulate(program, number(arch, name), arch=AUDIT[arch]) for name in expected}
    if profile == "toolchain":
        actual["socket"] = simulate(program, number(arch, "socket"), [2], AUDIT[arch])
        expected["socket"] = EPERM
    assert actual == expected


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_allowed_sample(profile: str, arch: str) -> None:
    program = seccomp.filter_program(profile, arch)
    for nr in ALLOWED_SAMPLE[arch]:
        assert simulate(program, nr, [1, 2, 3], AUDIT[arch]) == ALLOW, nr


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_clone(profile: str, arch: str) -> None:
    program = seccomp.filter_program(profile, arch)

    def clone(flags: int) -> int:
        return simulate(program, number(arch, "clone"), [flags, 0, 0, 0, 0], AUDIT[arch])

    spawn = ALLOW if profile == "toolchain" else EPERM
    assert clone(CLONE_THREAD_FLAGS) == ALLOW
    assert clone(SIGCHLD) == spawn  # fork
    assert clone(0x4111) == spawn  # posix_spawn: CLONE_VM | CLONE_VFORK | SIGCHLD
    assert clone(SIGCHLD | CLONE_NEWNET) == EPERM
    assert clone(CLONE_THREAD_FLAGS | CLONE_NEWUSER) == EPERM
    assert clone(CLONE_THREAD_FLAGS | 0xFFFF_FFFF_0000_0000) == ALLOW  # only the low word counts


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_kill(profile: str, arch: str) -> None:
    program = seccomp.filter_program(profile, arch)
    pids = {-1: EPERM, -4242: EPERM, -(1 << 31): EPERM, 0: ALLOW, 1: ALLOW, 4242: ALLOW}
    pids[(1 << 31) - 1] = pids[1 << 30] = ALLOW  # the sign bit alone decides
    for pid, action in pids.items():
        for sig in (0, 9):
            assert simulate(program, number(arch, "kill"), [pid, sig], AUDIT[arch]) == action
    low_word_negative = 0x0000_0000_FFFF_FFFF  # the kernel reads pid as a 32-bit int
    assert simulate(program, number(arch, "kill"), [low_word_negative, 0], AUDIT[arch]) == EPERM
    assert simulate(program, number(arch, "kill"), [0x1_0000_0005, 0], AUDIT[arch]) == ALLOW


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_socket_families(profile: str, arch: str) -> None:
    program = seccomp.filter_program(profile, arch)
    unix = ALLOW if profile == "toolchain" else EPERM
    netlink = seccomp.RET_EINVAL if profile == "toolchain" else EPERM
    for family, action in ((1, unix), (2, EPERM), (10, EPERM), (16, netlink), (17, EPERM)):
        assert simulate(program, number(arch, "socket"), [family, 1, 0], AUDIT[arch]) == action
    assert simulate(program, number(arch, "socket"), [1 | 1 << 32, 1], AUDIT[arch]) == unix


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_device_nodes(profile: str, arch: str) -> None:
    program = seccomp.filter_program(profile, arch)
    calls = [("mknodat", 2)] + ([("mknod", 1)] if arch == "x86_64" else [])
    for name, mode_arg in calls:
        for mode, action in (
            (S_IFCHR, EPERM),
            (S_IFBLK, EPERM),
            (S_IFIFO, ALLOW),
            (S_IFREG, ALLOW),
        ):
            args = [*[0, 0, 0][:mode_arg], mode | 0o600, 0]
            assert simulate(program, number(arch, name), args, AUDIT[arch]) == action


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("profile", PROFILES)
def test_foreign_abis(profile: str, arch: str) -> None:
    program = seccomp.filter_program(profile, arch)
    for foreign in (AUDIT_I386, AUDIT_ARM, AUDIT["aarch64" if arch == "x86_64" else "x86_64"]):
        for nr in (0, 1, 20, 120, 2, 11):
            assert simulate(program, nr, [], foreign) == KILL
    x32_getpid = 0x40000000 | 39
    expected = EPERM if arch == "x86_64" else ALLOW  # aarch64 has no such bit: an unknown call
    assert simulate(program, x32_getpid, [], AUDIT[arch]) == expected


def test_absent_calls_are_the_x86_only_ones() -> None:
    assert seccomp.ARCHES["x86_64"].absent == frozenset()
    assert seccomp.ARCHES["aarch64"].absent == {"fork", "vfork", "mknod", "iopl", "ioperm"}


@pytest.mark.parametrize("arch", ARCHES)
def test_spot_checked_numbers(arch: str) -> None:
    for name, nr in SPOT_CHECKS[arch].items():
        assert number(arch, name) == nr, name


@pytest.mark.parametrize("arch", ARCHES)
def test_numbers_match_the_kernel_headers(arch: str) -> None:
    header = HEADERS[arch]
    if not header.exists():
        pytest.skip(f"{header} is not installed")
    found = {
        m[1]: int(m[2])
        for m in re.finditer(r"#define __NR(?:3264)?_(\w+)\s+(\d+)", header.read_text())
    }
    table = seccomp.ARCHES[arch].numbers
    assert {n: table[n] for n in table if n in found} == {n: found[n] for n in table if n in found}
    assert set(table) - set(found) <= NEWER_THAN_HEADERS
    assert not (seccomp.ARCHES[arch].absent & set(found))  # absent ones really are absent


@pytest.mark.parametrize("profile", PROFILES)
def test_each_call_once_and_described(profile: str) -> None:
    names = [rule.syscall for rule in seccomp.RULES[profile]]
    assert len(names) == len(set(names))
    described = " ".join(seccomp.DENIED.values())
    assert [n for n in names if not re.search(rf"\b{n}\b", described)] == []


def test_unknown_profile_and_arch() -> None:
    with pytest.raises(ValueError):
        seccomp.filter_program("student")
    with pytest.raises(ValueError):
        seccomp.filter_program("program", "riscv64")


# --- the filter installed in real processes ---

real = pytest.mark.skipif(not seccomp.supported(), reason="no seccomp filters here")

PRELUDE = """\
import ctypes, os, sys
sys.path.insert(0, {sandbox!r})
import seccomp
if {profile!r}:
    seccomp.install({profile!r})
libc = ctypes.CDLL(None, use_errno=True)
NR = seccomp.ARCHES[seccomp.host_arch()].numbers

def attempt(action):
    try:
        action()
    except OSError as err:
        print(type(err).__name__, flush=True)
    else:
        print("ok", flush=True)

def raw(name, *args):
    result = libc.syscall(NR[name], *args)
    print(name, "ok" if result >= 0 else os.strerror(ctypes.get_errno()), flush=True)
"""


def confined(profile: str, body: str, returncode: int = 0) -> list[str]:
    """What a fresh interpreter prints when it runs `body` under `profile` ("": no filter)."""
    code = PRELUDE.format(sandbox=str(SANDBOX), profile=profile) + textwrap.dedent(body)
    result = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        start_new_session=True,
    )
    assert result.returncode == returncode, result.stderr
    return result.stdout.splitlines()


def spawn_result(profile: str) -> str:
    return "ok" if profile == "toolchain" else "PermissionError"


FORK = """
def fork():
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
attempt(fork)
"""


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_fork(profile: str) -> None:
    assert confined(profile, FORK) == [spawn_result(profile)]


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_subprocess(profile: str) -> None:
    body = 'import subprocess\nattempt(lambda: subprocess.run(["true"], check=True, timeout=10))'
    assert confined(profile, body) == [spawn_result(profile)]


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_threads(profile: str) -> None:
    body = """
        import threading
        seen = []
        def start_and_join():
            threads = [threading.Thread(target=seen.append, args=(i,)) for i in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(10)
        attempt(start_and_join)
        print(sorted(seen))
    """
    assert confined(profile, body) == ["ok", "[0, 1, 2, 3]"]


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_sockets(profile: str) -> None:
    body = """
        import socket
        for family in (socket.AF_INET, socket.AF_INET6, socket.AF_UNIX):
            for kind in (socket.SOCK_DGRAM, socket.SOCK_STREAM):
                attempt(lambda: socket.socket(family, kind).close())
        attempt(lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW).close())
    """
    unix = spawn_result(profile)
    netlink = "OSError" if profile == "toolchain" else "PermissionError"  # EINVAL, see seccomp.py
    assert confined(profile, body) == ["PermissionError"] * 4 + [unix, unix, netlink]


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_exec(profile: str) -> None:
    body = 'attempt(lambda: os.execv("/bin/echo", ["echo", "exec ran"]))'
    expected = "PermissionError" if profile == "interpreter" else "exec ran"
    assert confined(profile, body) == [expected]


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_kill(profile: str) -> None:
    body = """
        attempt(lambda: os.kill(-1, 0))  # signal 0 only: never a real signal to -1 or a group
        attempt(lambda: os.kill(os.getpid(), 0))
        attempt(lambda: os.killpg(os.getpgid(0), 0))
        attempt(lambda: os.kill(0, 0))  # our own group (its own session): allowed
    """
    assert confined(profile, body) == ["PermissionError", "ok", "PermissionError", "ok"]


SYSTEM_PROBES = """
    raw("ptrace", 0, 0, 0, 0)  # PTRACE_TRACEME
    raw("process_vm_readv", os.getpid(), None, 0, None, 0, 0)
    raw("pidfd_getfd", -1, 0, 0)
    raw("unshare", 0)
    raw("setns", -1, 0)
    raw("chroot", b"/nonexistent/seccomp-test")
    raw("mount", b"none", b"/nonexistent/seccomp-test", b"tmpfs", 0, None)
    raw("io_uring_setup", 0, None)
    raw("mknodat", -100, b"/nonexistent/seccomp-test", 0o020600, 0)
    raw("bpf", 0xFFFF, None, 0)
"""
PROBED = [line.split('"')[1] for line in SYSTEM_PROBES.split("\n") if line.strip()]


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_system_calls_denied(profile: str) -> None:
    assert confined(profile, SYSTEM_PROBES) == [
        f"{name} Operation not permitted" for name in PROBED
    ]


@real
def test_real_system_probes_are_harmless_and_meaningful_without_a_filter() -> None:
    """Without the filter none of the probes answers EPERM (as root), so EPERM above is the
    filter's. PTRACE_TRACEME is left out: unfiltered, it would make pytest the child's tracer."""
    if os.geteuid() != 0:
        pytest.skip("without root, mount and bpf answer EPERM of their own")
    uring = Path("/proc/sys/kernel/io_uring_disabled")
    lenient = {"io_uring_setup"} if uring.exists() and uring.read_text().strip() != "0" else set()
    lines = confined("", SYSTEM_PROBES.replace('raw("ptrace", 0, 0, 0, 0)', 'print("ptrace -")'))
    assert len(lines) == len(PROBED)
    denied = [line for line in lines if "not permitted" in line]
    assert [line for line in denied if line.split()[0] not in lenient] == []


@real
@pytest.mark.parametrize("profile", PROFILES)
def test_real_clone3_is_not_implemented(profile: str) -> None:
    assert confined(profile, 'raw("clone3", None, 0)') == ["clone3 Function not implemented"]


@real
def test_real_x32_call_denied() -> None:
    if seccomp.host_arch() != "x86_64":
        pytest.skip("x32 is an x86_64 ABI")
    body = "print(libc.syscall(0x40000000 | 39), os.strerror(ctypes.get_errno()))"
    assert confined("program", body) == ["-1 Operation not permitted"]


INT80_GETPID = """
import mmap
page = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
page.write(bytes([0xB8, 20, 0, 0, 0, 0xCD, 0x80, 0xC3]))  # mov eax, 20 (getpid); int 0x80; ret
address = ctypes.addressof(ctypes.c_char.from_buffer(page))
print(ctypes.CFUNCTYPE(ctypes.c_int)(address)() == os.getpid(), flush=True)
"""


@real
def test_real_i386_call_kills_the_process() -> None:
    if seccomp.host_arch() != "x86_64":
        pytest.skip("int 0x80 is an x86_64 test")
    script = PRELUDE.format(sandbox=str(SANDBOX), profile="") + INT80_GETPID
    control = subprocess.run(
        [sys.executable, "-S", "-c", script],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    if control.stdout.strip() != "True":
        pytest.skip("no i386 emulation in this kernel")
    assert confined("program", INT80_GETPID, -signal.SIGSYS) == []


@real
def test_real_preexec_fn() -> None:
    """Installed between fork and exec: the exec'd program runs, and is itself confined."""

    def run(profile: str, script: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["/bin/sh", "-c", script],
            preexec_fn=functools.partial(seccomp.install, profile),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )

    assert run("program", "exit 7").returncode == 7
    forked = run("program", "true & wait")
    assert forked.returncode != 0 and "fork" in forked.stderr.lower(), forked
    assert run("toolchain", "true & wait").returncode == 0
    with pytest.raises(PermissionError):  # "interpreter" is for child.py: it denies exec itself
        run("interpreter", "exit 0")


@real
def test_real_notebook_kernel_runs_under_toolchain(tmp_path: Path) -> None:
    """The notebook runner starts an IPython kernel (libzmq over Unix sockets) and runs every
    cell: the reason the toolchain profile answers EINVAL, not EPERM, to netlink sockets."""
    pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    fixture = FIXTURES / "notebook" / "RE" / "name-error-in-one-cell"
    shutil.copytree(fixture, tmp_path / "copy")
    notebook = next((tmp_path / "copy").glob("*.ipynb"))
    result = subprocess.run(
        [sys.executable, "-I", "-B", str(SANDBOX / "notebook_runner.py"), notebook.name, "20"],
        cwd=notebook.parent,
        preexec_fn=functools.partial(seccomp.install, "toolchain"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(result.stdout)
    assert report["ok"], report
    assert any(cell.get("ran") for cell in report["cells"])
