"""Audit: see the package docstring."""
