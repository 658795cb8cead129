from halflow.cli.fast import main

main()
