print("observation-migrate: not built yet")
