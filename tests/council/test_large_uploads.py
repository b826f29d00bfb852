"""A 100 MB upload is refused with 413 REQUEST_TOO_LARGE by its Content-Length, unread, while
the server's memory grows by less than 10 MB (toulmini_site/bodies.py); a body under that cap
but over a document's is refused by the document reader one byte past its cap."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from django.core.handlers.wsgi import WSGIHandler
from rest_framework.authtoken.models import Token

from council.models import Audit, Critique

pytestmark = pytest.mark.django_db(transaction=True)

HUNDRED_MB = 100 * 1024 * 1024
BOUNDARY = "toulmini-boundary"
MEMORY_LIMIT = 10 * 1024 * 1024


def multipart_file(tmp_path: Path, size: int) -> Path:
    """A multipart body with one ``file`` part of ``size`` bytes, written sparsely to disk."""
    path = tmp_path / "body.bin"
    head = (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="file"; filename="huge.txt"\r\n'
        "Content-Type: text/plain\r\n\r\n"
    ).encode()
    with path.open("wb") as body:
        body.write(head)
        body.write(b"a" * 1024)  # a text beginning; the rest of the part is a sparse hole
        body.seek(size - 1024, 1)
        body.write(f"\r\n--{BOUNDARY}--\r\n".encode())
    return path


def post_streamed(url: str, body_path: Path, *, token: str) -> tuple[int, dict, int]:
    """POST the file at ``body_path`` through the WSGI handler, streamed from disk; returns
    the status, the JSON body and the peak memory traced while the server handled it."""
    handler = WSGIHandler()
    size = body_path.stat().st_size
    captured: dict = {}

    def start_response(status, headers, exc_info=None):
        captured["status"] = int(status.split()[0])

    with body_path.open("rb") as stream:
        environ = {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": url,
            "SERVER_NAME": "testserver",
            "SERVER_PORT": "80",
            "wsgi.url_scheme": "http",
            "wsgi.input": stream,
            "wsgi.errors": None,
            "CONTENT_TYPE": f"multipart/form-data; boundary={BOUNDARY}",
            "CONTENT_LENGTH": str(size),
            "HTTP_AUTHORIZATION": f"Token {token}",
        }
        tracemalloc.start()
        try:
            chunks = handler(environ, start_response)
            body = b"".join(chunks)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    return captured["status"], json.loads(body), peak


@pytest.mark.parametrize(
    ("url", "model"), [("/api/v1/critiques/", Critique), ("/api/v1/audits/", Audit)]
)
def test_a_100_mb_upload_is_refused_without_reading_it_into_memory(tmp_path, owner, url, model):
    token = Token.objects.create(user=owner).key
    body_path = multipart_file(tmp_path, HUNDRED_MB)

    status, body, peak = post_streamed(url, body_path, token=token)

    assert (status, body["code"]) == (413, "REQUEST_TOO_LARGE")
    assert peak < MEMORY_LIMIT, f"{peak / 1e6:.1f} MB traced"
    assert not model.objects.exists()


def test_an_upload_over_a_documents_cap_is_refused_by_the_reader(tmp_path, owner):
    token = Token.objects.create(user=owner).key
    body_path = multipart_file(tmp_path, 2 * 1024 * 1024)  # under the request cap (3 MiB)

    status, body, _peak = post_streamed("/api/v1/critiques/", body_path, token=token)

    assert (status, body["code"]) == (400, "DOCUMENT_TOO_LONG")
    assert not Critique.objects.exists()


def test_a_huge_json_body_is_refused_before_it_is_parsed(owner_api):
    text = "a" * 3_000_000  # past DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB)

    response = owner_api.post("/api/v1/critiques/", {"text": text}, format="json")

    assert (response.status_code, response.json()["code"]) == (400, "DOCUMENT_TOO_LONG")
    assert not Critique.objects.exists()
