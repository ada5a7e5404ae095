import FactoryTool

FactoryTool.main()
