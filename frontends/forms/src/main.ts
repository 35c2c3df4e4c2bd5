// Standalone entry (not used by the portal, which loads ./routes through remoteEntry.js).
import('./routes');
