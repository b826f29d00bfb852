"""The teacher's class page and an assignment's submissions cost the same number of SQL
queries whatever the size of the class (no query per student or per cell)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.classrooms.scale import build_class

pytestmark = pytest.mark.django_db


def count(fetch) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = fetch()
    assert response.status_code == 200
    return len(queries)


def class_page_queries(students: int, prefix: str) -> int:
    teacher, classroom = build_class(students=students, assignments=3, prefix=prefix)
    client = Client()
    client.force_login(teacher)
    client.get(f"/classes/{classroom.pk}/")  # warm the content-type cache
    return count(lambda: client.get(f"/classes/{classroom.pk}/"))


def submissions_queries(students: int, prefix: str) -> list[int]:
    """Queries for each assignment's submissions: one coach, one chain, one essay."""
    teacher, classroom = build_class(students=students, assignments=3, prefix=prefix)
    client = APIClient()
    client.force_authenticate(teacher)
    return [
        count(lambda a=a: client.get(f"/api/v1/assignments/{a.pk}/submissions/?page_size=50"))
        for a in classroom.assignments.order_by("id")
    ]


def test_class_page_queries_do_not_grow_with_students():
    small, large = class_page_queries(3, "a"), class_page_queries(15, "b")
    assert small == large
    assert large < 20


def test_submission_list_queries_do_not_grow_with_students():
    assert submissions_queries(3, "a") == submissions_queries(15, "b")


def test_grades_csv_queries_do_not_grow_with_students():
    def csv_queries(students: int, prefix: str) -> int:
        teacher, classroom = build_class(students=students, assignments=2, prefix=prefix)
        client = APIClient()
        client.force_authenticate(teacher)
        return count(lambda: client.get(f"/api/v1/classes/{classroom.pk}/grades.csv"))

    assert csv_queries(3, "a") == csv_queries(15, "b")
