"""Per-minute limits counted in database rows, for work every worker process must count
together even without a shared cache: the coach's tutor turns per user.

The rows are the caller's (a model with ``user`` and ``created_at``, such as the coach's
``CoachTurnAttempt``); the rule is here, on the limits' one clock (the caller passes ``at``,
read from it).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model

from toulmini_site.users import User

COACH_TURNS_PER_MINUTE = 20


def attempt_take(*, rows: Any, user: User, limit: int, window: timedelta, at: datetime) -> int:
    """Count one attempt by ``user`` at ``at`` in the model ``rows``, unless ``limit``
    attempts fall within ``window`` before it: returns 0 when counted, else the seconds to
    wait until one slot frees. Call it inside the caller's transaction, which a later
    refusal rolls back with the attempt.

    A sliding window, exact to the second. The user's rows are recycled: an attempt reuses
    the oldest row that fell out of the window, and adds a row only when none did, so a user
    never holds more than ``limit`` rows and an attempt costs two statements (read, then
    update or insert) besides the lock.
    """
    # Lock the user's row so two workers counting at once cannot both take the last slot.
    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
    window_start = at - window
    found = list(
        rows.objects.filter(user=user).order_by("created_at").values_list("id", "created_at")
    )
    recent = [created for _, created in found if created >= window_start]
    if len(recent) >= limit:
        return max(1, int((recent[0] + window - at).total_seconds() + 0.999))
    expired = [pk for pk, created in found if created < window_start]
    if expired:
        rows.objects.filter(pk=expired[0]).update(created_at=at)
    else:
        rows.objects.create(user=user, created_at=at)
    return 0
