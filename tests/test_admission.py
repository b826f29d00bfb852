"""A crowd of coach turns takes a few slots per web process (``toulmini_site.admission``):
the rest wait on the event loop, and every other request goes straight in."""

from __future__ import annotations

import asyncio

import pytest
from django.test import override_settings

from toulmini_site.admission import AdmissionGate, is_gated, slot

TURN = "/api/v1/coach/sessions/7/turn/"


def _scope(path: str, method: str = "POST") -> dict:
    return {"type": "http", "method": method, "path": path, "root_path": "", "headers": []}


async def _receive() -> dict:
    return {"type": "http.request", "body": b"", "more_body": False}


class _App:
    """An ASGI app that counts who is inside and answers when told to."""

    def __init__(self) -> None:
        self.inside = 0
        self.most = 0
        self.go: dict[str, asyncio.Event] = {}

    async def __call__(self, scope, receive, send) -> None:
        self.inside += 1
        self.most = max(self.most, self.inside)
        try:
            go = self.go.setdefault(scope["path"], asyncio.Event())
            await go.wait()
            if scope.get("fail"):
                raise RuntimeError("the view broke")
            await send({"type": "http.response.start", "status": 200, "headers": []})
            self.inside -= 1  # the response has started: the stream goes on outside
            await send({"type": "http.response.body", "body": b"x", "more_body": False})
        except BaseException:
            self.inside -= 1
            raise


async def _sent(message) -> None:
    pass


def test_the_coach_turn_is_gated_and_pages_and_the_health_check_are_not():
    assert is_gated(TURN)
    assert not is_gated("/healthz")
    assert not is_gated("/coach/")
    assert not is_gated("/no/such/page/")


@override_settings(WEB_GATE_SLOTS=2)
def test_at_most_the_slots_enter_and_a_started_response_lets_the_next_in():
    async def run() -> None:
        app = _App()
        gate = AdmissionGate(app)
        turns = [_scope(f"/api/v1/coach/sessions/{n}/turn/") for n in range(5)]
        tasks = [asyncio.create_task(gate(s, _receive, _sent)) for s in turns]
        await asyncio.sleep(0.05)
        assert app.inside == 2  # three wait on the event loop

        # A page goes straight in while the gate is full.
        page = asyncio.create_task(gate(_scope("/coach/", "GET"), _receive, _sent))
        await asyncio.sleep(0.05)
        assert app.inside == 3
        app.go["/coach/"].set()
        await asyncio.wait_for(page, 1)

        for n in range(5):
            app.go.setdefault(turns[n]["path"], asyncio.Event()).set()
            await asyncio.sleep(0.02)
        await asyncio.wait_for(asyncio.gather(*tasks), 2)
        assert app.most == 3  # two turns and the page, never a third turn

    asyncio.run(run())


@override_settings(WEB_GATE_SLOTS=1)
def test_a_request_that_fails_gives_its_slot_back():
    async def run() -> None:
        app = _App()
        gate = AdmissionGate(app)
        broken = {**_scope(TURN), "fail": True}
        first = asyncio.create_task(gate(broken, _receive, _sent))
        await asyncio.sleep(0.02)
        app.go[TURN].set()
        with pytest.raises(RuntimeError):
            await asyncio.wait_for(first, 1)
        other = "/api/v1/coach/sessions/8/turn/"
        second = asyncio.create_task(gate(_scope(other), _receive, _sent))
        await asyncio.sleep(0.02)
        assert app.inside == 1
        app.go[other].set()
        await asyncio.wait_for(second, 1)

    asyncio.run(run())


@override_settings(WEB_GATE_SLOTS=1)
def test_a_stream_waiting_for_a_slot_can_be_cancelled_and_the_slot_is_not_lost():
    async def run() -> None:
        held = asyncio.Event()

        async def holder() -> None:
            async with slot():
                held.set()
                await asyncio.sleep(0.1)

        first = asyncio.create_task(holder())
        await held.wait()
        waiting = asyncio.create_task(holder())
        await asyncio.sleep(0.02)
        waiting.cancel()
        await first
        async with asyncio.timeout(1):
            async with slot():
                pass

    asyncio.run(run())


@override_settings(WEB_GATE_SLOTS=1)
def test_a_turn_cancelled_while_it_waits_to_save_still_frees_its_hold(monkeypatch):
    """The coach's stream takes a slot to save its answer; a student who leaves while it
    waits for one cancels the stream: the turn is closed (call log saved, budget hold freed),
    not saved, and the slot is not lost."""
    from coach import services

    done: list[str] = []

    class Reader:
        def __init__(self, inputs) -> None:
            pass

        def feed(self, chunk):
            return [{"type": "partial", "text": chunk}]

        def end(self):
            return [{"type": "judged"}]

    async def chunks(client, inputs, read=None):
        yield "Why?"

    monkeypatch.setattr(services, "typed_decision", lambda **kw: None)  # no card to confirm
    monkeypatch.setattr(services, "_inputs_then_close", lambda **kw: {})
    monkeypatch.setattr(services, "client_for", lambda engine: object())
    monkeypatch.setattr(services, "engine", lambda: "llm")
    monkeypatch.setattr(services, "AnswerReader", Reader)
    monkeypatch.setattr(services, "_atutor_chunks", chunks)
    monkeypatch.setattr(services, "_finish_then_close", lambda **kw: done.append("saved"))
    monkeypatch.setattr(services, "_turn_close", lambda **kw: done.append("closed"))

    async def run() -> None:
        async with slot():  # every slot is taken
            stream = services.aturn_events(session=None, turn=None)  # type: ignore[arg-type]
            assert (await anext(stream))["type"] == "partial"
            waiting = asyncio.create_task(anext(stream))
            await asyncio.sleep(0.05)
            assert not waiting.done()  # waiting for a slot to save
            waiting.cancel()
            with pytest.raises(asyncio.CancelledError):
                await waiting
        assert done == ["closed"]
        async with asyncio.timeout(1), slot():
            pass

    asyncio.run(run())
