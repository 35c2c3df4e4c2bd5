import { componentTestConfig } from '../vitest.shared';

// Each file on its own modules, as workflow's: the renderer's and designer's registries are module
// state a file may leave changed.
export default componentTestConfig({ isolate: true });
