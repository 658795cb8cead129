"""Sessions: ``halflow watch`` (snapshots of saved inputs, the watcher, the
warm builders of MLIR and of ``.vmfb``, the command)."""
