import { componentTestConfig } from '../vitest.shared';

// Each file on its own modules: the moddle tests read the Flowable descriptors that other files'
// designer code extends (an unknown namespace registered by one file broke another's round trip).
export default componentTestConfig({ isolate: true });
