import pytest

from toulmini_site.text.sentences import complete_end, sentences


def texts(text: str) -> list[str]:
    return [s.text for s in sentences(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Smith measured it. Then he left.",
        "The rate rose to 3.5 percent. Then it fell.",
        "The U.S. economy grew. Then it shrank.",
    ],
)
def test_abbreviations_and_decimals_do_not_end_a_sentence(text):
    assert len(texts(text)) == 2


def test_every_sentence_is_an_exact_slice_with_its_offsets():
    text = "  First one here.  Second one!\nThird line without a stop"
    found = sentences(text)
    assert [s.text for s in found] == [
        "First one here.",
        "Second one!",
        "Third line without a stop",
    ]
    assert [s.index for s in found] == [0, 1, 2]
    for s in found:
        assert text[s.start : s.end] == s.text


def test_a_lower_case_word_after_a_stop_continues_the_sentence():
    assert texts("It was approx. ten. Fine.") == ["It was approx. ten.", "Fine."]
    assert texts("He said no. then left.") == ["He said no. then left."]


def test_fragments_of_fewer_than_three_letters_are_not_sentences():
    assert texts("1.\nab.\nabc here.") == ["abc here."]
    assert sentences("") == [] and sentences(None) == []  # type: ignore[arg-type]


def test_a_question_and_an_exclamation_end_sentences_before_a_capital():
    assert texts("Why now? Because it works! Really.") == [
        "Why now?",
        "Because it works!",
        "Really.",
    ]


def test_an_initial_does_not_end_a_sentence():
    assert texts("J. Smith wrote it. Done here.") == ["J. Smith wrote it.", "Done here."]


def test_three_letters_make_a_sentence_two_do_not():
    assert texts("Yes.\nNo.\nOk then.") == ["Yes.", "Ok then."]


def test_a_stop_after_nothing_or_an_abbreviation_with_dots_is_handled():
    assert texts("... Hello there. Bye now.") == ["Hello there.", "Bye now."]
    assert texts("Bring tools, e.g. Hammers and saws. Then build.") == [
        "Bring tools, e.g. Hammers and saws.",
        "Then build.",
    ]


def test_a_stop_before_a_lower_case_word_does_not_end_the_sentence():
    assert texts("The price rose sharply. but only briefly. Then it fell.") == [
        "The price rose sharply. but only briefly.",
        "Then it fell.",
    ]


def test_a_lower_case_variable_before_a_capital_ends_the_sentence():
    assert texts("It is safer than a == b. According to Mozilla, it is.") == [
        "It is safer than a == b.",
        "According to Mozilla, it is.",
    ]


def test_a_lower_case_letter_before_a_number_does_not_end_a_sentence():
    assert texts("See p. 5 of the report. Done here.") == ["See p. 5 of the report.", "Done here."]


def test_versus_in_a_case_name_does_not_end_a_sentence():
    text = "It was answered by Brown v. Board of Education in 1954. Then schools changed."
    assert texts(text) == [
        "It was answered by Brown v. Board of Education in 1954.",
        "Then schools changed.",
    ]


@pytest.mark.parametrize(
    ("arrived", "complete"),
    [
        ("Good start. What would a sceptic", "Good start. "),
        ("Good start.", ""),  # the next character may still be part of it ("start.com")
        ("Ask Dr. Smith", ""),
        ("It rose 3.5 points. Then", "It rose 3.5 points. "),
        ('She said "no." Then', 'She said "no." '),
        ("First line\n\nSecond", "First line\n\n"),
        ("No stop yet ", ""),
    ],
)
def test_a_text_still_arriving_is_complete_up_to_its_last_closed_sentence(arrived, complete):
    assert arrived[: complete_end(arrived)] == complete


def test_completeness_is_read_from_where_the_text_was_released():
    text = "One. Two. Three"
    assert complete_end(text, 5) == len("One. Two. ")
    assert complete_end(text, 10) == 10  # nothing more is complete


def test_etc_before_a_capital_ends_the_sentence_and_before_anything_else_does_not():
    text = "Some critics say it is expensive, etc. Students always love new tools."
    assert [s.text for s in sentences(text)] == [
        "Some critics say it is expensive, etc.",
        "Students always love new tools.",
    ]
    inside = "Pens, paper, etc. are provided. Bring a bag."
    assert [s.text for s in sentences(inside)] == [
        "Pens, paper, etc. are provided.",
        "Bring a bag.",
    ]


def _chained(text: str, step: int) -> list[int]:
    """Where the complete sentences end as ``text`` arrives ``step`` characters at a time,
    each read from where the last one was released (the stateless function)."""
    released, ends = 0, []
    for size in range(step, len(text) + step, step):
        released = complete_end(text[:size], released)
        ends.append(released)
    return ends


@pytest.mark.parametrize("unit", ["Dr. ", "a. b ", "should we? i say yes ", "One. Two! "])
def test_a_long_text_arriving_in_small_chunks_is_read_in_linear_time(unit):
    """Each chunk reads only what follows the last settled boundary: 20,000 characters of a
    run that never completes a sentence ("Dr. ") took minutes, read again for every chunk."""
    import time

    from toulmini_site.text.sentences import Completion

    text = unit * (20_000 // len(unit))
    completion, ends = Completion(), []
    started = time.process_time()
    for size in range(4, len(text) + 4, 4):
        ends.append(completion.advance(text[:size]))
    assert time.process_time() - started < 2.0
    assert ends == sorted(ends)  # what was released stays released
    assert text[: ends[-1]].rstrip() == text[: _chained(text, 4)[-1]].rstrip()


@pytest.mark.parametrize("step", [1, 2, 3, 7])
def test_completion_chunk_by_chunk_ends_where_reading_from_each_release_does(step):
    """The same sentence ends as the stateless reading, at most with more of the white space
    after one (a boundary first seen at the text's end is read again once settled)."""
    from toulmini_site.text.sentences import Completion

    text = 'Ask Dr. Smith. It rose 3.5 points. Then i said no. Why?\nJ. Smith came.  "Fine." Ok '
    completion = Completion()
    sizes = range(step, len(text) + step, step)
    for size, expected in zip(sizes, _chained(text, step), strict=True):
        end = completion.advance(text[:size])
        assert end >= expected and not text[expected:end].strip()
