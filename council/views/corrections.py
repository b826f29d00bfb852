"""Corrections on the council's pages: a critique's finding dismissed (its owner or a
teacher of the class), an audit's criterion overruled (a teacher). Plain POSTs that go back
to the page they came from."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from council import selectors
from council.services.corrections import (
    REASON_MAX,
    CorrectionRefused,
    audit_criterion_overrule,
    critique_point_dismiss,
)
from toulmini_site.users import AuthedHttpRequest


class DismissForm(forms.Form):
    point = forms.CharField(max_length=80)
    reason = forms.CharField(max_length=REASON_MAX, strip=True)


class OverruleForm(forms.Form):
    criterion = forms.CharField(max_length=60)
    score = forms.IntegerField(min_value=1, max_value=5)
    reason = forms.CharField(max_length=REASON_MAX, strip=True)


def _back(request: HttpRequest, fallback: str) -> HttpResponse:
    target = request.POST.get("next", "")
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return redirect(target if target and allowed else fallback)


@login_required
@require_POST
def critique_dismiss(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    critique = selectors.critique_to_correct(request.user, pk)
    form = DismissForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Say why the finding does not hold."))
        return _back(request, critique.get_absolute_url())
    try:
        critique_point_dismiss(
            critique=critique,
            point_key=form.cleaned_data["point"],
            reason=form.cleaned_data["reason"],
            author=request.user,
        )
    except CorrectionRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, gettext("The finding is dismissed."))
    return _back(request, critique.get_absolute_url())


@login_required
@require_POST
def audit_overrule(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    audit = selectors.audit_to_overrule(request.user, pk)
    form = OverruleForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give a score from 1 to 5 and say why."))
        return _back(request, audit.get_absolute_url())
    try:
        audit_criterion_overrule(
            audit=audit,
            criterion_id=form.cleaned_data["criterion"],
            score=form.cleaned_data["score"],
            reason=form.cleaned_data["reason"],
            author=request.user,
        )
    except CorrectionRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, gettext("The criterion is overruled."))
    return _back(request, audit.get_absolute_url())
