"""Printed output: pieces, alias naming, assembly."""
