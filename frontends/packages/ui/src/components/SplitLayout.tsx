import type { ReactNode } from 'react';

/** A side panel (a tree, a type list…) on the left and the main content on the right. */
export function SplitLayout({ side, children, sideWidth = 260 }: { side: ReactNode; children: ReactNode; sideWidth?: number }) {
  return (
    <div className="loom-split" style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <div
        className="loom-split-side"
        style={{ width: sideWidth, flex: 'none', background: '#fff', borderRadius: 6, padding: 12, maxHeight: 'calc(100vh - 140px)', overflow: 'auto' }}
      >
        {side}
      </div>
      <div className="loom-split-main" style={{ flex: 1, minWidth: 0 }}>
        {children}
      </div>
    </div>
  );
}
