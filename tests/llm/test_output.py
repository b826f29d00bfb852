"""Reading a model's answer: reasoning blocks, fences and prose around the JSON object."""

import pytest

from toulmini_site.llm.output import (
    ReasoningFilter,
    answer_json,
    is_json_object,
    strip_fences,
    strip_reasoning,
)

ANSWER = '{"claim": "Tax sugar", "strength": 4}'


@pytest.mark.parametrize(
    "text",
    [
        ANSWER,
        f"<think>The user wants JSON. Let me think {{about it}}.</think>\n{ANSWER}",
        f"<THINK>\nshouting\n</THINK>{ANSWER}",
        f"<thinking>a</thinking> <reasoning>b</reasoning>\n{ANSWER}",
        # The chat template opened the block: only its end arrives.
        f"so the claim is about sugar.\n</think>\n\n{ANSWER}",
        f"```json\n{ANSWER}\n```",
        f"```\n{ANSWER}\n```\n",
        f"<think>hm</think>\n```json\n{ANSWER}\n```",
        f"Here is the JSON you asked for:\n{ANSWER}\nHope this helps!",
    ],
)
def test_the_json_object_is_found_inside_what_real_models_write(text):
    assert answer_json(text) == ANSWER
    assert is_json_object(text)


def test_an_answer_cut_off_while_thinking_is_empty():
    assert strip_reasoning("<think>Let me weigh the claim and") == ""
    assert answer_json("<think>Let me weigh the claim and") == ""


def test_prose_with_a_brace_that_is_no_json_is_left_for_validation_to_name():
    text = "I think {this} is right"
    assert answer_json(text) == text
    assert not is_json_object(text)


def test_a_list_or_a_string_is_not_a_json_object():
    assert not is_json_object("[1, 2]")
    assert not is_json_object('"text"')
    assert not is_json_object("")


def test_a_fence_on_one_line_and_an_unclosed_fence_are_stripped():
    assert strip_fences(f"```{ANSWER}```") == ANSWER
    assert strip_fences(f"```json\n{ANSWER}") == ANSWER


def feed_all(chunks):
    reasoning = ReasoningFilter()
    shown = [reasoning.feed(chunk) for chunk in chunks]
    return "".join(shown) + reasoning.finish(), shown


def test_a_leading_reasoning_block_split_across_chunks_is_never_shown():
    text, shown = feed_all(["<th", "ink>I should ", "answer {", "json}</thi", "nk>\n", ANSWER])
    assert text == ANSWER
    assert shown[:4] == ["", "", "", ""]


def test_a_stream_without_reasoning_passes_through_chunk_by_chunk():
    chunks = ['{"assistantText": "Good', ' start."}']
    text, shown = feed_all(chunks)
    assert shown == chunks
    assert text == "".join(chunks)


def test_text_that_only_looks_like_a_tag_at_first_is_released_at_the_end():
    assert feed_all(["<", "thi"])[0] == "<thi"
    assert feed_all(["  <b>bold</b>"])[0] == "  <b>bold</b>"


def test_an_unclosed_reasoning_block_shows_nothing():
    assert feed_all(["<think>", "still thinking when the budget ran out"])[0] == ""
