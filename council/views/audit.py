"""Audit pages: the list, a form to start one, and the report that fills in as criteria finish."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from arguments.domain.language import reader_language
from council import selectors
from council.domain.audit.calibration import criterion_level
from council.domain.audit.document import highlight_segments, quote_found
from council.domain.audit.rubrics import JUDICIAL_OPINION, STUDENT_ARGUMENT
from council.domain.runs import RunNotRetryable
from council.models import Rubric
from council.services.audit import RubricUnusable, audit_create, audit_retry
from council.vocabulary import (
    audit_summary_shown,
    reasoning_shown,
    refusal_shown,
    shown,
    stored_shown,
)
from toulmini_site.limits import LimitExceeded
from toulmini_site.numbers import grouped_lazy
from toulmini_site.text.documents import (
    MAX_DOCUMENT_CHARS,
    DocumentError,
    read_document,
    require_sentence,
    validate_document,
)
from toulmini_site.users import AuthedHttpRequest

PAGE_DEFAULT_RUBRIC = STUDENT_ARGUMENT.name


class RubricChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Rubric) -> str:
        return _(obj.name)  # the seeded rubrics' names are in the catalogue


class AuditForm(forms.Form):
    text = forms.CharField(
        label=_lazy("Document"),
        widget=forms.Textarea(attrs={"rows": 14}),
        required=False,
        strip=False,
        # The same limit, said the same way, as the critique's form.
        help_text=format_lazy(
            _lazy("Paste the document (up to {limit} characters)…"),
            limit=grouped_lazy(MAX_DOCUMENT_CHARS),
        ),
    )
    file = forms.FileField(
        label=_lazy("…or a plain-text file"),
        required=False,
        help_text=format_lazy(
            _lazy("UTF-8 text, up to {limit} characters."), limit=grouped_lazy(MAX_DOCUMENT_CHARS)
        ),
    )
    rubric = RubricChoiceField(
        queryset=selectors.rubrics(),
        to_field_name="name",
        empty_label=None,
        required=False,
        label=_lazy("Rubric"),
    )
    # Only the court-opinion rubric reads these (the page shows them only when it is chosen).
    case_id = forms.CharField(
        label=_lazy("Case reference (optional)"), max_length=200, required=False
    )
    court_name = forms.CharField(label=_lazy("Court (optional)"), max_length=200, required=False)

    COURT_FIELDS = ("case_id", "court_name")
    COURT_RUBRIC = JUDICIAL_OPINION.name

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        text, upload = data.get("text") or "", data.get("file")
        if bool(text.strip()) == bool(upload):
            raise forms.ValidationError(_("Paste the document or upload a file (one of the two)."))
        try:
            document = read_document(upload) if upload else validate_document(text)
            data["document"] = require_sentence(document)
        except DocumentError as exc:
            raise forms.ValidationError(str(exc), code=exc.code) from None
        return data


@require_safe
@login_required
def audit_list(request: AuthedHttpRequest) -> HttpResponse:
    audits = selectors.audits_for(request.user, list_fields=True)
    page = Paginator(audits, 20).get_page(request.GET.get("page"))
    return render(request, "council/audit_list.html", {"page": page})


@require_http_methods(["GET", "POST"])
@login_required
def audit_new(request: AuthedHttpRequest) -> HttpResponse:
    # The page's default is the argumentative-essay rubric: most documents here are a
    # student's argument, not a court's opinion (the API keeps its documented default).
    initial = {"rubric": request.GET.get("rubric") or PAGE_DEFAULT_RUBRIC}
    bound = request.method == "POST"
    form = AuditForm(request.POST if bound else None, request.FILES or None, initial=initial)
    if bound and form.is_valid():
        data = form.cleaned_data
        try:
            audit = audit_create(
                owner=request.user,
                text=data["document"],
                rubric_name=data["rubric"].name if data["rubric"] else PAGE_DEFAULT_RUBRIC,
                case_id=data["case_id"],
                court_name=data["court_name"],
                filename=data["file"].name if data["file"] else "",
            )
        except RubricUnusable as exc:
            form.add_error("rubric", str(exc))
        except DocumentError as exc:  # the offline engine cannot read its language
            form.add_error(None, refusal_shown(str(exc)))
        except LimitExceeded as refused:  # the form comes back with the text, nothing queued
            form.add_error(None, refused.message)
            return render(request, "council/audit_new.html", {"form": form}, status=429)
        else:
            return redirect(audit)
    status = 400 if form.is_bound else 200
    return render(request, "council/audit_new.html", {"form": form}, status=status)


# How sure a criterion's answer is, as the chain says it of its claim.
CONFIDENCE_LEVELS = {
    "likely": _lazy("likely right"),
    "possible": _lazy("possibly right"),
    "unsure": _lazy("not sure"),
}


@require_safe
@login_required
def audit_detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    audit = selectors.audit_for(request.user, pk)
    results = list(audit.results.all())
    # The offline auditor's confidences in the parts it reads from an English text are measured
    # for calibration: those show their level, as the chain's claim does.
    measured = audit.engine == "offline" and reader_language(audit.document) == "en"
    for result in results:  # what the offline auditor wrote, in the reader's language
        result.reasoning_shown = reasoning_shown(result.reasoning, result.said)  # type: ignore[attr-defined]
        result.error_shown = shown(result.error, result.said)  # type: ignore[attr-defined]
        level = criterion_level(result.analyzer, result.relevance_confidence) if measured else ""
        result.confidence_level = CONFIDENCE_LEVELS.get(level, "")  # type: ignore[attr-defined]
    # The highlights' titles name the criteria in the reader's language.
    quotes = [(e["content"], _(r.name)) for r in results for e in r.evidence]
    security = {_(r.name) for r in results if r.is_security}
    context = {
        "audit": audit,
        "results": results,
        # Each result with its quotes: a model may paraphrase, so say so rather than pretend
        # to highlight.
        "rows": [
            (
                r,
                [
                    {
                        **e,
                        "found": quote_found(audit.document, e["content"]),
                        "source_ref": stored_shown(str(e["source_ref"]), r.said),
                    }
                    for e in r.evidence
                ],
            )
            for r in results
        ],
        "assessed": sum(r.status != r.Status.PENDING for r in results),
        "summary": audit_summary_shown(audit, results),
        "error_shown": shown(audit.error, audit.said),
        "segments": [
            (segment, any(name in segment.labels for name in security))
            for segment in highlight_segments(audit.document, quotes)
        ],
    }
    template = "council/audit_detail.html"
    return render(request, f"{template}#report" if request.htmx else template, context)


@require_POST
@login_required
def audit_retry_view(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    audit = selectors.audit_for(request.user, pk)
    try:
        audit_retry(audit=audit)
    except RunNotRetryable as exc:
        messages.error(request, str(exc))
    return redirect(audit)
