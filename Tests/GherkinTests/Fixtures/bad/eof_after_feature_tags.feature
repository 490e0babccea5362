@only @tags
