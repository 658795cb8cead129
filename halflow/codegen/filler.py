"""``python -m halflow.codegen.filler REQUEST``: a fill's process
(:mod:`halflow.codegen.fill`), started detached by the build that compiled
plainly. It holds the fill's lock (a descriptor it inherited)
until it ends, runs at a low priority, gives IREE a temporary folder of
its own, and records its outcome for the next build; it prints nothing
(its standard streams are ``/dev/null``)."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
import traceback


def main(argv: list[str]) -> int:
    from halflow.codegen import fill
    from halflow.core import output

    began = time.perf_counter()
    with contextlib.suppress(OSError):
        os.nice(fill.NICE)
    request, module = fill.take_request(argv[0])
    folder = output.temp_folder("halflow-fill-tmp")
    os.environ["TMPDIR"] = str(folder)  # (IREE's linker files; workers inherit it)
    try:
        from halflow.codegen.pipeline import fill_cache

        fill.record_outcome(request, fill_cache(request, module))
        return 0
    except BaseException as e:  # recorded for the next build, which reports it
        last = traceback.format_exception_only(e)[-1].strip()
        fill.record_outcome(request, fill.Outcome(False, time.perf_counter() - began, 0, last))
        return 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
