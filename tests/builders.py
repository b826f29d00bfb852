"""Builders every test package uses: users."""

from django.contrib.auth import get_user_model


def make_user(username: str, *, staff: bool = False, password: str = "pw-for-tests-123"):
    return get_user_model().objects.create_user(
        username=username, password=password, is_staff=staff, is_superuser=staff
    )
