import { remoteConfig } from '../vite.remote';

// The `gencode` remote (what every remote shares: ../vite.remote.ts).
export default remoteConfig({ name: 'gencode', port: 5175 });
