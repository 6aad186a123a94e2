"""The app's tools beside its screens: the benchmarks (``bench``), the random-input soak
(``soak``), headless screenshots (``screenshot``) and the staged states they show
(``stage``, ``stage_profiles``)."""
