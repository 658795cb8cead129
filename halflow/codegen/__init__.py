"""Per-executable cached code generation down to a runnable ``.vmfb``.

See ``NOTES.md`` in this package for what was measured with stock IREE 3.13.
"""

from __future__ import annotations
