"""Audit admin: rubrics are edited here; audits are reviewed (read-only) with their model calls."""

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Model
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest

from council.admin.runs import run_again_action
from council.models import Audit, AuditCriterionResult, Rubric, RubricCriterion
from council.services.audit import audit_retry
from toulmini_site.llm.admin import LLMCallInline


class RubricCriterionFormSet(BaseInlineFormSet):
    """Checks across rows what the database would refuse with an error page."""

    def clean(self) -> None:
        super().clean()
        kept = [f for f in self.forms if f.cleaned_data and not f.cleaned_data.get("DELETE")]
        if sum(bool(f.cleaned_data.get("is_security")) for f in kept) > 1:
            raise ValidationError("A rubric has at most one security criterion.")
        if not kept:
            raise ValidationError("A rubric needs at least one criterion to be usable.")


class RubricCriterionInline(admin.TabularInline):
    model = RubricCriterion
    formset = RubricCriterionFormSet
    extra = 0
    fields = ("position", "key", "name", "description", "weight", "is_security", "analyzer")


@admin.register(Rubric)
class RubricAdmin(admin.ModelAdmin):
    list_display = ("name", "criteria_count", "created_at")
    search_fields = ("name",)
    inlines = [RubricCriterionInline]

    @admin.display(description="criteria")
    def criteria_count(self, rubric: Rubric) -> int:
        return rubric.criteria.count()


_RESULT_FIELDS = (
    "position",
    "criterion_id",
    "name",
    "weight",
    "is_security",
    "status",
    "numeric_score",
    "security_violation_found",
    "relevance_confidence",
    "reasoning",
    "evidence",
    "error",
    "overruled_score",
    "overrule_reason",
    "overruled_by",
    "overruled_at",
)


class AuditCriterionResultInline(admin.TabularInline):
    model = AuditCriterionResult
    extra = 0
    can_delete = False
    fields = _RESULT_FIELDS
    readonly_fields = _RESULT_FIELDS

    def has_add_permission(
        self, request: HttpRequest, obj: Model | None = None
    ) -> bool:  # results come from a run
        return False


@admin.register(Audit)
class AuditAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "owner",
        "rubric_name",
        "case_id",
        "status",
        "global_score",
        "security_violation",
        "engine",
        "created_at",
    )
    list_filter = ("status", "security_violation", "engine", "rubric_name")
    search_fields = ("case_id", "court_name", "owner__username", "summary")
    readonly_fields = (
        "owner",
        "rubric",
        "rubric_name",
        "document",
        "filename",
        "case_id",
        "court_name",
        "engine",
        "status",
        "error",
        "global_score",
        "summary",
        "security_violation",
        "report",
        "created_at",
        "started_at",
        "finished_at",
    )
    inlines = [AuditCriterionResultInline, LLMCallInline]
    actions = [run_again_action(audit_retry, argument="audit")]

    def has_add_permission(
        self, request: HttpRequest
    ) -> bool:  # audits are started from the site or the API
        return False
