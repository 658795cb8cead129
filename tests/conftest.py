"""Shared fixtures: where the test inputs live and how to run the tools.

The corpus files the tests use ship with the repository
(``tests/data/corpus``, copies of ``../shared/corpus``), so the suite runs
in any clone. IREE's own conformance file (its lit test input) may not be
shipped: it is read from ``../shared/conformance`` next to the repository
(``HALFLOW_SHARED`` points elsewhere), and the tests that need it skip,
saying why, when it is absent.

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

from support.engine import CORPUS  # noqa: E402
from support.engine import conformance_file as find_conformance_file  # noqa: E402


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
                 "HALFLOW_EXECUTOR", "HALFLOW_SCHEDULER", "HALFLOW_SCHEDULER_TIMEOUT",
                 "HALFLOW_JOBS", "HALFLOW_IREE_FLAGS"):
        os.environ.pop(name, None)
    # The tests of the incremental path build small programs, which the
    # default strategy compiles plainly (halflow.codegen.strategy): the suite
    # forces the incremental path; tests/test_codegen_plain.py sets the
    # strategy itself.
    os.environ["HALFLOW_VMFB_STRATEGY"] = "incremental"
    # The drop-in (halflow iree-compile, the masquerade directory) runs
    # strict: a failure of halflow's own path is an error, never hidden by
    # the fallback to the real iree-compile (tests/test_dropin.py turns it
    # off where it tests the fallback).
    os.environ["HALFLOW_STRICT"] = "1"
    # Nor the user's shared cache: the tests that use one start their own.
    for name in [n for n in os.environ if n.startswith("HALFLOW_REMOTE_")]:
        os.environ.pop(name)
    # Nor the user's build servers (halflow.cli.server_client): a scratch
    # runtime directory, whose servers are stopped at the end. The suite
    # builds with the server off (HALFLOW_TEST_SERVER=1: on, as users get
    # it): its tests start `python -m halflow` from many working
    # directories (each another installation, so another server lingering
    # for its idle timeout) and observe processes and timings of their own;
    # tests/test_server.py runs the command's behaviours through a real
    # server and compares them with the local runs byte for byte.
    os.environ["HALFLOW_RUNTIME_DIR"] = os.path.join(scratch, "runtime")
    os.environ.pop("HALFLOW_SERVER_IDLE_TIMEOUT", None)
    if os.environ.get("HALFLOW_TEST_SERVER") == "1":
        os.environ.pop("HALFLOW_SERVER", None)
    else:
        os.environ["HALFLOW_SERVER"] = "0"


def pytest_unconfigure(config: pytest.Config) -> None:
    scratch = getattr(config, "_halflow_xdg_cache", None)
    if scratch:
        from support.build_server import stop_servers

        stop_servers(Path(scratch) / "runtime")
        shutil.rmtree(scratch, ignore_errors=True)


def corpus_files() -> list[Path]:
    """Every corpus file of the repository, smallest first (quick failures
    come first)."""
    files = sorted(CORPUS.glob("*.mlir"), key=lambda p: (p.stat().st_size, p.name))
    if not files:
        pytest.fail(f"no *.mlir files in {CORPUS}", pytrace=False)
    return files


def corpus_file(name: str) -> Path:
    path = CORPUS / name
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
def conformance_file() -> Path:
    """IREE's conformance file (``../shared/conformance``); the test is
    skipped, saying why, where it is absent (the project may not ship it)."""
    path = find_conformance_file()
    if path is None:
        pytest.skip("IREE's conformance file (iree_materialize_interfaces.split.mlir) is not "
                    "in ../shared/conformance or $HALFLOW_SHARED/conformance: it is IREE's "
                    "lit input, which the repository may not ship", allow_module_level=False)
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


def missing_tool(message: str) -> None:
    """A system tool a test needs is absent: skip, saying which, except
    under CI (``CI=true``), where that is a failure (``.ci/run`` runs
    tests/system_tools.sh, which installs them)."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture
def graphviz() -> str:
    """Graphviz's ``dot``, for the tests that render SVG."""
    found = shutil.which("dot")
    if found is None:
        missing_tool("Graphviz's dot is not on PATH (apt-get install graphviz; "
                     "tests/system_tools.sh installs it as root)")
    return str(found)


@pytest.fixture
def redis_server(tmp_path: Path):
    """``redis_server(password=None, acl=None)``: a real ``redis-server`` on
    a free loopback port (:class:`support.redis_server.RedisServer`,
    its files under ``tmp_path``), killed at teardown; absent, see
    :func:`missing_tool`."""
    from support.redis_server import RedisServer, find_redis_server

    if find_redis_server() is None:
        missing_tool("redis-server is not installed (apt-get install redis-server; "
                     "tests/system_tools.sh installs it as root): the shared-cache tests "
                     "need a real one")
    started: list[RedisServer] = []

    def start(**kwargs: object) -> RedisServer:
        server = RedisServer(tmp_path / f"redis{len(started)}", **kwargs)  # type: ignore[arg-type]
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()
