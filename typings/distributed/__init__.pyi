"""The part of distributed that pearls uses, typed: distributed's own annotations leave
the parameters of these names untyped (or, for ``LocalCluster``, typed by their defaults:
``dashboard_address=None``, which turns the dashboard off, would be refused).

Each signature is the runtime's, parameter for parameter (``tests/test_stubs.py`` holds
them to it with mypy's stubtest); a name pearls does not use is left out, so that
using it is an error until it is typed here.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import TracebackType
from typing import Any, Generic, Literal, Self, TypeVar, overload

from distributed.actor import Actor

_T = TypeVar("_T")

# Where a task may run: one worker's address, or several.
_Workers = str | Iterable[str] | None

class Future(Generic[_T]):
    """A task's result, on the cluster until it is asked for."""

    # Made by Client.submit, not by hand: the task's key, and the client it came from.
    def __init__(
        self,
        key: str | bytes | int | float | tuple[object, ...],
        client: Client | None = None,
        state: object = None,
    ) -> None: ...
    def result(self, timeout: float | str | None = None) -> _T: ...
    # "pending" until done; "cancelled" once its client has lost the scheduler; "error"
    # if the task failed or (an actor's) its worker was lost.
    @property
    def status(self) -> Literal["pending", "cancelled", "finished", "lost", "error"] | None: ...
    # Let the task's result go (an actor: its worker drops it) once nothing else holds it.
    def release(self) -> None: ...
    # Cancel the task ("cancelled", as the scheduler does to a task it drops).
    def cancel(self, reason: object = None, msg: object = None, **kwargs: object) -> None: ...

class LocalCluster:
    """A scheduler and workers on this machine."""

    def __init__(
        self,
        name: str | None = None,
        n_workers: int | None = None,
        threads_per_worker: int | None = None,
        processes: bool | None = None,
        loop: object = None,
        start: bool | None = None,
        host: str | None = None,
        ip: str | None = None,
        scheduler_port: int = 0,
        silence_logs: int | bool = ...,
        dashboard_address: str | None = ":8787",
        worker_dashboard_address: str | None = None,
        services: Mapping[str, object] | None = None,
        worker_services: Mapping[str, object] | None = None,
        service_kwargs: Mapping[str, object] | None = None,
        asynchronous: bool = False,
        security: object = None,
        protocol: str | None = None,
        blocked_handlers: Sequence[str] | None = None,
        interface: str | None = None,
        worker_class: type | None = None,
        scheduler_kwargs: Mapping[str, object] | None = None,
        scheduler_sync_interval: float = 1,
        **worker_kwargs: object,
    ) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...

class Client:
    """A connection to a scheduler, through which tasks are submitted and gathered."""

    # "running" while joined; "connecting" while it joins the scheduler again, after a
    # loss; "closed" once it has given up (or was closed).
    status: str

    def __init__(
        self,
        address: str | LocalCluster | None = None,
        loop: object = None,
        timeout: float | str = ...,
        set_as_default: bool = True,
        scheduler_file: str | None = None,
        security: object = None,
        asynchronous: bool = False,
        name: str | None = None,
        heartbeat_interval: float | str | None = None,
        serializers: Sequence[str] | None = None,
        deserializers: Sequence[str] | None = None,
        extensions: Mapping[str, object] = ...,
        direct_to_workers: bool | None = None,
        connection_limit: int = 512,
        **kwargs: object,
    ) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...
    # Each argument of a task may also be a future, which the task gets the result of,
    # so the arguments are not checked against ``func``.  With ``actor`` (or its alias
    # ``actors``) the task makes an object that stays on its worker: its future's result
    # is an actor, a proxy that calls the object's methods there.
    @overload
    def submit(
        self,
        func: Callable[..., object],
        *args: object,
        key: str | None = None,
        workers: _Workers = None,
        resources: Mapping[str, float] | None = None,
        retries: int | None = None,
        priority: int = 0,
        fifo_timeout: str | float = "100 ms",
        allow_other_workers: bool = False,
        actor: Literal[True],
        actors: bool = False,
        pure: bool = True,
        **kwargs: object,
    ) -> Future[Actor]: ...
    @overload
    def submit(
        self,
        func: Callable[..., object],
        *args: object,
        key: str | None = None,
        workers: _Workers = None,
        resources: Mapping[str, float] | None = None,
        retries: int | None = None,
        priority: int = 0,
        fifo_timeout: str | float = "100 ms",
        allow_other_workers: bool = False,
        actor: bool = False,
        actors: Literal[True],
        pure: bool = True,
        **kwargs: object,
    ) -> Future[Actor]: ...
    @overload
    def submit(
        self,
        func: Callable[..., _T],
        *args: object,
        key: str | None = None,
        workers: _Workers = None,
        resources: Mapping[str, float] | None = None,
        retries: int | None = None,
        priority: int = 0,
        fifo_timeout: str | float = "100 ms",
        allow_other_workers: bool = False,
        actor: Literal[False] = False,
        actors: Literal[False] = False,
        pure: bool = True,
        **kwargs: object,
    ) -> Future[_T]: ...
    # Futures in a list come back as their results in a list (distributed also takes
    # one future, nested containers, iterators and queues: not typed here).
    def gather(
        self,
        futures: list[Future[_T]],
        errors: Literal["raise", "skip"] = "raise",
        direct: bool | None = None,
        asynchronous: bool | None = None,
    ) -> list[_T]: ...
    # ``function`` run on each worker: its answers by the workers' addresses (with
    # on_error="return", a worker's error in place of its answer; with "ignore", a worker
    # that failed left out).  A coroutine function's answers are awaited: not typed here.
    @overload
    def run(
        self,
        function: Callable[..., _T],
        *args: object,
        workers: list[str] | None = None,
        wait: bool = True,
        nanny: bool = False,
        on_error: Literal["raise", "ignore"] = "raise",
        **kwargs: object,
    ) -> dict[str, _T]: ...
    @overload
    def run(
        self,
        function: Callable[..., _T],
        *args: object,
        workers: list[str] | None = None,
        wait: bool = True,
        nanny: bool = False,
        on_error: Literal["return"],
        **kwargs: object,
    ) -> dict[str, _T | Exception]: ...
    # The scheduler's description of itself, a JSON object: "address", "workers"
    # (by address), and more; its values are of many types.
    def scheduler_info(self, n_workers: int = -1, **kwargs: Any) -> dict[str, Any]: ...
