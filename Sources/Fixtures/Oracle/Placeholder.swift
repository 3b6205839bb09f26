// placeholder until the shim lands
