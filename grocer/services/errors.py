"""Typed errors raised by the services; the API maps them to statuses, the UI to message keys."""

from __future__ import annotations


class ServiceError(Exception):
    """Base error. `key` is a message key (i18n) and `message` its French text."""

    status = 400
    key = "errors.generic"
    message = "Requête invalide"

    def __init__(self, message: str | None = None, *, key: str | None = None) -> None:
        super().__init__(message or self.message)
        if message:
            self.message = message
        if key:
            self.key = key


class ValidationFailed(ServiceError):
    """Bad input; `field` names the offending field."""

    status = 400
    key = "errors.validation"
    message = "Données invalides"

    def __init__(self, field: str, message: str | None = None, *, key: str | None = None) -> None:
        super().__init__(message, key=key)
        self.field = field


class InvalidCredentials(ServiceError):
    status = 401
    key = "auth.errors.wrongCredentials"
    message = "Nom d'utilisateur ou mot de passe incorrect"


class Unauthorized(ServiceError):
    status = 401
    key = "auth.errors.unauthorized"
    message = "Authentification requise"


class Forbidden(ServiceError):
    status = 403
    key = "auth.errors.forbidden"
    message = "Accès refusé. Vérifiez vos permissions"


class NotFound(ServiceError):
    status = 404
    key = "errors.notFound"
    message = "Ressource introuvable"


class Conflict(ServiceError):
    status = 409
    key = "errors.conflict"
    message = "Cette ressource existe déjà"


class RateLimited(ServiceError):
    status = 429
    key = "errors.tooManyAttempts"
    message = "Trop de tentatives. Veuillez patienter."

    def __init__(self, message: str | None = None, *, retry_after: int = 60, **kw: str) -> None:
        super().__init__(message, **kw)
        self.retry_after = retry_after


class DeliveryFailed(ServiceError):
    """An e-mail could not be sent."""

    status = 502
    key = "errors.emailFailed"
    message = "Impossible d'envoyer l'e-mail"
