"""The drop-in: ``halflow iree-compile`` takes ``iree-compile``'s own
command line and behaves as ``iree-compile`` (the oracle, run beside it):
the same exit status, stderr and output, a ``.vmfb`` byte-identical where
halflow compiles plainly and running bitwise equal where it builds
incrementally; the masquerade directory (``halflow shim-dir``) puts it
under ``compile_file``, ``compile_str`` and the shell; what it cannot cache
runs the real tool unchanged; a failure of its own falls back to the real
tool (or, strict, is an error); ``halflow cache stats`` counts it all.

Every test runs real processes. The suite runs strict (conftest); the
tests of the fallback turn it off.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO_ROOT, subprocess_env
from test_codegen import EDIT, FLAGS, MLP_SHAPES, PROGRAMS, assert_same_outputs

from halflow.codegen.tools import iree_compile as real_compile
from halflow.codegen.tools import iree_opt as real_opt

TWO_WORD = ["--iree-hal-target-device", "local", "--iree-hal-local-target-device-backends",
            "llvm-cpu", "--iree-llvmcpu-target-cpu", "host"]


def run(args: list[str], env: dict[str, str] | None = None, stdin: bytes | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    full = subprocess_env()
    full.update(env or {})
    return subprocess.run(args, input=stdin, capture_output=True, env=full, cwd=cwd,
                          check=False, timeout=300)


def halflow(*args: str, env: dict[str, str] | None = None, stdin: bytes | None = None,
            cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return run([sys.executable, "-m", "halflow", *args], env, stdin, cwd)


def plain(*args: str, stdin: bytes | None = None,
          cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return run([real_compile(), *args], stdin=stdin, cwd=cwd)


def dropin_counts(cache: Path) -> dict[str, int]:
    done = halflow("cache", "stats", "--json", env={"HALFLOW_CACHE_DIR": str(cache)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["dropin"]


@pytest.fixture
def program(tmp_path: Path) -> Path:
    source = tmp_path / "mlp.mlir"
    source.write_bytes((PROGRAMS / "mlp.mlir").read_bytes())
    return source


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def test_shell_form_with_two_word_flags_is_iree_compile_byte_for_byte(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """`-o X` among the flags, flags and values as two words, the input
    last: a small program compiles plainly, byte-identical to iree-compile,
    with its stderr; the same line again is answered from the cache."""
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    want = plain(*TWO_WORD, "-o", str(tmp_path / "plain.vmfb"), str(program))
    assert want.returncode == 0, want.stderr
    line = [*TWO_WORD[:2], "-o", str(tmp_path / "out.vmfb"), *TWO_WORD[2:], str(program)]
    got = halflow("iree-compile", *line, env=env)
    assert got.returncode == 0, got.stderr
    assert got.stderr == want.stderr and got.stdout == b""
    assert (tmp_path / "out.vmfb").read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    again = halflow("iree-compile", *line, env=env)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "out.vmfb").read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    assert dropin_counts(cache) == {"served:plain": 1, "served:up-to-date": 1}


def test_an_answer_from_the_cache_prints_iree_compiles_warnings_again(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """A target CPU left to IREE's default: iree-compile warns on every run,
    and so does every answer, built or from the cache (file to file, and
    stdin to stdout), as ccache replays a compiler's stderr."""
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    generic = TWO_WORD[:4]
    want = plain(str(program), *generic, "-o", str(tmp_path / "plain.vmfb"))
    assert want.returncode == 0 and b"warning" in want.stderr
    line = [str(program), *generic, "-o", str(tmp_path / "out.vmfb")]
    for _ in range(2):
        got = halflow("iree-compile", *line, env=env)
        assert (got.returncode, got.stderr) == (0, want.stderr)
    piped = plain("-", *generic, stdin=program.read_bytes())
    for _ in range(2):
        got = halflow("iree-compile", "-", *generic, env=env, stdin=program.read_bytes())
        assert (got.returncode, got.stderr, got.stdout) == (0, piped.stderr, piped.stdout)
    assert dropin_counts(cache) == {"served:plain": 2, "served:up-to-date": 2}


def test_output_spellings(program: Path, cache: Path, tmp_path: Path) -> None:
    """`-o=X` and `--o X` build; `-oX` and `--output-file X`, which
    iree-compile refuses, are refused in its words and status."""
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    want = plain(str(program), *FLAGS, "-o", str(tmp_path / "plain.vmfb"))
    assert want.returncode == 0
    for spelling in ([f"-o={tmp_path / 'a.vmfb'}"], ["--o", str(tmp_path / "b.vmfb")]):
        got = halflow("iree-compile", str(program), *FLAGS, *spelling, env=env)
        assert got.returncode == 0, got.stderr
    for name in ("a.vmfb", "b.vmfb"):
        assert (tmp_path / name).read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    for refused in ([f"-o{tmp_path / 'c.vmfb'}"], ["--output-file", str(tmp_path / "c.vmfb")]):
        want = plain(str(program), *FLAGS, *refused)
        got = halflow("iree-compile", str(program), *FLAGS, *refused, env=env)
        assert want.returncode != 0
        assert (got.returncode, got.stderr, got.stdout) == (want.returncode, want.stderr,
                                                            want.stdout)
    assert not (tmp_path / "c.vmfb").exists()


def test_stdin_to_stdout_is_byte_identical(program: Path, cache: Path) -> None:
    """`-` reads stdin, no -o writes stdout (what compile_str does): the
    bytes of `iree-compile - FLAGS`, also when answered from the cache."""
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    source = program.read_bytes()
    want = plain("-", *FLAGS, stdin=source)
    assert want.returncode == 0 and want.stdout.startswith(b"\x00") is False
    for _ in range(2):
        got = halflow("iree-compile", "-", *FLAGS, env=env, stdin=source)
        assert got.returncode == 0, got.stderr
        assert got.stdout == want.stdout and got.stderr == want.stderr
    assert dropin_counts(cache) == {"served:plain": 1, "served:up-to-date": 1}


def test_incremental_build_runs_bitwise_equal_and_an_edit_recompiles_one(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """On the incremental path (the suite's strategy) the drop-in's .vmfb
    runs bitwise equal to iree-compile's; after a one-dispatch edit it
    recompiles that dispatch only (the build's history line says so)."""
    env = {"HALFLOW_CACHE_DIR": str(cache)}
    out = tmp_path / "out.vmfb"
    for step in range(2):
        want = plain(str(program), *FLAGS, "-o", str(tmp_path / "plain.vmfb"))
        got = halflow("iree-compile", str(program), *FLAGS, "-o", str(out), env=env)
        assert got.returncode == 0, got.stderr
        assert want.returncode == 0
        assert_same_outputs(out, tmp_path / "plain.vmfb", MLP_SHAPES)
        if step == 0:
            program.write_text(program.read_text().replace(*EDIT))
    stats = json.loads(halflow("cache", "stats", "--json",
                               env={"HALFLOW_CACHE_DIR": str(cache)}).stdout)
    vmfb = [h for h in stats["history"] if h.get("mode") == "vmfb"]
    assert [h["executed"] for h in vmfb] == [4, 1]
    assert stats["dropin"] == {"served:groups": 2}


@pytest.mark.parametrize("args", [["--compile-to=flow"], ["--compile-to", "flow"],
                                  ["--output-format=vm-c"],
                                  ["--split-input-file", "--compile-to=input"]],
                         ids=["eq", "two-words", "vm-c", "split"])
def test_other_phases_and_formats_pass_through_byte_identical(
        program: Path, cache: Path, args: list[str]) -> None:
    env = {"HALFLOW_CACHE_DIR": str(cache)}
    want = plain(str(program), *FLAGS, *args)
    got = halflow("iree-compile", str(program), *FLAGS, *args, env=env)
    assert want.returncode == 0 and want.stdout
    assert (got.returncode, got.stdout, got.stderr) == (0, want.stdout, want.stderr)


def test_version_and_help_are_iree_compiles(cache: Path) -> None:
    env = {"HALFLOW_CACHE_DIR": str(cache)}
    for args in (["--version"], ["--help"], ["--iree-hal-list-target-backends"]):
        want, got = plain(*args), halflow("iree-compile", *args, env=env)
        assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout,
                                                            want.stderr)


def test_a_compile_error_has_iree_compiles_status_and_diagnostics(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """An error in the program (IREE diagnosing the input, not halflow
    failing): the same exit status and stderr, nothing written, and no
    fallback counted (strict or not)."""
    program.write_text(program.read_text().replace("arith.mulf", "arith.mulff", 1))
    out = tmp_path / "out.vmfb"
    want = plain(str(program), *FLAGS, "-o", str(out))
    assert want.returncode != 0 and b"error:" in want.stderr
    for strict in ("1", "0"):
        got = halflow("iree-compile", str(program), *FLAGS, "-o", str(out),
                      env={"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_STRICT": strict})
        assert (got.returncode, got.stderr, got.stdout) == (want.returncode, want.stderr, b"")
        assert not out.exists()
    assert dropin_counts(cache) == {"error": 2}


def test_an_unknown_flag_is_refused_in_iree_compiles_words(program: Path, cache: Path) -> None:
    args = [str(program), *FLAGS, "--no-such-flag=3", "-o", "/dev/null"]
    want = plain(*args)
    got = halflow("iree-compile", *args, env={"HALFLOW_CACHE_DIR": str(cache)})
    assert want.returncode != 0
    assert (got.returncode, got.stderr) == (want.returncode, want.stderr)


def test_a_dump_flag_still_writes_its_dumps(program: Path, cache: Path, tmp_path: Path) -> None:
    """--iree-hal-dump-executable-files-to: the real compiler runs (a cached
    build would not write the dumps); the dumps and the .vmfb are its (the
    .vmfb names the dumped sources: both write the same folder)."""
    import shutil

    env = {"HALFLOW_CACHE_DIR": str(cache)}
    dumps = tmp_path / "dumps"
    want = plain(str(program), *FLAGS, f"--iree-hal-dump-executable-files-to={dumps}",
                 "-o", str(tmp_path / "a.vmfb"))
    assert want.returncode == 0
    wanted = {p.name: p.read_bytes() for p in dumps.iterdir()}
    shutil.rmtree(dumps)
    got = halflow("iree-compile", str(program), *FLAGS, "--iree-hal-dump-executable-files-to",
                  str(dumps), "-o", str(tmp_path / "b.vmfb"), env=env)
    assert got.returncode == 0, got.stderr
    assert wanted and {p.name: p.read_bytes() for p in dumps.iterdir()} == wanted
    assert (tmp_path / "a.vmfb").read_bytes() == (tmp_path / "b.vmfb").read_bytes()


def test_an_internal_failure_falls_back_or_strictly_fails(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """halflow's own path fails (induced: a .vmfb strategy it does not
    know) on a program iree-compile builds. By default: the real compiler
    builds it (iree-compile's bytes), one warning line names the cause,
    the fallback is counted. Strict: exit 1, the cause named, nothing
    written."""
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "no-such-strategy"}
    want = plain(str(program), *FLAGS, "-o", str(tmp_path / "plain.vmfb"))
    assert want.returncode == 0
    out = tmp_path / "out.vmfb"
    strict = halflow("iree-compile", str(program), *FLAGS, "-o", str(out),
                     env={**env, "HALFLOW_STRICT": "1"})
    assert strict.returncode == 1 and not out.exists()
    assert strict.stderr.decode().splitlines() == [
        "halflow: error: halflow's own build failed where iree-compile succeeds (strict: no "
        "fallback): unknown .vmfb strategy 'no-such-strategy' (use auto, plain, incremental)"]
    got = halflow("iree-compile", str(program), *FLAGS, "-o", str(out),
                  env={**env, "HALFLOW_STRICT": "0"})
    assert got.returncode == 0
    assert out.read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    lines = got.stderr.decode().splitlines()
    assert lines[-1].startswith("halflow: warning: built by iree-compile after halflow's own "
                                "build failed: unknown .vmfb strategy")
    assert "\n".join(lines[:-1]).encode() + b"\n" == want.stderr or want.stderr == b""
    cause = "unknown .vmfb strategy 'no-such-strategy' (use auto, plain, incremental)"
    assert dropin_counts(cache) == {f"strict-failure:{cause}": 1, f"fallback:{cause}": 1}


def test_cache_stats_counts_each_outcome(program: Path, cache: Path, tmp_path: Path) -> None:
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    out = str(tmp_path / "out.vmfb")
    for args in ([str(program), *FLAGS, "-o", out], [str(program), *FLAGS, "-o", out],
                 [str(program), *FLAGS, "--compile-to=flow", "-o", "/dev/null"],
                 ["--version"], [str(program), *FLAGS, "--bogus", "-o", out]):
        halflow("iree-compile", *args, env=env)
    assert dropin_counts(cache) == {"served:plain": 1, "served:up-to-date": 1,
                                    "passed:--compile-to": 1, "passed:--version": 1,
                                    "passed:unknown option": 1}
    text = halflow("cache", "stats", env={"HALFLOW_CACHE_DIR": str(cache)}).stdout.decode()
    assert "  iree-compile (drop-in): 5 calls\n" in text
    assert "    served by halflow: 2 (1 up to date, 1 plainly)\n" in text
    assert "    passed through: 3\n" in text and "      1 --compile-to\n" in text
    halflow("cache", "stats", "--zero", env={"HALFLOW_CACHE_DIR": str(cache)})
    assert dropin_counts(cache) == {}


def test_local_path_flags_do_not_split_the_cache(program: Path, cache: Path,
                                                 tmp_path: Path) -> None:
    """The same build with the embedded linker named by two paths (two
    virtual environments): the second is up to date."""
    lld = Path(real_compile()).parent / "iree-lld"
    other = tmp_path / "venv2" / "iree-lld"
    other.parent.mkdir()
    other.symlink_to(lld)
    env = {"HALFLOW_CACHE_DIR": str(cache)}
    out = str(tmp_path / "out.vmfb")
    for path in (lld, other):
        got = halflow("iree-compile", str(program), *FLAGS,
                      f"--iree-llvmcpu-embedded-linker-path={path}", "-o", out, env=env)
        assert got.returncode == 0, got.stderr
    assert dropin_counts(cache) == {"served:groups": 1, "served:up-to-date": 1}


def test_a_response_file_is_read_as_iree_compile_reads_it(
        program: Path, cache: Path, tmp_path: Path) -> None:
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    (tmp_path / "args.txt").write_text(" ".join(TWO_WORD) + f" -o '{tmp_path / 'out.vmfb'}'\n")
    assert plain(str(program), f"@{tmp_path / 'args.txt'}").returncode == 0
    (tmp_path / "out.vmfb").rename(tmp_path / "plain.vmfb")
    got = halflow("iree-compile", str(program), f"@{tmp_path / 'args.txt'}", env=env)
    assert got.returncode == 0, got.stderr
    assert (tmp_path / "out.vmfb").read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    assert dropin_counts(cache) == {"served:plain": 1}


# -- the masquerade directory ----------------------------------------------------------------


def shim_dir() -> Path:
    done = halflow("shim-dir")
    assert done.returncode == 0, done.stderr
    folder = Path(done.stdout.decode().strip())
    assert (folder / "iree-compile").is_file() and (folder / "iree-opt").is_file()
    return folder


_COMPILE_BOTH = """
import sys
from iree.compiler.tools import compile_file, compile_str
from iree.compiler.tools.binaries import find_tool
source, out, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
print(find_tool("iree-compile"), file=sys.stderr)
compile_file(source, output_file=out, target_backends=["llvm-cpu"], extra_args=flags)
data = compile_str(open(source).read(), target_backends=["llvm-cpu"], extra_args=flags)
open(out + ".str", "wb").write(data)
"""


def test_compile_file_and_compile_str_go_through_the_shim(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """IREE_TOOL_PATH=$(halflow shim-dir): compile_file and compile_str
    run halflow (the shim is what find_tool finds), their outputs are
    byte-identical to those without it, and the second round is served
    from the cache."""
    folder = shim_dir()
    flags = ["--iree-llvmcpu-target-cpu=host"]
    script = [sys.executable, "-c", _COMPILE_BOTH, str(program)]
    want = run([*script, str(tmp_path / "plain.vmfb"), *flags])
    assert want.returncode == 0, want.stderr
    env = {"IREE_TOOL_PATH": str(folder), "HALFLOW_CACHE_DIR": str(cache),
           "HALFLOW_VMFB_STRATEGY": "auto"}
    for _ in range(2):
        got = run([*script, str(tmp_path / "out.vmfb"), *flags], env)
        assert got.returncode == 0, got.stderr
        assert got.stderr.decode().splitlines()[0] == str(folder / "iree-compile")
        for suffix in ("", ".str"):
            assert (tmp_path / f"out.vmfb{suffix}").read_bytes() == (
                tmp_path / f"plain.vmfb{suffix}").read_bytes()
    assert dropin_counts(cache) == {"served:plain": 2, "served:up-to-date": 2}


def test_the_shim_on_path_serves_the_shell_and_halflow_finds_the_real_tools(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """First on PATH and in IREE_TOOL_PATH: `iree-compile` is halflow's;
    halflow itself runs the real tools (no recursion), and its .vmfb runs
    as iree-compile's."""
    folder = shim_dir()
    env = {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}", "IREE_TOOL_PATH": str(folder),
           "HALFLOW_CACHE_DIR": str(cache)}
    got = run(["iree-compile", str(program), *FLAGS, "-o", str(tmp_path / "out.vmfb")], env)
    assert got.returncode == 0, got.stderr
    assert plain(str(program), *FLAGS, "-o", str(tmp_path / "plain.vmfb")).returncode == 0
    assert_same_outputs(tmp_path / "out.vmfb", tmp_path / "plain.vmfb", MLP_SHAPES)
    found = run([sys.executable, "-c", "from halflow.codegen import tools; "
                 "print(tools.iree_compile()); print(tools.iree_opt())"], env)
    assert [Path(p).parent.resolve() for p in found.stdout.decode().split()] == [
        Path(real_compile()).parent.resolve()] * 2
    # The wheel's iree-compile console script finds the shim too (find_tool).
    script = Path(sys.executable).parent / "iree-compile"
    got = run([str(script), str(program), *FLAGS, "-o", str(tmp_path / "out.vmfb")], env)
    assert got.returncode == 0, got.stderr
    assert dropin_counts(cache) == {"served:groups": 1, "served:up-to-date": 1}


def test_the_iree_opt_shim_serves_materialize_interfaces_only(
        cache: Path, tmp_path: Path) -> None:
    """`iree-opt X --iree-hal-materialize-interfaces` is halflow's build,
    byte-identical to iree-opt's; another pipeline passes through."""
    source = REPO_ROOT / "tests" / "data" / "corpus" / "mlp_s.mlir"
    folder = shim_dir()
    env = {"HALFLOW_CACHE_DIR": str(cache)}
    want = run([real_opt(), str(source), "--iree-hal-materialize-interfaces"])
    got = run([str(folder / "iree-opt"), str(source), "--iree-hal-materialize-interfaces"], env)
    assert want.returncode == 0
    assert (got.returncode, got.stdout, got.stderr) == (0, want.stdout, want.stderr)
    other = ["--iree-hal-materialize-interfaces", "--canonicalize"]
    want = run([real_opt(), str(source), *other])
    got = run([str(folder / "iree-opt"), str(source), *other], env)
    assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout,
                                                        want.stderr)
    assert dropin_counts(cache) == {
        "served:materialize": 1,
        "passed:not --iree-hal-materialize-interfaces alone": 1}


# -- in-process compiles (iree.compiler.api) ----------------------------------------------


# The calls iree-turbine's ExportOutput.compile makes (a buffer of the
# exported module, flags set on the session after the parse, a file or an
# in-memory output), with and without halflow.intercept().
_IN_PROCESS = """
import sys, contextlib
import halflow
from iree.compiler.api import Output, Session, Source

source = open(sys.argv[1], "rb").read()
out, intercepted, flags = sys.argv[2], sys.argv[3], sys.argv[4:]

def compile(save_to):
    session = Session()
    inv = session.invocation()
    inv.parse_source(Source.wrap_buffer(session, source))
    inv.enable_console_diagnostics()
    session.set_flags(*flags)
    if not inv.execute():
        raise RuntimeError("Compilation failed: See diagnostics")
    output = Output.open_membuffer() if save_to is None else Output.open_file(save_to)
    inv.output_vm_bytecode(output)
    output.keep()
    return output

with halflow.intercept() if intercepted == "1" else contextlib.nullcontext():
    compile(out)
    open(out + ".memory", "wb").write(bytes(compile(None).map_memory()))
"""


def test_intercept_routes_in_process_compiles_through_halflow(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """iree.compiler.api's Session/Invocation/Source.wrap_buffer/
    output_vm_bytecode inside halflow.intercept(): the .vmfb written to a
    file and to memory are the bytes of the same calls without it (a small
    program compiles plainly); the second round is up to date."""
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    script = [sys.executable, "-c", _IN_PROCESS, str(program)]
    want = run([*script, str(tmp_path / "plain.vmfb"), "0", *FLAGS], env)
    assert want.returncode == 0, want.stderr
    for _ in range(2):
        got = run([*script, str(tmp_path / "out.vmfb"), "1", *FLAGS], env)
        assert got.returncode == 0, got.stderr
        for suffix in ("", ".memory"):
            assert (tmp_path / f"out.vmfb{suffix}").read_bytes() == (
                tmp_path / f"plain.vmfb{suffix}").read_bytes()
    assert dropin_counts(cache) == {"served:plain": 1, "served:up-to-date": 3}


def test_intercept_keeps_iree_in_charge_of_errors_and_falls_back(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """A compile IREE rejects (a flag whose value its VM conversion fails
    on): execute() is False with IREE's diagnostics, as without
    intercept(). A failure of halflow's own (induced): strict is a
    RuntimeError; by default IREE builds it in process, a warning says why,
    and the .vmfb is IREE's."""
    script = [sys.executable, "-c", _IN_PROCESS]
    bad = [*FLAGS, "--iree-vm-target-index-bits=7"]
    env = {"HALFLOW_CACHE_DIR": str(cache)}
    want = run([*script, str(program), str(tmp_path / "a.vmfb"), "0", *bad], env)
    got = run([*script, str(program), str(tmp_path / "b.vmfb"), "1", *bad], env)
    assert want.returncode == got.returncode == 1
    assert b"RuntimeError: Compilation failed: See diagnostics" in got.stderr
    diagnostics = [ln for ln in want.stderr.splitlines() if b"error:" in ln]
    assert diagnostics and [ln for ln in got.stderr.splitlines() if b"error:" in ln] == diagnostics
    assert run([*script, str(program), str(tmp_path / "plain.vmfb"), "0", *FLAGS],
               env).returncode == 0
    env["HALFLOW_VMFB_STRATEGY"] = "no-such-strategy"
    strict = run([*script, str(program), str(tmp_path / "c.vmfb"), "1", *FLAGS], env)
    assert strict.returncode == 1
    assert strict.stderr.decode().splitlines()[-1] == (
        "RuntimeError: halflow's own build failed where IREE's succeeds (strict: no fallback): "
        "unknown .vmfb strategy 'no-such-strategy' (use auto, plain, incremental)")
    got = run([*script, str(program), str(tmp_path / "d.vmfb"), "1", *FLAGS],
              {**env, "HALFLOW_STRICT": "0"})
    assert got.returncode == 0, got.stderr
    assert b"halflow: warning: built by IREE after halflow's own build failed" in got.stderr
    assert (tmp_path / "d.vmfb").read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    counts = dropin_counts(cache)
    assert counts["error"] == 1 and counts["fallback:unknown .vmfb strategy 'no-such-strategy' "
                                           "(use auto, plain, incremental)"] == 2


def test_the_option_table_is_iree_compiles() -> None:
    """Which options take the next word, as iree-compile's own help says."""
    from halflow.cli.dropin_args import help_options

    done = run([real_compile(), "--help-list-hidden"])
    every, valued = help_options(done.stdout.decode())
    assert {"iree-hal-target-device", "o", "compile-to", "iree-hal-target-backends",
            "iree-llvmcpu-target-cpu", "mlir-pass-pipeline-crash-reproducer"} <= valued
    assert {"verify", "version", "split-input-file", "print-pipeline-passes",
            "iree-llvmcpu-link-embedded"} <= every - valued
    assert len(every) > 1000


def test_concurrent_stdin_compiles_each_get_their_own_module(
        program: Path, cache: Path, tmp_path: Path) -> None:
    """Two compile_str-style calls at once (stdin to stdout, the same flags,
    other programs): each gets the bytes iree-compile gives its own."""
    env = {**subprocess_env(), "HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    sources = [program.read_bytes(), program.read_text().replace(*EDIT).encode()]
    wants = [plain("-", *FLAGS, stdin=s).stdout for s in sources]
    assert wants[0] != wants[1]
    procs = [subprocess.Popen([sys.executable, "-m", "halflow", "iree-compile", "-", *FLAGS],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env) for _ in sources]
    outs = [p.communicate(s, timeout=300) for p, s in zip(procs, sources, strict=True)]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert [o[0] for o in outs] == wants


@pytest.mark.parametrize("strategy", ["auto", "incremental"])
def test_a_dense_resource_program_is_built_not_fallen_back(
        cache: Path, tmp_path: Path, strategy: str) -> None:
    """The position-ids program (an int64 dense_resource literal, as
    transformers exports have), from a file and from stdin, strict: built
    by halflow, running bitwise equal to iree-compile's."""
    source = tmp_path / "position_ids.mlir"
    source.write_bytes((PROGRAMS / "position_ids.mlir").read_bytes())
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": strategy}
    assert plain(str(source), *FLAGS, "-o", str(tmp_path / "plain.vmfb")).returncode == 0
    got = halflow("iree-compile", str(source), *FLAGS, "-o", str(tmp_path / "a.vmfb"), env=env)
    assert got.returncode == 0, got.stderr
    piped = halflow("iree-compile", "-", *FLAGS, env=env, stdin=source.read_bytes())
    assert piped.returncode == 0, piped.stderr
    (tmp_path / "b.vmfb").write_bytes(piped.stdout)
    for name in ("a.vmfb", "b.vmfb"):
        assert_same_outputs(tmp_path / name, tmp_path / "plain.vmfb", [(4, 8)])
    mode = "plain" if strategy == "auto" else "groups"
    assert dropin_counts(cache) == {f"served:{mode}": 2}


# The calls of iree.build's in-process compile: the source opened from its
# file, the output a file.
_OPEN_FILE = """
import sys, contextlib
import halflow
from iree.compiler import api

source, out, intercepted, flags = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
with halflow.intercept() if intercepted == "1" else contextlib.nullcontext():
    with api.Session() as session:
        session.set_flags(*flags)
        with api.Invocation(session) as inv, api.Source.open_file(session, source) as src, \\
                api.Output.open_file(out) as output:
            inv.enable_console_diagnostics()
            inv.parse_source(src)
            if not inv.execute():
                sys.exit(1)
            inv.output_vm_bytecode(output)
            output.keep()
"""


def test_intercept_serves_iree_builds_open_file_form(
        program: Path, cache: Path, tmp_path: Path) -> None:
    env = {"HALFLOW_CACHE_DIR": str(cache), "HALFLOW_VMFB_STRATEGY": "auto"}
    script = [sys.executable, "-c", _OPEN_FILE, str(program)]
    want = run([*script, str(tmp_path / "plain.vmfb"), "0", *FLAGS], env)
    got = run([*script, str(tmp_path / "out.vmfb"), "1", *FLAGS], env)
    assert want.returncode == 0 and got.returncode == 0, got.stderr
    assert (tmp_path / "out.vmfb").read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    assert dropin_counts(cache) == {"served:plain": 1}
