"""A burst of actions on several games from one process, printing each acknowledged one (for the kill -9 test).

    python -m tests.server.burst URL SCHEMA|- MAX GAME_ID...
prints ``ack GAME_ID VERSION DIGEST`` once ``append_action`` returned, i.e. once the action is acknowledged.
"""

from __future__ import annotations

import random
import sys
import threading

from grognard.server.db import Database
from grognard.server.store import GameStore, Stale


def main() -> None:
    url, schema, limit, *games = sys.argv[1:]
    kw = {"connect_args": {"options": f"-csearch_path={schema}"}} if schema != "-" else {}
    store = GameStore(Database(url, **kw))
    lock = threading.Lock()
    count = [0]

    def play(gid: str, seed: int) -> None:
        rng = random.Random(seed)
        while count[0] < int(limit):
            st, version, _ = store.load(gid)
            if st.over:
                return
            try:
                new = store.append_action(gid, version, st.active, rng.choice(st.legal_actions()))
            except Stale:
                continue
            digest = store.meta(gid).digest
            with lock:
                count[0] += 1
                print(f"ack {gid} {new} {digest}", flush=True)

    threads = [threading.Thread(target=play, args=(gid, i)) for i, gid in enumerate(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


if __name__ == "__main__":
    main()
