"""The vocabulary. Each module groups ludemes of one kind; importing a module registers
its declarations (see ``ludeme.lang.registry``)."""
