"""OpenAI-compatible servers as schools run them, each with its documented quirk.

Each quirk is a model for ``FakeOpenAIServer.answer_with``: it reads the request (the schema
asked for, in ``response_format`` or in the prompt's words), takes the right answer for that
schema from ``answers`` (schema title -> JSON text) and answers the way that server does:

- ``well_behaved``: the answer, ``finish_reason`` "stop".
- ``llama_cpp``: 400 to a schema with ``$ref`` (newer llama.cpp servers refuse it).
- ``llama_cpp_ignoring``: 200 with prose whenever a schema comes in ``response_format`` (older
  llama.cpp, a schema it could not convert); the answer when the schema is in the prompt.
- ``ollama``: ``finish_reason`` null on every answer.
- ``lm_studio``: 400 to any ``response_format`` but ``json_schema``; every other answer to a
  ``json_schema`` request is an empty string.
- ``reasoning``: a ``<think>`` block, braces and all, before the JSON.
- ``vllm``: the schema enforced even with ``strict: false``: the answer holds only the fields
  the schema declares (the model wanted to add "notes"; without a schema sent, it does).
- ``malformed``: a 200 whose body is broken JSON (a broken event in a stream).
- ``length_cut``: the JSON cut in half, ``finish_reason`` "length", whatever the budget.
- ``hangs``: never answers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.llm.fake_openai_server import Behaviour, Fail, Raw, Received, Reply, Stall

Answers = Callable[[str], dict[str, Any]]

SCHEMA_BEGIN = "BEGIN JSON SCHEMA\n"
SCHEMA_END = "\nEND JSON SCHEMA"
PROSE = "Sure! I think the argument is mostly fine, though the warrant could be stronger."
THINKING = (
    '<think>\nThe user wants JSON like {"claim": ...}. Let me weigh the data first, '
    "then the warrant.\n</think>\n\n"
)


def schema_sent(body: dict[str, Any]) -> tuple[dict[str, Any] | None, bool]:
    """The JSON schema a request asks for, and whether it came in ``response_format``."""
    form = body.get("response_format") or {}
    if form.get("type") == "json_schema":
        return form["json_schema"]["schema"], True
    for message in body.get("messages", []):
        content = message.get("content") or ""
        if SCHEMA_BEGIN in content:
            text = content.split(SCHEMA_BEGIN, 1)[1].split(SCHEMA_END, 1)[0]
            return json.loads(text), False
    return None, False


def _answer(body: dict[str, Any], answers: Answers) -> tuple[dict[str, Any], bool]:
    schema, in_format = schema_sent(body)
    if schema is None:
        raise AssertionError("the request asks for no schema")
    return answers(schema["title"]), in_format


def well_behaved(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        return Reply(json.dumps(_answer(request.body, answers)[0]))

    return model


def llama_cpp(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        if "$ref" in json.dumps(request.body.get("response_format") or {}):
            return Fail(400, message="Unable to generate parser for this schema: $ref")
        return Reply(json.dumps(_answer(request.body, answers)[0]))

    return model


def llama_cpp_ignoring(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        answer, in_format = _answer(request.body, answers)
        return Reply(PROSE if in_format else json.dumps(answer))

    return model


def ollama(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        return Reply(json.dumps(_answer(request.body, answers)[0]), finish_reason=None)

    return model


def lm_studio(answers: Answers) -> Callable[[Received], Behaviour]:
    asked = {"json_schema": 0}

    def model(request: Received) -> Behaviour:
        form = request.body.get("response_format")
        if form and form.get("type") != "json_schema":
            return Fail(400, message="'response_format.type' must be 'json_schema' or 'text'")
        answer, in_format = _answer(request.body, answers)
        if in_format:
            asked["json_schema"] += 1
            if asked["json_schema"] % 2 == 1:
                return Reply("")
        return Reply(json.dumps(answer))

    return model


def reasoning(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        return Reply(THINKING + json.dumps(_answer(request.body, answers)[0]))

    return model


def vllm(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        answer, in_format = _answer(request.body, answers)
        wanted = {**answer, "notes": "I also considered the counter-argument."}
        if in_format:  # strict decoding: only what the schema declares can be written
            schema, _ = schema_sent(request.body)
            declared = (schema or {}).get("properties", {})
            wanted = {k: v for k, v in wanted.items() if k in declared}
        return Reply(json.dumps(wanted, separators=(",", ":")))

    return model


def malformed(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        return Raw(b'{"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"mess')

    return model


def length_cut(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        text = json.dumps(_answer(request.body, answers)[0])
        return Reply(text[: len(text) // 2], finish_reason="length")

    return model


def hangs(answers: Answers) -> Callable[[Received], Behaviour]:
    def model(request: Received) -> Behaviour:
        return Stall(3600)

    return model


# Servers whose answer arrives, however it is wrapped, and those that never give one.
ANSWERING = {
    "well_behaved": well_behaved,
    "llama_cpp": llama_cpp,
    "llama_cpp_ignoring": llama_cpp_ignoring,
    "ollama": ollama,
    "lm_studio": lm_studio,
    "reasoning": reasoning,
    "vllm": vllm,
}
FAILING = {"malformed": malformed, "length_cut": length_cut, "hangs": hangs}
QUIRKS = {**ANSWERING, **FAILING}
