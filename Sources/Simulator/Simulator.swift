// Module Simulator: the pure domain.
