"""Resource limits for running one submission: what config.yaml sets and the sandbox enforces."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


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
    processes: int = Field(default=0, ge=0, description="RLIMIT_NPROC (per uid; not for root)")
    open_files: int = Field(default=64, ge=16, description="RLIMIT_NOFILE")
    file_size_mb: int = Field(default=16, ge=0, description="RLIMIT_FSIZE")
    timeouts_before_skip: int = Field(
        default=3,
        ge=0,
        description="after this many time-outs in a row in one item, its other cases are not "
        "run (0: always run every case)",
    )

    def with_time(self, seconds: float | None) -> Limits:
        return self if seconds is None else self.model_copy(update={"time": seconds})

    @property
    def wall_seconds(self) -> float:
        """Wall-clock backstop for one call: laxer than the CPU limit that decides the verdict."""
        return 2 * self.time + 1.0
