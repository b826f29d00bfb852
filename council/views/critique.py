"""Critique pages: the list, the new-critique form, and a critique that updates itself."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from arguments.domain.fallacies import TAXONOMY
from council import selectors
from council.domain.critique.agents import AGENTS
from council.domain.critique.formatter import stage_shown
from council.domain.critique.schemas import SEVERITY_WEIGHT
from council.domain.runs import RunNotRetryable
from council.models import Critique
from council.services.critique import critique_create, critique_retry
from council.vocabulary import critique_formatted_shown, refusal_shown, shown
from toulmini_site.limits import LimitExceeded
from toulmini_site.numbers import grouped_lazy
from toulmini_site.text.documents import (
    MAX_DOCUMENT_CHARS,
    DocumentError,
    read_document,
    validate_document,
)
from toulmini_site.users import AuthedHttpRequest

PAGE_SIZE = 20


class CritiqueForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=200, required=False)
    text = forms.CharField(
        label=_("Document"),
        widget=forms.Textarea(attrs={"rows": 14}),
        required=False,
        strip=False,
        help_text=format_lazy(
            _("Paste the document (up to {limit} characters)…"),
            limit=grouped_lazy(MAX_DOCUMENT_CHARS),
        ),
    )
    file = forms.FileField(
        label=_("File"),
        required=False,
        help_text=_("…or upload a text or Markdown file."),
        widget=forms.ClearableFileInput(attrs={"accept": ".txt,.md,.markdown,text/plain"}),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        text, upload = data.get("text") or "", data.get("file")
        if upload and text.strip():
            raise forms.ValidationError(_("Paste a text or upload a file, not both."))
        try:
            data["document"] = read_document(upload) if upload else validate_document(text)
        except DocumentError as exc:
            raise forms.ValidationError(str(exc), code=exc.code) from None
        return data


@require_safe
@login_required
def critique_list(request: AuthedHttpRequest) -> HttpResponse:
    critiques = selectors.critiques_for(request.user, list_fields=True)
    page = Paginator(critiques, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "council/critique_list.html", {"page": page})


@require_http_methods(["GET", "POST"])
@login_required
def critique_new(request: AuthedHttpRequest) -> HttpResponse:
    form = CritiqueForm(request.POST, request.FILES) if request.method == "POST" else CritiqueForm()
    if form.is_bound and form.is_valid():
        try:
            critique = critique_create(
                owner=request.user,
                title=form.cleaned_data["title"],
                text=form.cleaned_data["document"],
            )
        except LimitExceeded as refused:  # the form comes back with the text, nothing queued
            form.add_error(None, refused.message)
            return render(request, "council/critique_new.html", {"form": form}, status=429)
        except DocumentError as exc:  # the offline philosophers cannot read its language
            form.add_error(None, refusal_shown(str(exc)))
            return render(request, "council/critique_new.html", {"form": form}, status=400)
        return redirect(critique)
    return render(request, "council/critique_new.html", {"form": form})


@require_safe
@login_required
def critique_detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    critique = selectors.critique_for(request.user, pk)
    if request.htmx and (seen := request.GET.get("seen", "")).isdigit():
        # The running page asks what is new since what it shows: answer when there is news.
        selectors.critique_wait_for_change(critique, seen=int(seen))
    context = {"critique": critique, **_result_context(critique)}
    if request.htmx:
        return render(request, "council/critique_detail.html#run", context)
    return render(request, "council/critique_detail.html", context)


_STAGES = {
    "critique": _("each philosopher builds a critique tree"),
    "self_critique": _("each philosopher reviews its critique in the light of the others'"),
    "synthesis": _("the council synthesises its assessment"),
}
# An agent's state as a reader says it (the others, such as "running", are words already).
# Its self-critique runs beside its last tree level, so "level 3 of 3" may still be growing.
_AGENT_STATES = {
    "critiqued": _("tree built"),
    "self_critique": _("reviewing its points"),
}


def _agent_progress(progress: dict) -> dict:
    state = progress.get("state", "")
    return {**progress, "state": _AGENT_STATES.get(state, state)} if state else progress


def _fallacy_label(key: str) -> str:
    """A named fallacy's label in the reader's language (the results store its id)."""
    fallacy = TAXONOMY.get(key)
    return gettext(fallacy.label) if fallacy is not None else key


def _with_fallacy_labels(nodes: list[dict], said: dict, field: str = "claim") -> list[dict]:
    """Tree nodes (or the synthesis' points, whose claim is under ``field="critique"``) with
    their fallacy's label and their claim in the reader's language, written from what the
    critique stores (``said``)."""
    return [
        {
            **node,
            field: shown(node[field], said),
            **({"error": shown(str(node["error"]), said)} if node.get("error") else {}),
            "fallacy_label": _fallacy_label(node["fallacy"]) if node.get("fallacy") else "",
            "sub_critiques": _with_fallacy_labels(node.get("sub_critiques") or [], said),
        }
        for node in nodes
    ]


def _result_context(critique: Critique) -> dict:
    """Points grouped by area (inside each the surest first, as the council ranks them),
    trees and progress by philosopher."""
    dismissed = {d.point_key: d for d in critique.dismissals.select_related("author")}
    points = sorted(
        [
            {**p, "key": (k := (p.get("claim_ids") or [""])[0]), "dismissal": dismissed.get(k)}
            for p in _with_fallacy_labels(
                critique.result.get("points", []), critique.said, field="critique"
            )
        ],
        key=lambda p: (p["area"].casefold(), -p["confidence"], -SEVERITY_WEIGHT[p["severity"]]),
    )
    areas: dict[str, list] = {}
    for point in points:
        areas.setdefault(point["area"], []).append(point)
    agents = critique.progress.get("agents", {})
    early = [
        {
            **finding,
            "claim": shown(finding["claim"], critique.said),
            "agent": a.label,
        }
        for a in AGENTS
        for finding in agents.get(a.name, {}).get("findings", [])
    ]
    early.sort(key=lambda f: (-SEVERITY_WEIGHT[f["severity"]] * f["confidence"], f["agent"]))
    failures = [
        {
            **f,
            "stage": stage_shown(str(f.get("stage", "")), gettext),
            "error": shown(str(f.get("error", "")), critique.said),
        }
        for f in (critique.result or {}).get("failures") or []
        if isinstance(f, dict)
    ]
    return {
        "failures": failures,
        "assessment": shown((critique.result or {}).get("final_assessment", ""), critique.said),
        "error_shown": shown(critique.error, critique.said),
        "formatted_shown": critique_formatted_shown(critique),
        "stage": _STAGES.get(critique.progress.get("stage", ""), ""),
        "seen": critique.progress.get("seq", 0),
        "early_findings": early,
        "areas": list(areas.items()),
        "philosophers": [
            {
                "name": a.name,
                "label": a.label,
                "tree": _with_fallacy_labels(critique.trees.get(a.name, []), critique.said),
                "progress": _agent_progress(agents.get(a.name, {})),
            }
            for a in AGENTS
        ],
    }


@require_POST
@login_required
def critique_retry_view(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    critique = selectors.critique_for(request.user, pk)
    try:
        critique_retry(critique=critique)
    except RunNotRetryable as exc:
        messages.error(request, str(exc))
    return redirect(critique)
