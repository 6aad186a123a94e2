"""The player's files on screen: saved games (``save``; ``save_flow`` asks before a new game
replaces one) and the records list (``records_list``)."""
