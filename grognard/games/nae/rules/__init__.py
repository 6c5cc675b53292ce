"""Rules of Napoleon against Europe, one module per rulebook chapter (French numbering)."""
