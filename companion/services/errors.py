"""What the services refuse, as sentences."""


class ServiceError(Exception):
    """A request the app refuses, said as a sentence."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Conflict(ServiceError):
    """Someone else changed the game since this form was opened."""
