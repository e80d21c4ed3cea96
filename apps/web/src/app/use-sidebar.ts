import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useIsNarrowScreen, useLayoutFlag } from '../lib/layout-prefs';

/**
 * The sidebar's two ways out of the way: on a phone-wide screen a drawer, closed by default and on
 * every navigation; on a wider one a column the person may collapse, remembered on the device.
 * One button and Ctrl/Cmd+\ (the `layout.sidebar` command) toggle whichever applies
 * (docs/layout.md).
 */
export function useSidebar() {
  const location = useLocation();
  const isNarrow = useIsNarrowScreen();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [isCollapsed, setCollapsed] = useLayoutFlag('sidebarCollapsed');
  const isShown = isNarrow ? isDrawerOpen : !isCollapsed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const toggle = useCallback(() => {
    if (isNarrow) setDrawerOpen((open) => !open);
    else setCollapsed(!isCollapsed);
  }, [isNarrow, isCollapsed, setCollapsed]);

  return {
    isNarrow,
    isShown,
    isDrawerOpen,
    isCollapsed,
    toggle,
    closeDrawer: () => setDrawerOpen(false),
  };
}
