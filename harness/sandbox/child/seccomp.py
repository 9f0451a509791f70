"""Seccomp: a kernel deny-list of system calls, hand-built as classic BPF (no libseccomp), applied
to a student process and inherited by everything it starts. Denied calls fail with EPERM, so the
student sees a PermissionError and the grader a plain runtime error.

What it stops, by profile (see DENIED for the exact calls):
- "program" (a compiled solver or `python main.py`; installed between fork and exec): starting
  processes (threads keep working), sockets, io_uring, reaching other processes (ptrace, their
  memory, signals to a process group or to every process), device nodes, and administering the
  system (mounts, namespaces, modules, clocks, keys, BPF, reboot, swap...).
- "interpreter" (installed by child.py just before the student's module is imported): the same,
  and exec as well.
- "toolchain" (a compiler spawning its passes, the notebook runner starting a kernel): starting
  processes and exec are allowed; only Unix sockets (a netlink socket answers EINVAL: libzmq,
  the Jupyter kernel's messaging, then takes getifaddrs as "no interfaces" where EPERM would make
  it abort); the rest as in "program".
Processes may not create namespaces in any profile (clone with a CLONE_NEW* flag); clone3 answers
ENOSYS everywhere, because its flags sit in memory a filter cannot read: the C library then falls
back to clone, whose flags it can. A call made through a foreign ABI (i386 through `int 0x80`,
32-bit arm) kills the process: a solver never needs one, and an ABI not filtered by number must
not be answered at all. x32 calls on x86_64 answer EPERM.

What it does not stop: reading and writing files (Landlock does that), signals to single
processes by pid (Landlock's scoping keeps the supervisor out of reach), memory and CPU use
(rlimits and the supervisor).

Standard library only, importable without the package (child.py runs it as a sibling module), and
cheap to import: no dataclasses or platform (several milliseconds each under `python -S`).
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import struct
import sys
from collections.abc import Mapping
from typing import NamedTuple  # typing is loaded by child.py anyway; dataclasses is not

PROFILES = frozenset({"program", "interpreter", "toolchain"})

PR_GET_SECCOMP, PR_SET_NO_NEW_PRIVS = 21, 38
SECCOMP_SET_MODE_FILTER, SECCOMP_GET_ACTION_AVAIL = 1, 2
SECCOMP_FILTER_FLAG_TSYNC = 1

RET_KILL_PROCESS, RET_ERRNO, RET_ALLOW = 0x80000000, 0x00050000, 0x7FFF0000
RET_EPERM, RET_ENOSYS = RET_ERRNO | errno.EPERM, RET_ERRNO | errno.ENOSYS
RET_EINVAL = RET_ERRNO | errno.EINVAL

LD_W_ABS, JEQ_K, JSET_K, RET_K = 0x20, 0x15, 0x45, 0x06  # BPF_LD|W|ABS, JMP|JEQ|K, ...|JSET|K
NR_OFFSET, ARCH_OFFSET, ARGS_OFFSET = 0, 4, 16  # struct seccomp_data (little-endian)
INSTRUCTION = struct.Struct("<HBBI")  # struct sock_filter {u16 code; u8 jt; u8 jf; u32 k}
MAX_JUMP = 255
Instruction = tuple[int, int, int, int]  # code, jt, jf, k

CLONE_THREAD = 0x00010000
CLONE_NEW = 0x7E020000  # NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET
# (NEWTIME is clone3's only: in clone's flags its bit belongs to the exit signal)
X32_SYSCALL_BIT = 0x40000000
AF_UNIX, AF_NETLINK = 1, 16
S_IFCHR = 0o020000  # set in S_IFCHR and S_IFBLK (and the invalid S_IFLNK), clear in the others
NEGATIVE = 0x80000000  # the sign bit of a 32-bit pid


class Check(NamedTuple):
    """If the argument's low 32 bits match `value` (JSET_K: share a bit; JEQ_K: equal), the call
    gets `action`."""

    op: int
    value: int
    action: int


class Rule(NamedTuple):
    """What one system call gets: the first matching check's action, else `otherwise`."""

    syscall: str
    otherwise: int = RET_EPERM
    arg: int = 0  # the argument the checks read
    checks: tuple[Check, ...] = ()


class Arch(NamedTuple):
    audit: int  # AUDIT_ARCH_*: seccomp_data.arch of a native call
    seccomp: int  # the seccomp(2) system call number
    x32: bool  # whether numbers with X32_SYSCALL_BIT are another ABI to refuse
    numbers: Mapping[str, int]  # from the kernel's unistd tables
    absent: frozenset[str]  # calls denied elsewhere that this architecture does not have


_X86_64 = {
    "fork": 57, "vfork": 58, "clone": 56, "clone3": 435, "execve": 59, "execveat": 322,
    "socket": 41, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "pidfd_getfd": 438,
    "kill": 62, "mknod": 133, "mknodat": 259,
    "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161, "unshare": 272,
    "setns": 308, "bpf": 321, "perf_event_open": 298, "keyctl": 250, "add_key": 248,
    "request_key": 249, "init_module": 175, "finit_module": 313, "delete_module": 176,
    "kexec_load": 246, "kexec_file_load": 320, "reboot": 169, "swapon": 167, "swapoff": 168,
    "acct": 163, "settimeofday": 164, "clock_settime": 227, "adjtimex": 159,
    "clock_adjtime": 305, "sethostname": 170, "setdomainname": 171, "syslog": 103,
    "iopl": 172, "ioperm": 173, "userfaultfd": 323, "open_by_handle_at": 304,
    "name_to_handle_at": 303, "fanotify_init": 300, "quotactl": 179, "quotactl_fd": 443,
    "lookup_dcookie": 212, "move_mount": 429, "open_tree": 428, "open_tree_attr": 467,
    "fsopen": 430, "fsmount": 432, "fsconfig": 431, "fspick": 433, "mount_setattr": 442,
    "memfd_create": 319, "memfd_secret": 447, "shmget": 29,
}  # fmt: skip

_AARCH64 = {  # asm-generic/unistd.h (scripts/syscall.tbl since 6.11)
    "clone": 220, "clone3": 435, "execve": 221, "execveat": 281,
    "socket": 198, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271, "pidfd_getfd": 438,
    "kill": 129, "mknodat": 33,
    "mount": 40, "umount2": 39, "pivot_root": 41, "chroot": 51, "unshare": 97,
    "setns": 268, "bpf": 280, "perf_event_open": 241, "keyctl": 219, "add_key": 217,
    "request_key": 218, "init_module": 105, "finit_module": 273, "delete_module": 106,
    "kexec_load": 104, "kexec_file_load": 294, "reboot": 142, "swapon": 224, "swapoff": 225,
    "acct": 89, "settimeofday": 170, "clock_settime": 112, "adjtimex": 171,
    "clock_adjtime": 266, "sethostname": 161, "setdomainname": 162, "syslog": 116,
    "userfaultfd": 282, "open_by_handle_at": 265,
    "name_to_handle_at": 264, "fanotify_init": 262, "quotactl": 60, "quotactl_fd": 443,
    "lookup_dcookie": 18, "move_mount": 429, "open_tree": 428, "open_tree_attr": 467,
    "fsopen": 430, "fsmount": 432, "fsconfig": 431, "fspick": 433, "mount_setattr": 442,
    "memfd_create": 279, "memfd_secret": 447, "shmget": 194,
}  # fmt: skip

ARCHES: Mapping[str, Arch] = {
    "x86_64": Arch(0xC000003E, 317, True, _X86_64, frozenset()),
    "aarch64": Arch(
        0xC00000B7, 277, False, _AARCH64, frozenset({"fork", "vfork", "mknod", "iopl", "ioperm"})
    ),
}


def _deny(*names: str) -> tuple[Rule, ...]:
    return tuple(Rule(name) for name in names)


_NO_NAMESPACE = Check(JSET_K, CLONE_NEW, RET_EPERM)
_CLONE_THREADS_ONLY = Rule(
    "clone", RET_EPERM, 0, (_NO_NAMESPACE, Check(JSET_K, CLONE_THREAD, RET_ALLOW))
)
_SPAWN = (*_deny("fork", "vfork"), _CLONE_THREADS_ONLY)
_CLONE = Rule("clone", RET_ALLOW, 0, (_NO_NAMESPACE,))
_CLONE3 = Rule("clone3", RET_ENOSYS)
_EXEC = _deny("execve", "execveat")
_SOCKET = Rule("socket")
_UNIX_SOCKET = Rule(
    "socket", RET_EPERM, 0, (Check(JEQ_K, AF_UNIX, RET_ALLOW), Check(JEQ_K, AF_NETLINK, RET_EINVAL))
)
_IO_URING = _deny("io_uring_setup", "io_uring_enter", "io_uring_register")
_OTHERS = (
    *_deny("ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd"),
    Rule("kill", RET_ALLOW, 0, (Check(JSET_K, NEGATIVE, RET_EPERM),)),
)
_DEVICES = (
    Rule("mknod", RET_ALLOW, 1, (Check(JSET_K, S_IFCHR, RET_EPERM),)),
    Rule("mknodat", RET_ALLOW, 2, (Check(JSET_K, S_IFCHR, RET_EPERM),)),
)
SYSTEM = (
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "move_mount", "open_tree",
    "open_tree_attr", "fsopen", "fsmount", "fsconfig", "fspick", "mount_setattr", "bpf",
    "perf_event_open", "keyctl", "add_key", "request_key", "init_module", "finit_module",
    "delete_module", "kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "acct",
    "settimeofday", "clock_settime", "adjtimex", "clock_adjtime", "sethostname",
    "setdomainname", "syslog", "iopl", "ioperm", "userfaultfd", "open_by_handle_at",
    "name_to_handle_at", "fanotify_init", "quotactl", "quotactl_fd", "lookup_dcookie",
)  # fmt: skip
_CONFINED = (*_IO_URING, *_OTHERS, *_DEVICES, *_deny(*SYSTEM))

# Memory no address space counts, denied where no memory cgroup bounds the tree (install's
# `bounded`): a memfd's pages (never mapped, RLIMIT_AS does not see them), a secret memfd's, and
# System V segments (counted only while attached; created, touched and detached, they stay).
UNBOUNDED_MEMORY = ("memfd_create", "memfd_secret", "shmget")

RULES: Mapping[str, tuple[Rule, ...]] = {
    "program": (*_SPAWN, _CLONE3, _SOCKET, *_CONFINED),
    "interpreter": (*_SPAWN, _CLONE3, *_EXEC, _SOCKET, *_CONFINED),
    "toolchain": (_CLONE, _CLONE3, _UNIX_SOCKET, *_CONFINED),
}

DENIED: dict[str, str] = {
    "process creation": "fork, vfork, clone without CLONE_THREAD (program, interpreter: threads "
    "keep working); clone with a CLONE_NEW* namespace flag; clone3 answers ENOSYS (the C library "
    "falls back to clone)",
    "exec": "execve, execveat (interpreter)",
    "sockets": "socket of every family (toolchain: all but AF_UNIX, and AF_NETLINK answers "
    "EINVAL); io_uring_setup, "
    "io_uring_enter, io_uring_register (io_uring opens sockets without socket)",
    "other processes": "ptrace, process_vm_readv, process_vm_writev, pidfd_getfd, kill with a "
    "negative pid (a process group, or -1: every process)",
    "device nodes": "mknod, mknodat of a character or block device",
    "the system": ", ".join(SYSTEM),
    "foreign ABIs": "32-bit calls (i386 int 0x80, arm) kill the process; x32 calls answer EPERM",
    "memory no address space counts": ", ".join(UNBOUNDED_MEMORY)
    + " (only where no memory cgroup bounds the process)",
}


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


_libc = ctypes.CDLL(None, use_errno=True)


def host_arch() -> str | None:
    """This process's system call table: None for an architecture without one here, and for a
    32-bit or big-endian process (its calls would be a foreign ABI to the filter)."""
    machine = os.uname().machine
    native = struct.calcsize("P") == 8 and sys.byteorder == "little"
    return machine if native and machine in ARCHES else None


def supported() -> bool:
    """Whether `install` can work here: a table for this architecture, and a kernel with seccomp
    filters and the actions they use. Installs nothing."""
    arch = host_arch()
    if arch is None or _libc.prctl(PR_GET_SECCOMP, *_ulongs(0, 0, 0, 0)) < 0:
        return False
    return all(_action_available(ARCHES[arch], action) for action in (RET_KILL_PROCESS, RET_ERRNO))


def _action_available(arch: Arch, action: int) -> bool:
    value = ctypes.c_uint32(action)
    request = _ulongs(SECCOMP_GET_ACTION_AVAIL, 0)
    return int(_libc.syscall(ctypes.c_long(arch.seccomp), *request, ctypes.byref(value))) == 0


def filter_program(profile: str, arch: str | None = None, bounded: bool = True) -> bytes:
    """The filter for `profile` as an array of struct sock_filter (for this process's
    architecture unless `arch` is given; `bounded`: a memory cgroup bounds the process, else
    UNBOUNDED_MEMORY is denied too). Raises ValueError for an unknown profile or arch."""
    return _program(profile, arch or _require_host_arch(), bounded)


def install(profile: str, bounded: bool = True) -> None:
    """Set no_new_privs and add the `profile` filter to every thread of this process (and so to
    everything it starts); `bounded` as for filter_program. Raises OSError if the kernel
    refuses. Safe between fork and exec, except "interpreter", which denies that very exec: it
    is for the process that runs the code."""
    program = filter_program(profile, bounded=bounded)
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // INSTRUCTION.size, ctypes.addressof(buffer))
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, *_ulongs(1, 0, 0, 0)), "no_new_privs")
    number = ctypes.c_long(ARCHES[_require_host_arch()].seccomp)
    flags = _ulongs(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC)
    _check(_libc.syscall(number, *flags, ctypes.byref(fprog)), "seccomp")


def _require_host_arch() -> str:
    arch = host_arch()
    if arch is None:
        raise OSError(errno.ENOSYS, f"seccomp: no system call table for {os.uname().machine}")
    return arch


@functools.cache
def _program(profile: str, arch_name: str, bounded: bool = True) -> bytes:
    if profile not in PROFILES:
        raise ValueError(f"unknown seccomp profile {profile!r}")
    if arch_name not in ARCHES:
        raise ValueError(f"no seccomp table for {arch_name!r}")
    arch = ARCHES[arch_name]
    code = [*_guard(arch)]
    for rule in (*RULES[profile], *(() if bounded else _deny(*UNBOUNDED_MEMORY))):
        code += _rule(arch, rule)
    code.append(_ret(RET_ALLOW))
    return b"".join(INSTRUCTION.pack(*instruction) for instruction in code)


def _guard(arch: Arch) -> list[Instruction]:
    """Kill a foreign ABI's call; refuse x32 numbers; leave the call's number loaded."""
    code = [_load(ARCH_OFFSET), _jump(JEQ_K, arch.audit, 1, 0), _ret(RET_KILL_PROCESS)]
    code.append(_load(NR_OFFSET))
    if arch.x32:
        code += [_jump(JSET_K, X32_SYSCALL_BIT, 0, 1), _ret(RET_EPERM)]
    return code


def _rule(arch: Arch, rule: Rule) -> list[Instruction]:
    """`if nr == rule's: <body>` where the body always returns, so the number is loaded once."""
    if rule.syscall in arch.absent:
        return []
    body = [_ret(rule.otherwise)]
    if rule.checks:
        body = [_load(ARGS_OFFSET + 8 * rule.arg)]
        for check in rule.checks:
            body += [_jump(check.op, check.value, 0, 1), _ret(check.action)]
        body.append(_ret(rule.otherwise))
    return [_jump(JEQ_K, arch.numbers[rule.syscall], 0, len(body)), *body]


def _load(offset: int) -> Instruction:
    return (LD_W_ABS, 0, 0, offset)


def _jump(op: int, value: int, if_true: int, if_false: int) -> Instruction:
    if max(if_true, if_false) > MAX_JUMP:
        raise ValueError("seccomp: a jump longer than BPF allows")
    return (op, if_true, if_false, value)


def _ret(action: int) -> Instruction:
    return (RET_K, 0, 0, action)


def _ulongs(*values: int) -> tuple[ctypes.c_ulong, ...]:
    return tuple(ctypes.c_ulong(value) for value in values)


def _check(result: int, what: str) -> None:
    if result < 0:
        code = ctypes.get_errno()
        raise OSError(code, f"seccomp ({what}): {os.strerror(code)}")
    if result > 0:  # TSYNC: the id of a thread that could not take the filter
        raise OSError(errno.EBUSY, f"seccomp ({what}): thread {result} could not be synchronised")
