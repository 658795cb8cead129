from halflow.quick import main

main()
