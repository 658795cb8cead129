"""The library build: halflow.build(...), its outputs and report."""
