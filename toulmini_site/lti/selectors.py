"""Reads for the learning platform pages."""

from __future__ import annotations

from django.http import Http404

from toulmini_site.lti.models import ClassLink, GradeSync
from toulmini_site.users import User


def class_link_taught_by(user: User, classroom_id: int) -> ClassLink:
    """The platform link of a class ``user`` teaches, else 404 (to students and strangers)."""
    link = (
        ClassLink.objects.select_related("classroom", "context__deployment__registration")
        .filter(classroom_id=classroom_id, classroom__teachers=user)
        .first()
    )
    if link is None:
        raise Http404("No such linked class.")
    return link


def grade_syncs(link: ClassLink) -> list[GradeSync]:
    return list(
        GradeSync.objects.filter(submission__assignment__classroom_id=link.classroom_id)
        .select_related("submission__student", "submission__assignment")
        .order_by("submission__assignment__title", "submission__student__username")
    )


def grade_sync_taught_by(user: User, pk: int) -> GradeSync:
    sync = (
        GradeSync.objects.select_related("submission__assignment__classroom")
        .filter(pk=pk, submission__assignment__classroom__teachers=user)
        .first()
    )
    if sync is None:
        raise Http404("No such grade.")
    return sync
