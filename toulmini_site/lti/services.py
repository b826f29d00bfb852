"""Launches, deep links and roster syncs from a school's learning platform (LTI 1.3).

A launch signs the person in as the account linked to their platform and subject (created on
their first launch, never matched by e-mail), and puts them in the class that stands for the
platform's course: instructors and teaching assistants as teachers, learners as students.
Each refusal is a ``LaunchRefused`` whose message is safe to show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import requests
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from lti_tool.models import Key, LtiContext, LtiUser
from lti_tool.utils import sync_data_from_launch
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.exception import LtiException
from pylti1p3.lineitem import LineItem as PlatformLineItem
from pylti1p3.names_roles import NamesRolesProvisioningService

from toulmini_site.classrooms import services as classrooms
from toulmini_site.classrooms.domain.grading import total_max
from toulmini_site.classrooms.models import Assignment, Classroom, Enrollment
from toulmini_site.lti import connection
from toulmini_site.lti.domain.roles import ClassRole, class_role
from toulmini_site.lti.models import AssignmentLink, ClassLink, UsedNonce
from toulmini_site.refusals import Refusal
from toulmini_site.users import User

# The custom parameter a deep link carries: which assignment the link opens.
ASSIGNMENT_PARAM = "toulmini_assignment"


class LaunchRefused(Refusal):
    """A launch we will not accept (403 unless said otherwise); ``code`` is stable,
    ``message`` is safe to show. The launch views answer it with their own page, which
    tells a student lost between two sites how to get back."""

    status = 403

    def __init__(self, code: str, message: str | Promise) -> None:
        super().__init__(str(message), code=code)


# pylti1p3 says why it refused in English sentences; each family gets one clear message.
_REASONS = (
    (
        ("Error during fetch URL",),
        "platform_silent",
        _(
            "The learning platform did not answer when Toulmini asked for its keys, so the "
            "launch could not be checked. Try again in a moment."
        ),
    ),
    (
        ("State not found", "Missing state param", "Missing id_token"),
        "expired",
        _(
            "This launch has expired or was opened in another browser. Go back to your course "
            "and open Toulmini again."
        ),
    ),
    (
        ("Registration not found", "registration details", "Client id not registered", "issuer"),
        "unregistered",
        _(
            "This learning platform, or this client ID, is not registered with Toulmini. Ask the "
            "site's administrator to register it (the values to paste are in the documentation)."
        ),
    ),
    (
        ('missing the "exp" claim', 'missing the "iat" claim'),
        "no_expiry",
        _(
            "The launch carries no expiry time, so it was refused. Ask the site's "
            "administrator to check the learning platform's LTI settings."
        ),
    ),
    (
        ("Can't decode id_token", "Unable to find public key", "JWT", "Invalid JWT"),
        "bad_signature",
        _(
            "The launch's signature could not be verified, so it was refused. If this keeps "
            "happening, the platform's key set URL registered here may be wrong."
        ),
    ),
    (
        ("Invalid Nonce", '"nonce" is empty'),
        "replayed",
        _("This launch was already used. Go back to your course and open Toulmini again."),
    ),
)


def is_id(value: object) -> bool:
    """True for a database id as a platform or a form may send it: digits only, short enough
    to be one (a 5,000-digit "id" is neither a 500 nor an overflow, just not an id)."""
    text = str(value)
    return text.isascii() and text.isdigit() and len(text) <= 18


def refusal_for(error: Exception) -> LaunchRefused:
    """The clear refusal for one of pylti1p3's launch errors."""
    text = str(error)
    for fragments, code, message in _REASONS:
        if any(fragment in text for fragment in fragments):
            return LaunchRefused(code, message)
    return LaunchRefused(
        "invalid", _("This launch is not a valid LTI 1.3 launch, so it was refused.")
    )


def key_ensure() -> Key:
    """Our signing key pair, made on first use (``manage.py rotate_keys`` makes a new one)."""
    key = Key.objects.active().order_by("-datetime_created").first()
    return key if key is not None else Key.objects.generate()


def nonce_consume(*, issuer: str, nonce: str) -> None:
    """Spend a launch's nonce: the second launch with the same one is a replay."""
    try:
        with transaction.atomic():
            UsedNonce.objects.create(issuer=issuer[:255], nonce=nonce[:255])
    except IntegrityError:
        raise LaunchRefused(
            "replayed",
            _("This launch was already used. Go back to your course and open Toulmini again."),
        ) from None


def launch_check(*, lti_launch: Any) -> None:
    """Refuse a validated launch from a deployment not activated here, played twice, or
    whose ``roles`` claim is not a list of role names (400: the platform sent it wrong)."""
    roles = lti_launch.roles_claim
    if roles is not None and (
        not isinstance(roles, list) or not all(isinstance(role, str) for role in roles)
    ):
        refusal = LaunchRefused(
            "bad_roles",
            _(
                "The launch's roles are not a list of role names, so it was refused. Ask the "
                "site's administrator to check the learning platform's LTI settings."
            ),
        )
        refusal.status = 400
        raise refusal
    deployment = lti_launch.deployment
    if not deployment.is_active:
        raise LaunchRefused(
            "unknown_deployment",
            _(
                "This course's deployment (%(id)s) is not active in Toulmini. "
                "An administrator can activate it in the admin under LTI deployments."
            )
            % {"id": deployment.deployment_id},
        )
    nonce_consume(issuer=lti_launch.get_claim("iss") or "", nonce=lti_launch.get_claim("nonce"))


# -- people --------------------------------------------------------------------------------


def _username_for(lti_user: LtiUser) -> str:
    base = lti_user.name or " ".join(filter(None, [lti_user.given_name, lti_user.family_name]))
    base = re.sub(r"[^\w.-]+", ".", base.strip().lower()).strip(".")[:40] or "student"
    User = get_user_model()
    candidate, n = base, 1
    while User.objects.filter(username=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def account_for(lti_user: LtiUser) -> Any:
    """The account linked to this platform person, made (with no usable password: they come
    in through the platform) the first time. Linked by platform and subject only."""
    if lti_user.auth_user_id is not None:
        return lti_user.auth_user
    with transaction.atomic():
        locked = LtiUser.objects.select_for_update().get(pk=lti_user.pk)
        if locked.auth_user_id is not None:
            return locked.auth_user
        user = get_user_model().objects.create_user(
            username=_username_for(locked),
            first_name=(locked.given_name or "")[:150],
            last_name=(locked.family_name or "")[:150],
        )
        locked.auth_user = user
        locked.save(update_fields=["auth_user", "datetime_modified"])
    lti_user.auth_user = user
    return user


def _place(classroom: Classroom, user: User, role: ClassRole) -> None:
    """Put ``user`` in the class in ``role``; the platform's word is final for teachers."""
    if role == "teacher":
        Enrollment.objects.filter(classroom=classroom, student=user).delete()
        classroom.teachers.add(user)
    elif not classroom.teachers.filter(pk=user.pk).exists():
        classrooms.enrollment_add(classroom=classroom, student=user)


# -- launches ------------------------------------------------------------------------------


@dataclass
class Landing:
    """Where a launch lands: who signed in, in which class, as what, on which assignment."""

    user: User
    classroom: Classroom | None
    role: ClassRole | None
    assignment: Assignment | None = None


def _assignment_of(lti_launch: Any, classroom: Classroom) -> Assignment | None:
    resource_link = lti_launch.resource_link
    wanted = lti_launch.get_custom_claim(ASSIGNMENT_PARAM)
    if wanted and is_id(wanted):
        assignment = classroom.assignments.filter(pk=int(wanted)).first()
        if assignment is not None:
            AssignmentLink.objects.update_or_create(
                resource_link=resource_link, defaults={"assignment": assignment}
            )
            return assignment
    link = AssignmentLink.objects.filter(
        resource_link=resource_link, assignment__classroom=classroom
    ).first()
    return link.assignment if link else None


@transaction.atomic
def launch_accept(*, lti_launch: Any) -> Landing:
    """Sign-in data for a checked launch: the linked account, its class and role, and the
    assignment a resource link points at. An instructor's first launch from a course makes
    its class; a learner's waits until their teacher has opened Toulmini once."""
    sync_data_from_launch(lti_launch)
    user = account_for(lti_launch.user)
    role = class_role(lti_launch.roles_claim or [])
    if lti_launch.context_claim is None:
        return Landing(user=user, classroom=None, role=role)
    if role is None:
        raise LaunchRefused(
            "role",
            _(
                "Toulmini has a place for instructors, teaching assistants and learners; your "
                "role in this course is none of these."
            ),
        )
    context = lti_launch.context
    link = ClassLink.objects.select_related("classroom").filter(context=context).first()
    if link is None:
        if role != "teacher":
            raise LaunchRefused(
                "no_class",
                _(
                    "Your teacher has not opened Toulmini in this course yet. "
                    "Try again once they have."
                ),
            )
        name = (context.title or context.label or "Course")[: classrooms.NAME_MAX]
        classroom = classrooms.class_create(teacher=user, name=name)
        link = ClassLink.objects.create(context=context, classroom=classroom)
    try:
        _place(link.classroom, user, role)
    except classrooms.ClassroomError as refused:
        raise LaunchRefused("class", refused.message) from None
    landing = Landing(user=user, classroom=link.classroom, role=role)
    if lti_launch.is_resource_launch:
        landing.assignment = _assignment_of(lti_launch, link.classroom)
    return landing


def deep_link_jwt(*, lti_launch: Any, assignment: Assignment, launch_url: str) -> tuple[str, str]:
    """The signed deep linking response placing ``assignment`` in the platform course, and the
    platform address to post it to. The link carries a gradebook column for the assignment."""
    maximum = total_max(assignment.maxima())
    line_item = (
        PlatformLineItem()
        .set_label(assignment.title[:200])
        .set_score_maximum(maximum)
        .set_tag(line_item_tag(assignment))
        .set_resource_id(str(assignment.pk))
    )
    resource = (
        DeepLinkResource()
        .set_url(launch_url)
        .set_title(assignment.title[:200])
        .set_custom_params({ASSIGNMENT_PARAM: str(assignment.pk)})
        .set_lineitem(line_item)
    )
    deep_link = lti_launch.get_message_launch().get_deep_link()
    settings = lti_launch.get_claim(
        "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
    )
    return deep_link.get_response_jwt([resource]), settings["deep_link_return_url"]


def line_item_tag(assignment: Assignment) -> str:
    return f"toulmini-assignment-{assignment.pk}"


# -- roster --------------------------------------------------------------------------------


def _roster_of(context: LtiContext) -> list[Any]:
    """The course's members (NRPS), read with a bounded wait (``connection``)."""
    if not context.memberships_url:
        return []
    service = NamesRolesProvisioningService(
        connection.service_connector(context.deployment.registration),
        {"context_memberships_url": context.memberships_url},
    )
    return list(service.get_members())


def roster_sync(*, link: ClassLink, skip_if_silent: bool = False) -> ClassLink:
    """Bring the class's members in line with the platform's roster (Names and Role
    Provisioning): active learners enrolled, active instructors and assistants teaching,
    learners gone from the course (or inactive there) taken out, their work kept. A failure
    is recorded on the link, not raised. ``skip_if_silent`` (the sync each instructor
    launch starts) leaves a platform that did not answer a moment ago alone."""
    context: LtiContext = link.context
    classroom = link.classroom
    registration_id = context.deployment.registration_id
    if skip_if_silent and connection.platform_quiet(registration_id):
        return link
    try:
        members = _roster_of(context)
    except (LtiException, requests.RequestException, ValueError, KeyError) as error:
        if connection.is_silence(error):
            connection.platform_silent(registration_id)
        # The platform's own words; the pages say in the reader's language what failed.
        link.roster_error = (str(error) or error.__class__.__name__)[:2000]
        link.save(update_fields=["roster_error"])
        return link
    context.update_memberships(members)
    registration = context.deployment.registration
    added = removed = 0
    present: set[str] = set()
    for member in members:
        role = class_role(member.get("roles", []))
        active = member.get("status", "Active") == "Active"
        if role is None:
            continue
        lti_user = LtiUser.objects.get(registration=registration, sub=member["user_id"])
        user = account_for(lti_user)
        if role == "teacher" and active:
            _place(classroom, user, "teacher")
        elif role == "student" and active:
            present.add(member["user_id"])
            if not classroom.teachers.filter(pk=user.pk).exists():
                added += classrooms.enrollment_add(classroom=classroom, student=user)
    # Learners this platform brought in who are no longer on its roster.
    for lti_user in LtiUser.objects.filter(
        registration=registration, auth_user__enrollments__classroom=classroom
    ).exclude(sub__in=present):
        removed += classrooms.enrollment_remove(
            classroom=classroom, student_id=lti_user.auth_user_id
        )
    link.roster_synced_at = timezone.now()
    link.roster_error = ""
    link.roster_added, link.roster_removed = added, removed
    link.save(update_fields=["roster_synced_at", "roster_error", "roster_added", "roster_removed"])
    return link
