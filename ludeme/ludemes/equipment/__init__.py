"""Equipment: boards and their shapes, pieces, named regions."""
