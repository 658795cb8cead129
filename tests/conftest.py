"""Shared fixtures: where the shared inputs live and how to run the tools.

The shared inputs (``corpus/*.mlir``, IREE's conformance file) live next to
the repository in ``../shared``; ``HALFLOW_SHARED`` points elsewhere. They
are required: a missing directory fails the tests that need it with a clear
message rather than skipping them.

``iree-opt`` is the oracle. It is taken from the Python environment running
the tests (next to ``sys.executable``), then from ``PATH``; ``IREE_OPT``
overrides both.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
TESTS_DIR = REPO_ROOT / "tests"

# The tests hold *this checkout* to the oracle, also when another copy of
# halflow is installed (an editable install elsewhere, say).
if sys.path[:1] != [str(REPO_ROOT)]:
    sys.path.insert(0, str(REPO_ROOT))
CONFORMANCE_NAME = "iree_materialize_interfaces.split.mlir"


def pytest_configure(config: pytest.Config) -> None:
    """The tests and every process they start use a cache directory of
    their own, never the user's (``$XDG_CACHE_HOME/halflow``, the default
    cache of builds that name none): a scratch XDG cache home, removed at
    the end of the run; and no configuration of the user's."""
    import tempfile

    scratch = tempfile.mkdtemp(prefix="halflow-tests-xdg-cache-")
    config._halflow_xdg_cache = scratch  # type: ignore[attr-defined]
    os.environ["XDG_CACHE_HOME"] = scratch
    # Nor the user's configuration (halflow.core.config): an empty scratch
    # config home, and none of the settings' variables.
    os.environ["XDG_CONFIG_HOME"] = os.path.join(scratch, "config-home")
    for name in ("HALFLOW_CACHE_DIR", "HALFLOW_CONFIG", "HALFLOW_CACHE_READ_ONLY",
                 "HALFLOW_EXECUTOR", "HALFLOW_SCHEDULER", "HALFLOW_JOBS", "HALFLOW_IREE_FLAGS"):
        os.environ.pop(name, None)
    # Nor the user's shared cache: the tests that use one start their own.
    for name in [n for n in os.environ if n.startswith("HALFLOW_REMOTE_")]:
        os.environ.pop(name)


def pytest_unconfigure(config: pytest.Config) -> None:
    scratch = getattr(config, "_halflow_xdg_cache", None)
    if scratch:
        shutil.rmtree(scratch, ignore_errors=True)


def shared_dir() -> Path:
    """The shared input directory; raises ``pytest.fail`` if it is missing."""
    override = os.environ.get("HALFLOW_SHARED")
    path = Path(override) if override else REPO_ROOT.parent / "shared"
    if not (path / "corpus").is_dir():
        pytest.fail(
            f"shared inputs not found: {path}/corpus is not a directory. "
            "Check out the shared inputs next to the repository (../shared) "
            "or set HALFLOW_SHARED to their location.",
            pytrace=False,
        )
    return path


def corpus_files() -> list[Path]:
    """Every ``corpus/*.mlir``, smallest first (quick failures come first)."""
    files = sorted(
        (shared_dir() / "corpus").glob("*.mlir"), key=lambda p: (p.stat().st_size, p.name)
    )
    if not files:
        pytest.fail(f"no *.mlir files in {shared_dir() / 'corpus'}", pytrace=False)
    return files


def corpus_file(name: str) -> Path:
    path = shared_dir() / "corpus" / name
    if not path.is_file():
        pytest.fail(f"corpus file missing: {path}", pytrace=False)
    return path


def find_iree_opt() -> str:
    """Path of the ``iree-opt`` oracle; raises ``pytest.fail`` when absent."""
    override = os.environ.get("IREE_OPT")
    if override:
        return override
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    found = shutil.which("iree-opt", path=search)
    if found is None:
        pytest.fail(
            "iree-opt not found next to the Python interpreter or on PATH; "
            "install iree-base-compiler==3.13.0 or set IREE_OPT.",
            pytrace=False,
        )
    return found


def subprocess_env() -> dict[str, str]:
    """The environment for child processes: this checkout's ``halflow``
    comes first on ``PYTHONPATH`` so the code under test is what runs."""
    env = dict(os.environ)
    rest = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(REPO_ROOT) + (os.pathsep + rest if rest else "")
    return env


@dataclass(frozen=True)
class Run:
    """The outcome of one process."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str  # decoded with "replace": raw_stderr holds the bytes
    raw_stderr: bytes = field(default=b"", repr=False)

    def describe(self) -> str:
        return (
            f"$ {' '.join(self.args)}\nexit status {self.returncode}\n"
            f"--- stderr ---\n{self.stderr[-4000:]}"
        )


def run_process(
    args: Sequence[str], stdin: bytes | None = None, cwd: Path | None = None, timeout: float = 120
) -> Run:
    proc = subprocess.run(
        list(args),
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=subprocess_env(),
        timeout=timeout,
        check=False,
    )
    return Run(
        tuple(str(a) for a in args),
        proc.returncode,
        proc.stdout.decode("utf-8", errors="replace"),
        proc.stderr.decode("utf-8", errors="replace"),
        proc.stderr,
    )


RunTool = Callable[..., Run]


@pytest.fixture(scope="session")
def shared() -> Path:
    return shared_dir()


@pytest.fixture(scope="session")
def conformance_file(shared: Path) -> Path:
    path = shared / "conformance" / CONFORMANCE_NAME
    if not path.is_file():
        pytest.fail(f"IREE conformance file missing: {path}", pytrace=False)
    return path


@pytest.fixture(scope="session")
def iree_opt_path() -> str:
    return find_iree_opt()


@pytest.fixture(scope="session")
def run_halflow() -> RunTool:
    """``run_halflow(*args, stdin=None, cwd=None)``: the CLI as a process
    (``python -m halflow``) with this checkout on ``PYTHONPATH``."""

    def run(*args: object, stdin: bytes | None = None, cwd: Path | None = None) -> Run:
        return run_process(
            [sys.executable, "-m", "halflow", *(str(a) for a in args)], stdin=stdin, cwd=cwd
        )

    return run


@pytest.fixture(scope="session")
def run_iree_opt(iree_opt_path: str) -> RunTool:
    """``run_iree_opt(*args, stdin=None, cwd=None)``: ``iree-opt`` as a process."""

    def run(*args: object, stdin: bytes | None = None, cwd: Path | None = None) -> Run:
        return run_process([iree_opt_path, *(str(a) for a in args)], stdin=stdin, cwd=cwd)

    return run


@pytest.fixture(scope="session")
def iree_materialize(run_iree_opt: RunTool) -> Callable[..., Run]:
    """``iree_materialize(path, *extra)``: the oracle pass on a file."""

    def run(path: object, *extra: object, stdin: bytes | None = None) -> Run:
        return run_iree_opt("--iree-hal-materialize-interfaces", *extra, path, stdin=stdin)

    return run


@pytest.fixture
def redis_server(tmp_path: Path):
    """``redis_server(password=None, acl=None)``: a real ``redis-server`` on
    a free loopback port (:class:`support.redis_server.RedisServer`,
    its files under ``tmp_path``), killed at teardown. Absent
    ``redis-server``, the test is skipped with a message saying so, except
    under CI (``CI=true``), where that is a failure (``.ci/run`` installs it)."""
    from support.redis_server import RedisServer, find_redis_server

    if find_redis_server() is None:
        message = ("redis-server is not installed (apt-get install redis-server; "
                   ".ci/run installs it): the shared-cache tests need a real one")
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    started: list[RedisServer] = []

    def start(**kwargs: object) -> RedisServer:
        server = RedisServer(tmp_path / f"redis{len(started)}", **kwargs)  # type: ignore[arg-type]
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()
