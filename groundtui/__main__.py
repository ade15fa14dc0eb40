from groundtui.cli import main

main()
