"""One type for the request's user (``toulmini_site.users.User``): no function of the project
takes a user typed ``Any``, and the request types that carry a ``User`` are true: the views
that take them are reached by signed-in users only."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory, force_authenticate

from tests.builders import make_user
from toulmini_site.api import AuthedRequest, authed_api_view
from toulmini_site.users import signed_in

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("arguments", "coach", "council", "toulmini_site", "tools", "benchmarks", "evaluations")
USER_NAMES = {
    "user", "owner", "teacher", "student", "viewer", "reviewer", "invited_by", "author", "learner",
}  # fmt: skip


def users_typed_any(source: str) -> list[str]:
    """``function(parameter)`` for each parameter named as a user and annotated with ``Any``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
                annotation = ast.unparse(argument.annotation) if argument.annotation else ""
                if argument.arg in USER_NAMES and "Any" in annotation.replace("|", " ").split():
                    found.append(f"{node.name}({argument.arg})")
    return found


def test_no_function_types_a_user_as_any():
    found = {}
    for package in PACKAGES:
        for folder, subfolders, files in os.walk(ROOT / package):
            subfolders[:] = [name for name in subfolders if name != "migrations"]
            for name in (n for n in files if n.endswith(".py")):
                path = Path(folder) / name
                if hits := users_typed_any(path.read_text(encoding="utf-8")):
                    found[path.relative_to(ROOT).as_posix()] = hits
    assert found == {}


def test_the_rule_sees_a_user_typed_any():
    source = "def chains_for(user: Any, *, owner: Any | None = None, pk: Any) -> None: ..."
    assert users_typed_any(source) == ["chains_for(user)", "chains_for(owner)"]


@pytest.mark.django_db
def test_signed_in_gives_the_user_and_refuses_a_visitor():
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with pytest.raises(PermissionDenied):
        signed_in(request)
    request.user = make_user("ana")
    assert signed_in(request).username == "ana"


@authed_api_view(["GET"])
def _whoami(request: AuthedRequest) -> Response:
    return Response({"username": request.user.username})


@pytest.mark.django_db
def test_an_authed_api_view_lets_only_a_signed_in_user_through():
    assert _whoami.cls.permission_classes == [IsAuthenticated]
    factory = APIRequestFactory()
    assert _whoami(factory.get("/")).status_code in (401, 403)
    signed = factory.get("/")
    force_authenticate(signed, user=make_user("ben"))
    response = _whoami(signed)
    assert (response.status_code, response.data) == (200, {"username": "ben"})
