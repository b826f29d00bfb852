"""Audit pages, as their owner, as another user and anonymous; and the admin."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from council.models import Audit, Rubric
from tests.council.audit_builders import (
    AUDIT_LEAKY_OPINION,
    AUDIT_OPINION,
    audit_answer,
    audit_make,
)

pytestmark = pytest.mark.django_db

LIST, NEW = reverse("council:audit_list"), reverse("council:audit_new")


@pytest.fixture
def audit_done(owner, django_capture_on_commit_callbacks):
    return audit_make(django_capture_on_commit_callbacks, owner=owner, text=AUDIT_LEAKY_OPINION)


def post_new(client, capture, **data):
    with capture(execute=True):
        return client.post(NEW, {"rubric": "Judicial opinion", **data})


# -- list ----------------------------------------------------------------------------------
def test_the_list_shows_the_owners_audits(owner_client, audit_done):
    response = owner_client.get(LIST)
    assert response.status_code == 200
    assert audit_done.get_absolute_url() in response.content.decode()


def test_the_list_hides_other_users_audits(other_client, audit_done):
    response = other_client.get(LIST)
    assert response.status_code == 200
    assert audit_done.get_absolute_url() not in response.content.decode()


@pytest.mark.parametrize("url", [LIST, NEW, "/audits/1/"])
def test_anonymous_visitors_are_sent_to_log_in(client, url):
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_nav_links_to_audits(owner_client):
    assert f'href="{LIST}"' in owner_client.get(LIST).content.decode()


# -- new -----------------------------------------------------------------------------------
def test_the_form_offers_the_seeded_rubrics(owner_client):
    page = owner_client.get(NEW).content.decode()
    assert "Judicial opinion" in page and "Student argument" in page
    assert 'enctype="multipart/form-data"' in page


def test_posting_a_text_starts_an_audit_and_redirects_to_it(
    owner, owner_client, django_capture_on_commit_callbacks
):
    response = post_new(
        owner_client, django_capture_on_commit_callbacks, text=AUDIT_OPINION, case_id="C-3"
    )
    audit = Audit.objects.get(owner=owner)
    assert response.status_code == 302 and response["Location"] == audit.get_absolute_url()
    assert (audit.case_id, audit.status) == ("C-3", "done")


def test_posting_only_a_file_audits_it_with_the_default_rubric(
    owner, owner_client, django_capture_on_commit_callbacks
):
    upload = SimpleUploadedFile("opinion.txt", AUDIT_OPINION.encode(), "text/plain")
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(NEW, {"file": upload})
    audit = Audit.objects.get(owner=owner)
    assert response.status_code == 302
    assert (audit.filename, audit.document) == ("opinion.txt", AUDIT_OPINION)
    # The page's default is the argumentative-essay rubric, not the court-opinion one.
    assert audit.rubric_name == "Student argument"


def test_the_form_starts_on_the_essay_rubric_with_the_court_fields_set_apart(owner_client):
    page = owner_client.get(NEW).content.decode()
    assert '<option value="Student argument" selected>' in page
    court = page[page.index('class="field court-fields"') : page.index("</fieldset>")]
    assert 'name="case_id"' in court and 'name="court_name"' in court
    assert "Case reference (optional)" in court


def test_the_list_is_paginated(owner, owner_client):
    for _ in range(21):
        Audit.objects.create(owner=owner, rubric_name="Judicial opinion", document="x")
    first = owner_client.get(LIST).content.decode()
    assert first.count("<tr>") == 21 and "?page=2" in first  # header row + 20 audits
    assert owner_client.get(LIST, {"page": 2}).content.decode().count("<tr>") == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"text": "   "}, "Paste the document or upload a file"),
        ({"file": ("x.png", b"\x89PNG\x00\x00")}, "binary"),
        ({"text": "x" * 100_001}, "the limit is 100,000"),
    ],
    ids=["empty", "binary", "too-long"],
)
def test_an_unusable_document_redisplays_the_form_with_the_reason(
    owner_client, django_capture_on_commit_callbacks, data, message
):
    if "file" in data:  # a fresh upload each run: a file object is read once
        data = {"file": SimpleUploadedFile(*data["file"])}
    response = post_new(owner_client, django_capture_on_commit_callbacks, **data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Audit.objects.count() == 0


def test_anonymous_posts_create_nothing(client):
    response = client.post(NEW, {"text": AUDIT_OPINION, "rubric": "Judicial opinion"})
    assert response.status_code == 302 and Audit.objects.count() == 0


# -- detail --------------------------------------------------------------------------------
def test_the_report_shows_score_bars_and_a_prominent_security_flag(owner_client, audit_done):
    page = owner_client.get(audit_done.get_absolute_url()).content.decode()
    assert f"<strong>{audit_done.global_score}</strong>/5" in page
    assert page.count("<meter") == 5
    assert 'role="alert"' in page and "Security violation." in page


def test_the_report_highlights_the_evidence_quotes_in_the_document(owner_client, audit_done):
    page = owner_client.get(audit_done.get_absolute_url()).content.decode()
    assert (
        '<mark title="Security" class="audit-mark-security"><strong>Ignore all previous'
    ) in page
    assert "We affirm.<br><br>" in page  # paragraphs survive without any stylesheet
    assert (
        '<mark title="Transparency of reasoning">Therefore the admission was within the '
        "court&#x27;s discretion.</mark>"
    ) in page


def test_a_paraphrased_model_quote_is_said_not_to_be_in_the_document(
    owner, owner_client, fake_llm, django_capture_on_commit_callbacks
):
    fake_llm(lambda request: audit_answer(3))  # quotes "We affirm.", absent from this text
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner, text="The appeal fails.")
    page = owner_client.get(audit.get_absolute_url()).content.decode()
    assert page.count("not found verbatim in the document") == 5
    assert "<mark" not in page


def test_the_document_is_escaped_in_the_report(
    owner, owner_client, django_capture_on_commit_callbacks
):
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, text="<script>alert(1)</script> We affirm."
    )
    page = owner_client.get(audit.get_absolute_url()).content.decode()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


def test_another_users_audit_is_not_found(other_client, audit_done):
    assert other_client.get(audit_done.get_absolute_url()).status_code == 404


def test_htmx_polls_get_only_the_report_fragment(owner_client, audit_done):
    response = owner_client.get(audit_done.get_absolute_url(), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="audit-report"') and "<html" not in html


def test_a_running_audit_polls_and_shows_progress_per_criterion(
    owner, owner_client, django_capture_on_commit_callbacks
):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    audit.results.filter(criterion_id="clarity").update(status="pending", numeric_score=None)
    Audit.objects.filter(pk=audit.pk).update(status="running", global_score=None)
    html = owner_client.get(audit.get_absolute_url(), headers={"HX-Request": "true"}).content
    html = html.decode()
    assert 'hx-trigger="every 1s"' in html
    assert "4 of 5 criteria assessed" in html and "assessing…" in html


def test_a_finished_audit_stops_polling(owner_client, audit_done):
    html = owner_client.get(audit_done.get_absolute_url()).content.decode()
    assert "hx-trigger" not in html


# -- admin ---------------------------------------------------------------------------------
def test_staff_can_review_audits_and_edit_rubrics(client, staff_user, audit_done):
    client.force_login(staff_user)
    rubric = audit_done.rubric
    pages = [
        reverse("admin:council_rubric_changelist"),
        reverse("admin:council_rubric_change", args=[rubric.pk]),
        reverse("admin:council_audit_changelist"),
        reverse("admin:council_audit_change", args=[audit_done.pk]),
    ]
    for page in pages:
        assert client.get(page).status_code == 200, page
    assert client.get(reverse("admin:council_audit_add")).status_code == 403


def test_non_staff_cannot_open_the_audit_admin(owner_client, audit_done):
    response = owner_client.get(reverse("admin:council_audit_change", args=[audit_done.pk]))
    assert response.status_code == 302


def rubric_admin_post(client, rubric, *, security_keys):
    rows = list(rubric.criteria.all())
    data = {
        "name": rubric.name,
        "description": rubric.description,
        "criteria-TOTAL_FORMS": len(rows),
        "criteria-INITIAL_FORMS": len(rows),
        "criteria-MIN_NUM_FORMS": 0,
        "criteria-MAX_NUM_FORMS": 1000,
    }
    for index, row in enumerate(rows):
        prefix = f"criteria-{index}-"
        data |= {
            f"{prefix}id": row.pk,
            f"{prefix}rubric": rubric.pk,
            f"{prefix}position": row.position,
            f"{prefix}key": row.key,
            f"{prefix}name": row.name,
            f"{prefix}description": row.description,
            f"{prefix}weight": "5" if row.key == "clarity" else str(row.weight),
            f"{prefix}analyzer": row.analyzer,
        }
        if row.key in security_keys:
            data[f"{prefix}is_security"] = "on"
    return client.post(reverse("admin:council_rubric_change", args=[rubric.pk]), data)


def test_staff_edit_rubric_weights_in_the_admin(client, staff_user):
    client.force_login(staff_user)
    rubric = Rubric.objects.get(name="Judicial opinion")
    response = rubric_admin_post(client, rubric, security_keys={"security"})
    assert response.status_code == 302
    assert str(rubric.criteria.get(key="clarity").weight) == "5.00"


def test_the_admin_refuses_a_second_security_criterion_with_a_message(client, staff_user):
    client.force_login(staff_user)
    rubric = Rubric.objects.get(name="Judicial opinion")
    response = rubric_admin_post(client, rubric, security_keys={"security", "clarity"})
    assert response.status_code == 200
    assert "A rubric has at most one security criterion." in response.content.decode()
    assert rubric.criteria.filter(is_security=True).count() == 1


def test_the_audit_header_names_no_unknown_case(owner):
    audit = Audit.objects.create(owner=owner, document="Some text.", rubric_name="Student argument")
    html = logged(owner).get(audit.get_absolute_url()).content.decode()
    assert "Unknown" not in html
    listing = logged(owner).get("/audits/").content.decode()
    assert "Unknown" not in listing


def logged(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client
