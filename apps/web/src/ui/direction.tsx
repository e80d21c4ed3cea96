import { DirectionProvider } from '@radix-ui/react-direction';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * The reading direction of the person's language for every Radix part (menus, popovers, selects):
 * their content lays out and takes arrow keys right to left under ar, as the page does. Without
 * it Radix assumes left to right in its portals.
 */
export function AppDirection({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DirectionProvider dir={i18n.dir()}>{children}</DirectionProvider>;
}
