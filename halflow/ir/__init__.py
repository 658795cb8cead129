"""MLIR binding helpers: parsing, printing, raw diagnostics, start-up."""
