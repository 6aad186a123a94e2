"""One module per scene: title, setup, table, summary, results, rules, settings, pause, handover, solo."""
