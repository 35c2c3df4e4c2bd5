// Module-federation shared singletons of the portal (host and every remote use this list).
export const shared: Record<string, { singleton: true; requiredVersion: string }> = {
  react: { singleton: true, requiredVersion: '^18.3.1' },
  'react-dom': { singleton: true, requiredVersion: '^18.3.1' },
  antd: { singleton: true, requiredVersion: '^5.29.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  'react-i18next': { singleton: true, requiredVersion: '^15.7.0' },
  i18next: { singleton: true, requiredVersion: '^25.0.0' },
  '@loom/ui': { singleton: true, requiredVersion: '^0.1.0' },
};

/** The areas (remotes) the shell knows; each one is served under /mf/<area>/. */
export const AREAS: string[] = ['sys', 'gencode', 'workflow', 'forms'];
