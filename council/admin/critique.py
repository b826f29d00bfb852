"""Critique admin: review a council run, its trees, result and model calls (read-only)."""

from django.contrib import admin
from django.http import HttpRequest

from council.admin.runs import run_again_action
from council.models import Critique, FindingDismissal
from council.services.critique import critique_retry
from toulmini_site.llm.admin import LLMCallInline


@admin.register(Critique)
class CritiqueAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "status", "engine", "model_calls", "created_at")
    list_filter = ("status", "engine")
    search_fields = ("title", "owner__username", "document")
    date_hierarchy = "created_at"
    inlines = [LLMCallInline]
    actions = [run_again_action(critique_retry, argument="critique")]
    fieldsets = (
        (None, {"fields": ("title", "owner", "status", "engine", "max_depth", "threshold")}),
        ("Result", {"fields": ("formatted", "error", "result")}),
        ("Council", {"fields": ("trees", "adjustments", "progress"), "classes": ["collapse"]}),
        ("Document", {"fields": ("document",), "classes": ["collapse"]}),
        (
            "Cost and timing",
            {
                "fields": (
                    "model_calls",
                    "tokens_in",
                    "tokens_out",
                    "created_at",
                    "started_at",
                    "finished_at",
                )
            },
        ),
    )
    readonly_fields = (
        "owner",
        "status",
        "engine",
        "max_depth",
        "threshold",
        "document",
        "progress",
        "trees",
        "adjustments",
        "result",
        "formatted",
        "error",
        "model_calls",
        "tokens_in",
        "tokens_out",
        "created_at",
        "started_at",
        "finished_at",
    )

    def has_add_permission(
        self, request: HttpRequest
    ) -> bool:  # critiques are asked for, not typed in
        return False


@admin.register(FindingDismissal)
class FindingDismissalAdmin(admin.ModelAdmin):
    """Critique points their owner or a teacher set aside, and why (``manage.py
    corrections_export`` writes them as evaluation cases)."""

    list_display = ("critique", "area", "fallacy", "author", "created_at")
    list_filter = ("area", "fallacy")
    search_fields = ("finding", "evidence", "reason", "author__username")
    readonly_fields = (
        "critique",
        "point_key",
        "area",
        "finding",
        "evidence",
        "fallacy",
        "reason",
        "author",
        "created_at",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:  # dismissed on the critique's page
        return False
