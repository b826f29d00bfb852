"""Who opened a student's work: each teacher view of a submission (with its transcript)."""

from django.conf import settings
from django.db import models


class AccessLogEntry(models.Model):
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="work_access_log"
    )
    viewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    viewer_name = models.CharField(max_length=150)
    what = models.CharField(max_length=200, help_text="The work opened, in words.")
    class_name = models.CharField(max_length=120, blank=True)
    submission_id = models.PositiveBigIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "access log entries"

    def __str__(self) -> str:
        return f"{self.viewer_name} opened {self.what} at {self.at:%Y-%m-%d %H:%M}"
