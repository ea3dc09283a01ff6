"""A bot that plays at a `tablefeast serve` table over a WebSocket, seeing only what its seat sees.

It joins with a seat's token, reads each ``update`` (its view as JSON and its legal moves in
notation), rebuilds the view with `tablefeast.loads` (which checks it), lets a library agent
choose, and sends the move back in notation. Refusals come back as ``error`` messages.

    python examples/remote_bot.py                     # a demo: starts a local server and plays
    python examples/remote_bot.py --url ws://127.0.0.1:8000 --table=ID --token=TOKEN

Needs the server extra: ``pip install "tablefeast[server]"``.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import threading
import time
import urllib.request
from typing import Any

try:
    import uvicorn
    from websockets.sync.client import connect
except ImportError:  # pragma: no cover - a message instead of a traceback
    raise SystemExit(
        'this example needs the server extra: pip install "tablefeast[server]"'
    ) from None

import tablefeast
from tablefeast.agents import make_agent
from tablefeast.server import create_app


def _latest(ws: Any) -> list[dict[str, Any]]:
    """The next message, and any that arrived with it: a bot acts on the latest position only."""
    messages = [json.loads(ws.recv(timeout=60))]
    while True:
        try:
            messages.append(json.loads(ws.recv(timeout=0)))
        except TimeoutError:
            return messages


def play(url: str, table: str, token: str, agent_spec: str = "heuristic") -> dict[str, Any]:
    """Play the seat `token` opens at `table` until the game is over; return the last update."""
    agent = make_agent(agent_spec)
    rng = random.Random(0)
    with connect(f"{url}/ws/tables/{table}?token={token}") as ws:
        welcome = json.loads(ws.recv())
        game = tablefeast.load(welcome["game"])
        seat = welcome["seat"]
        answered, sent = -1, ""
        while True:
            update = None
            for message in _latest(ws):
                if message["type"] == "update":
                    update = message
                    for event in message["events"]:
                        print(f"  {event['text']}")
                elif message["type"] == "error" and message["code"] == "rate_limited":
                    time.sleep(0.5)  # too fast for the server: wait, then send the move again
                    ws.send(sent)
                elif message["type"] == "error" and message["code"] != "stale":
                    print("refused:", message["message"])  # stale: a newer update is coming
            if update is None:
                continue
            if update["over"]:
                return update
            if seat in update["actors"] and update["turn"] != answered:
                view = tablefeast.loads(json.dumps(update["view"]), game.View)  # checked
                legal = tuple(game.action_from_str(view, seat, m) for m in update["legal"])
                choice = agent.act(game, view, legal, rng) if len(legal) > 1 else legal[0]
                move = game.action_to_str(choice)
                sent = json.dumps({"type": "move", "move": move, "turn": update["turn"]})
                ws.send(sent)
                answered = update["turn"]


def _demo() -> None:
    """Start a server on a free loopback port, create a table, and play one seat remotely."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(":memory:"), host="127.0.0.1", port=port, log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    body = json.dumps({"game": "food_chain", "seats": ["human", "random", "heuristic"]})
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=body.encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        created = json.loads(answer.read())
    final = play(f"ws://127.0.0.1:{port}", created["table"], created["tokens"]["0"])
    print("scores:", final["scores"], "winners:", final["winners"])
    server.should_exit = True
    thread.join(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="the server, such as ws://127.0.0.1:8000")
    parser.add_argument("--table", help="the table's id (write --table=ID: an id may begin with -)")
    parser.add_argument("--token", help="the seat's join token (write --token=TOKEN)")
    parser.add_argument("--agent", default="heuristic", help="random, heuristic, ismcts:N")
    args = parser.parse_args()
    if args.url is None:
        _demo()
        return
    if not (args.table and args.token):
        parser.error("--url needs --table and --token")
    final = play(args.url.rstrip("/"), args.table, args.token, args.agent)
    print("scores:", final["scores"], "winners:", final["winners"])


if __name__ == "__main__":
    main()
