"""The shop's log lines: plain text by default, one JSON object per line with
`GROCER_LOG_FORMAT=json` (for a log collector), each with the request id when written while a
request is served (`grocer.web.request_id`) or with the reference an error page shows.

Why only the `grocer` loggers: the web server and Reflex keep their own formats and handlers;
the shop's lines (failures with their traces, refused origins, mail, payments) are those an
operator searches by request id.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import orjson

from grocer.web.request_id import REQUEST_ID

FORMATS = ("text", "json")
_HANDLER_NAME = "grocer-json"


class JsonFormatter(logging.Formatter):
    """{time, level, logger, message, request_id?, exception?} on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = getattr(record, "request_id", "") or REQUEST_ID.get()
        if request_id:
            line["request_id"] = request_id
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(line).decode()


def configure(log_format: str) -> None:
    """Send the `grocer` loggers' lines to stderr as JSON (`json`), or leave them to the
    default handlers (`text`). Idempotent: a second call does not add a second handler."""
    logger = logging.getLogger("grocer")
    for handler in list(logger.handlers):
        if handler.get_name() == _HANDLER_NAME:
            logger.removeHandler(handler)
    if log_format != "json":
        logger.propagate = True
        return
    handler = logging.StreamHandler()
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(JsonFormatter())
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
