// The runner's clients (the executable, step libraries' tests) see the step interface
// through `import SpecRunner`, as one API.
@_exported import StepInterface
