import json

import pytest

from coach.domain.stream import parse_answer, streamed_text


def test_streamed_text_grows_with_the_buffer_and_never_changes_what_it_showed():
    whole = json.dumps({"step": "claim", "assistantText": 'Say "why" — ¿por qué?\nThen go.'})
    shown = ""
    for end in range(len(whole) + 1):
        text = streamed_text(whole[:end])
        assert text.startswith(shown)
        shown = text
    assert shown == 'Say "why" — ¿por qué?\nThen go.'


def test_streamed_text_is_empty_until_the_key_arrives():
    assert streamed_text('{"step": "claim", "assist') == ""


def test_streamed_text_waits_for_a_whole_unicode_escape():
    assert streamed_text('{"assistantText": "caf\\u00') == "caf"
    assert streamed_text('{"assistantText": "caf\\u00e9') == "café"


def test_parse_answer_reads_json_inside_a_markdown_fence_or_surrounding_text():
    assert parse_answer('```json\n{"a": 1}\n```') == {"a": 1}
    assert parse_answer('Here you go: {"a": 1} done') == {"a": 1}


@pytest.mark.parametrize("text", ["", "no json here", '{"a": '])
def test_parse_answer_refuses_text_without_a_json_object(text):
    with pytest.raises(ValueError):
        parse_answer(text)


def test_a_long_answer_read_chunk_by_chunk_costs_linear_time_and_reads_every_escape():
    """``streamed`` runs once per chunk: a character loop made 20,000 characters in 4-character
    chunks take seconds; runs between quotes and escapes are copied whole now."""
    import time

    from coach.domain.stream import StreamedText, streamed

    text = 'Say \u201cwhy\u201d.\n\tA "quoted" \\ path/é. ' * 700
    raw = json.dumps({"assistantText": text, "nextQuestion": "Why?"})
    reader = StreamedText()
    started = time.process_time()
    shown = [reader.read(raw[:size]) for size in range(3, len(raw) + 3, 3)]
    assert time.process_time() - started < 3.0
    assert shown[-1] == (text, True)
    # Each read says what reading the buffer whole says (3 characters cut escapes in two).
    sizes = range(3, 600, 3)
    fresh = StreamedText()
    assert [fresh.read(raw[:n]) for n in sizes] == [streamed(raw[:n]) for n in sizes]
    assert all(text.startswith(part) for part, _closed in shown)


@pytest.mark.parametrize("step", [1, 2, 3, 5, 7])
def test_an_emoji_escaped_as_two_halves_streams_as_one_character(step):
    """JSON writes a character outside the basic plane as a surrogate pair; streamed, the two
    halves came out as two lone surrogates, which cannot be encoded for the page."""
    from coach.domain.stream import StreamedText

    text = "ok 😀 done é 𝄞"
    raw = json.dumps({"assistantText": text, "nextQuestion": "?"})  # ASCII: \\ud83d\\ude00
    reader = StreamedText()
    shown = [reader.read(raw[:n]) for n in range(0, len(raw) + step, step)]
    assert shown[-1] == (text, True)
    for part, _closed in shown:
        part.encode()  # no lone half, at any chunk
        assert text.startswith(part)


def test_a_lone_surrogate_half_is_the_replacement_character():
    from coach.domain.stream import streamed

    assert streamed('{"assistantText": "a \\ud83d"}') == ("a \ufffd", True)
    assert streamed('{"assistantText": "a \\ude00 b"}') == ("a \ufffd b", True)
    assert streamed('{"assistantText": "a \\ud83d\\u00') == ("a ", False)  # may still come
