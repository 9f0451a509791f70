"""Hostile submissions: each attack gets its verdict, and leaves nothing behind.

Attacks live in fixtures/hostile/{python,stdin,gtest,junit,pytest}/VERDICT/BEHAVIOUR/ (a
solution.py, a main.cpp, a main.py, a sudoku.cpp under GoogleTest, a Sudoku.java under JUnit 5 or
a sudoku.py under the course's pytest tests); the
function-library verdict fixtures that are attacks too (loops, sleeps, exits, crashes, floods,
forged replies) are graded again beside them. Each shape's fixtures are copied into a fresh
world of their own, placeholders filled in (@SECRET@, @SUITE@, @HARNESS@, @TESTCASES@, @HOSTILE@,
@PORT@, @UDP_PORT@, @UNIX_SOCKET@, @ABSTRACT_SOCKET@, @TOKEN@, @REPO@), and graded together in one
run, after which the run must have left nothing behind:

- no process: none has the run's own working-copy folder in its command line, cwd or environment;
- the grader's and the suites' files unchanged (hashed before and after), nothing planted in them
  or in the shared temporary folders;
- no secret in the report: neither the answers file the test keeps outside the working copies,
  nor the marked suite or config, nor the grader's source, nor anything an attack got (STOLEN<<);
- nothing reached the TCP listener and the UDP socket the test opens on 127.0.0.1, nor the Unix
  sockets it listens on: by path in a 0700 folder beside its answers (where ssh-agent keeps
  SSH_AUTH_SOCK), and abstract;
- the supervisor alive: every submission has its row and none is an internal error.

An attack is graded only where a layer that stops it is in force (Landlock for files and /proc,
its ABI 4 for TCP, its ABI 6 for signals; a pids cgroup, seccomp or a PID namespace for a daemon
that leaves the process group; seccomp or a network namespace for UDP; the memory cgroup, or
seccomp denying memfd_create, for memory no address space counts); elsewhere its tests skip,
naming the missing layer. A fixture's folder names the verdict it gets with every layer in force
(as root); OTHERWISE says what it gets where a layer deciding it is not (as a non-root teacher).
Each layer on its own is tested in test_isolation.py. Attacks on the parent
process are graded in a throwaway grading process of their own; attacks on the order calls are
made in (STAGED: time laundered from cheap calls into a solver's, hidden cases printed by visible
ones) under an assignment of their own, as are attacks on an answer read from a file (output.txt
made a link to the teacher's answers, or a FIFO: hostile-output), and attacks on what the
course's own tests say, from a header of the student's they include or from its own code (its
macros, an operator== the tests trusted, an overload of their helper, their helper replaced at
link time: hostile-course, with the worked example's tests), each of which may earn no more than
the same code graded honestly (HONEST). A fixture that gets through says so (ESCAPED<<); where a
layer in force should have stopped it, its test is a strict xfail.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from harness.config import NotebookConfig, load_config
from harness.grading.calibration import calibrated_plan
from harness.grading.run import grade_all
from harness.kinds.notebook.run import run_notebook, unavailable
from harness.limits import Limits
from harness.puzzles.suites import load_suites
from harness.records.evidence import Grid
from harness.records.probes import Stage
from harness.records.results import Report, SubmissionResult, from_json, to_json
from harness.records.verdicts import Verdict
from harness.sandbox import isolation, landlock, view
from harness.submissions import discover
from harness.writers.outputs import Outputs, write_all
from tests.conftest import FIXTURES, REPO

HOSTILE = FIXTURES / "hostile"
HARNESS = REPO / "harness"
TESTCASES = REPO / "testcases"
JOBS = 2
GRACE = 3.0  # seconds for killed processes to be gone from /proc
THROWAWAY_TIMEOUT = 120


@dataclass(frozen=True)
class Need:
    """What must be in force (or installed) before an attack may run here."""

    met: bool
    missing: str  # the skip message when it is not met


ABI = landlock.abi()
ACTIVE = {layer.name for layer in isolation.probe() if layer.active}
ALWAYS = Need(True, "")
FILES = Need(ABI >= 1, "Landlock is not in force: the teacher's files and /proc are in reach")
TCP = Need(ABI >= 4, f"TCP is only confined from Landlock ABI 4 (this kernel: {ABI})")
SIGNALS = Need(
    ABI >= 6,
    f"signal scoping needs Landlock ABI 6 (this kernel: {ABI}): the attack would kill the grader",
)
CONTAINED = Need(
    bool(ACTIVE & {"pids cgroup", "seccomp", "pid namespace"}),
    "no layer in force here stops a daemon that leaves the process group (double fork + setsid): "
    "that needs a pids cgroup, seccomp or a PID namespace, none active",
)
DATAGRAMS = Need(
    bool(ACTIVE & {"seccomp", "network namespace"}),
    "Landlock confines TCP only: UDP needs seccomp or a network namespace, neither active",
)
MEMORY = Need(
    bool(ACTIVE & {"memory cgroup", "memfd and shm denied"}),
    "neither the memory cgroup nor seccomp's denial of memfd_create is in force: a memfd's pages "
    "escape RLIMIT_AS, so the attack would hold twice its limit unbounded",
)
HOST_SOCKETS = Need(
    bool(ACTIVE & {"private view", "seccomp"}) and "network namespace" in ACTIVE,
    "a Unix socket of the teacher's is reached unless a private view hides its path and a network "
    "namespace the abstract one (or seccomp refuses sockets), which are not all in force here",
)
HIDDEN_PARENT = "pid namespace" in ACTIVE  # the supervisor is not there at all: getppid() is 0
GPP = Need(shutil.which("g++") is not None, "g++ is not installed")
GOOGLETEST = Need(
    GPP.met and Path("/usr/include/gtest/gtest.h").is_file(),
    "GoogleTest is not installed (Debian's libgtest-dev)",
)
JUNIT_JAR = Path("/usr/share/java/junit-platform-console-standalone.jar")
JUNIT = Need(
    shutil.which("javac") is not None and JUNIT_JAR.is_file(),
    "a JDK and JUnit 5's console launcher are not installed (Debian's openjdk-17-jdk-headless, "
    "junit5)",
)

NEEDS = {
    "reads_the_secret_on_1": FILES,
    "reads_the_suite_on_1": FILES,
    "reads_the_grader_on_1": FILES,
    "reads_the_supervisors_environ_on_1": FILES,
    "reads_the_supervisors_cmdline_on_1": FILES,
    "reads_the_supervisors_memory_on_1": FILES,
    "reads-the-secret-gtest": FILES,
    "reads-the-secret-java": FILES,
    "reads-the-hidden-tests-pytest": FILES,
    "writes_the_harness_folders_on_1": FILES,
    "connects_to_a_unix_socket_on_1": FILES,
    "steals-the-answers-cpp": FILES,
    "steals-the-answers-py": FILES,
    "writes-the-harness-folders-py": FILES,
    "connects_to_the_listener_on_1": TCP,
    "connects-to-the-listener-cpp": TCP,
    "connects-to-the-listener-py": TCP,
    "kills_the_supervisor_on_1": SIGNALS,
    "kills-the-parent-cpp": SIGNALS,
    "kills-the-parent-py": SIGNALS,
    "daemon_escapes_on_1": CONTAINED,
    "daemon-escapes-cpp": CONTAINED,
    "sends_udp_on_1": DATAGRAMS,
    "imports_the_harness_packages_on_1": FILES,
    "imports-the-harness-packages-py": FILES,
    "holds_a_memfd_on_1": MEMORY,
    "holds-a-memfd-py": MEMORY,
    "connects-to-the-teachers-sockets-sh": HOST_SOCKETS,
}
# What a fixture gets where a layer that decides its verdict is not in force (its folder names
# what it gets with every layer in force, as root): a memfd hog is MLE under a memory cgroup
# (root's, or one delegated to the teacher) and RE where seccomp denies memfd_create instead.
MEMFD_DENIED = "memory cgroup" not in ACTIVE
OTHERWISE: dict[str, Verdict] = (
    {"holds_a_memfd_on_1": Verdict.RE, "holds-a-memfd-py": Verdict.RE} if MEMFD_DENIED else {}
)
# Attacks on the grading process itself: graded in a throwaway process, never in pytest's.
ON_THE_PARENT = {"kills_the_supervisor_on_1", "kills-the-parent-cpp", "kills-the-parent-py"}
# Attacks on the order calls are made in, graded under an assignment of the config of their own
# (hostile-stages: a solver with a limit of its own, hidden cases): the rest get `hostile`.
STAGED = {"launders_time_across_calls", "leaks_hidden_puzzles"}
# Attacks whose cap must be met before their time limit wherever the disk is (a working copy on
# the disk, not a tmpfs, for a non-root teacher: making 3,000 files there can take longer than
# the 0.25 s the others get): graded under hostile-files, with a second of CPU per call.
ON_THE_DISK = {"makes_many_empty_files_on_1"}
# Attacks on the reading of an answer from a file (program.output: file): graded under
# hostile-output, whose programs answer in output.txt.
ON_THE_OUTPUT = {"links-its-output-to-the-answers-py", "blocks-its-reader-py"}
# Forgeries of what the course's own tests say, from a header of the student's they include:
# graded under hostile-course, with the worked example's tests (uwb-css342), each beside the same
# code graded honestly (HONEST), which it may not out-earn.
HONEST = {
    "redefines-assertion-result-gtest": "gives-up-gtest",
    "renames-the-puzzles-gtest": "checks-the-givens-only-gtest",
    "compares-without-blanks-gtest": "checks-the-givens-only-gtest",
    "overloads-the-tests-helper-gtest": "checks-the-givens-only-gtest",
    "links-its-own-puzzle-helper-gtest": "checks-the-givens-only-gtest",
}
ON_THE_COURSES_TESTS = {*HONEST, *HONEST.values()}

CAP_SYS_RESOURCE = 24


def _holds(capability: int) -> bool:
    """Whether student processes get `capability`: root's programs get the bounding set, others
    what this process has in effect."""
    field = "CapBnd" if os.geteuid() == 0 else "CapEff"
    status = Path("/proc/self/status").read_text()
    found = re.search(rf"^{field}:\s*([0-9a-f]+)$", status, re.MULTILINE)
    return found is not None and bool(int(found.group(1), 16) >> capability & 1)


# Holes: a layer in force that does not stop the attack. Marked strict xfail where they are open.
LIFTS_RLIMITS = pytest.mark.xfail(
    _holds(CAP_SYS_RESOURCE) and "no capabilities" not in ACTIVE,
    strict=True,
    reason="hole: student processes keep CAP_SYS_RESOURCE (root with a full bounding set), so "
    "they lift their own hard rlimits (file size, address space, CPU) and go past them; drop it "
    "from the bounding set before exec (PR_CAPBSET_DROP), or drop the uid",
)
REACHES_UNIX_SOCKETS = pytest.mark.xfail(
    ABI >= 1 and not ACTIVE & {"seccomp", "private view"},
    strict=True,
    reason="hole: under Landlock a student process still connects to any pathname Unix socket "
    "outside its working copy (Docker, D-Bus, databases): only ABI 9's "
    "LANDLOCK_ACCESS_FS_RESOLVE_UNIX (not handled by harness/sandbox/landlock.py; this kernel: "
    f"ABI {ABI}), seccomp or a private view stop it",
)
HOLES = {
    "raises_its_rlimits_on_1": LIFTS_RLIMITS,
    "raises-its-rlimits-cpp": LIFTS_RLIMITS,
    "connects_to_a_unix_socket_on_1": REACHES_UNIX_SOCKETS,
}
# Verdicts the harness gets wrong (not a way out, but the wrong call is blamed).
MISJUDGED: dict[str, pytest.MarkDecorator] = {}
# A report rewritten from inside the run (registers-a-forging-plugin-pytest: a plugin of the
# student's that would turn every failure into a pass) finds no pytest in the student's process
# (the proxy, harness/sandbox/child/proxy.py); were it to, the canaries planted beside the
# course's tests (harness/kinds/unit_tests/frameworks/canaries.py) would judge the report forged.
WRONG = MISJUDGED  # the verdict test's strict xfails

# What the detail of a fixture's failing cases names: what stopped the attack. The working copy's
# cap (both configs': 32 MiB and 3,000 files) is named whether a tmpfs refused the write (the
# student's error, then "its working copy is full: it may hold at most ...") or the supervisor
# watched it ("wrote more than its working copy may hold (at most ...)").
DISK_CAP = "at most 32 MiB and 3,000 files"


# The teacher's files in the temp folder are not even there in a private view.
def _unseen(path: Path) -> str:
    """What opening `path` raises: not there at all where a private view covers its folder."""
    covered = any(path.resolve().is_relative_to(folder) for folder in view.covered())
    return "FileNotFoundError" if "private view" in ACTIVE and covered else "PermissionError"


UNSEEN = _unseen(Path(tempfile.gettempdir()))  # the test's world is in the temp folder
PARENT_UNSEEN = "FileNotFoundError" if HIDDEN_PARENT else "PermissionError"
# kill(getppid()) is kill(0) there: its own process group, itself the only one it may signal
PARENT_KILLED = "killed by SIGKILL" if HIDDEN_PARENT else "PermissionError"
MEMFD_STOPPED = "PermissionError" if MEMFD_DENIED else "the memory cgroup's OOM killer"
STOPPED_BY = {
    "reads_the_secret_on_1": UNSEEN,
    "reads_the_suite_on_1": UNSEEN,
    "reads_the_grader_on_1": _unseen(HARNESS),  # under /tmp in a clean clone
    # in a PID namespace the supervisor is not there (getppid() is 0: /proc/0 is no process)
    "reads_the_supervisors_environ_on_1": PARENT_UNSEEN,
    "reads_the_supervisors_cmdline_on_1": PARENT_UNSEEN,
    "reads_the_supervisors_memory_on_1": PARENT_UNSEEN,
    "writes_the_harness_folders_on_1": "PermissionError",
    "connects_to_the_listener_on_1": "PermissionError",
    "kills_the_supervisor_on_1": PARENT_KILLED,
    "sends_udp_on_1": "PermissionError",
    "connects_to_a_unix_socket_on_1": "PermissionError",
    "recursion_segfault_on_1": "SIGSEGV",
    "fills_the_disk_on_1": "File too large",
    "fills_the_disk_with_many_files_on_1": DISK_CAP,
    "makes_many_empty_files_on_1": DISK_CAP,
    "prints_1gb_on_1": "printed too much output",
    "os_exit_at_import": "exited with status 0 while importing",
    "patches_the_codec_on_1": "reply channel",
    "forges_a_valid_reply_on_1": "returned [9, 9, 9",
    "patches_the_worker_on_1": "returned 'AC'",
    "steals-the-answers-cpp": "exited with status 3",
    "steals-the-answers-py": UNSEEN,
    "connects-to-the-listener-cpp": "socket: Operation not permitted"
    if "seccomp" in ACTIVE
    else "connect: Permission denied",
    "connects-to-the-listener-py": "PermissionError",
    "kills-the-parent-cpp": PARENT_KILLED if HIDDEN_PARENT else "kill: Operation not permitted",
    "kills-the-parent-py": PARENT_KILLED,
    "fills-the-disk-cpp": "SIGXFSZ",
    "fills-the-disk-py": "File too large",
    "writes-many-files-cpp": DISK_CAP,
    "writes-the-harness-folders-py": "PermissionError",
    "imports_the_harness_packages_on_1": "ModuleNotFoundError",
    "imports-the-harness-packages-py": "ModuleNotFoundError",
    "prints-bad-alloc-cpp": "killed by SIGABRT",
    "prints-memory-error-py": "exited with status 1",
    "static-array-6gib-cpp": "its image alone needs 6144 MiB",
    "holds_a_memfd_on_1": MEMFD_STOPPED,
    "holds-a-memfd-py": MEMFD_STOPPED,
    "links-its-output-to-the-answers-py": "output.txt is a link: not followed, not read",
    "blocks-its-reader-py": "output.txt is not a regular file: not read",
    "connects-to-the-teachers-sockets-sh": "refused: FileNotFoundError, ConnectionRefusedError"
    if "seccomp" not in ACTIVE or "private view" in ACTIVE
    else "refused: PermissionError",
    # the course's unit tests: GoogleTest's main is the harness's, JUnit runs under a security
    # manager that grants the classes under test nothing
    "forges-the-report-and-exits-gtest": "premature-exit file is left",
    "steals-its-settings-gtest": "(which is 0)",  # it stole nothing: an empty string
    "forges-from-a-global-constructor-gtest": "it wrote no report",
    "forges-from-a-constructor-attribute-gtest": "uses `constructor`",
    "ships-its-own-gtest-header-gtest": "uses `gtest`",
    "reads-googletests-flags-gtest": "uses `gtest`",
    "reads-the-secret-gtest": "cannot read: ",
    "fills-the-disk-gtest": "SIGXFSZ",
    "forks-gtest": "fork: Operation not permitted",
    # a header the course's tests include: refused for its macros (naming the line), or outdone
    # by the tests, which compare plain ints and call their helpers as lambdas
    "redefines-assertion-result-gtest": "(line 15) defines the macro `AssertionResult`",
    "renames-the-puzzles-gtest": "(line 15) defines the macro `NEWSPAPER`",
    "compares-without-blanks-gtest": "holds 0, not",
    "overloads-the-tests-helper-gtest": "expect_solved",
    "links-its-own-puzzle-helper-gtest": "holds 0, not",
    "forks-java": "AccessControlException",
    "reads-the-secret-java": "AccessControlException",
    "fills-the-disk-java": "AccessControlException",
    "forges-the-report-and-exits-java": "AccessControlException",
    "registers-an-extension-java": "expected: <true> but was: <false>",
    "shadows-a-teacher-class-java": "declares `Puzzles`",
    "shadows-java-lang-java": "`StringBuilder`, which the tests would take for java.lang.Str",
    # pytest: the student's code runs in an interpreter of its own beside pytest's, which ends
    # a run whose student's interpreter ended in its middle; the runner trusts no reply
    "forges-the-report-and-exits-pytest": "the submission's process exited with status 0",
    "forges-its-replies-pytest": "sent a reply that is not JSON",
    "skips-its-tests-pytest": "Skipped: not today",
    "reads-the-hidden-tests-pytest": f"cannot read the hidden tests: {_unseen(HOSTILE)}",
}

# The function-library verdict fixtures that are attacks too, graded again here.
REUSED = (
    "AC/correct",
    "TLE/loops_forever_on_1",
    "TLE/sleeps_on_1",
    "TLE/ignores_sigxcpu_and_sigalrm_on_1",
    "RE/os_exit_on_1",
    "RE/sys_exit_on_1",
    "RE/calls_exit_builtin_on_1",
    "RE/keyboard_interrupt_on_1",
    "RE/segfault_on_1",
    "RE/forges_a_reply_on_1",
    "MLE/allocates_10gb_on_1",
    "OLE/prints_a_flood_on_1",
    "OLE/returns_a_huge_list_on_1",
    "CE/exits_at_import",
    "CE/import_loops_forever",
    "CE/imports_the_harness",
)

# Files no attack may change: the test's own teacher files (in its world), the worker's folder
# (every student process may read it, and every worker imports from it), the shipped suites. (Not
# the whole package: others edit it while tests run, and the attacks only aim at these.)
GUARDED = (*sorted((HARNESS / "sandbox").rglob("*.py")), *sorted(TESTCASES.glob("*.yaml")))
PLANTED_MARK = b"planted by a submission"
SHARED_TMP = (Path("/tmp"), Path("/dev/shm"))


@dataclass(frozen=True)
class Fixture:
    shape: str
    folder: Path

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def verdict(self) -> Verdict:
        """The verdict it gets here: its folder's, or what it gets without a layer (OTHERWISE)."""
        return OTHERWISE.get(self.name, self.folder_verdict)

    @property
    def folder_verdict(self) -> Verdict:
        return Verdict(self.folder.parent.name)

    @property
    def key(self) -> str:
        """The submission's name when graded: VERDICT-BEHAVIOUR (its folder's verdict)."""
        return f"{self.folder_verdict.value}-{self.name}"

    @property
    def id(self) -> str:
        return f"{self.shape}/{self.verdict.value}/{self.name}"

    @property
    def needs(self) -> tuple[Need, ...]:
        cpp = (GPP,) if any(self.folder.glob("*.cpp")) else ()
        runner = {"gtest": (GOOGLETEST,), "junit": (JUNIT,)}.get(self.shape, ())
        return (NEEDS.get(self.name, ALWAYS), *cpp, *runner)

    @property
    def runnable(self) -> bool:
        return all(need.met for need in self.needs)

    def skip_unless_runnable(self) -> None:
        for need in self.needs:
            if not need.met:
                pytest.skip(need.missing)


@dataclass(frozen=True)
class Shape:
    name: str
    suite: Path  # the suite the marked copy is made of
    suffixes: tuple[str, ...]
    fixtures: tuple[Fixture, ...]

    @property
    def config(self) -> Path:
        return HOSTILE / self.name / "config.yaml"


def _found(shape: str, *roots: Path) -> tuple[Fixture, ...]:
    folders = sorted({p.parent for root in roots for p in root.glob("*/*/*.*") if p.is_file()})
    return tuple(Fixture(shape, folder) for folder in folders if folder.parent.parent in roots)


PYTHON = Shape(
    "python",
    TESTCASES / "handout-examples.yaml",
    (".py",),
    (
        *(Fixture("python", FIXTURES / "functions" / key) for key in REUSED),
        *_found("python", HOSTILE / "python"),
    ),
)
STDIN = Shape(
    "stdin",
    TESTCASES / "stdin-9x9.yaml",
    (".cpp", ".py", ".sh"),
    _found("stdin", HOSTILE / "stdin"),
)
# The course's own unit tests (shape unit-tests): the teacher's test files live in tests/ beside
# the fixtures' verdict folders, outside every working copy.
GTEST = Shape("gtest", TESTCASES / "stdin-9x9.yaml", (".cpp",), _found("gtest", HOSTILE / "gtest"))
JUNIT_SHAPE = Shape(
    "junit", TESTCASES / "stdin-9x9.yaml", (".java",), _found("junit", HOSTILE / "junit")
)
PYTEST = Shape(
    "pytest", TESTCASES / "stdin-9x9.yaml", (".py",), _found("pytest", HOSTILE / "pytest")
)
SHAPES = {shape.name: shape for shape in (PYTHON, STDIN, GTEST, JUNIT_SHAPE, PYTEST)}
PROGRAMS = frozenset({"stdin", "gtest", "junit", "pytest"})  # one verdict for every case
ALL_FIXTURES = [f for shape in SHAPES.values() for f in shape.fixtures]
BY_NAME = {f.name: f for f in ALL_FIXTURES}


# the world a run is graded in ---------------------------------------------------------------


@dataclass(frozen=True)
class World:
    """One run's temporary world: the teacher's files (outside every working copy), the working
    copies' own folder, and the sockets an attack may try to reach."""

    root: Path
    token: str
    markers: dict[str, str]  # what must never reach a report, by what it is
    listener: socket.socket  # TCP, listening on 127.0.0.1
    datagrams: socket.socket  # UDP, bound on 127.0.0.1
    unix_listener: socket.socket  # a Unix socket, listening in the teacher's 0700 folder
    abstract_listener: socket.socket  # an abstract Unix socket (no file: a name in the kernel)

    @classmethod
    def make(cls, root: Path, shape: Shape) -> World:
        token = uuid.uuid4().hex
        listener = socket.create_server(("127.0.0.1", 0))
        datagrams = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        datagrams.bind(("127.0.0.1", 0))
        (root / "teacher").mkdir(mode=0o700)  # as ssh-agent's folder is
        unix_listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        unix_listener.bind(str(root / "teacher" / "listener.sock"))
        unix_listener.listen()
        abstract_listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        abstract_listener.bind(f"\0sudoku-harness-hostile-{token}")
        abstract_listener.listen()
        markers = {
            "secret answers": f"HOSTILE-SECRET-{token}",
            "suite": f"HOSTILE-SUITE-{token}",
            "config": f"HOSTILE-CONFIG-{token}",
            "grader source": (HARNESS / "grading" / "judge.py").read_text().splitlines()[0],
        }
        world = cls(root, token, markers, listener, datagrams, unix_listener, abstract_listener)
        world.workdir_base.mkdir()
        world.secret.write_text(f"{world.markers['secret answers']}\n1 2 3 4 5 6 7 8 9\n")
        world.suite.write_text(f"# {world.markers['suite']}\n{shape.suite.read_text()}")
        config = world.fill(shape.config.read_text())
        world.config.write_text(f"# {world.markers['config']}\n{config}")
        return world

    @property
    def teacher(self) -> Path:
        return self.root / "teacher"

    @property
    def secret(self) -> Path:
        return self.teacher / "answers.txt"

    @property
    def suite(self) -> Path:
        return self.teacher / "suite.yaml"

    @property
    def config(self) -> Path:
        return self.teacher / "config.yaml"

    @property
    def workdir_base(self) -> Path:
        return self.root / "work"

    def fill(self, text: str) -> str:
        values = {
            "@SECRET@": str(self.secret),
            "@SUITE@": str(self.suite),
            "@HARNESS@": str(HARNESS),
            "@TESTCASES@": str(TESTCASES),
            "@HOSTILE@": str(HOSTILE),
            "@REPO@": str(REPO),
            "@PORT@": str(self.listener.getsockname()[1]),
            "@UDP_PORT@": str(self.datagrams.getsockname()[1]),
            "@UNIX_SOCKET@": str(self.unix_listener.getsockname()),
            "@ABSTRACT_SOCKET@": f"sudoku-harness-hostile-{self.token}",
            "@TOKEN@": self.token,
        }
        for placeholder, value in values.items():
            text = text.replace(placeholder, value)
        return text

    def copy(self, fixtures: list[Fixture], into: Path) -> Path:
        """The fixtures as a folder of submissions, placeholders filled in."""
        for fixture in fixtures:
            target = into / fixture.key
            for source in fixture.folder.rglob("*"):
                if source.is_file():  # a fixture's folders too (a gtest/ header of its own)
                    copied = target / source.relative_to(fixture.folder)
                    copied.parent.mkdir(parents=True, exist_ok=True)
                    data = source.read_bytes()  # a compiled class as it is
                    text = data.decode("utf-8", errors="surrogateescape")
                    copied.write_bytes(self.fill(text).encode("utf-8", errors="surrogateescape"))
        return into

    def close(self) -> None:
        for sock in (self.listener, self.datagrams, self.unix_listener, self.abstract_listener):
            sock.close()


@dataclass(frozen=True)
class Aftermath:
    """What one shape's run graded and what it left behind."""

    results: dict[str, SubmissionResult]  # by fixture key
    graded: tuple[str, ...]  # the fixture keys submitted
    report_text: str  # every report of the run, as JSON
    markers: dict[str, str]
    leftovers: tuple[str, ...]  # processes still running in the run's working copies
    trees: tuple[str, ...]  # working copies still on disk after the run
    changed: tuple[str, ...]  # guarded files whose content changed
    planted: tuple[str, ...]  # files that appeared in the harness's folders
    connections: tuple[bytes, ...]  # what reached the TCP listener
    unix_connections: tuple[bytes, ...]  # what reached the Unix sockets, by path and abstract
    datagrams: tuple[bytes, ...]  # what reached the UDP socket
    throwaway: str  # how the throwaway grading process ended ("" if none ran)
    seconds: float


def _grade(shape: Shape, root: Path) -> Aftermath:
    started = time.monotonic()
    world = World.make(root, shape)
    before = _snapshot(world)
    runnable = [f for f in shape.fixtures if f.runnable]
    try:
        apart = ON_THE_PARENT | STAGED | ON_THE_DISK | ON_THE_OUTPUT | ON_THE_COURSES_TESTS
        here = [f for f in runnable if f.name not in apart]
        staged = [f for f in runnable if f.name in STAGED]
        on_the_disk = [f for f in runnable if f.name in ON_THE_DISK]
        on_the_output = [f for f in runnable if f.name in ON_THE_OUTPUT]
        on_the_courses_tests = [f for f in runnable if f.name in ON_THE_COURSES_TESTS]
        reports = [_grade_here(shape, world, here)]
        reports += [_grade_here(shape, world, staged, "hostile-stages")] if staged else []
        if on_the_disk:
            reports.append(_grade_here(shape, world, on_the_disk, "hostile-files"))
        if on_the_output:
            reports.append(_grade_here(shape, world, on_the_output, "hostile-output"))
        if on_the_courses_tests:
            reports.append(_grade_here(shape, world, on_the_courses_tests, "hostile-course"))
        throwaway = ""
        away = [f for f in runnable if f.name in ON_THE_PARENT]
        if away:
            report, throwaway = _grade_in_a_throwaway(shape, world, away)
            reports += [report] if report else []
        leftovers = _leftovers_after_grace(world.workdir_base)
        trees = tuple(sorted(p.name for p in world.workdir_base.iterdir()))
        changed = _changed(before, _snapshot(world))
        planted = _planted(world.token)
        connections, datagrams = _accepted(world.listener), _received(world.datagrams)
        unix_connections = _accepted(world.unix_listener) + _accepted(world.abstract_listener)
    finally:
        world.close()
        _undo_tampering(before, world.token)
    results = {s.name: s for report in reports for s in report.submissions}
    return Aftermath(
        results,
        tuple(f.key for f in runnable),
        "\n".join(json.dumps(to_json(report)) for report in reports),
        world.markers,
        leftovers,
        trees,
        changed,
        planted,
        connections,
        unix_connections,
        datagrams,
        throwaway,
        time.monotonic() - started,
    )


def _grade_here(
    shape: Shape, world: World, fixtures: list[Fixture], assignment: str = "hostile"
) -> Report:
    submissions = world.copy(fixtures, world.root / f"submissions-{assignment}")
    plan = calibrated_plan(load_config(world.config), assignment)
    plan = replace(plan, workdir_base=world.workdir_base)
    return grade_all(plan, discover(submissions, shape.suffixes), JOBS)


THROWAWAY = """
import json, sys
from dataclasses import replace
from pathlib import Path
from harness.config import load_config
from harness.grading.run import grade_all
from harness.grading.calibration import calibrated_plan
from harness.records.results import to_json
from harness.submissions import discover
job = json.load(sys.stdin)
plan = calibrated_plan(load_config(Path(job["config"])), "hostile")
plan = replace(plan, workdir_base=Path(job["base"]))
report = grade_all(plan, discover(Path(job["submissions"]), tuple(job["suffixes"])), 1)
json.dump(to_json(report), sys.stdout)
"""


def _grade_in_a_throwaway(
    shape: Shape, world: World, fixtures: list[Fixture]
) -> tuple[Report | None, str]:
    """Grade in a process of its own (one job: it is the students' parent), in a session of its
    own: should an attack on the parent get through, pytest is not the parent. Returns its report
    (None if it did not finish) and how it ended ("exited with status 0" when all went well)."""
    submissions = world.copy(fixtures, world.root / "throwaway")
    job = {
        "config": str(world.config),
        "base": str(world.workdir_base),
        "submissions": str(submissions),
        "suffixes": list(shape.suffixes),
    }
    try:
        done = subprocess.run(
            [sys.executable, "-c", THROWAWAY],
            input=json.dumps(job),
            capture_output=True,
            text=True,
            cwd=REPO,
            timeout=THROWAWAY_TIMEOUT,
            start_new_session=True,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None, f"did not finish in {THROWAWAY_TIMEOUT} s"
    ending = f"exited with status {done.returncode}"
    if done.returncode != 0:
        return None, f"{ending}: {done.stderr[-1000:]}"
    return from_json(json.loads(done.stdout)), ending


# what a run may have left behind ------------------------------------------------------------


def _leftovers(base: Path) -> tuple[str, ...]:
    """Processes whose command line, cwd or environment mentions the run's working copies (a
    process that changed folder still has its HOME there)."""
    needle = str(base).encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        cmdline = _read(entry / "cmdline")
        traces = [cmdline, _read(entry / "environ"), _link(entry / "cwd")]
        if any(needle in trace for trace in traces):
            found.append(f"{entry.name}: {_words(cmdline)}")
    return tuple(found)


def _words(cmdline: bytes) -> str:
    return cmdline.replace(b"\0", b" ").decode(errors="replace").strip()


def _leftovers_after_grace(base: Path) -> tuple[str, ...]:
    """SIGKILL is delivered asynchronously: allow killed processes GRACE seconds to go."""
    deadline = time.monotonic() + GRACE
    while (found := _leftovers(base)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:  # gone, a zombie, or a kernel thread
        return b""


def _link(path: Path) -> bytes:
    try:
        return os.readlink(path).encode()
    except OSError:
        return b""


def _snapshot(world: World) -> dict[Path, bytes]:
    files = (*GUARDED, world.secret, world.suite, world.config)
    return {path: _read(path) for path in files}


def _changed(before: dict[Path, bytes], after: dict[Path, bytes]) -> tuple[str, ...]:
    digest = hashlib.sha256
    return tuple(
        str(path)
        for path in before
        if digest(before[path]).hexdigest() != digest(after[path]).hexdigest()
    )


def _planted(token: str) -> tuple[str, ...]:
    """Files named with the run's token in the harness's folders and the shared temporary ones."""
    planted = [path for folder in (HARNESS, TESTCASES) for path in folder.rglob(f"*{token}*")]
    planted += [path for folder in SHARED_TMP for path in folder.glob(f"*{token}*")]
    return tuple(str(path) for path in planted)


def _undo_tampering(before: dict[Path, bytes], token: str) -> None:
    """Should an attack get through, take its traces out of the repository again: the files it
    planted (named with this run's token) and its appendix to a guarded file (only when the file
    is the original plus the attack's line, so that nobody else's edit is undone)."""
    for name in _planted(token):
        Path(name).unlink()
    for path, original in before.items():
        now = _read(path)
        if now != original and now.startswith(original) and PLANTED_MARK in now[len(original) :]:
            path.write_bytes(original)


def _accepted(listener: socket.socket) -> tuple[bytes, ...]:
    """What every connection waiting on the listener said."""
    listener.settimeout(0.2)
    said: list[bytes] = []
    while True:
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            return tuple(said)
        with conn:
            conn.settimeout(0.5)
            try:
                said.append(conn.recv(200) or b"(connected, said nothing)")
            except OSError:
                said.append(b"(connected)")


def _received(datagrams: socket.socket) -> tuple[bytes, ...]:
    datagrams.settimeout(0.2)
    got: list[bytes] = []
    while True:
        try:
            got.append(datagrams.recv(200))
        except TimeoutError:
            return tuple(got)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Aftermath]:
    """Each shape's run, graded the first time a test asks for it."""
    done: dict[str, Aftermath] = {}

    def run(shape: str) -> Aftermath:
        if shape not in done:
            done[shape] = _grade(SHAPES[shape], tmp_path_factory.mktemp(f"hostile-{shape}"))
        return done[shape]

    return run


def _run_for(runs: Callable[[str], Aftermath], fixture: Fixture) -> SubmissionResult:
    fixture.skip_unless_runnable()
    aftermath = runs(fixture.shape)
    assert fixture.key in aftermath.results, f"no row for {fixture.key}: {aftermath.throwaway}"
    return aftermath.results[fixture.key]


def _cases(result: SubmissionResult) -> list[tuple[str, Verdict, str]]:
    return [(case.id, case.verdict, case.detail) for item in result.items for case in item.cases]


# each attack: its verdict, what stopped it, and that it did not get through ------------------


@pytest.mark.parametrize(
    "fixture",
    [pytest.param(f, marks=WRONG[f.name]) if f.name in WRONG else f for f in ALL_FIXTURES],
    ids=lambda f: f.id,
)
def test_fixture_gets_its_folders_verdict(
    runs: Callable[[str], Aftermath], fixture: Fixture
) -> None:
    verdicts = [(case_id, verdict) for case_id, verdict, _ in _cases(_run_for(runs, fixture))]
    found = {v for _, v in verdicts}
    expected = fixture.verdict
    if fixture.shape in PROGRAMS:
        assert found == {expected}, verdicts
        return
    assert expected in found, verdicts
    assert found <= {expected, Verdict.AC}, verdicts
    if fixture.name.endswith("_on_1") and expected is not Verdict.AC:
        assert all((v is expected) == case_id.endswith("#1") for case_id, v in verdicts), verdicts


@pytest.mark.parametrize(
    "fixture",
    [f for f in ALL_FIXTURES if f.name in STOPPED_BY],
    ids=lambda f: f.id,
)
def test_the_detail_says_what_stopped_it(
    runs: Callable[[str], Aftermath], fixture: Fixture
) -> None:
    failed = [d for _, v, d in _cases(_run_for(runs, fixture)) if v is fixture.verdict]
    assert failed and all(STOPPED_BY[fixture.name] in d for d in failed), failed


@pytest.mark.parametrize(
    "fixture",
    [pytest.param(f, marks=HOLES[f.name]) if f.name in HOLES else f for f in ALL_FIXTURES],
    ids=lambda f: f.id,
)
def test_the_attack_does_not_get_through(
    runs: Callable[[str], Aftermath], fixture: Fixture
) -> None:
    details = [d for _, _, d in _cases(_run_for(runs, fixture))]
    through = [d for d in details if "ESCAPED<<" in d or "STOLEN<<" in d]
    assert not through, through


@pytest.mark.parametrize("name", sorted(HONEST))
def test_a_forgery_earns_no_more_than_the_same_code_graded_honestly(
    runs: Callable[[str], Aftermath], name: str
) -> None:
    forged = _run_for(runs, BY_NAME[name])
    honest = _run_for(runs, BY_NAME[HONEST[name]])
    assert honest.status == "graded", honest  # the control itself was graded
    assert forged.marks <= honest.marks, (forged.marks, honest.marks, _cases(forged))


def test_the_flood_is_stopped_early(runs: Callable[[str], Aftermath]) -> None:
    result = _run_for(runs, BY_NAME["prints_1gb_on_1"])
    flooded = [c for item in result.items for c in item.cases if c.verdict is Verdict.OLE]
    assert flooded and all(c.seconds < 1.0 for c in flooded), flooded  # 1 GiB takes longer


def test_the_sleeper_is_stopped_by_its_budget(runs: Callable[[str], Aftermath]) -> None:
    """Sleeping (no CPU) on every other call never times out twice in a row: the submission's
    wall-clock budget stops it (its later cases are not run), and it is not graded again."""
    result = _run_for(runs, BY_NAME["sleeps_on_every_other_call"])
    last = [c for item in result.items for c in item.cases][-1]
    assert last.verdict is Verdict.TLE and "wall-clock budget of" in last.detail, last
    assert result.budget_spent and not result.graded_again


# what every run leaves behind ----------------------------------------------------------------


def _aftermath(runs: Callable[[str], Aftermath], shape: str) -> Aftermath:
    graded = [f for f in SHAPES[shape].fixtures if f.runnable]
    if not graded:
        pytest.skip(f"no {shape} fixture can run here (g++ missing?)")
    return runs(shape)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_supervisor_survives_and_grades_everyone(
    runs: Callable[[str], Aftermath], shape: str
) -> None:
    aftermath = _aftermath(runs, shape)
    assert aftermath.throwaway in ("", "exited with status 0"), aftermath.throwaway
    assert sorted(aftermath.results) == sorted(aftermath.graded)
    internal = [k for k, r in aftermath.results.items() if r.internal_error]
    assert not internal, internal


@pytest.mark.parametrize("shape", SHAPES)
def test_no_process_is_left_behind(runs: Callable[[str], Aftermath], shape: str) -> None:
    assert not _aftermath(runs, shape).leftovers


@pytest.mark.parametrize("shape", SHAPES)
def test_no_working_copy_is_left_on_disk(runs: Callable[[str], Aftermath], shape: str) -> None:
    """Every working copy is removed, even one holding folders nested 3000 deep."""
    assert not _aftermath(runs, shape).trees


@pytest.mark.parametrize("name", ["daemon_escapes_on_1", "daemon-escapes-cpp"])
def test_an_escaping_daemon_is_not_left_behind(runs: Callable[[str], Aftermath], name: str) -> None:
    fixture = BY_NAME[name]
    fixture.skip_unless_runnable()
    assert not runs(fixture.shape).leftovers


@pytest.mark.parametrize("shape", SHAPES)
def test_the_grader_and_the_suites_are_unchanged(
    runs: Callable[[str], Aftermath], shape: str
) -> None:
    aftermath = _aftermath(runs, shape)
    assert not aftermath.changed
    assert not aftermath.planted


@pytest.mark.parametrize("shape", SHAPES)
def test_no_secret_reaches_the_report(runs: Callable[[str], Aftermath], shape: str) -> None:
    aftermath = _aftermath(runs, shape)
    leaked = [what for what, marker in aftermath.markers.items() if marker in aftermath.report_text]
    assert not leaked
    assert "STOLEN<<" not in aftermath.report_text


@pytest.mark.parametrize("shape", SHAPES)
def test_nothing_reaches_the_listeners(runs: Callable[[str], Aftermath], shape: str) -> None:
    aftermath = _aftermath(runs, shape)
    assert not aftermath.connections
    assert not aftermath.datagrams


@REACHES_UNIX_SOCKETS
@pytest.mark.parametrize(
    "name", ["connects_to_a_unix_socket_on_1", "connects-to-the-teachers-sockets-sh"]
)
def test_nothing_reaches_a_unix_socket_outside_the_working_copy(
    runs: Callable[[str], Aftermath], name: str
) -> None:
    """By path (in a 0700 folder of the teacher's, as ssh-agent's) or abstract."""
    fixture = BY_NAME[name]
    fixture.skip_unless_runnable()
    assert not runs(fixture.shape).unix_connections


def test_the_world_is_what_the_attacks_aim_at() -> None:
    """The attacks aim at real targets: every placeholder is known, the suites to mark exist."""
    known = {"@SECRET@", "@SUITE@", "@HARNESS@", "@TESTCASES@", "@TOKEN@", "@HOSTILE@"}
    known |= {"@PORT@", "@UDP_PORT@", "@UNIX_SOCKET@", "@ABSTRACT_SOCKET@"}
    used = {
        word
        for f in ALL_FIXTURES
        for source in f.folder.rglob("*")
        if source.is_file()
        for word in re.findall(r"@[A-Z_]+@", source.read_text(errors="replace"))
    }
    assert used <= known, used - known
    assert all(shape.suite.is_file() for shape in SHAPES.values())
    named = {*NEEDS, *STOPPED_BY, *HOLES, *WRONG, *ON_THE_PARENT, *STAGED, *ON_THE_DISK}
    named |= ON_THE_OUTPUT
    named |= set(OTHERWISE)
    assert named <= set(BY_NAME), named - set(BY_NAME)
    assert len(BY_NAME) == len(ALL_FIXTURES), "two fixtures share a name"


# attacks on the order of calls: time laundered into a solver's, hidden cases leaked --------------


def test_a_solver_gets_no_time_from_the_cheap_calls_before_it(
    runs: Callable[[str], Aftermath],
) -> None:
    """The cheap calls worked off every puzzle's search, under their own limit, before the
    solver was called on it: the solver calls run where nothing was queued, and time out."""
    result = _run_for(runs, BY_NAME["launders_time_across_calls"])
    verdicts = {item.name: {c.verdict for c in item.cases} for item in result.items}
    assert verdicts == {
        "find_first_unassigned_position": {Verdict.AC},
        "get_row": {Verdict.AC},
        "sudoku_solver": {Verdict.TLE},
    }


def test_no_hidden_puzzle_reaches_any_output(
    runs: Callable[[str], Aftermath], tmp_path: Path
) -> None:
    """The leaking fixture shows, in the visible cases it fails, every puzzle it was given before
    them: the handout's (visible) comes out, no hidden one does, in any file grading writes."""
    result = _run_for(runs, BY_NAME["leaks_hidden_puzzles"])
    written = _every_output(result, tmp_path)
    assert _digits(_puzzles(TESTCASES / "handout-examples.yaml")[0]) in written
    hidden = _puzzles(HIDDEN_SUITE)
    assert len(hidden) == 4
    assert not [puzzle for puzzle in hidden if _digits(puzzle) in written]


def test_in_one_stage_both_attacks_get_through(tmp_path: Path) -> None:
    """What stops the two attacks above is the stages: with every probe in one stage (one child,
    one working copy, as before stages), the laundered solver earns full marks and the hidden
    puzzles come out in visible cases. The reference solution keeps full marks either way."""
    staged = [BY_NAME["launders_time_across_calls"], BY_NAME["leaks_hidden_puzzles"]]
    world = World.make(tmp_path, PYTHON)
    try:
        submissions = world.copy(staged, tmp_path / "submissions")
        (submissions / "reference").mkdir()
        shutil.copy(REFERENCE, submissions / "reference")
        plan = calibrated_plan(load_config(world.config), "hostile-stages")
        assert {p.stage for p in plan.probes} == set(Stage)
        found = discover(submissions, PYTHON.suffixes)
        one_stage = tuple(replace(p, stage=Stage.OPEN) for p in plan.probes)
        before = grade_all(replace(plan, probes=one_stage), found, JOBS)
        after = grade_all(plan, [s for s in found if s.name == "reference"], JOBS)
    finally:
        world.close()
    results = {s.name: s for s in before.submissions}
    assert results["TLE-launders_time_across_calls"].marks == plan.max_marks
    leaked = _every_output(results["WA-leaks_hidden_puzzles"], tmp_path / "leaked")
    assert all(_digits(puzzle) in leaked for puzzle in _puzzles(HIDDEN_SUITE))
    assert results["reference"].marks == after.submissions[0].marks == plan.max_marks


HIDDEN_SUITE = TESTCASES / "hidden-9x9.yaml"
REFERENCE = REPO / "solvers" / "sudoku-functions" / "sudoku_functions.py"


def _puzzles(suite: Path) -> list[Grid]:
    return [case.puzzle for case in load_suites([suite])[0].cases]


def _digits(grid: Grid) -> str:
    """A grid as the leaking fixture shows it: its 81 values, row by row."""
    return "".join(str(value) for row in grid for value in row)


def _every_output(result: SubmissionResult, folder: Path) -> str:
    """Every file grading writes for `result` (JSON, gradebook, JUnit, Gradescope's results,
    the feedback pages), as one text."""
    report = Report("hostile-stages", result.max_marks, (result,))
    outputs = Outputs(
        folder / "marks.json",
        folder / "gradebook.csv",
        folder / "junit.xml",
        folder / "results.json",
        folder / "pages",
    )
    write_all(report, outputs, 1.0)
    return "\n".join(path.read_text() for path in sorted(folder.rglob("*")) if path.is_file())


# a notebook's cells: the kernel may have Unix sockets, the teacher's are still out of reach ----

NOTEBOOK = HOSTILE / "notebook" / "connects-to-the-teachers-sockets.ipynb"
NOTEBOOK_REASON = unavailable(Path(sys.executable))


@pytest.mark.skipif(bool(NOTEBOOK_REASON), reason=NOTEBOOK_REASON)
def test_a_notebook_cell_reaches_no_socket_of_the_teachers(tmp_path: Path) -> None:
    """Was (as a non-root teacher): a cell connected to a Unix socket in a 0700 folder of the
    teacher's under /tmp, where ssh-agent, gpg-agent or D-Bus listen, and exchanged data."""
    HOST_SOCKETS.met or pytest.skip(HOST_SOCKETS.missing)
    world = World.make(tmp_path, PYTHON)
    try:
        workdir = tmp_path / "work" / "copy"
        workdir.mkdir(mode=0o755)
        (workdir / NOTEBOOK.name).write_text(world.fill(NOTEBOOK.read_text()))
        layers = isolation.choose(isolation.Mode.AUTO)
        limits = Limits(time=60)
        outcome = run_notebook(
            Path(sys.executable), workdir, Path(NOTEBOOK.name), NotebookConfig(), limits, layers
        )
        reached = _accepted(world.unix_listener) + _accepted(world.abstract_listener)
    finally:
        world.close()
    assert outcome.kind == "returned", outcome.message  # in full: CI saw one internal error
    printed = [cell.stdout.strip() for cell in outcome.value.cells if cell.ran]
    assert printed[1:] == [
        "refused FileNotFoundError",
        "refused ConnectionRefusedError",
        "the kernel still answers",
    ], printed
    assert not reached
