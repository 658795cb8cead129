"""Settings from configuration files (``halflow.toml``, ``pyproject.toml``
``[tool.halflow]``, the user file), environment variables and flags, as a
user meets them: real files in temporary directories, real ``halflow``
processes, real builds whose caches and outputs show that each setting took
effect. The user's own configuration is never read (tests/conftest.py
points ``XDG_CONFIG_HOME`` at a scratch directory; here each test has its
own).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.engine import corpus_file, reference_output, run_halflow, subprocess_env
from test_codegen import FLAGS, MLP_SHAPES, PROGRAMS, assert_same_outputs, plain_compile
from test_watch import WatchProcess

SETTING_VARS = ("HALFLOW_CACHE_DIR", "HALFLOW_CONFIG", "HALFLOW_CACHE_READ_ONLY",
                "HALFLOW_EXECUTOR", "HALFLOW_SCHEDULER", "HALFLOW_JOBS", "HALFLOW_IREE_FLAGS")


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    """A process environment whose user config and cache homes are in
    ``tmp_path`` (``xdg-config``, ``xdg-cache``), with no setting variable."""
    return subprocess_env(XDG_CONFIG_HOME=str(tmp_path / "xdg-config"),
                          XDG_CACHE_HOME=str(tmp_path / "xdg-cache"),
                          **dict.fromkeys(SETTING_VARS))


def ok(proc) -> str:
    err = proc.stderr.decode(errors="replace")
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    return proc.stdout.decode()


def settings(env: dict[str, str], *args: str | Path, cwd: Path | None = None) -> dict:
    """``halflow config --json ARGS``: setting -> (value, source)."""
    data = json.loads(ok(run_halflow("config", "--json", *args, env=env, cwd=cwd)))
    return {name: (v["value"], v["source"]) for name, v in data["settings"].items()}


def user_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "xdg-config" / "halflow" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_each_layer_overrides_the_one_below(tmp_path: Path, home: dict[str, str]) -> None:
    project = tmp_path / "proj"
    (project / "src" / "deep").mkdir(parents=True)
    model = project / "src" / "deep" / "m.mlir"
    model.write_text("")
    default_cache = str(tmp_path / "xdg-cache" / "halflow")

    got = settings(home, model)
    assert got["jobs"] == (None, "default") and got["executor"] == ("local", "default")
    assert got["cache-dir"] == (default_cache, "default")
    assert got["iree-flags"] == ([], "default") and got["cache-read-only"] == (False, "default")

    user = user_file(tmp_path, 'jobs = 2\nexecutor = "dask"\ncache-dir = "~/c"\n')
    got = settings(home, model)
    assert got["jobs"] == (2, str(user)) and got["executor"] == ("dask", str(user))
    assert got["cache-dir"][0] == str(Path("~/c").expanduser())

    # A pyproject.toml above the input, found by walking up; its paths are
    # relative to its directory.
    (project / "pyproject.toml").write_text(
        '[project]\nname = "p"\n\n[tool.halflow]\njobs = 3\ncache-dir = "build/cache"\n')
    pyproject = f"{project / 'pyproject.toml'} [tool.halflow]"
    got = settings(home, model)
    assert got["jobs"] == (3, pyproject) and got["executor"] == ("dask", str(user))
    assert got["cache-dir"] == (str(project / "build" / "cache"), pyproject)
    # halflow.toml beats pyproject.toml in the same directory ...
    (project / "halflow.toml").write_text("jobs = 4\n")
    assert settings(home, model)["jobs"] == (4, str(project / "halflow.toml"))
    # ... and the nearest project file is the one used (no merging).
    (project / "src" / "halflow.toml").write_text("jobs = 5\n")
    got = settings(home, model)
    assert got["jobs"] == (5, str(project / "src" / "halflow.toml"))
    assert got["cache-dir"] == (str(Path("~/c").expanduser()), str(user))
    # Environment variables beat files, flags beat everything.
    env = {**home, "HALFLOW_JOBS": "6", "HALFLOW_CACHE_DIR": str(tmp_path / "env-cache"),
           "HALFLOW_IREE_FLAGS": "--a=1 '--b=two words'"}
    got = settings(env, model)
    assert got["jobs"] == (6, "env HALFLOW_JOBS")
    assert got["cache-dir"] == (str(tmp_path / "env-cache"), "env HALFLOW_CACHE_DIR")
    assert got["iree-flags"] == (["--a=1", "--b=two words"], "env HALFLOW_IREE_FLAGS")
    got = settings(env, model, "-j", "7", "--cache-dir", tmp_path / "flag-cache", "--", "--x")
    assert got["jobs"] == (7, "flag") and got["iree-flags"] == (["--x"], "flag")
    assert got["cache-dir"] == (str(tmp_path / "flag-cache"), "flag")
    # $HALFLOW_CONFIG replaces the user file.
    other = tmp_path / "team.toml"
    other.write_text('scheduler = "tcp://sched:8786"\n')
    got = settings({**home, "HALFLOW_CONFIG": str(other)}, model)
    assert got["scheduler"] == ("tcp://sched:8786", str(other))
    assert got["executor"] == ("local", "default")
    # Without an input: the current directory's project file.
    assert settings(home, cwd=project)["jobs"] == (4, str(project / "halflow.toml"))


def test_config_prints_values_and_sources(tmp_path: Path, home: dict[str, str]) -> None:
    (tmp_path / "halflow.toml").write_text(
        'max-size = "2G"\niree-flags = ["--iree-hal-target-device=local"]\n')
    out = ok(run_halflow("config", env={**home, "HALFLOW_CACHE_READ_ONLY": "1"}, cwd=tmp_path))
    lines = out.splitlines()
    assert lines[0] == f"project file: {tmp_path / 'halflow.toml'}"
    assert lines[1] == "user file: none"
    rows = {line.split()[0]: line.split(None, 1)[1] for line in lines[2:]}
    assert list(rows) == ["cache-dir", "max-size", "cache-read-only", "executor", "scheduler",
                          "scheduler-timeout", "jobs", "iree-flags", "remote-cache",
                          "remote-read-only", "remote-ttl", "remote-timeout", "remote-secret",
                          "server", "server-vmfb", "server-idle-timeout", "strict"]
    assert rows["server-idle-timeout"].split() == ["600.0", "default"]
    assert rows["remote-secret"].split() == ["none", "default"]
    assert rows["max-size"].split() == ["2.0", "GiB", str(tmp_path / "halflow.toml")]
    assert rows["cache-read-only"].split() == ["true", "env", "HALFLOW_CACHE_READ_ONLY"]
    assert rows["iree-flags"].split() == ["--iree-hal-target-device=local",
                                          str(tmp_path / "halflow.toml")]
    assert rows["executor"].split() == ["local", "default"]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("halflow.toml", 'cache-dir = "c"\njobz = 3\n',
         "halflow.toml:2:1: error: unknown setting 'jobz' (did you mean 'jobs'?)"),
        ("halflow.toml", 'executor = "local"\n  jobs = "four"\n',
         "halflow.toml:2:3: error: jobs: expected an integer of at least 1, got 'four'"),
        ("halflow.toml", 'cache-dir = "unclosed\n',
         "halflow.toml:1:22: error: invalid TOML: Illegal character"),
        ("halflow.toml", "iree-flags = \"--one-string\"\n",
         "halflow.toml:1:1: error: iree-flags: expected a list of strings"),
        ("halflow.toml", 'max-size = "lots"\n',
         "halflow.toml:1:1: error: max-size: expected a size such as"),
        # A number or a boolean in quotes is a string in TOML: not guessed.
        ("halflow.toml", 'jobs = "8"\n',
         "halflow.toml:1:1: error: jobs: expected an integer of at least 1, got '8'"),
        ("halflow.toml", 'remote-timeout = "2"\n',
         "halflow.toml:1:1: error: remote-timeout: expected a number of seconds above 0, "
         "got '2'"),
        ("halflow.toml", 'cache-read-only = "yes"\n',
         "halflow.toml:1:1: error: cache-read-only: expected true or false, got 'yes'"),
        ("pyproject.toml", '[project]\nname = "p"\n\n[tool.halflow]\nexecutor = "dusk"\n',
         "pyproject.toml:5:1: error: executor: expected one of 'local', 'dask', got 'dusk'"),
        ("pyproject.toml", '[tool.halflow.cache]\ndir = "x"\n',
         "pyproject.toml:1:1: error: unknown setting 'cache' in [tool.halflow]"),
        ("pyproject.toml", '[tool]\nhalflow = 3\n',
         "pyproject.toml:2:1: error: [tool.halflow] must be a table of settings"),
    ],
)
def test_bad_files_are_diagnostics(tmp_path: Path, home: dict[str, str], name: str, text: str,
                                   message: str) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / name).write_text(text)
    src = project / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    for args in (["config"], ["build", src, "-o", project / "out.mlir"],
                 ["build", src, "-o", project / "out.mlir", "--explain"],
                 ["graph", src], ["cache", "stats"]):
        run = run_halflow(*args, env=home, cwd=project)
        err = run.stderr.decode()
        assert run.returncode == 1, (args, err)
        assert err.startswith(str(project / message.split(":", 1)[0]) + ":" +
                              message.split(":", 1)[1]), (args, err)
        assert "Traceback" not in err and run.stdout == b""
    assert sorted(p.name for p in project.iterdir()) == sorted([name, "m.mlir"])
    assert not (tmp_path / "xdg-cache").exists()


def test_bad_user_file_and_variables(tmp_path: Path, home: dict[str, str]) -> None:
    user_file(tmp_path, "[cache]\n")
    run = run_halflow("config", env=home)
    assert run.returncode == 1
    user = tmp_path / "xdg-config" / "halflow" / "config.toml"
    assert run.stderr.decode().startswith(f"{user}:1:1: error: unknown setting 'cache'")
    missing = tmp_path / "nope.toml"
    run = run_halflow("build", "-o", tmp_path / "o.mlir",
                      env={**home, "HALFLOW_CONFIG": str(missing)})
    assert run.returncode == 1 and not (tmp_path / "o.mlir").exists()
    assert run.stderr.decode() == (f"{missing}:0:0: error: no such configuration file "
                                   "(named by $HALFLOW_CONFIG)\n")
    (tmp_path / "xdg-config" / "halflow" / "config.toml").unlink()
    run = run_halflow("config", env={**home, "HALFLOW_JOBS": "many"})
    assert run.returncode == 1
    assert run.stderr.decode() == ("halflow:0:0: error: $HALFLOW_JOBS: expected an integer of "
                                   "at least 1, got 'many'\n")


@pytest.mark.parametrize("variable", ["HALFLOW_CACHE_READ_ONLY", "HALFLOW_REMOTE_READ_ONLY"])
def test_boolean_variables_are_strict(tmp_path: Path, home: dict[str, str],
                                      variable: str) -> None:
    """1/true/yes/on and 0/false/no/off/empty (any case); anything else is
    an error before anything is built, not read-only by accident."""
    setting = variable.removeprefix("HALFLOW_").lower().replace("_", "-")
    for word, value in (("1", True), ("TRUE", True), ("yes", True), ("On", True),
                        ("0", False), ("false", False), ("no", False), ("OFF", False),
                        ("", False)):
        assert settings({**home, variable: word})[setting] == (value, f"env {variable}"), word
    out = tmp_path / "o.mlir"
    for word in ("maybe", "2", "y"):
        for args in (["config"], ["build", corpus_file("mlp_s.mlir"), "-o", out]):
            run = run_halflow(*args, env={**home, variable: word})
            assert run.returncode == 1, (word, args)
            assert run.stderr.decode() == (
                f"halflow:0:0: error: ${variable}: expected 1/0, true/false, yes/no or on/off, "
                f"got '{word}'\n")
    assert not out.exists() and not (tmp_path / "xdg-cache").exists()


def contents(cache: Path, env: dict[str, str]) -> tuple:
    """What the cache holds: entries by kind and the history of builds."""
    s = json.loads(ok(run_halflow("cache", "stats", "--json", "--cache-dir", cache, env=env)))
    return s["entries"], s["by_kind"], s["history"]


def history_modes(cache: Path) -> list[str]:
    return [json.loads(line)["mode"] for line in (cache / "builds.jsonl").read_text().splitlines()]


def test_cache_dir_setting_is_the_cache_of_every_command(tmp_path: Path,
                                                         home: dict[str, str]) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "halflow.toml").write_text('cache-dir = ".halflow-cache"\n')
    cache = project / ".halflow-cache"
    src = project / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    out = tmp_path / "out.mlir"
    # From another directory: the project file is found from the input.
    ok(run_halflow("build", src, "-o", out, env=home, cwd=tmp_path))
    assert out.read_text() == reference_output(src)
    assert (cache / "cache.db").is_file()
    ok(run_halflow("build", src, "-o", out, env=home, cwd=tmp_path))  # the up-to-date check
    ok(run_halflow("build", src, "-o", out, "--report", tmp_path / "r.json", env=home))
    assert json.loads((tmp_path / "r.json").read_text())["mode"] == "noop"
    assert history_modes(cache) == ["whole", "up-to-date", "noop"]
    # graph reads that cache (the last build is there: nothing changed) ...
    graph = json.loads(ok(run_halflow("graph", src, "--format", "json", "--view", "nodes",
                                      env=home)))
    assert graph["nodes"] and not any(n.get("changed") for n in graph["nodes"])
    # ... cache commands find it from the current directory ...
    stats = json.loads(ok(run_halflow("cache", "stats", "--json", env=home, cwd=project)))
    assert stats["directory"] == str(cache) and stats["entries"] > 0
    # ... and the library reads it only when asked.
    import halflow
    from halflow.core import config

    result = halflow.build(src, config=config.load(src))
    assert result.report["mode"] == "noop"
    assert len(history_modes(cache)) == 4
    halflow.build(src)  # the default: no file read, the default cache (the tests' scratch one)
    assert len(history_modes(cache)) == 4
    assert halflow.build(src, config=True).report["mode"] == "noop"
    assert len(history_modes(cache)) == 5
    # Nothing went to the default cache.
    assert not (tmp_path / "xdg-cache").exists()


def read_only_project(tmp_path: Path, home: dict[str, str]) -> tuple[Path, Path, tuple]:
    """A built cache, a project file that makes it read-only, and an edit
    of the input: the input, the cache and what the cache held."""
    src = tmp_path / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    cache = tmp_path / "cache"
    ok(run_halflow("build", src, "-o", tmp_path / "a.mlir", "--cache-dir", cache, env=home))
    before = contents(cache, home)
    (tmp_path / "halflow.toml").write_text('cache-dir = "cache"\ncache-read-only = true\n')
    src.write_text(src.read_text().replace("1.280000e+02", "2.560000e+02", 1))
    return src, cache, before


def test_read_only_setting_writes_nothing(tmp_path: Path, home: dict[str, str]) -> None:
    src, cache, before = read_only_project(tmp_path, home)
    for args in ([], ["--report", tmp_path / "r.json"]):
        ok(run_halflow("build", src, "-o", tmp_path / "b.mlir", *args, env=home))
        assert (tmp_path / "b.mlir").read_text() == reference_output(src)
        assert contents(cache, home) == before
    # The build used the cache (the last build's state): an incremental one.
    assert json.loads((tmp_path / "r.json").read_text())["mode"] == "incremental"


def test_max_size_setting_and_the_caches_own_limit(tmp_path: Path, home: dict[str, str]) -> None:
    cache = tmp_path / "cache"
    (tmp_path / "halflow.toml").write_text(f'cache-dir = "{cache}"\nmax-size = "300K"\n')
    # The inputs are in the project (its file is found from their directory).
    for name in ("mlp_s.mlir", "gpt2_l2.mlir", "llama_l2.mlir"):
        shutil.copyfile(corpus_file(name), tmp_path / name)
    for name in ("mlp_s.mlir", "gpt2_l2.mlir"):
        src = tmp_path / name
        ok(run_halflow("build", src, "-o", tmp_path / f"{name}.out", env=home))
        assert (tmp_path / f"{name}.out").read_text() == reference_output(src)
    stats = json.loads(ok(run_halflow("cache", "stats", "--json", env=home, cwd=tmp_path)))
    assert stats["max_size"] == 300 * 1024 and 0 < stats["bytes"] <= 300 * 1024
    shown = ok(run_halflow("cache", "max-size", env=home, cwd=tmp_path))
    assert shown == ("none (the max-size setting applies: 300.0 KiB, from "
                     f"{tmp_path / 'halflow.toml'})\n")
    # The cache's own limit (cache max-size) wins over the setting.
    ok(run_halflow("cache", "max-size", "4M", env=home, cwd=tmp_path))
    ok(run_halflow("build", tmp_path / "llama_l2.mlir", "-o", tmp_path / "l.out", env=home))
    stats = json.loads(ok(run_halflow("cache", "stats", "--json", env=home, cwd=tmp_path)))
    assert stats["max_size"] == 4 * 2**20 and 300 * 1024 < stats["bytes"] <= 4 * 2**20
    assert settings(home, cwd=tmp_path)["max-size"] == (
        4 * 2**20, f"{cache / 'settings.json'} (cache max-size)")


def test_iree_flags_setting_reaches_vmfb_builds(tmp_path: Path, home: dict[str, str]) -> None:
    src = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)
    flags = ", ".join(json.dumps(f) for f in FLAGS)
    (tmp_path / "halflow.toml").write_text(f'cache-dir = "cache"\niree-flags = [{flags}]\n')
    out, report = tmp_path / "mlp.vmfb", tmp_path / "r.json"
    ok(run_halflow("build", src, "--to", "vmfb", "-o", out, "--report", report, env=home))
    assert json.loads(report.read_text())["codegen_summary"]["compiled"] > 0
    assert_same_outputs(out, plain_compile(src, tmp_path / "plain.vmfb"), MLP_SHAPES)
    # The same flags on the command line: the same build, up to date.
    ok(run_halflow("build", src, "--to", "vmfb", "-o", out, "--report", report, "--", *FLAGS,
                   env=home))
    assert json.loads(report.read_text())["mode"] == "up-to-date"
    # The setting is part of what the up-to-date check compares: other
    # flags in the file are not up to date (here: a flag IREE rejects).
    (tmp_path / "halflow.toml").write_text(
        f'cache-dir = "cache"\niree-flags = [{flags}, "--iree-no-such-flag"]\n')
    run = run_halflow("build", src, "--to", "vmfb", "-o", out, "--report", report, env=home)
    assert run.returncode == 1, run.stderr.decode()
    assert b"--iree-no-such-flag" in run.stderr and b"Traceback" not in run.stderr


def test_an_unreachable_scheduler_fails_within_the_timeout(tmp_path: Path,
                                                           home: dict[str, str]) -> None:
    """Dask's own connect timeout is 30 s; the scheduler-timeout setting
    (default 5 s; here 1.5 s) bounds it: a diagnostic naming the address,
    exit 1, no output."""
    import time

    src = tmp_path / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    out = tmp_path / "m.vmfb"
    for env, bound in (({"HALFLOW_SCHEDULER_TIMEOUT": "1.5"}, 1.5),):
        started = time.monotonic()
        run = run_halflow("build", src, "--to", "vmfb", "-o", out, "--executor", "dask",
                          "--scheduler", "tcp://127.0.0.1:9", "--cache-dir", tmp_path / "c",
                          "--", *FLAGS, env={**home, **env})
        took = time.monotonic() - started
        err = run.stderr.decode()
        assert run.returncode == 1 and "Traceback" not in err, err
        assert (f"error: cannot reach the Dask scheduler at tcp://127.0.0.1:9: Timed out "
                f"trying to connect to tcp://127.0.0.1:9 after {bound:g} s") in err, err
        assert bound <= took < bound + 15, took  # + starting Python, IREE, Dask
        assert not out.exists()


def test_executor_and_scheduler_settings_reach_codegen(tmp_path: Path,
                                                       home: dict[str, str]) -> None:
    src = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)
    (tmp_path / "halflow.toml").write_text(
        'executor = "dask"\nscheduler = "tcp://127.0.0.1:9"\ncache-dir = "cache"\njobs = 1\n')
    env = {**home, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"}
    run = run_halflow("build", src, "--to", "vmfb", "-o", tmp_path / "m.vmfb", "--", *FLAGS,
                      env=env)
    err = run.stderr.decode()
    assert run.returncode == 1, err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert "Traceback" not in err and not (tmp_path / "m.vmfb").exists()
    # A flag beats the setting: the local executor builds, with the jobs
    # of the setting (the trace has a row per process that compiled).
    trace = tmp_path / "t.json"
    ok(run_halflow("build", src, "--to", "vmfb", "-o", tmp_path / "m.vmfb", "--executor",
                   "local", "--trace", trace, "--", *FLAGS, env=env))
    assert (tmp_path / "m.vmfb").is_file()
    rows = {e["args"]["name"] for e in json.loads(trace.read_text())["traceEvents"]
            if e.get("name") == "process_name"}
    assert len([r for r in rows if r.startswith("worker ")]) == 1, rows
    # The scheduler of the setting goes with the dask executor only; a
    # --scheduler flag needs it.
    run = run_halflow("build", src, "--to", "vmfb", "-o", tmp_path / "n.vmfb", "--executor",
                      "local", "--scheduler", "tcp://h:1", "--", *FLAGS, env=env)
    assert run.returncode == 2 and b"--scheduler needs --executor dask" in run.stderr


@pytest.mark.parametrize("where", ["cache", "setting"])
def test_watch_keeps_the_lasting_size_limit(tmp_path: Path, home: dict[str, str],
                                            where: str) -> None:
    """The limit applies after every build of a watch, as after `halflow
    build` (the first build of a watch writes its whole state): the
    cache's own (``cache max-size``), or the ``max-size`` setting of the
    project file (whose ``cache-dir`` the watch uses too)."""
    cache = tmp_path / "cache"
    ok(run_halflow("build", corpus_file("gpt2_l2.mlir"), "-o", tmp_path / "g.mlir",
                   "--cache-dir", cache, env=home))
    limit = 200 * 1024
    if where == "cache":
        ok(run_halflow("cache", "max-size", "200K", "--cache-dir", cache, env=home))
        args = ["--cache-dir", str(cache)]
    else:
        (tmp_path / "halflow.toml").write_text('cache-dir = "cache"\nmax-size = "200K"\n')
        args = []

    def held() -> int:
        stats = json.loads(ok(run_halflow("cache", "stats", "--json", "--cache-dir", cache,
                                          env=home)))
        return int(stats["bytes"])

    shutil.copyfile(corpus_file("llama_l2.mlir"), tmp_path / "m.mlir")
    proc = WatchProcess(["m.mlir", "-o", "out.mlir", *args], tmp_path, env=home)
    try:
        proc.wait_line(lambda s: s.startswith("halflow: watching"), what="the first build")
        assert (tmp_path / "out.mlir").read_text() == reference_output(tmp_path / "m.mlir")
        assert 0 < held() <= limit
    finally:
        assert proc.stop() == 0
    assert 0 < held() <= limit


def test_watch_honours_the_read_only_setting(tmp_path: Path, home: dict[str, str]) -> None:
    src, cache, before = read_only_project(tmp_path, home)
    proc = WatchProcess(["m.mlir", "-o", "out.mlir"], tmp_path, env=home)
    try:
        proc.wait_line(lambda s: s.startswith("halflow: watching"), what="the first build")
        assert (tmp_path / "out.mlir").read_text() == reference_output(src)
    finally:
        assert proc.stop() == 0  # stopping writes the session's states: not to this cache
    assert contents(cache, home) == before
    run = run_halflow("watch", "m.mlir", "-o", "m.vmfb", "--to", "vmfb", "--", *FLAGS,
                      env=home, cwd=tmp_path)
    assert run.returncode == 2 and b"cannot use a read-only cache" in run.stderr


def test_graph_creates_no_cache(tmp_path: Path, home: dict[str, str]) -> None:
    src = tmp_path / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    missing = tmp_path / "missing"
    empty = tmp_path / "empty"
    empty.mkdir()
    for args in (["--cache-dir", missing], ["--cache-dir", empty], []):
        dot = ok(run_halflow("graph", src, *args, env=home))
        assert dot.startswith("digraph")
    # Nor does a read-only build.
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-read-only", "--cache-dir",
                   missing, env=home))
    assert not missing.exists() and list(empty.iterdir()) == []
    assert not (tmp_path / "xdg-cache").exists()
