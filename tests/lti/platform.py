"""A learning platform for the tests, built on ``lti1p3platform`` (the platform side of LTI
1.3): its own RSA key, signed launches, an OAuth token endpoint that checks our signed
client assertion against our published key set, and the roster (NRPS) and gradebook (AGS)
services, served over HTTP on 127.0.0.1 so our tool's real client code talks to it."""

from __future__ import annotations

import functools
import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from jwcrypto.jwk import JWK
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request, TRequest

LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
TEACHING_ASSISTANT = (
    "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"
)
MENTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"
AGS_SCOPES = [
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
    "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
    "https://purl.imsglobal.org/spec/lti-ags/scope/score",
]
NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"


@functools.cache
def shared_pem_pair(name: str) -> tuple[str, str]:
    """One key pair per name for the whole run: making 2048-bit keys is the slow part."""
    return rsa_pem_pair()


def rsa_pem_pair() -> tuple[str, str]:
    key = JWK.generate(kty="RSA", size=2048)
    return (
        key.export_to_pem(private_key=True, password=None).decode(),
        key.export_to_pem().decode(),
    )


class _Conf(LTI1P3PlatformConfAbstract):
    def init_platform_config(self, **kwargs: Any) -> None:
        self._registration = kwargs["registration"]

    def get_registration_by_params(self, **kwargs: Any) -> Registration:
        return self._registration


class _Request(Request):
    def build_metadata(self, request: Any) -> TRequest:
        return {
            "method": "GET",
            "get_data": request,
            "form_data": {},
            "headers": {},
            "content_type": None,
            "path": "/",
            "json": None,
        }


class _Launch(LTIAdvantageMessageLaunchAbstract):
    def render_launch_form(self, launch_data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return launch_data


class Platform:
    """One platform instance with one registration of our tool (``client_id``, one
    deployment) and one course, ``course``; ``members`` is its roster, ``scores`` what
    its gradebook received, ``line_items`` its gradebook columns."""

    def __init__(
        self,
        *,
        tool_launch_url: str,
        client_id: str = "toulmini-client",
        deployment_id: str = "dep-1",
        course: str = "course-101",
    ) -> None:
        self.private_key, self.public_key = shared_pem_pair("platform")
        self.client_id = client_id
        self.deployment_id = deployment_id
        self.course = course
        self.tool_launch_url = tool_launch_url
        self.members: list[dict[str, Any]] = []
        self.scores: list[dict[str, Any]] = []
        self.line_items: dict[str, dict[str, Any]] = {}
        self.fail_scores = 0  # answer this many score posts with 503 first
        self.token_requests = 0
        self.calls = 0  # every request to its services, counted as it arrives
        self.delay = 0.0  # seconds it waits before answering any request (a slow platform)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._server.block_on_close = False  # stop() does not wait out a slow answer
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.issuer = self.url
        self.registration = (
            Registration()
            .set_iss(self.issuer)
            .set_client_id(client_id)
            .set_deployment_id(deployment_id)
            .set_launch_url(tool_launch_url)
            .set_deeplink_launch_url(tool_launch_url)
            .set_platform_public_key(self.public_key)
            .set_platform_private_key(self.private_key)
        )
        self.conf = _Conf(registration=self.registration)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- launches ----------------------------------------------------------------------

    def signed_launch(
        self,
        auth_params: dict[str, str],
        *,
        sub: str,
        roles: list[str],
        name: str = "",
        resource_link: str | None = "link-1",
        custom: dict[str, str] | None = None,
        deep_link_return: str | None = None,
        context: str | None = None,
        services: bool = True,
    ) -> dict[str, Any]:
        """The platform's answer to our login redirect: a signed id_token and the state."""
        launch = _Launch(_Request(auth_params), self.conf)
        launch.set_user_data(
            sub, roles, full_name=name or None, email_address=f"{sub}@school.example"
        )
        launch.set_launch_context_claim(
            context or self.course,
            context_types=["http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering"],
            context_title="Rhetoric 101",
            context_label="RHET101",
        )
        if resource_link:
            launch.set_resource_link_claim(resource_link, title="Toulmini")
        if custom:
            launch.set_custom_parameters_claim(custom)
        if services:
            launch.set_ags(f"{self.url}/lineitems")
            launch.set_nrps(f"{self.url}/nrps/{context or self.course}")
        if deep_link_return:
            launch.set_dl(deep_link_return, accept_types={"ltiResourceLink"})
        return launch.lti_launch()

    def tool_key_set(self, jwks: dict[str, Any]) -> None:
        """Our tool's published key set, as the platform's admin would fetch it."""
        self.registration.set_tool_key_set(jwks)

    def accept_deep_link(self, jwt_value: str) -> list[dict[str, Any]]:
        """The platform checks a deep linking response and returns its content items."""
        return self.conf.validate_deeplinking_resp({"JWT": jwt_value})

    # -- services over HTTP ------------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: Any, content_type: str = "application/json") -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _authorized(self, scopes: list[str]) -> bool:
                auth = self.headers.get("Authorization", "").split()
                if len(auth) != 2 or auth[0].lower() != "bearer":
                    return False
                try:
                    return platform.conf.validate_token(auth[1], scopes)
                except Exception:  # an invalid token is a refusal, whatever pyjwt says
                    return False

            def _body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def _arrive(self) -> None:
                platform.calls += 1
                time.sleep(platform.delay)

            def do_GET(self) -> None:  # noqa: N802
                self._arrive()
                path = urlsplit(self.path).path
                if path == "/jwks":
                    return self._send(200, {"keys": platform.registration.get_jwks()})
                if path.startswith("/nrps/"):
                    if not self._authorized([NRPS_SCOPE]):
                        return self._send(401, {"error": "unauthorized"})
                    return self._send(
                        200,
                        {
                            "id": f"{platform.url}{path}",
                            "context": {"id": path.removeprefix("/nrps/")},
                            "members": platform.members,
                        },
                        "application/vnd.ims.lti-nrps.v2.membershipcontainer+json",
                    )
                if path == "/lineitems":
                    if not self._authorized(AGS_SCOPES):
                        return self._send(401, {"error": "unauthorized"})
                    return self._send(
                        200,
                        list(platform.line_items.values()),
                        "application/vnd.ims.lis.v2.lineitemcontainer+json",
                    )
                return self._send(404, {"error": "not found"})

            def do_POST(self) -> None:  # noqa: N802
                self._arrive()
                path = urlsplit(self.path).path
                body = self._body()
                if path == "/token":
                    platform.token_requests += 1
                    form = dict(parse_qsl(body.decode()))
                    try:
                        return self._send(200, platform.conf.get_access_token(form))
                    except Exception as error:  # the platform refuses a bad assertion
                        return self._send(400, {"error": "invalid_client", "detail": str(error)})
                if not self._authorized(AGS_SCOPES):
                    return self._send(401, {"error": "unauthorized"})
                if path == "/lineitems":
                    item = json.loads(body)
                    item["id"] = f"{platform.url}/lineitems/{uuid.uuid4().hex[:8]}"
                    platform.line_items[item["id"]] = item
                    return self._send(201, item, "application/vnd.ims.lis.v2.lineitem+json")
                if path.startswith("/lineitems/") and path.endswith("/scores"):
                    if platform.fail_scores:
                        platform.fail_scores -= 1
                        return self._send(503, {"error": "try later"})
                    line_item = f"{platform.url}{path.removesuffix('/scores')}"
                    if line_item not in platform.line_items:
                        return self._send(404, {"error": "no such line item"})
                    platform.scores.append({"line_item": line_item, **json.loads(body)})
                    return self._send(200, {})
                return self._send(404, {"error": "not found"})

        return Handler
