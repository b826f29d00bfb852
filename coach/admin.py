from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from coach.models import CoachDraft, CoachMessage, CoachSession, CoachTurnAttempt
from toulmini_site.llm.admin import LLMCallInline


class CoachDraftInline(admin.StackedInline):
    model = CoachDraft
    can_delete = False
    extra = 0
    fields = (
        "version",
        "claim",
        "grounds",
        "warrant",
        "grounds_backing",
        "warrant_backing",
        "qualifier",
        "rebuttal",
        "provenance",
    )
    # Read-only: a write here would bypass the version check the coach relies on.
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class CoachMessageInline(admin.TabularInline):
    model = CoachMessage
    extra = 0
    can_delete = False
    fields = (
        "created_at",
        "role",
        "step",
        "text",
        "proposal",
        "proposal_status",
        "proposal_decision",
        "draft_version",
        "confidence",
    )
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(
        self, request: HttpRequest, obj: Model | None = None
    ) -> bool:  # messages come from conversations
        return False


@admin.register(CoachSession)
class CoachSessionAdmin(admin.ModelAdmin):
    list_display = ("topic", "owner", "language", "current_step", "status", "updated_at")
    list_filter = ("status", "language", "current_step")
    search_fields = ("topic", "owner__username")
    readonly_fields = ("created_at", "updated_at", "chain_id")
    raw_id_fields = ("owner",)
    inlines = [CoachDraftInline, CoachMessageInline, LLMCallInline]


@admin.register(CoachMessage)
class CoachMessageAdmin(admin.ModelAdmin):
    list_display = ("session", "role", "step", "proposal_status", "proposal_decision", "created_at")
    list_filter = ("role", "step", "proposal_status", "proposal_decision")
    search_fields = ("text", "session__topic")
    raw_id_fields = ("session",)
    readonly_fields = ("result", "created_at")


@admin.register(CoachTurnAttempt)
class CoachTurnAttemptAdmin(admin.ModelAdmin):
    list_display = ("user", "created_at")
    raw_id_fields = ("user",)
