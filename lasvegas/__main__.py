from lasvegas.cli import main

raise SystemExit(main())
