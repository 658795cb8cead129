from halflow.cli.entry import main

main()
