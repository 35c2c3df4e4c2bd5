import { remoteConfig } from '../vite.remote';

// The `forms` remote (what every remote shares: ../vite.remote.ts).
export default remoteConfig({ name: 'forms', port: 5177 });
