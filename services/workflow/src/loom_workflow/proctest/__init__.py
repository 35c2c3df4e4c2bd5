"""Process tests (流程测试): cases a designer writes for a model, run on a throwaway engine."""
