// Module SimulatorServer.
