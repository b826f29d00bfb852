from django.contrib import admin
from django.contrib.contenttypes.admin import GenericTabularInline

from toulmini_site.llm.models import LLMCall

_FIELDS = (
    "purpose",
    "provider",
    "model",
    "outcome",
    "prompt_chars",
    "tokens_in",
    "tokens_out",
    "latency_ms",
    "error",
    "raw_output",
    "created_at",
)


@admin.register(LLMCall)
class LLMCallAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "purpose",
        "provider",
        "model",
        "outcome",
        "tokens_in",
        "tokens_out",
        "latency_ms",
    )
    list_filter = ("provider", "outcome", "purpose")
    search_fields = ("purpose", "model", "error")
    readonly_fields = (*_FIELDS, "content_type", "object_id")

    def has_add_permission(self, request):  # calls are recorded, never typed in
        return False


class LLMCallInline(GenericTabularInline):
    """The calls made for a record, read-only, for any model admin that wants them."""

    model = LLMCall
    extra = 0
    can_delete = False
    fields = _FIELDS
    readonly_fields = _FIELDS
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False
