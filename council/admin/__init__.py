"""Admin for critiques and audits (each feature registers its own models)."""

from council.admin import audit, critique  # noqa: F401
