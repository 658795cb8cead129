"""halflow's version (``halflow.__version__``), which enters every key."""

from __future__ import annotations

__version__ = "0.1.0"
