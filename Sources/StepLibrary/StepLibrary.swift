// Module StepLibrary.
