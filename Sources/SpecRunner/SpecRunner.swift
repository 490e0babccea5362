// Module SpecRunner.
