performance.mark('loom:bootstrap');
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { fetchMenus, session } from '@loom/ui/core';
import { installGuard } from './guard';
import './locales';

installGuard();
// ask for the menus while the portal renders (the layout picks this request up)
if (session.get().token) void fetchMenus().catch(() => undefined);
const el = document.getElementById('root');
if (el) {
  createRoot(el).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
