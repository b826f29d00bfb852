"""Schemas are sent inlined: no $ref or $defs for a server to refuse."""

import json

import pytest
from pydantic import BaseModel, Field

from toulmini_site.llm.schemas import (
    SchemaError,
    inline_schema,
    json_schema_for,
    response_format,
    schema_instructions,
)


class Backing(BaseModel):
    source: str = Field(description="where it comes from")


class Warrant(BaseModel):
    principle: str
    backing: Backing | None = None


class Analysis(BaseModel):
    claim: str
    warrants: list[Warrant]
    main: Warrant = Field(description="the warrant that carries the claim")


class Node(BaseModel):
    label: str
    children: list["Node"] = []


def test_a_nested_schema_has_no_reference_left():
    assert "$defs" in Analysis.model_json_schema()  # what pydantic writes

    inlined = json_schema_for(Analysis)

    text = json.dumps(inlined)
    assert "$ref" not in text and "$defs" not in text
    assert inlined["properties"]["warrants"]["items"]["properties"]["principle"] == {
        "title": "Principle",
        "type": "string",
    }
    backing = inlined["properties"]["main"]["properties"]["backing"]["anyOf"][0]
    assert backing["properties"]["source"]["description"] == "where it comes from"


def test_keys_beside_a_reference_are_kept():
    inlined = json_schema_for(Analysis)
    assert inlined["properties"]["main"]["description"] == "the warrant that carries the claim"
    assert inlined["properties"]["main"]["required"] == ["principle"]


def test_a_self_referencing_model_is_inlined_to_a_bounded_depth():
    text = json.dumps(json_schema_for(Node))
    assert "$ref" not in text


def test_a_reference_to_nowhere_is_refused():
    with pytest.raises(SchemaError):
        inline_schema({"properties": {"x": {"$ref": "#/$defs/Missing"}}})


def test_the_response_format_names_the_model_and_is_not_strict():
    form = response_format(Analysis)
    assert form["type"] == "json_schema"
    assert form["json_schema"]["name"] == "Analysis"
    assert form["json_schema"]["strict"] is False
    assert form["json_schema"]["schema"] == json_schema_for(Analysis)


def test_the_words_asking_for_json_carry_the_inlined_schema():
    words = schema_instructions(Analysis)
    schema_text = words.split("BEGIN JSON SCHEMA\n", 1)[1].split("\nEND JSON SCHEMA")[0]
    assert json.loads(schema_text) == json_schema_for(Analysis)
    assert "Analysis" in words
