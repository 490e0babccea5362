#!/usr/bin/env python3
"""Python `websockets` as an independent client against our WebSocket server.

    python3 python_client_peer.py PORT

The server (started by the Swift test) echoes on /echo and closes with 1008 when it
receives "close-me". Prints one line per scenario, "PASS name" or "FAIL name: why".
"""
import asyncio
import os
import sys

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


def masked_frame(first_byte, payload):
    key = os.urandom(4)
    header = bytes([first_byte, 0x80 | len(payload)]) + key
    return header + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


async def closed_code(ws):
    """Waits for the server to close; returns the code it sent."""
    try:
        await asyncio.wait_for(ws.recv(), 5)
    except ConnectionClosed as error:
        return error.rcvd.code if error.rcvd else None
    return "no close"


async def text(uri):
    async with connect(uri) as ws:
        await ws.send("héllo ✓")
        assert await ws.recv() == "héllo ✓"


async def binary(uri):
    async with connect(uri) as ws:
        await ws.send(bytes(range(256)))
        assert await ws.recv() == bytes(range(256))


async def one_megabyte(uri):
    async with connect(uri, max_size=None) as ws:
        await ws.send("x" * 1_000_000)
        assert await ws.recv() == "x" * 1_000_000
        await ws.send(b"\x01" * 1_000_000)
        assert await ws.recv() == b"\x01" * 1_000_000


async def fragmented(uri):
    async with connect(uri) as ws:
        await ws.send(["Hel", "lo, ", "wörld"])
        assert await ws.recv() == "Hello, wörld"
        await ws.send([b"\x00\x01", b"\x02"])
        assert await ws.recv() == b"\x00\x01\x02"


async def ping(uri):
    async with connect(uri) as ws:
        waiter = await ws.ping(b"are you there")
        await asyncio.wait_for(waiter, 2)
        await ws.send("after ping")
        assert await ws.recv() == "after ping"


async def client_close(uri):
    ws = await connect(uri)
    await ws.close(1000, "bye")
    assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == 1000, ws.protocol.close_rcvd


async def client_close_custom(uri):
    ws = await connect(uri)
    await ws.close(4001, "custom")
    assert ws.protocol.close_rcvd.code == 4001, ws.protocol.close_rcvd


async def server_close(uri):
    async with connect(uri) as ws:
        await ws.send("close-me")
        code = await closed_code(ws)
        assert code == 1008, code


async def too_big(uri):
    async with connect(uri, max_size=None) as ws:
        await ws.send("z" * (1 << 20 | 1))
        code = await closed_code(ws)
        assert code == 1009, code


async def unmasked(uri):
    async with connect(uri) as ws:
        ws.transport.write(bytes([0x81, 0x02]) + b"hi")
        code = await closed_code(ws)
        assert code == 1002, code


async def invalid_utf8(uri):
    async with connect(uri) as ws:
        ws.transport.write(masked_frame(0x81, b"\xff\xfe"))
        code = await closed_code(ws)
        assert code == 1007, code


async def fragmented_ping(uri):
    async with connect(uri) as ws:
        ws.transport.write(masked_frame(0x09, b"x"))
        code = await closed_code(ws)
        assert code == 1002, code


SCENARIOS = [text, binary, one_megabyte, fragmented, ping, client_close, client_close_custom, server_close,
             too_big, unmasked, invalid_utf8, fragmented_ping]


async def main(port):
    uri = f"ws://127.0.0.1:{port}/echo"
    for scenario in SCENARIOS:
        try:
            await asyncio.wait_for(scenario(uri), 10)
            print(f"PASS {scenario.__name__}", flush=True)
        except Exception as error:  # report every scenario, then let the test fail
            print(f"FAIL {scenario.__name__}: {type(error).__name__}: {error}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
