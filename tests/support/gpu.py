"""Checks for GPU modules that cannot run here (tests and benchmarks).

Two checks, from the weaker to the stronger:

- :func:`kernel_code` reads every kernel out of a ``.vmfb``'s HSACO
  binaries (rocm: ELF code objects inside each binary's flatbuffer): a
  kernel's machine code and its descriptor, by name. :func:`compare_kernels`
  compares halflow's kernels with plain's under halflow's names (the
  report's ``binary_name``). Kernels linked with other kernels than in the
  plain compile may differ (IREE serializes a linked executable as one LLVM
  module: the kernels' LDS layout, and with it instruction selection and
  register allocation, follow the module), so this counts.
- :func:`reference_program` builds the *reference configuration*: the
  pre-materialize program with its executables renamed to halflow's
  binary names, ordered as in halflow's one group, the export locations
  halflow's translations carry and the module (its name, else its file)
  named after the group. A plain
  ``iree-compile --compile-from=stream`` of it gives kernel binaries
  byte-identical to halflow's and the same host VM code
  (:func:`disassembly`).
"""

from __future__ import annotations

import re
import struct
import subprocess
import zipfile
from pathlib import Path


def tool(name: str) -> str:
    """An IREE tool of this environment (``iree-compile`` as halflow finds it)."""
    if name == "iree-compile":
        from halflow.codegen.tools import iree_compile

        return iree_compile()
    import iree._runtime_libs

    return str(Path(iree._runtime_libs.__file__).parent / name)


def pre_materialize(model: Path, flags: list[str], out: Path) -> Path:
    """``model`` as IREE has it just before ``iree-hal-materialize-interfaces``."""
    dump = out.parent / f"{out.stem}.dump"
    subprocess.run([tool("iree-compile"), str(model), *flags, "--compile-to=executable-sources",
                    "--mlir-print-ir-before=iree-hal-materialize-interfaces",
                    "--mlir-print-debuginfo", f"--mlir-print-ir-tree-dir={dump}",
                    "-o", "/dev/null"], check=True, capture_output=True)
    (found,) = dump.glob("*/*.mlir")
    out.write_text(found.read_text())
    return out


def reference_program(pre: Path, report: dict, dest: Path) -> Path:
    """The reference configuration of ``pre`` for halflow's build ``report``
    (one group per lane, so one group name for the file), as
    ``dest/<group>.mlir``."""
    groups = report["groups"]
    names = {m["executable"][1:]: m["binary_name"] for g in groups for m in g["members"]}
    # A group's members are in the order of their binary names (interface hash).
    order = [n for g in groups for n in sorted(m["binary_name"] for m in g["members"])]
    text = pre.read_text()
    for old, new in names.items():
        text = re.sub(rf"(?<![A-Za-z0-9_$.]){re.escape(old)}(?![A-Za-z0-9$.])", new, text)
    from iree.compiler import ir

    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        module = ir.Module.parse(text)
        ops = {op.operation.attributes["sym_name"].value: op.operation
               for op in module.body.operations if op.operation.name == "stream.executable"}
        previous = None
        for name in dict.fromkeys(order):
            if previous is None:
                ops[name].move_before(next(iter(ops.values())))
            else:
                ops[name].move_after(previous)
            previous = ops[name]
        if "sym_name" in module.operation.attributes:  # IREE names the linked one after it
            module.operation.attributes["sym_name"] = ir.StringAttr.get(groups[0]["group"])
        text = module.operation.get_asm(enable_debug_info=True)
    text, count = re.subn(
        r"(stream\.executable\.export public @(hf_[0-9a-f]+(?:_\d+)?)_\w+ workgroups\(\)"
        r"[^\n]*\{\n(?:      [^\n]*\n)*?    \} )loc\(#loc\d+\)",
        lambda m: f'{m.group(1)}loc("{m.group(2)}_source.mlir":4:5)', text)
    if count != len(names):
        raise ValueError(f"{count} export locations rewritten for {len(names)} executables")
    group = groups[0]["group"]
    text = re.sub(r'^#loc = loc\("[^"]*":0:0\)$', f'#loc = loc("{group}.mlir":0:0)', text,
                  flags=re.M)
    dest.mkdir()
    (dest / f"{group}.mlir").write_text(text)
    return dest / f"{group}.mlir"


def disassembly(vmfb: Path) -> list[str]:
    """The module's VM code and data as ``iree-dump-module`` prints it,
    without sizes and the debug location table."""
    done = subprocess.run([tool("iree-dump-module"), "--output=all", str(vmfb)],
                          capture_output=True, text=True, check=True)
    return [line for line in done.stdout.splitlines()
            if not line.startswith(("FlatBuffer:", "Locations:"))]


# --- kernels inside HSACO binaries -------------------------------------------

_SHT_PROGBITS, _SHT_SYMTAB, _STT_FUNC, _STB_GLOBAL = 1, 2, 2, 1


def _elf_images(data: bytes) -> list[bytes]:
    """The 64-bit little-endian ELF images embedded in ``data``."""
    images = []
    start = data.find(b"\x7fELF")
    while start >= 0:
        (shoff,) = struct.unpack_from("<Q", data, start + 0x28)
        shentsize, shnum = struct.unpack_from("<HH", data, start + 0x3A)
        end = start + shoff + shentsize * shnum
        images.append(data[start:end])
        start = data.find(b"\x7fELF", end)
    return images


def _pc_relative(code: bytearray, address: int) -> list[int]:
    """Zero the 64-bit offsets of ``s_getpc_b64`` + ``s_add_u32``/``s_addc_u32``
    literal pairs in ``code`` (at ``address``); the addresses they form."""
    targets = []
    for i in range(0, len(code) - 20, 4):
        (word,) = struct.unpack_from("<I", code, i)
        if word & 0xFF80FF00 != 0xBE801C00:  # s_getpc_b64 (SOP1)
            continue
        add, low, addc, high = struct.unpack_from("<IIII", code, i + 4)
        if add & 0xFF800000 != 0x80000000 or addc & 0xFF800000 != 0x82000000:
            continue
        if 0xFF not in (add & 0xFF, (add >> 8) & 0xFF):  # no literal operand
            continue
        offset = high << 32 | low
        targets.append(address + i + 4 + (offset - (1 << 64) if offset >> 63 else offset))
        code[i + 8:i + 12] = code[i + 16:i + 20] = bytes(4)
    return targets


def _elf_kernels(elf: bytes) -> dict[str, bytes]:
    """Global symbols of one code object: a function's code with its
    PC-relative constant offsets replaced by the constants' bytes, a
    kernel descriptor without its (layout-dependent) code entry offset."""
    (shoff,) = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + k * shentsize)
                for k in range(shnum)]
    loaded = [(s[3], s[3] + s[5], s[4]) for s in sections if s[1] == _SHT_PROGBITS and s[3]]

    def read(address: int, size: int) -> bytes:
        for begin, end, offset in loaded:
            if begin <= address < end:
                return elf[offset + address - begin:offset + min(address + size, end) - begin]
        return b""

    symbols = []
    for sec in (s for s in sections if s[1] == _SHT_SYMTAB):
        names = sections[sec[6]][4]
        for k in range(sec[5] // 24):
            name, info, _, index, value, size = struct.unpack_from("<IBBHQQ", elf, sec[4] + k * 24)
            if index == 0 or index >= 0xFF00 or size == 0 or info >> 4 != _STB_GLOBAL:
                continue
            text = elf[names + name:elf.index(b"\0", names + name)].decode()
            symbols.append((text, info & 0xF, value, size))
    out, references = {}, {}
    for name, kind, value, size in symbols:
        body = bytearray(read(value, size))
        if kind == _STT_FUNC:
            references[name] = _pc_relative(body, value)
        elif name.endswith(".kd"):
            body[16:24] = bytes(8)  # kernel_code_entry_byte_offset
        out[name] = bytes(body)
    # A referenced constant: its bytes up to the next referenced address,
    # symbol or section end (trailing zero padding dropped).
    cuts = sorted({v for _, _, v, _ in symbols} | {e for _, e, _ in loaded}
                  | {t for ts in references.values() for t in ts})
    for name, targets in references.items():
        for t in targets:
            end = next((c for c in cuts if c > t), t)
            out[name] += b"|" + read(t, end - t).rstrip(b"\0")
    return out


def kernel_code(vmfb: Path) -> dict[str, dict[str, bytes]]:
    """Every kernel (and kernel descriptor, ``<name>.kd``) in the HSACO
    binaries of ``vmfb``: by binary (ZIP entry), by symbol name."""
    out: dict[str, dict[str, bytes]] = {}
    with zipfile.ZipFile(vmfb) as archive:
        for entry in archive.namelist()[1:]:
            for elf in _elf_images(archive.read(entry)):
                out.setdefault(entry, {}).update(_elf_kernels(elf))
    return out


def compare_kernels(plain: Path, ours: Path, report: dict) -> tuple[int, int, list[str], int]:
    """(kernels equal, kernels in plain's module, plain's kernels halflow's
    module lacks, halflow's kernels no live member names: the stale code of
    kept groups) of halflow's ``ours`` against ``plain``. A kernel
    ``<executable>_<op>`` of plain's is ``<binary_name>_<op>`` in halflow's,
    in the binary of the group serving it (a stale twin of the same name may
    be in a kept group's)."""
    serving = {m["executable"].lstrip("@"): (m["binary_name"], g["group"])
               for g in report["groups"] for m in g["members"]}
    prefixes = sorted(serving, key=len, reverse=True)
    theirs = {n: b for kernels in kernel_code(plain).values() for n, b in kernels.items()}
    mine = kernel_code(ours)
    live: set[tuple[str, str]] = set()
    equal, missing = 0, []
    for name, body in theirs.items():
        executable = next((e for e in prefixes if name.startswith(f"{e}_")), None)
        if executable is None:  # not a dispatch kernel (e.g. __oclc_ISA_version)
            found = [(entry, name) for entry, kernels in mine.items() if name in kernels]
        else:
            binary, group = serving[executable]
            mapped = binary + name[len(executable):]
            found = [(entry, mapped) for entry, kernels in mine.items() if mapped in kernels]
            if len(found) > 1:
                found = [f for f in found if f[0].startswith((f"{group}_", f"{binary}_"))]
        if not found:
            missing.append(name)
            continue
        live.update(found)
        equal += all(mine[entry][n] == body for entry, n in found)
    stale = sum(1 for entry, kernels in mine.items() for n in kernels if (entry, n) not in live)
    return equal, len(theirs), sorted(missing), stale
