print("bench: not built yet")
