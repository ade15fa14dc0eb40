"""Where a server listens: a socket bound to an address, and whether the address is this
machine's alone (``serve`` and ``collect`` both ask)."""

from __future__ import annotations

import ipaddress
import socket


def bind(host: str, port: int, backlog: int = 128) -> socket.socket:
    """A listening socket on ``host:port`` (``OSError`` when the port is taken)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=backlog)


def is_loopback(host: str) -> bool:
    """Whether ``host`` reaches this machine only (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
