"""The account page (password, language), the language remembered per user, password reset."""

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.builders import make_user
from toulmini_site.accounts.models import UserSettings

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-123"


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_account_page_is_only_for_logged_in_users(client):
    response = client.get(reverse("account"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_account_page_shows_the_password_and_language_sections():
    page = logged_in(make_user("ana")).get(reverse("account")).content.decode()
    assert 'id="password"' in page and 'id="language"' in page
    assert 'name="old_password"' in page and 'name="new_password1"' in page
    assert 'name="language"' in page and "ana" in page
    assert "autofocus" not in page  # the page opens at its top, not at the password field


def test_changing_the_password_keeps_the_user_logged_in_and_the_new_one_works():
    user = make_user("ana")
    client = logged_in(user)
    response = client.post(
        reverse("account_password"),
        {
            "old_password": PASSWORD,
            "new_password1": "a-new-Pass-9876",
            "new_password2": "a-new-Pass-9876",
        },
    )
    assert response.status_code == 302 and response["Location"] == reverse("account")
    assert client.get(reverse("account")).status_code == 200  # still logged in
    user.refresh_from_db()
    assert user.check_password("a-new-Pass-9876") and not user.check_password(PASSWORD)


def test_a_wrong_old_password_is_refused_on_the_account_page_and_changes_nothing():
    user = make_user("ana")
    response = logged_in(user).post(
        reverse("account_password"),
        {
            "old_password": "wrong",
            "new_password1": "a-new-Pass-9876",
            "new_password2": "a-new-Pass-9876",
        },
    )
    assert response.status_code == 400
    assert "Your old password was entered incorrectly" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_the_language_chosen_is_saved_on_the_account_and_follows_the_user_to_another_device():
    user = make_user("ana")
    laptop = logged_in(user)
    response = laptop.post(reverse("set_language"), {"language": "es", "next": "/classes/"})
    assert response.status_code == 302 and response["Location"] == "/classes/"
    assert UserSettings.objects.get(user=user).language == "es"
    phone = logged_in(user)  # no cookie on this one, an English browser
    page = phone.get(reverse("account"), headers={"accept-language": "en"})
    assert page["Content-Language"] == "es"
    assert 'lang="es"' in page.content.decode()


def test_an_anonymous_choice_lives_in_the_cookie_and_is_kept_by_sign_up(client):
    client.post(reverse("set_language"), {"language": "es", "next": "/"})
    assert client.get("/")["Content-Language"] == "es"
    client.post(
        reverse("signup"),
        {"username": "nueva", "password1": "Pass-for-tests-987", "password2": "Pass-for-tests-987"},
    )
    assert UserSettings.objects.get(user__username="nueva").language == "es"


def test_the_browser_language_is_used_until_the_user_chooses_one():
    user = make_user("ana")
    client = logged_in(user)
    assert client.get("/", headers={"accept-language": "es"})["Content-Language"] == "es"
    assert client.get("/", headers={"accept-language": "en"})["Content-Language"] == "en"
    assert not UserSettings.objects.filter(user=user).exists()


def test_going_back_to_the_browser_language_forgets_the_choice():
    user = make_user("ana")
    client = logged_in(user)
    client.post(reverse("set_language"), {"language": "es", "next": "/"})
    client.post(reverse("set_language"), {"language": "", "next": "/"})
    assert UserSettings.objects.get(user=user).language == ""
    assert client.get("/", headers={"accept-language": "en"})["Content-Language"] == "en"


def test_an_unknown_language_changes_nothing():
    user = make_user("ana")
    client = logged_in(user)
    client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert not UserSettings.objects.filter(user=user).exists()


def test_the_language_switch_is_on_the_pages_with_the_current_language_marked(client):
    page = client.get("/", headers={"accept-language": "es"}).content.decode()
    switch = re.search(r'<form[^>]*class="language-switch".*?</form>', page, re.S).group(0)
    assert 'value="en"' in switch and 'value="es"' in switch
    assert re.search(r'value="es"[^>]*aria-current="true"', switch)
    assert 'name="next" value="/"' in switch


def test_password_reset_sends_a_link_that_sets_a_new_password(client):
    user = make_user("ana")
    user.email = "ana@example.org"
    user.save()
    response = client.post(reverse("password_reset"), {"email": "ana@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ana@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200 and 'name="new_password1"' in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "a-new-Pass-9876", "new_password2": "a-new-Pass-9876"},
    )
    assert done["Location"] == reverse("password_reset_complete")
    user.refresh_from_db()
    assert user.check_password("a-new-Pass-9876")


def test_password_reset_says_the_same_for_an_unknown_address_and_sends_nothing(client):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


def test_password_reset_is_limited_per_address(client, settings):
    settings.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 2
    codes = [
        client.post(reverse("password_reset"), {"email": f"x{n}@example.org"}).status_code
        for n in range(3)
    ]
    assert codes == [302, 302, 429]


def test_the_login_page_links_to_password_reset(client):
    assert reverse("password_reset").encode() in client.get(reverse("login")).content
