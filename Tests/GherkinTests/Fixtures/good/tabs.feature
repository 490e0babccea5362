Feature:	Tabs

	Scenario:	indented with tabs
		Given	a step	with tabs
			|	a	|	b	|
			|	1	|	2	|
		And a doc string
			"""
				indented once more
			flush
			"""
