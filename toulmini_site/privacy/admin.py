from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest

from toulmini_site.privacy.models import AccessLogEntry
from toulmini_site.privacy.services import account_delete


@admin.register(AccessLogEntry)
class AccessLogEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "viewer_name", "student", "what", "class_name"]
    search_fields = ["viewer_name", "student__username", "class_name"]
    readonly_fields = [f.name for f in AccessLogEntry._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class PrivacyUserAdmin(UserAdmin):
    actions = ["delete_accounts_on_request"]

    @admin.action(
        description="Delete account on request (work deleted, returned grades kept anonymous)"
    )
    def delete_accounts_on_request(self, request: HttpRequest, queryset: QuerySet) -> None:
        count = 0
        for user in queryset.exclude(pk=request.user.pk):
            account_delete(user=user)
            count += 1
        self.message_user(request, f"Deleted {count} account(s).", messages.SUCCESS)
