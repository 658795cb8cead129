"""Core: plain data and plumbing (no MLIR, nothing of halflow above it)."""
