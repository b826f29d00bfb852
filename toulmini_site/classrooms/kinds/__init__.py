"""Assignment kinds as plug-ins: one module per kind (``coach``, ``chain``, ``essay``), one
protocol (``base.AssignmentKind``) and one registry (``base.kind_of``, ``base.choices``).
Importing this package registers the three built-in kinds."""

from toulmini_site.classrooms.kinds import chain, coach, essay
from toulmini_site.classrooms.kinds.base import (
    AssignmentKind,
    Kind,
    choices,
    kind_of,
    names,
    register,
    unregister,
)

__all__ = [
    "AssignmentKind",
    "Kind",
    "chain",
    "choices",
    "coach",
    "essay",
    "kind_of",
    "names",
    "register",
    "unregister",
]
