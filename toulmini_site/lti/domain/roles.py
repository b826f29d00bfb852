"""What a platform's LTI roles make of a person in a class: teacher, student, or neither.

Roles arrive as LIS vocabulary URIs (``http://purl.imsglobal.org/vocab/lis/v2/membership#Learner``),
as sub-roles (``.../membership/Instructor#TeachingAssistant``), in the older LIS v1 form
(``urn:lti:role:ims/lis/TeachingAssistant``) or, from some platforms, as bare names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

ClassRole = Literal["teacher", "student"]

MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership"
TEACHING = {"Instructor", "TeachingAssistant"}
LEARNING = {"Learner"}


def _context_role(role: str) -> str | None:
    """The context role's short name (``Instructor``, ``TeachingAssistant``, ``Learner``), or
    None for a system or institution role, which says nothing about this course."""
    role = role.strip()
    if role.startswith(MEMBERSHIP + "#"):
        return role.removeprefix(MEMBERSHIP + "#")
    if role.startswith(MEMBERSHIP + "/"):
        # A sub-role, ".../membership/Instructor#TeachingAssistant": the sub-role decides.
        principal, _, sub = role.removeprefix(MEMBERSHIP + "/").partition("#")
        return sub or principal
    if role.startswith("urn:lti:role:ims/lis/"):
        return role.removeprefix("urn:lti:role:ims/lis/").partition("/")[0]
    if ":" in role or "/" in role:
        return None  # system/institution roles and unknown vocabularies
    return role


def class_role(roles: object) -> ClassRole | None:
    """``teacher`` for instructors and teaching assistants, ``student`` for learners (a
    teacher role wins when both are present), None for anyone else (mentors, observers,
    administrators with no teaching role). A claim that is not a list of strings (objects,
    numbers, one bare string) is read for its strings only: never an error."""
    if isinstance(roles, str):
        roles = [roles]
    if not isinstance(roles, Iterable) or isinstance(roles, dict):
        return None
    names = {name for name in map(_context_role, (r for r in roles if isinstance(r, str))) if name}
    if names & TEACHING:
        return "teacher"
    if names & LEARNING:
        return "student"
    return None
