"""Platforms are registered with django-lti's own admin (LTI registrations, with their
deployments inline); these show how courses, links and grades map onto ours."""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from lti_tool.models import Key

from toulmini_site.lti import grades
from toulmini_site.lti.models import AssignmentLink, ClassLink, GradeSync


@admin.register(Key)
class KeyAdmin(admin.ModelAdmin):
    """Our signing keys (``manage.py rotate_keys`` makes a new one); the private half is
    never shown."""

    list_display = ["__str__", "is_active", "datetime_created"]
    fields = ["public_key", "is_active", "datetime_created"]
    readonly_fields = ["public_key", "datetime_created"]

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(ClassLink)
class ClassLinkAdmin(admin.ModelAdmin):
    list_display = ["context", "classroom", "roster_synced_at", "roster_error"]
    raw_id_fields = ["context", "classroom"]


@admin.register(AssignmentLink)
class AssignmentLinkAdmin(admin.ModelAdmin):
    list_display = ["resource_link", "assignment"]
    raw_id_fields = ["resource_link", "assignment"]


@admin.register(GradeSync)
class GradeSyncAdmin(admin.ModelAdmin):
    list_display = ["submission", "state", "reason", "attempts", "last_attempt_at", "sent_at"]
    list_filter = ["state", "reason"]
    raw_id_fields = ["submission"]
    actions = ["send_again"]

    @admin.action(description=_("Send the selected grades again"))
    def send_again(self, request: HttpRequest, queryset: QuerySet[GradeSync]) -> None:
        for sync in queryset:
            grades.grade_sync_retry(sync=sync)
        self.message_user(request, _("Asked to send %(n)d grade(s) again.") % {"n": len(queryset)})
