"""MLIR's error diagnostics as the bytes MLIR wrote, through its C API.

The bindings turn a diagnostic's message into a Python ``str``. A message
quoting input bytes that are not UTF-8 (``arith.cmpi "e\\xffq"``: MLIR echoes
the bad predicate raw) makes that raise ``RuntimeError:
nanobind::detail::str_from_cstr_and_size(): conversion error!``, from the
parse's own error capture (so ``ir.Module.parse`` raises it instead of an
``MLIRError``) and from ``Diagnostic.message`` in a handler attached with
``Context.attach_diagnostic_handler`` alike. No binding hands out the bytes.

So :func:`capture_errors` attaches a handler of its own through MLIR's C API
(the library the bindings wrap; the context's ``_CAPIPtr`` capsule is the
bindings' interop handle for it), which reads every part of a diagnostic as
bytes, and sets ``Context.emit_error_diagnostics`` so that error diagnostics
reach it instead of the bindings' capture. Bytes are decoded with
``surrogateescape``: writing the text back with the same error handler (as
:func:`halflow.cli.mlir_build.fail` does) gives MLIR's bytes.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# enum MlirDiagnosticSeverity
SEVERITY_ERROR = 0


class _Handle(ctypes.Structure):
    """``MlirContext``, ``MlirDiagnostic``, ``MlirLocation``: one pointer."""

    _fields_ = [("ptr", ctypes.c_void_p)]


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


_STRING_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)
# MlirLogicalResult is a struct holding one int8_t, returned in a register as
# an int8_t is (ctypes callbacks cannot return structures).
_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int8, _Handle, ctypes.c_void_p)


@dataclass(frozen=True)
class RawDiagnostic:
    """One diagnostic: its printed location (``loc("-":2:19)``), message and
    notes, decoded from MLIR's bytes with ``surrogateescape``."""

    location: str
    message: str
    notes: tuple[RawDiagnostic, ...] = ()


def _library_path() -> Path:
    from iree.compiler import _mlir_libs

    if sys.platform == "darwin":
        name = "libIREECompiler.dylib"
    elif sys.platform == "win32":
        name = "IREECompiler.dll"
    else:
        name = "libIREECompiler.so"
    for directory in _mlir_libs.__path__:
        path = Path(directory) / name
        if path.exists():
            return path
    raise RuntimeError(f"{name} not found next to the MLIR bindings")


@functools.cache
def _capi() -> Any:
    """The MLIR C API of the library the bindings are loaded from."""
    lib = ctypes.CDLL(str(_library_path()))
    signatures: dict[str, tuple[Any, list[Any]]] = {
        "mlirContextAttachDiagnosticHandler": (
            ctypes.c_uint64,
            [_Handle, _HANDLER, ctypes.c_void_p, ctypes.c_void_p],
        ),
        "mlirContextDetachDiagnosticHandler": (None, [_Handle, ctypes.c_uint64]),
        "mlirDiagnosticPrint": (None, [_Handle, _STRING_CALLBACK, ctypes.c_void_p]),
        "mlirDiagnosticGetLocation": (_Handle, [_Handle]),
        "mlirDiagnosticGetSeverity": (ctypes.c_int, [_Handle]),
        "mlirDiagnosticGetNumNotes": (ctypes.c_ssize_t, [_Handle]),
        "mlirDiagnosticGetNote": (_Handle, [_Handle, ctypes.c_ssize_t]),
        "mlirLocationPrint": (None, [_Handle, _STRING_CALLBACK, ctypes.c_void_p]),
    }
    for name, (restype, argtypes) in signatures.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


def _printed(print_fn: Any, handle: _Handle) -> str:
    parts: list[bytes] = []

    def append(part: _StringRef, _user_data: object) -> None:
        parts.append(ctypes.string_at(part.data, part.length) if part.length else b"")

    print_fn(handle, _STRING_CALLBACK(append), None)
    return b"".join(parts).decode("utf-8", "surrogateescape")


def _read(lib: Any, diag: _Handle) -> RawDiagnostic:
    notes = tuple(
        _read(lib, lib.mlirDiagnosticGetNote(diag, i))
        for i in range(lib.mlirDiagnosticGetNumNotes(diag))
    )
    location = _printed(lib.mlirLocationPrint, lib.mlirDiagnosticGetLocation(diag))
    return RawDiagnostic(location, _printed(lib.mlirDiagnosticPrint, diag), notes)


@functools.cache
def _capsule_api() -> tuple[Any, Any]:
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype = ctypes.c_char_p
    get_name.argtypes = [ctypes.py_object]
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype = ctypes.c_void_p
    get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return get_name, get_pointer


def _context_handle(context: Any) -> _Handle:
    """The ``MlirContext`` inside the bindings' context object."""
    get_name, get_pointer = _capsule_api()
    capsule = context._CAPIPtr
    return _Handle(get_pointer(capsule, get_name(capsule)))


@contextlib.contextmanager
def capture_errors(context: Any) -> Iterator[list[RawDiagnostic]]:
    """Collect the error diagnostics ``context`` emits inside the block
    (with their notes), in order; other severities go on to the handlers
    attached before, as they would without this.

    While the block runs, MLIR operations that fail report through this
    list instead of the ``MLIRError`` the bindings would raise (which then
    carries no diagnostics).
    """
    lib = _capi()
    errors: list[RawDiagnostic] = []

    def handle(diag: _Handle, _user_data: object) -> int:
        if lib.mlirDiagnosticGetSeverity(diag) != SEVERITY_ERROR:
            return 0  # failure: not handled here
        errors.append(_read(lib, diag))
        return 1

    handler = _HANDLER(handle)  # must outlive the attachment
    ctx = _context_handle(context)
    previous = context.emit_error_diagnostics
    context.emit_error_diagnostics = True
    handler_id = lib.mlirContextAttachDiagnosticHandler(ctx, handler, None, None)
    try:
        yield errors
    finally:
        lib.mlirContextDetachDiagnosticHandler(ctx, handler_id)
        context.emit_error_diagnostics = previous
