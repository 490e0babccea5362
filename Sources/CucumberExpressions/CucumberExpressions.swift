// Module CucumberExpressions.
