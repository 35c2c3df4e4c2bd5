import { componentTestConfig } from '../vitest.shared';

export default componentTestConfig();
