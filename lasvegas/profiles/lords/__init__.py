"""Lords of Vegas's part of the players' profiles: its statistics and achievements, read from
its records (no pygame)."""
