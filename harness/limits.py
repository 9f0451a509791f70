"""Resource limits for running one submission: what config.yaml sets and the sandbox enforces."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# How a working copy's disk use is capped: "tmpfs", a tmpfs of the cap's size and inode count
# wherever the grader may mount one (as root), else watched; "watched", the supervisor measures
# it while student code runs and kills the code past the cap (it uses no memory, and a fast
# writer can go past the cap between two looks).
DiskMethod = Literal["tmpfs", "watched"]
COPY_MB = 20  # limits.copy_mb's default (a DiskCap made without one gets it too)


@dataclass(frozen=True)
class DiskCap:
    """How much one working copy may hold: bytes and inodes (files, folders, links)."""

    mib: int
    files: int
    method: DiskMethod = "tmpfs"
    copy_mib: int = COPY_MB  # what the submission's own files may add up to, copied in

    @property
    def copy_bytes(self) -> int:
        return self.copy_mib << 20

    @property
    def bytes(self) -> int:
        return self.mib << 20

    @property
    def text(self) -> str:
        """ "32 MiB and 10,000 files"."""
        return f"{self.mib} MiB and {self.files:,} files"


class Limits(BaseModel):
    """Defaults live here and only here; config.yaml overrides them per assignment."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    time: float = Field(default=1.0, gt=0, description="CPU seconds per call")
    load_time: float = Field(default=5.0, gt=0, description="seconds to import the module")
    memory_mb: int = Field(
        default=512,
        ge=64,
        description="memory of each student process and all it starts (the memory cgroup's "
        "limit; RLIMIT_AS alone where there is none)",
    )
    output_kb: int = Field(default=8192, ge=1, description="stdout + stderr allowed per call")
    reply_kb: int = Field(default=1024, ge=1, description="size of one encoded return value")
    processes: int = Field(
        default=16,
        ge=0,
        description="RLIMIT_NPROC: processes and threads of the worker's uid (a dedicated uid "
        "counts threads too; ignored for root, where the pids cgroup bounds them)",
    )
    open_files: int = Field(default=64, ge=16, description="RLIMIT_NOFILE")
    file_size_mb: int = Field(default=16, ge=0, description="RLIMIT_FSIZE")
    disk_mb: int = Field(
        default=32,
        ge=4,
        le=1024,
        description="what one working copy may hold, MiB (a C++ build needs about 1; as a "
        "tmpfs this is memory)",
    )
    disk_files: int = Field(
        default=10_000,
        ge=256,
        le=1_000_000,
        description="files, folders and links one working copy may hold",
    )
    copy_mb: int = Field(
        default=COPY_MB,
        ge=1,
        le=1024,
        description="what the submission's own files may add up to, MiB, copied into its "
        "working copy (past it, or past disk_mb, it is not graded, and the file that took it "
        "past is named)",
    )
    disk_cap: DiskMethod = Field(
        default="tmpfs",
        description="tmpfs: each working copy is a tmpfs of that size where the grader may "
        "mount one (as root), watched elsewhere; watched: the supervisor measures it while "
        "student code runs and stops the code past the cap",
    )
    timeouts_before_skip: int = Field(
        default=3,
        ge=0,
        description="after this many time-outs in a row in one item, its cases the reference "
        "finds no easier are not run (0: always run every case); an item's cases run from the "
        "cheapest to the hardest for the reference; board scenarios count only across stages "
        "(harness/kinds/streaks.py)",
    )
    wall_budget: float = Field(
        default=1.0,
        ge=0,
        description="the submission's wall-clock budget, as a multiple of the sum of its calls' "
        "CPU limits (plus load_time): past it, its other cases are TLE, not run, and it is not "
        "graded again (0: no budget)",
    )

    def with_time(self, seconds: float | None) -> Limits:
        return self if seconds is None else self.model_copy(update={"time": seconds})

    def budget_seconds(self, cpu_limits: Iterable[float]) -> float:
        """A submission's wall-clock budget, given the CPU limit of each of its calls: it stops
        one that sleeps (no CPU) on every other call, which no streak of time-outs ever stops."""
        if not self.wall_budget:
            return math.inf
        return self.load_time + self.wall_budget * sum(cpu_limits)

    @property
    def disk(self) -> DiskCap:
        return DiskCap(self.disk_mb, self.disk_files, self.disk_cap, self.copy_mb)

    @property
    def wall_seconds(self) -> float:
        """Wall-clock backstop for one call: laxer than the CPU limit that decides the verdict."""
        return 2 * self.time + 1.0


class IntakeLimits(BaseModel):
    """How much of a download `grade` reads (config.yaml `intake:`): every zip of one download
    together, the class's zip and the students' zips inside it (harness/intake/zips.py). A zip
    past one of them is refused whole, in one line naming the zip, the entry and the cap."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    total_mb: int = Field(
        default=512,
        ge=1,
        description="MiB the download's zips may hold once extracted",
    )
    entries: int = Field(
        default=20_000, ge=1, description="files and folders the download's zips may hold"
    )
    ratio: int = Field(
        default=200,
        ge=2,
        description="how many times its compressed size one entry may expand (checked for "
        "entries past 1 MiB: source code compresses 3 to 10 times, a zip bomb a thousand)",
    )
