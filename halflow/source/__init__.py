"""Inputs: reading them, cutting them into top-level ops, unit keys."""
