import { remoteConfig } from '../vite.remote';

// The `sys` remote (what every remote shares: ../vite.remote.ts).
export default remoteConfig({ name: 'sys', port: 5174, chunkSizeWarningLimit: 4000 });
