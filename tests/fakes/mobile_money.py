"""A local mobile-money aggregator that speaks the CinetPay dialect of the shop's adapter
(grocer/services/payments/cinetpay.py): a real `ThreadingHTTPServer` on loopback.

    POST /v2/payment         {apikey, site_id, transaction_id, amount, currency, ...}
                             → {"code": "201", "message": "CREATED", "data": {payment_url, ...}}
    POST /v2/payment/check   {apikey, site_id, transaction_id}
                             → {"code": "00", "data": {"status": "ACCEPTED", amount, ...}}
    GET  /pay/{token}        the "payment page" a shopper is sent to: a link "Retour au
                             marchand" to the return URL
    callbacks                a form POST of cpm_* fields to the notify_url, signed with an
                             x-token header (HMAC-SHA256 of the fields, computed here on its own)

Switches (`fake.mode`), read when a payment is initiated:
    "accept"       the payment is ACCEPTED at once; a signed callback goes to notify_url
    "refuse"       the initiation itself is refused (code 600 PAYMENT_FAILED)
    "refuse_later" initiation succeeds, then the payment is REFUSED and a callback says so
    "pending"      initiation succeeds and the payment waits (the test settles it with
                   `complete(reference, "ACCEPTED")` or lets it expire)
    "timeout"      the initiation is held `hold_seconds` (longer than GROCER_HTTP_TIMEOUT) or
                   until `release()`, and the payment waits, as if the answer was lost
Other knobs: `duplicates` (each callback is sent that many times), `auto_callback` (False: only
`send_callback` sends), `reported_amount` / `reported_currency` (the status API reports these
instead of the real ones), `deliver` (how a callback reaches the shop: an HTTP POST by default;
an in-process test sets a function that posts through its TestClient).

Helpers: `send_callback(reference)` (genuine, signed), `send_forged_callback(reference)` (bad
signature), `complete(reference, status)`, `calls` / `paths()` (what the shop asked),
`callbacks` (what was sent and the shop's HTTP status), `wait_callbacks()` (joins the threads
that send them). The `mobile_money` fixture starts one and points the settings at it.
"""

from __future__ import annotations

import html
import json
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from grocer import settings as grocer_settings
from grocer.services.payments.cinetpay import callback_token
from tests.fakes.providers import FakeServer, Recorded

SITE_ID = "445160"
API_KEY = "fake-api-key-0123456789"
SECRET = "fake-secret-key-abcdef"
_METHODS = {"orange": "OMBF", "moov": "MOOVBF"}
Deliver = Callable[[str, dict[str, str], dict[str, str]], int]


def sign(form: dict[str, str], secret: str = SECRET) -> str:
    """The x-token of a callback (the adapter's own function: tests/unit/test_payment_signature
    checks it against the documented concatenation, written out by hand)."""
    return callback_token(form, secret)


def _http_deliver(url: str, headers: dict[str, str], form: dict[str, str]) -> int:
    return httpx.post(url, data=form, headers=headers, timeout=10).status_code


@dataclass
class Transaction:
    reference: str
    amount: str
    currency: str
    phone: str
    channel: str
    notify_url: str
    return_url: str
    token: str
    status: str = "WAITING_FOR_CUSTOMER"
    created: str = field(default_factory=lambda: datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S"))


@dataclass(frozen=True)
class Call(Recorded):
    """One request the shop made, with its JSON body."""

    body: dict[str, Any]


@dataclass(frozen=True)
class SentCallback:
    reference: str
    form: dict[str, str]
    forged: bool
    status_code: int


class FakeMobileMoney(FakeServer):
    """The provider; serving and life cycle come from FakeServer (tests/fakes/providers.py)."""

    name = "mobile-money"

    def __init__(
        self, site_id: str = SITE_ID, api_key: str = API_KEY, secret: str = SECRET
    ) -> None:
        self.site_id, self.api_key, self.secret = site_id, api_key, secret
        self.mode = "accept"
        self.hold_seconds = 3.0
        self.duplicates = 1
        self.auto_callback = True
        self.reported_amount: str | None = None
        self.reported_currency: str | None = None
        self.deliver: Deliver = _http_deliver
        self.transactions: dict[str, Transaction] = {}
        self.calls: list[Call] = []
        self.callbacks: list[SentCallback] = []
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._late = threading.Event()  # set by release(): a held initiation answers now
        self.initiate_received = threading.Event()
        super().__init__()

    def stop(self) -> None:
        self._late.set()
        self.wait_callbacks()
        super().stop()

    def env(self, public_base_url: str = "http://127.0.0.1:9") -> dict[str, str]:
        """The settings that point the shop at this provider."""
        return {
            "GROCER_MOBILE_MONEY_URL": self.url,
            "GROCER_MOBILE_MONEY_SITE_ID": self.site_id,
            "GROCER_MOBILE_MONEY_API_KEY": self.api_key,
            "GROCER_MOBILE_MONEY_SECRET": self.secret,
            "GROCER_PUBLIC_BASE_URL": public_base_url,
            "GROCER_HTTP_TIMEOUT": "1",
        }

    # --- what the shop asked ----------------------------------------------------------------

    def paths(self) -> list[str]:
        return [call.path for call in self.calls]

    def initiated(self) -> list[str]:
        return [c.body.get("transaction_id", "") for c in self.calls if c.path == "/v2/payment"]

    def release(self) -> None:
        """A held initiation ("timeout" mode) answers now instead of after `hold_seconds`."""
        self._late.set()
        super().release()

    # --- driving payments -------------------------------------------------------------------

    def complete(self, reference: str, status: str = "ACCEPTED", *, callback: bool = True) -> None:
        """The shopper confirmed (ACCEPTED) or the operator refused (REFUSED) on the phone."""
        self.transactions[reference].status = status
        if callback:
            for _ in range(self.duplicates):
                self.send_callback(reference)

    def callback_form(self, reference: str, **overrides: str) -> dict[str, str]:
        txn = self.transactions[reference]
        form = {
            "cpm_site_id": self.site_id,
            "cpm_trans_id": reference,
            "cpm_trans_date": txn.created,
            "cpm_amount": txn.amount,
            "cpm_currency": txn.currency,
            "signature": secrets.token_hex(16),
            "payment_method": _METHODS.get(txn.channel, "OMBF"),
            "cel_phone_num": txn.phone,
            "cpm_phone_prefixe": "226",
            "cpm_language": "fr",
            "cpm_version": "V4",
            "cpm_payment_config": "SINGLE",
            "cpm_page_action": "PAYMENT",
            "cpm_custom": txn.channel,
            "cpm_designation": "",
            "cpm_error_message": "SUCCES" if txn.status == "ACCEPTED" else txn.status,
        }
        form.update(overrides)
        return form

    def send_callback(self, reference: str, **overrides: str) -> int:
        """A genuine callback (signed with the merchant's secret), now; the shop's status."""
        form = self.callback_form(reference, **overrides)
        return self._send(reference, form, sign(form, self.secret), forged=False)

    def send_forged_callback(self, reference: str, **overrides: str) -> int:
        """A callback someone else made: signed with a key that is not the merchant's."""
        form = self.callback_form(reference, cpm_error_message="SUCCES", **overrides)
        return self._send(reference, form, sign(form, "not-the-secret"), forged=True)

    def _send(self, reference: str, form: dict[str, str], token: str, *, forged: bool) -> int:
        txn = self.transactions[reference]
        status = self.deliver(txn.notify_url, {"x-token": token}, form)
        with self._lock:
            self.callbacks.append(SentCallback(reference, form, forged, status))
        return status

    def _callback_later(self, reference: str) -> None:
        def run() -> None:
            for _ in range(self.duplicates):
                if not self._stopping.is_set():
                    self.send_callback(reference)

        thread = threading.Thread(target=run, daemon=True)
        with self._lock:  # started before anyone can see it: wait_callbacks joins only started
            thread.start()
            self._threads.append(thread)

    def wait_callbacks(self, timeout: float = 30) -> None:
        """Wait until every callback sent in the background has been answered."""
        with self._lock:
            threads = list(self._threads)
        for thread in threads:
            thread.join(timeout)

    # --- the provider's answers -------------------------------------------------------------

    def _authorised(self, body: dict[str, Any]) -> bool:
        return body.get("apikey") == self.api_key and str(body.get("site_id")) == self.site_id

    def _initiate(self, body: dict[str, Any]) -> tuple[dict[str, Any], Callable[[], None] | None]:
        if not self._authorised(body):
            return {"code": "609", "message": "AUTH_NOT_FOUND", "data": []}, None
        missing = [
            name
            for name in ("transaction_id", "amount", "currency", "notify_url", "return_url")
            if not body.get(name)
        ]
        if missing:
            return {"code": "608", "message": "MINIMUM_REQUIRED_FIELDS", "data": missing}, None
        reference = str(body["transaction_id"])
        if self.mode == "refuse":
            return {"code": "600", "message": "PAYMENT_FAILED", "data": []}, None
        txn = Transaction(
            reference=reference,
            amount=str(body["amount"]),
            currency=str(body["currency"]),
            phone=str(body.get("customer_phone_number", "")),
            channel=str(body.get("metadata", "")),
            notify_url=str(body["notify_url"]),
            return_url=str(body["return_url"]),
            token=secrets.token_hex(20),
        )
        self.transactions[reference] = txn
        then: Callable[[], None] | None = None
        if self.mode in {"accept", "refuse_later"}:
            txn.status = "ACCEPTED" if self.mode == "accept" else "REFUSED"
            if self.auto_callback:
                then = lambda: self._callback_later(reference)  # noqa: E731
        answer = {
            "code": "201",
            "message": "CREATED",
            "description": "Transaction created with success",
            "data": {"payment_token": txn.token, "payment_url": f"{self.url}/pay/{txn.token}"},
            "api_response_id": secrets.token_hex(8),
        }
        return answer, then

    def _check(self, body: dict[str, Any]) -> dict[str, Any]:
        if not self._authorised(body):
            return {"code": "609", "message": "AUTH_NOT_FOUND", "data": []}
        txn = self.transactions.get(str(body.get("transaction_id", "")))
        if txn is None:
            return {"code": "627", "message": "TRANSACTION_NOT_FOUND", "data": []}
        code, message = {
            "ACCEPTED": ("00", "SUCCES"),
            "REFUSED": ("600", "PAYMENT_FAILED"),
        }.get(txn.status, ("662", "WAITING_CUSTOMER_PAYMENT"))
        return {
            "code": code,
            "message": message,
            "data": {
                "amount": self.reported_amount or txn.amount,
                "currency": self.reported_currency or txn.currency,
                "status": txn.status,
                "payment_method": _METHODS.get(txn.channel, "OMBF"),
                "description": "",
                "metadata": txn.channel,
                "operator_id": "MP" + txn.token[:10] if txn.status == "ACCEPTED" else None,
                "payment_date": txn.created if txn.status == "ACCEPTED" else "",
            },
            "api_response_id": secrets.token_hex(8),
        }

    def payment_page(self, path: str) -> bytes:
        """The provider's page at a payment_url: a link back to the shop's return URL."""
        token = path.rsplit("/", 1)[-1]
        txn = next((t for t in self.transactions.values() if t.token == token), None)
        back = f'<a href="{html.escape(txn.return_url)}">Retour au marchand</a>' if txn else ""
        page = f"<!doctype html><title>CinetPay</title><p>Paiement Mobile Money</p>{back}"
        return page.encode()

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def _reply(self, status: int, body: bytes, ctype: str) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", ctype)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:  # the shop gave up waiting (the "timeout" mode)
                    self.close_connection = True

            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                path = urlsplit(self.path).path
                fake.calls.append(Call("GET", path, {}, dict(self.headers.items()), {}))
                self._reply(200, fake.payment_page(path), "text/html; charset=utf-8")

            def do_POST(self) -> None:  # noqa: N802
                path = urlsplit(self.path).path
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    body = {}
                body = body if isinstance(body, dict) else {}
                headers = {k.lower(): v for k, v in self.headers.items()}
                fake.calls.append(Call("POST", path, {}, headers, body))
                then: Callable[[], None] | None = None
                if path == "/v2/payment":
                    mode = fake.mode
                    answer, then = fake._initiate(body)
                    fake.initiate_received.set()
                    if mode == "timeout":
                        fake._late.wait(fake.hold_seconds)
                elif path == "/v2/payment/check":
                    answer = fake._check(body)
                else:
                    answer = {"code": "404", "message": "NOT_FOUND"}
                self._reply(200, json.dumps(answer).encode(), "application/json; charset=utf-8")
                if then is not None:
                    then()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

        return Handler


@pytest.fixture
def mobile_money(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeMobileMoney]:
    """A running FakeMobileMoney with the GROCER_MOBILE_MONEY_* settings pointed at it
    (GROCER_HTTP_TIMEOUT 1 s; the "timeout" mode holds an initiation 3 s)."""
    fake = FakeMobileMoney()
    fake.start()
    for key, value in fake.env().items():
        monkeypatch.setenv(key, value)
    grocer_settings.get_settings.cache_clear()
    try:
        yield fake
    finally:
        fake.stop()
        grocer_settings.get_settings.cache_clear()
