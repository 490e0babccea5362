#!/usr/bin/env python3
"""Python `websockets` as an independent server for our WebSocket client.

    python3 python_server_peer.py PORT_FILE LOG_FILE [HOST]

Listens on HOST, 127.0.0.1 unless given (OS-chosen port, written to PORT_FILE once
ready). Each path is
a scenario; the close codes our client sends are appended to LOG_FILE as "path code".
Exits after 60 s in case the test that started it died.
"""
import asyncio
import os
import sys

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

LOG = sys.argv[2]


def log(path, code):
    with open(LOG, "a") as file:
        file.write(f"{path} {code}\n")


async def wait_close(ws, path):
    try:
        while True:
            await ws.recv()
    except ConnectionClosed as error:
        log(path, error.rcvd.code if error.rcvd else None)


async def handler(ws):
    path = ws.request.path
    if path == "/echo":
        try:
            async for message in ws:
                await ws.send(message)
        except ConnectionClosed:
            pass
        log(path, ws.protocol.close_rcvd.code if ws.protocol.close_rcvd else None)
    elif path == "/fragmented":
        await ws.send(["Hel", "lo ", "wörld"])
        await ws.send([b"\x01", b"\x02", b"\x03"])
        await wait_close(ws, path)
    elif path == "/big":
        await ws.send("y" * 1_000_000)
        await ws.send(b"\x02" * 1_000_000)
        await wait_close(ws, path)
    elif path == "/ping":
        waiter = await ws.ping(b"hi")
        await asyncio.wait_for(waiter, 2)
        await ws.send("pong received")
        await wait_close(ws, path)
    elif path == "/heartbeat":
        # A strict keepalive, as some registers have: a ping every 0.2 s that must be
        # answered within 1 s, or the connection is closed with 1011. Echoes messages.
        async def keepalive():
            try:
                while True:
                    await asyncio.sleep(0.2)
                    await asyncio.wait_for(await ws.ping(), 1)
            except asyncio.TimeoutError:
                log(path, "no pong")
                await ws.close(1011, "keepalive ping timeout")
            except ConnectionClosed:
                pass

        task = asyncio.create_task(keepalive())
        try:
            async for message in ws:
                await ws.send(message)
        except ConnectionClosed:
            pass
        task.cancel()
    elif path == "/close":
        await ws.close(4000, "custom reason")
    elif path == "/bad-utf8":
        ws.transport.write(b"\x81\x02\xff\xfe")
        await wait_close(ws, path)
    elif path == "/masked":
        key = os.urandom(4)
        ws.transport.write(bytes([0x81, 0x82]) + key + bytes(b ^ key[i] for i, b in enumerate(b"hi")))
        await wait_close(ws, path)
    elif path == "/too-big":
        await ws.send("w" * (1 << 20 | 1))
        await wait_close(ws, path)
    else:
        await ws.close(1008, "unknown scenario")


async def main():
    # No opening timeout: on a loaded CI machine the handshake of a connection dialled
    # ahead may wait longer than websockets' default 10 s, and the test is of the protocol.
    host = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
    async with serve(handler, host, 0, max_size=None, compression=None, open_timeout=None) as server:
        port = server.sockets[0].getsockname()[1]
        with open(sys.argv[1] + ".tmp", "w") as file:
            file.write(str(port))
        os.replace(sys.argv[1] + ".tmp", sys.argv[1])
        await asyncio.sleep(120)


if __name__ == "__main__":
    asyncio.run(main())
