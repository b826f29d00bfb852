"""Admin for reviewing verdicts: who argued what, how it ended, and what the model did."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.html import format_html, format_html_join

from arguments.domain.toulmin import COMPONENT_ORDER
from arguments.models import Chain, ChainCorrection, PhaseAttempt
from arguments.services import chain_review, chains_review
from toulmini_site.llm.admin import LLMCallInline
from toulmini_site.users import signed_in


class OverturnForm(forms.Form):
    review_note = forms.CharField(
        label="Why the verdicts are overturned (each student reads it)",
        widget=forms.Textarea(attrs={"rows": 4}),
    )


class PhaseAttemptInline(admin.TabularInline):
    model = PhaseAttempt
    extra = 0
    can_delete = False
    fields = ("created_at", "phase", "source", "accepted", "error_code", "errors", "raw_output")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


def _readable(value: object) -> str:
    if not value:
        return "—"
    if isinstance(value, dict):
        return format_html_join(
            "",
            "<div><strong>{}</strong>: {}</div>",
            ((k, _readable_inline(v)) for k, v in value.items()),
        )
    return str(value)


def _readable_inline(value: object) -> str:
    if isinstance(value, list):
        return (
            "; ".join(
                (f"{v.get('source')} — {v.get('reference')}" if isinstance(v, dict) else str(v))
                for v in value
            )
            or "(none)"
        )
    return str(value)


class ChainReviewForm(forms.ModelForm):
    class Meta:
        model = Chain
        fields = ("review_status", "review_note")  # the admin adds its fieldsets' others

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        # The student reads the note to learn why: an overturned verdict needs one.
        if (
            cleaned.get("review_status") == Chain.Review.OVERTURNED
            and not (cleaned.get("review_note") or "").strip()
        ):
            self.add_error(
                "review_note", "Say why the verdict is overturned: the student reads it."
            )
        return cleaned


@admin.register(Chain)
class ChainAdmin(admin.ModelAdmin):
    form = ChainReviewForm
    list_display = (
        "id",
        "query_short",
        "owner",
        "engine",
        "status",
        "verdict_status",
        "review_status",
        "created_at",
    )
    list_filter = ("status", "verdict_status", "engine", "review_status", "created_at")
    search_fields = ("query", "source_text", "owner__username", "termination_reason")
    list_select_related = ("owner",)
    date_hierarchy = "created_at"
    actions = ("confirm_verdicts", "overturn_verdicts")
    inlines = (PhaseAttemptInline, LLMCallInline)
    readonly_fields = (
        "owner",
        "query",
        "source_text",
        "engine",
        "status",
        "next_phase",
        *[f"{name}_display" for name in COMPONENT_ORDER],
        "termination_reason",
        "warnings",
        "reviewed_by",
        "reviewed_at",
        "created_at",
        "updated_at",
    )
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "owner",
                    "query",
                    "engine",
                    "status",
                    "next_phase",
                    "termination_reason",
                    "warnings",
                    "created_at",
                    "updated_at",
                )
            },
        ),
        ("Components", {"fields": [f"{name}_display" for name in COMPONENT_ORDER]}),
        ("Review", {"fields": ("review_status", "review_note", "reviewed_by", "reviewed_at")}),
        ("Source text", {"fields": ("source_text",), "classes": ("collapse",)}),
    )

    @admin.display(description="query", ordering="query")
    def query_short(self, obj: Chain) -> str:
        return obj.query[:80]

    def has_add_permission(self, request: HttpRequest) -> bool:  # chains are made through the app
        return False

    def save_model(
        self, request: HttpRequest, obj: Chain, form: forms.ModelForm, change: bool
    ) -> None:
        if "review_status" in form.changed_data or "review_note" in form.changed_data:
            chain_review(
                chain=obj,
                reviewer=signed_in(request),
                status=obj.review_status,
                note=obj.review_note,
            )
        else:
            super().save_model(request, obj, form, change)

    @admin.action(description="Confirm the selected verdicts")
    def confirm_verdicts(self, request: HttpRequest, queryset: QuerySet[Chain]) -> None:
        count = chains_review(
            chains=queryset, reviewer=signed_in(request), status=Chain.Review.CONFIRMED
        )
        self.message_user(request, f"Confirmed {count} chain(s).", messages.SUCCESS)

    @admin.action(description="Overturn the selected verdicts (asks why)")
    def overturn_verdicts(
        self, request: HttpRequest, queryset: QuerySet[Chain]
    ) -> TemplateResponse | None:
        # An intermediate page asks for the reason every student will read; nothing changes
        # until it is given.
        form = OverturnForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            count = chains_review(
                chains=queryset,
                reviewer=signed_in(request),
                status=Chain.Review.OVERTURNED,
                note=form.cleaned_data["review_note"],
            )
            self.message_user(request, f"Overturned {count} chain(s).", messages.WARNING)
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "Overturn the selected verdicts",
            "chains": queryset,
            "form": form,
            "opts": self.model._meta,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/arguments/chain/overturn_confirm.html", context)


def _component_display(name: str) -> Callable[[Any, Chain], str]:
    def display(self: Any, obj: Chain) -> str:
        return _readable(getattr(obj, name))

    display.short_description = name  # type: ignore[attr-defined]
    display.__name__ = f"{name}_display"
    return display


for _name in COMPONENT_ORDER:
    setattr(ChainAdmin, f"{_name}_display", _component_display(_name))


@admin.register(PhaseAttempt)
class PhaseAttemptAdmin(admin.ModelAdmin):
    list_display = ("chain", "phase", "source", "accepted", "error_code", "created_at")
    list_filter = ("accepted", "source", "phase")
    readonly_fields = (
        "chain",
        "phase",
        "source",
        "accepted",
        "error_code",
        "errors_pretty",
        "raw_output",
        "created_at",
    )
    exclude = ("errors",)

    @admin.display(description="errors")
    def errors_pretty(self, obj: PhaseAttempt) -> str:
        return format_html("<pre>{}</pre>", json.dumps(obj.errors, indent=2))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(ChainCorrection)
class ChainCorrectionAdmin(admin.ModelAdmin):
    """What owners said their chains' sentences are, against what the reader said: the cases
    the reader is evaluated on (``manage.py corrections_export``)."""

    list_display = ("chain", "sentence_index", "role", "reader_role", "author", "created_at")
    list_filter = ("role", "reader_role")
    search_fields = ("sentence", "chain__query", "author__username")
    readonly_fields = (
        "chain",
        "sentence_index",
        "sentence",
        "role",
        "reader_role",
        "author",
        "created_at",
    )

    def has_add_permission(
        self, request: HttpRequest
    ) -> bool:  # corrections are made on the chain's page
        return False
