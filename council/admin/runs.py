"""What the critique and audit admins share: running failed or stalled runs again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages

from council.domain.runs import RunNotRetryable
from toulmini_site.limits import LimitExceeded


def run_again_action(retry: Callable[..., Any], *, argument: str) -> Callable[..., None]:
    """An admin action that queues each selected failed or stalled run again through the
    feature's ``retry`` service (called as ``retry(**{argument: obj})``); others are skipped."""

    @admin.action(description="Run again (failed or stalled runs only)")
    def run_again(modeladmin: admin.ModelAdmin, request: Any, queryset: Any) -> None:
        queued = skipped = over_quota = 0
        for run in queryset:
            try:
                retry(**{argument: run})
            except RunNotRetryable:
                skipped += 1
            except LimitExceeded:  # a retry counts against its owner's daily quota
                over_quota += 1
            else:
                queued += 1
        quota = f"; {over_quota} over their owner's daily quota" if over_quota else ""
        modeladmin.message_user(
            request,
            f"{queued} queued again; {skipped} skipped (neither failed nor stalled){quota}.",
            messages.SUCCESS if queued else messages.WARNING,
        )

    return run_again
