"""API routes of the referral section (001 §2, §9): the code, link and counts, and sending
invitations. Owner only: another user's id answers 404. The referral settings are saved with
the settings document (POST /user/settings, "referral" block)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, status
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from grocer.api.deps import CurrentUser, SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_auth import error_responses
from grocer.models.base import utcnow
from grocer.services import referral
from grocer.services.referral import InvitationResult, ReferralDict

router = APIRouter(tags=["account"])
Now = Annotated[datetime, Depends(utcnow)]


class InvitationIn(BaseModel):
    """The referral form (001 §3): the sender's name (optional) and the addresses, separated
    by commas."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")

    your_name: str | None = Field(default=None, max_length=200)
    email_invitation: str | None = Field(default=None, max_length=4000)


@router.get("/users/{user_id}/referral", responses=error_responses(401, 404))
def get_referral(user_id: PathId, user: CurrentUser, db: SessionDep, now: Now) -> ReferralDict:
    """Code, share link, eligibility, this month's invitations, limit, delay and rewards."""
    return referral.get_referral(db, user, user_id, now)


@router.post(
    "/users/{user_id}/referral/invitations",
    status_code=status.HTTP_202_ACCEPTED,
    responses=error_responses(400, 401, 403, 404, 429, 502),
)
def send_invitations(
    user_id: PathId, body: InvitationIn, user: CurrentUser, db: SessionDep, now: Now
) -> InvitationResult:
    """E-mail the share link to each address; own address and existing customers are skipped.
    403 before a first delivered order, 429 over the monthly limit or within the delay."""
    invitation = referral.Invitation(body.email_invitation, body.your_name)
    return referral.send_invitations(db, user, user_id, invitation, now)
