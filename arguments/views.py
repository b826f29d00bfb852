"""HTML pages for argument chains. Each view: authorize, call a service, render."""

from __future__ import annotations

from typing import Any, Literal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from arguments import exports, selectors, services
from arguments.domain.aif import AIF_MAX_BYTES
from arguments.domain.fallacies import LIKELY_AT, TAXONOMY, FallacyFinding
from arguments.domain.highlight import highlighted
from arguments.domain.toulmin import PHASES, ToulminError
from arguments.forms import (
    AifImportForm,
    ChainForm,
    CorrectionForm,
    FallacyCheckForm,
    PhaseOutputForm,
)
from arguments.models import Chain, ChainCorrection
from arguments.vocabulary import fallacy_explanation
from toulmini_site.htmx import HtmxHttpRequest
from toulmini_site.refusals import Refusal
from toulmini_site.school import submission_of_work
from toulmini_site.text.documents import read_capped
from toulmini_site.text.sentences import sentences
from toulmini_site.users import AuthedHttpRequest

PAGE_SIZE = 20


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    recent = selectors.chains_for(request.user)[:5] if request.user.is_authenticated else []
    return render(request, "arguments/home.html", {"recent": recent})


@login_required
@require_safe
def chain_list(request: AuthedHttpRequest) -> HttpResponse:
    page = Paginator(selectors.chains_for(request.user), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(request, "arguments/chain_list.html", {"page": page})


@login_required
@require_http_methods(["GET", "POST"])
def chain_new(request: AuthedHttpRequest) -> HttpResponse:
    initial = {}
    source = None
    if request.GET.get("from", "").isdigit():
        # "Revise and try again": start from one of the user's own chains.
        source = selectors.chain_for(request.user, int(request.GET["from"]))
    if request.method == "GET" and source is not None:
        initial = services.chain_revision_start(source)
    form = ChainForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            if source is None:
                chain = services.chain_create(owner=request.user, **form.cleaned_data)
            else:  # a revised classroom chain replaces the old one on its submission
                chain = services.chain_revise(
                    owner=request.user, source=source, **form.cleaned_data
                )
        except ToulminError as error:
            form.add_error(None, error.message)
        else:
            return redirect(chain)
    return render(
        request, "arguments/chain_new.html", {"form": form, "import_form": AifImportForm()}
    )


PART_LABELS = {
    "claim": _lazy("Claim"),
    "data": _lazy("Data"),
    "backing": _lazy("Backing"),
    "warrant": _lazy("Warrant"),
    "rebuttal": _lazy("Rebuttal"),
    "restatement": _lazy("Claim, said again"),
}


def _evidence_context(chain: Chain) -> dict:
    """The source text cut at the words the chain's parts rest on, each marked with its part
    and how sure the reader is (``selectors.chain_evidence_spans``: the offline reader's
    sentences, or a server model's words found in the text), the model's parts in its own
    words apart (nothing to highlight); and the text's sentences, for the correction form (a
    chain the server runs, offline or with its model)."""
    spans = selectors.chain_evidence_spans(chain)
    shown = [s for s in spans if s["start"] is not None]
    pieces = []
    for piece in highlighted(chain.source_text, [(s["start"], s["end"]) for s in shown]):
        span = shown[piece.marks[0] - 1] if piece.marks else None
        confidence = span["confidence"] if span else None
        pieces.append(
            {
                "text": piece.text,
                "role": span["part"] if span else "",
                "label": PART_LABELS[span["part"]] if span else "",
                "percent": None if confidence is None else round(100 * confidence),
                "given": bool(span and span["given"]),
                "match": span["match"] if span else "",
            }
        )
    return {
        "evidence_pieces": pieces if shown else [],
        "own_words": [
            {"label": PART_LABELS[s["part"]], "words": s["words"]}
            for s in spans
            if s["match"] == "own_words"
        ],
        "sentences": [(s.index, s.text) for s in sentences(chain.source_text)]
        if chain.is_running_engine
        else [],
        "claim_given": "claim" in chain.pinned_roles().values(),
    }


def _detail_context(chain: Chain, **extra: Any) -> dict:
    state = chain.state()
    prompt = ""
    if chain.engine in (Chain.Engine.MANUAL, Chain.Engine.MCP) and chain.next_phase:
        prompt = services.chain_prompt(chain)
    return {
        "chain": chain,
        # Classroom work links back to its submission, where it is turned in.
        "submission": submission_of_work(chain),
        "phases": [
            {
                "number": n,
                "name": gettext(p.name),
                "done": all(getattr(state, c) for c in p.components),
            }
            for n, p in PHASES.items()
        ],
        "prompt": prompt,
        "phase_form": extra.pop("phase_form", None)
        or PhaseOutputForm(initial={"phase": chain.next_phase}),
        "attempts": chain.attempts.filter(accepted=False).order_by("-created_at")[:3],
        "roles": ChainCorrection.Role.choices,
        **_evidence_context(chain),
        **extra,
    }


def _render_chain(
    request: HtmxHttpRequest, chain: Chain, status: int = 200, **extra: Any
) -> HttpResponse:
    template = "arguments/chain_detail.html"
    if request.htmx:
        template += "#chain"
    return render(request, template, _detail_context(chain, **extra), status=status)


@login_required
@require_safe
def chain_detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    return _render_chain(request, selectors.chain_for(request.user, pk))


@login_required
@require_POST
def chain_run(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    chain = selectors.chain_for(request.user, pk)
    until: Literal["next", "end"] = "end" if request.POST.get("until") == "end" else "next"
    error = ""
    try:
        chain = services.chain_run(chain=chain, until=until)
    except (ToulminError, services.ModelFailed) as failure:
        error = failure.message
        chain.refresh_from_db()
    if request.htmx:
        return _render_chain(request, chain, run_error=error)
    if error:
        messages.error(request, error)
    return redirect(chain)


@login_required
@require_POST
def chain_correct(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """The owner says what a sentence of the source text is (the claim, a datum, the warrant,
    a rebuttal); the chain runs again from phase 1 with it."""
    chain = selectors.chain_for(request.user, pk)
    form = CorrectionForm(request.POST)
    error = ""
    if not form.is_valid():
        error = gettext("Choose a sentence of the source text and a role.")
    else:
        try:
            chain = services.chain_correct(
                chain=chain,
                author=request.user,
                sentence_index=form.cleaned_data["sentence"],
                role=form.cleaned_data["role"],
            )
        except (Refusal, services.ModelFailed) as failure:
            error = failure.message
            chain.refresh_from_db()
    if request.htmx:
        return _render_chain(request, chain, run_error=error)
    if error:
        messages.error(request, error)
    return redirect(chain)


@login_required
@require_POST
def chain_phase(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    chain = selectors.chain_for(request.user, pk)
    form = PhaseOutputForm(request.POST)
    if not form.is_valid():
        return _render_chain(request, chain, status=200 if request.htmx else 400, phase_form=form)
    try:
        chain = services.chain_submit_phase(
            chain=chain,
            phase=form.cleaned_data["phase"],
            payload=form.cleaned_data["output"],
            source=Chain.Engine.MANUAL,
        )
    except services.PhaseRejected as rejected:
        return _render_chain(
            request,
            rejected.chain,
            status=200 if request.htmx else 400,
            phase_form=form,
            phase_error=rejected.error,
        )
    if request.htmx:
        return _render_chain(request, chain)
    return redirect(chain)


# The page's export links end in .md, .json, .aif or .argdown.
_PAGE_FORMATS = {"md": "markdown", "json": "json", "aif": "aif", "argdown": "argdown"}


@login_required
@require_safe
def chain_fallacies(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """Check the chain's source text for named fallacies; the panel (htmx) or the whole page."""
    chain = selectors.chain_for(request.user, pk)
    found, error = [], ""
    try:
        found = services.fallacies_detect(
            text=chain.source_text, limit=services.SOURCE_TEXT_MAX, user=request.user
        )
    except ToulminError as failure:
        error = failure.message
    extra = {
        "fallacies": _fallacy_rows(found),
        "likely_at": round(LIKELY_AT * 100),
        "fallacy_error": error,
        "fallacies_checked": True,
    }
    if request.htmx:
        return render(request, "arguments/chain_detail.html#fallacies", {"chain": chain, **extra})
    return render(request, "arguments/chain_detail.html", _detail_context(chain, **extra))


def _fallacy_rows(found: list[FallacyFinding]) -> list[dict]:
    """What ``arguments/_fallacy_findings.html`` shows of each finding: its number (as the
    highlighted text marks it), the finding, its type's definition and its explanation in the
    reader's language."""
    return [
        {
            "n": n,
            "f": f,
            "definition": TAXONOMY[f.type].definition,
            "explanation": fallacy_explanation(f),
        }
        for n, f in enumerate(found, start=1)
    ]


@login_required
@require_http_methods(["GET", "POST"])
def fallacy_check(request: AuthedHttpRequest) -> HttpResponse:
    """Check a pasted text for named fallacies: the form, and under it the text with the
    quoted words marked and each finding explained. Nothing is saved."""
    form = FallacyCheckForm(request.POST or None)
    context: dict = {"form": form, "types": TAXONOMY.values(), "likely_at": round(LIKELY_AT * 100)}
    status = 400
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        try:
            found = services.fallacies_detect(
                text=text, engine=form.cleaned_data["engine"], user=request.user
            )
        except Refusal as error:  # a failure or a limit: the form keeps the text, with the reason
            form.add_error(None, error.message)
            status = 429 if error.status == 429 else 400
        else:
            found = [f for f in found if f.holds_in(text)]
            likely = {n for n, f in enumerate(found, start=1) if f.likely}
            pieces = [
                (piece, any(n in likely for n in piece.marks))
                for piece in highlighted(text, [(f.start, f.end) for f in found])
            ]
            context.update(checked=True, fallacies=_fallacy_rows(found), pieces=pieces)
    status = status if form.errors and not request.htmx else 200
    template = "arguments/fallacy_check.html"
    return render(
        request, f"{template}#checker" if request.htmx else template, context, status=status
    )


@login_required
@require_safe
def chain_export(request: AuthedHttpRequest, pk: int, fmt: str) -> HttpResponse:
    chain = selectors.chain_for(request.user, pk)
    if fmt not in _PAGE_FORMATS:
        return HttpResponse("Unknown export format: use .md, .json, .aif or .argdown", status=404)
    export = exports.chain_export(chain, _PAGE_FORMATS[fmt])
    response = HttpResponse(export.body, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def chain_import(request: AuthedHttpRequest) -> HttpResponse:
    if request.method == "GET":
        # A reload of a failed import's page: the form lives on the new-chain page.
        return redirect("arguments:chain_new")
    form = AifImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            chain, notes = services.chain_import_aif(
                owner=request.user,
                document=read_capped(form.cleaned_data["file"], max_bytes=AIF_MAX_BYTES),
            )
        except ToulminError as error:
            form.add_error("file", error.message)
        else:
            for note in notes:
                named = f" “{note['text']}”" if note.get("text") else ""
                messages.info(request, f"Node {note['node']}{named}: {note['msg']}")
            return redirect(chain)
    return render(
        request,
        "arguments/chain_new.html",
        # The query and text typed above the file field come back, unchecked.
        {"form": ChainForm(initial=request.POST.dict()), "import_form": form},
        status=400,
    )
