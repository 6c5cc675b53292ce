"""The web server: HTTP API, storage, accounts, lobby, notifications and clocks (needs the ``server`` extra)."""
