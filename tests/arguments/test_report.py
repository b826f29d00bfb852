"""The Markdown export: prose escaped, the diagram's code block literal and unbreakable."""

import re

from arguments.domain.report import chain_markdown
from arguments.domain.toulmin import ChainState, Claim, Data, Evaluation
from tests.arguments import builders as b

TAG = "<img src=x onerror=alert(1)>"
EVALUATION = Evaluation(status="in_progress", next_phase=3)


def _markdown(statement: str) -> str:
    state = ChainState(
        query=f"Is {TAG} & more safe?",
        data=Data(**b.data()),
        claim=Claim(**b.claim(statement=statement)),
    )
    return chain_markdown(state, EVALUATION)


def _diagram(markdown: str) -> tuple[str, str]:
    """The opening fence and the body of the Diagram section's code block."""
    match = re.search(r"## Diagram\n\n(`{3,})\n(.*?)\n\1\n", markdown, re.S)
    assert match, markdown
    return match.group(1), match.group(2)


def test_the_diagram_shows_the_text_as_written_and_the_prose_stays_escaped():
    markdown = _markdown(f"Schools should ban {TAG} & similar tags in essays.")
    _fence, body = _diagram(markdown)
    assert f"CLAIM: Schools should ban {TAG} & similar tags in essays." in body
    assert "&lt;" not in body and "&amp;" not in body
    outside = markdown.replace(body, "")
    assert "<" not in outside  # the title and the Claim section: no tag outside the block
    assert "# Toulmin analysis: Is &lt;img src=x onerror=alert(1)> &amp; more safe?" in outside
    assert "Schools should ban &lt;img src=x onerror=alert(1)> &amp; similar" in outside


def test_a_fence_in_the_users_text_cannot_close_the_diagram_block():
    markdown = _markdown(f"Schools should ban ```` {TAG} and ``` in essays.")
    fence, body = _diagram(markdown)
    assert fence == "`" * 5  # longer than the four in the text
    assert f"```` {TAG} and ```" in body
    # The block's body is the whole diagram: its last line is still inside.
    assert body.splitlines()[-1].startswith("   unless REBUTTAL:")
    assert markdown.count(fence) == 2
