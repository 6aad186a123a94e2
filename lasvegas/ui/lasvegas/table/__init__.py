"""The table scene's parts: layout (where things are), the board (what is shown,
changed only by events), the presenter (event → animation) and the drawing.
The scene itself (input and navigation) is ``lasvegas.ui.lasvegas.scenes.table``."""
