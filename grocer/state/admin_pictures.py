"""The back-office's picture field (grocer.components.admin_pictures): the file an admin picks
is posted over HTTP (Reflex's upload route) to `save`, which stores it through
grocer.services.admin.pictures as the signed-in account. The service checks the role from the
account's row and every byte of the file, so a forged event (another kind, another id, a
shopper's tab) changes nothing.

After a save, the panel that shows the row is told (`picture_saved`: the catalogue's for
articles and categories, the home's for sections and promotions) so that its form and lists
show the new picture; a refusal shows the service's message under the field."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.services.admin import pictures
from grocer.state.admin_catalogue import AdminCatalogueState
from grocer.state.admin_home import AdminHomeState
from grocer.state.admin_run import Shown, SignedOut, run_service
from grocer.state.toast import show_toast

#: The messages of a file the browser refuses before sending it (react-dropzone's codes): the
#: service's own, so that the field says the same thing whichever side refused.
REJECTIONS: dict[str, str] = {
    "file-too-large": pictures.PictureTooLarge.message,
    "file-invalid-type": "Choisissez une image JPEG, PNG ou WebP (.jpg, .jpeg, .png ou .webp)",
    "too-many-files": "Une seule image à la fois",
}
EMPTY = "Le fichier est vide : choisissez une image"


def _panel_event(kind: str, ref_id: int, url: str) -> Any:
    """The event of the panel that shows a `kind` row."""
    if kind in ("article", "category"):
        return AdminCatalogueState.picture_saved(kind, ref_id, url)
    return AdminHomeState.picture_saved(kind, ref_id, url)


class AdminPictureState(rx.State):
    busy: bool = False  # the server is storing a file
    kind: str = ""  # the field the progress and the message below belong to
    progress: int = 0  # percent of the file sent
    error_message: str = ""
    answered: bool = False  # set: the field asks `finish` for the toast (see `save`)
    _answer: dict[str, Any] = {}  # what `finish` shows: toast, error, and kind/ref_id/url

    def _start(self, kind: str) -> None:
        self.kind, self.error_message = kind, ""

    @rx.event
    def sending(self, kind: str, progress: dict[str, Any]) -> None:
        """The browser's progress while it sends the file. The message is left alone: the
        last progress event may come after the answer (two channels), and `save` clears it."""
        self.kind = kind
        share = progress.get("progress") if isinstance(progress, dict) else None
        self.progress = max(0, min(100, int(share * 100))) if isinstance(share, int | float) else 0

    @rx.event
    def rejected(self, kind: str, rejections: list[dict[str, Any]]) -> None:
        """A file the browser refused before sending it (too big, not a picture's type)."""
        self._start(kind)
        listed = rejections if isinstance(rejections, list) else []  # a forged event's value
        codes = [
            str(error.get("code", ""))
            for rejection in listed
            if isinstance(rejection, dict)
            for error in rejection.get("errors") or []
            if isinstance(error, dict)
        ]
        known = [REJECTIONS[code] for code in codes if code in REJECTIONS]
        self.error_message = known[0] if known else REJECTIONS["file-invalid-type"]

    @rx.event
    async def save(self, kind: str, ref_id: int, files: list[rx.UploadFile]) -> None:
        """Store the picked file as the picture of the `kind` row `ref_id`; the service's
        message under the field when it refuses the file.

        The toast and the panel's event are not chained here: the upload's HTTP answer stays
        open until every chained event ends, the toast's 3 s included, and the browser takes
        no other upload meanwhile. So the answer only sets `answered`, and the field, seeing it
        set, asks `finish` for them over the websocket (which clears it for the next one)."""
        self._start(kind)
        if not files:
            self.error_message = EMPTY
            return
        self.busy = True
        try:
            upload = files[0]
            data = await upload.read(pictures.MAX_BYTES + 1)  # one byte past: refused as too big
            url = await run_service(
                self, pictures.save_picture, kind, ref_id, upload.name or "", data
            )
            self._answer = {
                "toast": "admin:pictures.saved",
                "kind": kind,
                "ref_id": ref_id,
                "url": url,
            }
        except SignedOut:
            return
        except Shown as shown:
            self.error_message = shown.field_message or ""
            self._answer = {"toast": shown.key, "error": True}
        finally:
            self.busy, self.progress = False, 0
        self.answered = True

    @rx.event
    async def finish(self):
        """The last save's toast, and the panel's `picture_saved` after a success (nothing
        when no save has answered since)."""
        answer, self._answer, self.answered = self._answer, {}, False
        if not answer:
            return None
        events: list[Any] = []
        if answer.get("url"):
            events.append(_panel_event(answer["kind"], answer["ref_id"], answer["url"]))
        events.append(await show_toast(self, answer["toast"], error=bool(answer.get("error"))))
        return events
