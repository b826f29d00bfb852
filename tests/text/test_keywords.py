from toulmini_site.text.keywords import keywords


def test_matches_whole_words_in_any_case():
    pattern = keywords("because", "given that")
    assert pattern.search("BECAUSE it rains")
    assert pattern.search("Given that it rains")
    assert not pattern.search("becauses")
    assert not pattern.search("forgiven thats")


def test_terms_are_regular_expressions_joined_as_alternatives():
    pattern = keywords(r"improv\w*", "a|b")
    assert pattern.search("it improves")
    assert pattern.search("plan b")
    assert not pattern.search("approve")
