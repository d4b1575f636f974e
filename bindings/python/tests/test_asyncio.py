"""asyncio integration through add_reader."""

from __future__ import annotations

import asyncio

import mvvm
import mvvm_seeds


async def _wait(predicate: object, timeout: float = 5.0) -> None:
    assert callable(predicate)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_asyncio_drives_loads_and_ticks(runtime: mvvm.Runtime) -> None:
    async def main() -> None:
        with mvvm.asyncio_attach(runtime) as att:
            repo = mvvm_seeds.Repository.sample(runtime, latency_ms=20)
            ul = mvvm_seeds.UserList(repo)
            got: list[int] = []
            ul.connect("notify::count", got.append)
            ul.on_appear()
            await _wait(lambda: got == [20])
            sw = mvvm_seeds.Stopwatch(runtime)
            ticks: list[str] = []
            sw.connect("notify::elapsed-text", ticks.append)
            sw.button_tapped()
            await _wait(lambda: len(ticks) >= 5)
            sw.button_tapped()
            assert att.fd == runtime.fileno()
        # detached: no more dispatching from the loop
        sw2 = mvvm_seeds.Stopwatch(runtime)
        more: list[str] = []
        sw2.connect("notify::elapsed-text", more.append)
        sw2.button_tapped()
        await asyncio.sleep(0.1)
        assert more == []
        sw2.reset()

    asyncio.run(main())


def test_asyncio_handler_exception_goes_to_loop_handler(runtime: mvvm.Runtime) -> None:
    errors: list[BaseException] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda lp, ctx: errors.append(ctx["exception"]))
        att = mvvm.asyncio_attach(runtime, loop)
        sw = mvvm_seeds.Stopwatch(runtime)
        conn = sw.connect("notify::elapsed-text", lambda t: 1 / 0)
        sw.button_tapped()
        await _wait(lambda: bool(errors))
        conn.disconnect()
        sw.reset()
        mvvm.asyncio_detach(att)

    asyncio.run(main())
    assert isinstance(errors[0], ZeroDivisionError)
