"""The game server's passes (a part of :class:`~lasvegas.net.server.GameServer`): the store's
checkpoints, the keepalive of every connection and the reaper of idle and parked rooms."""

from __future__ import annotations

import asyncio
import logging
import time

from websockets.exceptions import ConnectionClosed

from .conn import Conn
from .movestore import MoveStore

log = logging.getLogger("lasvegas.server")


class Passes:
    """What the server does now and then: checkpoints of the store, the keepalive, the reaper of idle rooms."""

    #: where the rooms are kept: spoken to only through the store interface
    store: MoveStore

    async def _checkpoints(self) -> None:
        """Tidy the store after new commits every few seconds, on a thread (SQLite: its write-ahead log
        copied into the database)."""
        done = self.store.commits
        while True:
            await asyncio.sleep(2.0)
            if self.store.commits != done:
                done = self.store.commits
                try:
                    await asyncio.to_thread(self.store.checkpoint)
                except Exception:
                    log.exception("the database could not be checkpointed")

    # ---------------------------------------------------------- keepalive
    async def _keepalive(self) -> None:
        """Ping the connections that have said nothing for ``ping_interval`` (one task for all of them,
        in place of a task and timers per connection: a connection in play is heard from anyway)."""
        period = self.limits.ping_interval
        while True:
            await asyncio.sleep(period / 4)
            quiet = time.monotonic() - period
            for conn in list(self.conns):
                if conn.heard < quiet and not conn.pinging and not conn.closing:
                    conn.pinging = True
                    self._spawn(self._ping(conn))

    async def _ping(self, conn: Conn) -> None:
        async def answered() -> None:
            pong = await conn.ws.ping()
            await pong

        try:
            await asyncio.wait_for(answered(), self.limits.ping_interval)
            conn.heard = time.monotonic()
        except asyncio.TimeoutError:
            conn.close(1011, "no answer to a ping")
        except ConnectionClosed:
            pass
        finally:
            conn.pinging = False

    # ------------------------------------------------------------ reaping
    async def _reaper(self) -> None:
        period = self.limits.reap_period
        if period is None:
            period = max(0.5, min(60.0, min(self.limits.idle_timeout, self.limits.day,
                                            self.limits.lobby_timeout) / 4))
        while True:
            await asyncio.sleep(period)
            now = time.time()
            hour_ago = time.monotonic() - 3600
            for table in (self.created_by, self.misses):
                for addr, times in list(table.items()):
                    if all(t < hour_ago for t in times):
                        del table[addr]
            for code, room in list(self.rooms.items()):
                if not room.started and now - room.touched > self.limits.lobby_timeout:
                    self._remove(room, f"room {code} was closed: its game did not start within "
                                       f"{self.limits.lobby_timeout:g} s of its last change")
                    continue
                if not self.seated.get(code) and now - room.touched > room.kept_for(self.limits.idle_timeout,
                                                                                       self.limits.day):
                    del self.rooms[code]
                    self.seated.pop(code, None)
                    self.store.delete(code)
                    self._commit()
                    log.info("room %s removed after %.0f s without anyone", code, now - room.touched)
                    continue
                if self._unplayed(room, now, self.limits.abandoned_after):
                    self._park(room)
            for code, parked in list(self.parked.items()):
                if now > parked.until:
                    del self.parked[code]
                    self.store.delete(code)
                    self._commit()
                    log.info("parked room %s removed after its keeping time", code)
