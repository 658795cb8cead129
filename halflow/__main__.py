from halflow.cli import main

main()
