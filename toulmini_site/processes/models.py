"""The platform's record of periodic jobs: which period each last ran in, so a job started
with ``--schedule`` on two machines (or reaped by every worker) runs once per period."""

from __future__ import annotations

from django.db import models


class PeriodicJob(models.Model):
    name = models.CharField(max_length=100, primary_key=True)
    last_run_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.name
