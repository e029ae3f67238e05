"""Playing many games and analysing them: batches, backends, the results store, reports."""
