"""Dask's actors, as pearls uses them: see ``distributed/__init__.pyi``."""

import abc
from collections.abc import Awaitable
from datetime import timedelta
from typing import TypeVar

_T = TypeVar("_T")

class Actor:
    """A proxy of an object that lives on a worker: calling one of its methods by name
    (``getattr``) gives a :class:`BaseActorFuture` of the answer."""

    # Made by Client.gather from an actor's future, not by hand: the object's class,
    # its worker's address, and its task's key.
    def __init__(self, cls: type, address: str, key: str, worker: object = None) -> None: ...

class BaseActorFuture(abc.ABC, Awaitable[_T]):
    """An actor's answer, while it is being worked out."""

    @abc.abstractmethod
    def result(self, timeout: str | timedelta | float | None = None) -> _T: ...
    @abc.abstractmethod
    def done(self) -> bool: ...
