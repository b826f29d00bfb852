"""Critique: see the package docstring."""
