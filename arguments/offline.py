"""The offline engines' adapter (the app's engines that ask no model, with their fitted
weights; not to be confused with ``arguments.domain.roles``, the sentence-role model itself).

The offline analyzer with its sentence-role model: the fitted weights are read once, on the
first offline analysis, from ``arguments/sentence_roles.json`` (written by ``make train``);
and the same reading of a text's sentences for the other apps (``sentence_reading``). The
one reading of a document per run (``document_reading``), shared by every judge of the run. The
fallacy checker with its learned model in the same way (``check_fallacies``, weights from
``arguments/fallacy_model.json``), for this app's services and the council.

``analyzer_phase`` is the offline engine of a chain phase: ``chain_run`` calls it directly
when the chain runs offline (no prompt is built for it). ``prompts_install`` hands the domain
its prompt texts, read from ``arguments/prompts/`` in the same way.

The domain stays pure: this module reads the file and hands the model to
``arguments.domain.analyzer``, which never touches the disk.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from arguments.domain.analyzer import analyze_phase
from arguments.domain.confidence import (
    SentenceRole,
    claim_meant,
    picked_claim_candidates,
    sentence_parts,
)
from arguments.domain.document import DocumentReading, Readers
from arguments.domain.fallacies import FallacyFinding, detect_fallacies
from arguments.domain.fallacies.learned import WEIGHTS as FALLACY_WEIGHTS
from arguments.domain.fallacies.learned import FallacyModel
from arguments.domain.prompts import templates_install
from arguments.domain.reading import ClaimCandidate, read
from arguments.domain.roles import EncodedRoleModel, RoleModel
from toulmini_site.text.encoder import default_encoder

WEIGHTS = "sentence_roles.json"
ENCODED_WEIGHTS = "sentence_roles_encoded.json"
FALLACY_ENCODED_WEIGHTS = "fallacy_model_encoded.json"

logger = logging.getLogger(__name__)


def _read(name: str) -> dict:
    return json.loads(resources.files("arguments").joinpath(name).read_text(encoding="utf-8"))


def _encode(sentences: list[str]) -> Any:
    """The sentence encoder's embeddings (loaded and verified on first use)."""
    from toulmini_site.text.encoder import default_encoder

    return default_encoder().encode(sentences)


@functools.cache
def _encoder_ready() -> bool:
    """Whether the sentence encoder is installed and verified; when it is not, the judges read
    with their models on words and cues (and a warning is logged once)."""
    from toulmini_site.text.encoder import EncoderRefused, default_encoder

    try:
        default_encoder()
    except EncoderRefused as refused:
        logger.warning("The judges read without the sentence encoder: %s", refused)
        return False
    return True


@functools.cache
def plain_sentence_roles() -> RoleModel:
    """The sentence-role model on hashed words and cues (for text the encoder may not read)."""
    return RoleModel.from_json(_read(WEIGHTS))


@functools.cache
def sentence_roles() -> EncodedRoleModel | RoleModel:
    """The shipped sentence-role model (loaded once per process): the one on the sentence
    encoder, which answers with the plain model for text that is not English; the plain model
    alone when the encoder is not there."""
    if not _encoder_ready():
        return plain_sentence_roles()
    return EncodedRoleModel.from_json(
        _read(ENCODED_WEIGHTS), fallback=plain_sentence_roles(), embed=_encode
    )


@functools.cache
def plain_fallacy_model() -> FallacyModel:
    """The fallacy model on hashed words and cues (for text the encoder may not read)."""
    return FallacyModel.from_json(_read(FALLACY_WEIGHTS))


@functools.cache
def fallacy_model() -> FallacyModel:
    """The shipped fallacy model (loaded once per process): on the sentence encoder, with the
    plain model for text that is not English; the plain model when the encoder is not there."""
    if not _encoder_ready():
        return plain_fallacy_model()
    return FallacyModel.from_json(
        _read(FALLACY_ENCODED_WEIGHTS), embed=_encode, fallback=plain_fallacy_model()
    )


def check_fallacies(text: str) -> list[FallacyFinding]:
    """The fallacies in ``text``: the offline rules with the shipped learned model, most
    confident first (``arguments.domain.fallacies.detect_fallacies``)."""
    return detect_fallacies(text, model=fallacy_model())


def analyzer_phase(
    phase: int,
    *,
    query: str,
    source_text: str,
    components: dict[str, Any],
    pinned: dict[int, str] | None = None,
    claim_confidence: float | None = None,
    reading: DocumentReading | None = None,
) -> BaseModel:
    """The offline analyzer's output for ``phase`` (the rules with the shipped model), given
    the chain's query, source text and the components so far, the roles a person pinned on
    sentences and how sure the reading is of the claim; ``reading`` is the run's one reading
    of the source text (``document_reading``), which the phases of one run share when it was
    made with the same pins. Raises ``arguments.domain.analyzer.NotInText`` when the text
    lacks the phase's parts."""
    inputs = {
        "phase": phase,
        "query": query,
        "source_text": source_text,
        "components": components,
        "pinned": pinned or {},
        "claim_confidence": claim_confidence,
    }
    shared = None
    if reading is not None and phase in (1, 2, 3) and reading.pins == dict(pinned or {}):
        shared = reading.reading
    return analyze_phase(inputs, roles=sentence_roles(), reading=shared)


def model_claim_reading(query: str, source_text: str, statement: str) -> list[ClaimCandidate]:
    """How sure the offline reader (with the shipped model) is that ``statement``, the claim a
    language model read, is the claim of ``source_text``: the sentence it says again first,
    with its calibrated confidence, then the two likeliest others; empty when it says again no
    sentence (``arguments.domain.confidence.picked_claim_candidates``)."""
    return picked_claim_candidates(query, source_text, statement, sentence_roles())


def model_claim_meant(query: str, source_text: str, statement: str) -> float | None:
    """How far the offline reader backs a language model's claim in its own words, weighed by
    meaning against its candidates on the sentence encoder
    (``arguments.domain.confidence.claim_meant``); None without the encoder or for text that
    is not English."""
    if not _encoder_ready():
        return None
    return claim_meant(query, source_text, statement, sentence_roles(), _encode)


def document_reading(
    text: str,
    *,
    query: str = "",
    pinned: Mapping[int, str] | None = None,
    validate: bool = True,
) -> DocumentReading:
    """The one reading of ``text`` for a run (validated and split once; roles, fallacies and
    embeddings computed once, on first use) with the shipped models and the sentence
    encoder, which is loaded only if a judge asks for embeddings. ``DocumentError`` when the
    text cannot be used; ``validate=False`` for a text checked where it was stored (a chain's
    source text, which may be empty: the query alone). ``pinned``: the roles a person gave
    sentences (by index), which the sentence reading keeps."""
    return DocumentReading.of(
        text,
        query=query,
        pinned=pinned,
        validate=validate,
        readers=Readers(
            roles=sentence_roles(), fallacy_model=fallacy_model(), encoder=default_encoder
        ),
    )


def sentence_reading(text: str, query: str = "") -> dict[str, str]:
    """The role of each sentence of ``text`` in its argument, as the chain reads it (the rules
    with the shipped model): sentence text -> claim, data, warrant (a stated rule), rebuttal
    (an objection or concession), restatement or none. The council's audit and offline
    philosophers take their Toulmin readings from here, so the three apps agree."""
    reading = read(query, text, sentence_roles())
    return {s.text: reading.role_of(s) for s in reading.sentences}


def calibrated_claim(text: str, query: str = "") -> dict[str, Any]:
    """How sure the offline reading is of the claim of ``text``, for a page or API that lets
    the user pick when it is not: ``{"level": "likely" | "possible" | "unsure" | "",
    "confidence": 0-1 or None, "candidates": [{"index", "start", "end", "text", "confidence",
    "level", "chosen"}, ...]}`` — the chosen sentence first, then at most two others, each with
    the calibrated chance that it is the claim (``arguments.domain.reading.claim_candidates``;
    character offsets into ``text``). A chain should not run to a confident verdict when the
    level is "unsure": show the candidates and ask."""
    reading = read(query, text, sentence_roles())
    return {
        "level": reading.claim_level,
        "confidence": reading.claim_confidence,
        "candidates": [
            {
                "index": c.sentence.index,
                "start": c.sentence.start,
                "end": c.sentence.end,
                "text": c.sentence.text,
                "confidence": c.confidence,
                "level": c.level,
                "chosen": c.sentence is reading.claim,
            }
            for c in reading.candidates
        ],
    }


def prompts_install() -> None:
    """Give the domain's prompt builders their texts, ``arguments/prompts/*.txt`` (the domain
    reads no files): at start-up (``ArgumentsConfig.ready``), and by the MCP server, which
    serves before Django is set up."""
    prompts = Path(__file__).resolve().parent / "prompts"
    templates_install(
        {path.stem: path.read_text(encoding="utf-8").strip() for path in prompts.glob("*.txt")}
    )


def chain_evidence(query: str, source_text: str, pinned: dict[int, str]) -> list[SentenceRole]:
    """The sentences of a chain's source text that its parts rest on, with the reader's
    confidence in each and whether its owner gave the role (``sentence_parts``)."""
    return sentence_parts(query, source_text, sentence_roles(), pinned)
