// Module Simulator.
