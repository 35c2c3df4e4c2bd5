import { useEffect, useState, type ReactNode } from 'react';
import { antdIconName, ensureFontAwesome, isAntdIconName, isFaClass, loadAntdIcons, type AntdIconEntry } from './icons';
import { MENU_ICONS } from './menuIcons';

/**
 * Renders a menu icon: a Font Awesome class (`fa fa-user`, `fa-solid fa-user`), an antd icon
 * name (`UserOutlined`) or an antd svg name as the seeds use (`user`, `check-square`). Common
 * menu icons are bundled; any other antd icon is loaded on demand with the whole icon set.
 */
export function MenuIcon({ icon, fallback = null }: { icon?: string | null; fallback?: ReactNode }) {
  const fa = isFaClass(icon);
  const name = !fa && icon && isAntdIconName(icon) ? antdIconName(icon) : null;
  const Bundled = name ? MENU_ICONS[name] : undefined;
  const [Loaded, setLoaded] = useState<AntdIconEntry['Icon'] | null>(null);
  useEffect(() => {
    let alive = true;
    if (fa) void ensureFontAwesome();
    else if (name && !Bundled) {
      void loadAntdIcons().then((list) => {
        const hit = list.find((e) => e.name === name);
        if (alive && hit) setLoaded(() => hit.Icon);
      });
    }
    return () => {
      alive = false;
    };
  }, [fa, name, Bundled]);
  if (fa) return <i className={`${icon} loom-menu-icon`} aria-hidden />;
  if (Bundled) return <Bundled className="loom-menu-icon" />;
  if (Loaded) return <Loaded className="loom-menu-icon" />;
  return <>{fallback}</>;
}
