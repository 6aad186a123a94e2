"""Las Vegas's runs: ``lasvegas simulate`` (``sim``) and ``lasvegas bench core`` (``bench``)."""
