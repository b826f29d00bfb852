from django.contrib import admin
from django.contrib.contenttypes.admin import GenericTabularInline
from django.db.models import Model
from django.http import HttpRequest

from toulmini_site.llm.models import LLMCall, ModelCheck

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

    def has_add_permission(
        self, request: HttpRequest
    ) -> bool:  # calls are recorded, never typed in
        return False


class LLMCallInline(GenericTabularInline):
    """The calls made for a record, read-only, for any model admin that wants them."""

    model = LLMCall
    extra = 0
    can_delete = False
    fields = _FIELDS
    readonly_fields = _FIELDS
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(ModelCheck)
class ModelCheckAdmin(admin.ModelAdmin):
    """The runs of ``manage.py model_check``, newest first: is the configured server usable?"""

    list_display = (
        "created_at",
        "model",
        "passed",
        "structured_ok",
        "structured_ms",
        "stream_ok",
        "stream_first_ms",
        "quality_summary",
    )
    list_filter = ("structured_ok", "stream_ok", "model")
    readonly_fields = (
        "created_at",
        "model",
        "base_url",
        "reached",
        "structured_ok",
        "structured_ms",
        "stream_ok",
        "stream_first_ms",
        "stream_ms",
        "quality",
        "errors",
        "report",
    )

    @admin.display(boolean=True, description="passed")
    def passed(self, obj: ModelCheck) -> bool:
        return obj.passed

    @admin.display(description="quality (model / offline)")
    def quality_summary(self, obj: ModelCheck) -> str:
        return ", ".join(
            f"{row['kind']} {row['model']}/{row['offline']} of {row['cases']}"
            for row in obj.quality
        )

    def has_add_permission(self, request: HttpRequest) -> bool:  # checks are run, never typed in
        return False
