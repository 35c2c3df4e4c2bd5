import { remoteConfig } from '../vite.remote';

// The `workflow` remote (what every remote shares: ../vite.remote.ts).
export default remoteConfig({ name: 'workflow', port: 5176 });
